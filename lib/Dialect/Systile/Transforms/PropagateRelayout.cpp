//===- PropagateRelayout.cpp - keep values tiled across reshapes ----------===//
//
// The relayout rewrites of systile-propagate-layout. A transformer moves
// data between layouts at a few places only: batch dimensions regrouped
// (tensor.collapse_shape / expand_shape), the batch folded into the rows
// and back, attention heads split out of the columns (expand_shape to
// [.., S, H, D] then the transpose to [.., H, S, D]) and merged back (the
// inverse), and a minor transpose (k^T). Each is rewritten from
//   unpack(x) -> dense reshape/transpose
// to
//   unpack(relayout(x))
// so the unpack moves on towards the function's outputs and the other
// patterns of the pass can keep going in the tiled domain. Each fires only
// when the dense operand is an unpack: nothing is packed that was not.
//
// The transposes are matched in the forms frontends emit: linalg.transpose
// (torch-mlir) or a linalg.generic whose only job is the permutation (JAX,
// generalised named ops).
//
//===----------------------------------------------------------------------===//

#include "PropagateRelayout.h"

#include "systile/Dialect/Systile/IR/SystileOps.h"
#include "systile/Runtime/RelayoutMap.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace systile;

namespace {

/// The tiled value `v` is the unpack of, or null.
Value unpackedTiled(Value v) {
  if (auto unpack = v.getDefiningOp<UnpackOp>())
    return unpack.getInput();
  return {};
}

/// A transpose-like op: its input, and the permutation (result dimension i
/// is input dimension perm[i]).
struct Permutation {
  Value input;
  SmallVector<int64_t> perm;
};

/// `op` as a permutation: linalg.transpose, or a linalg.generic with one
/// input and one init, all loops parallel, permutation maps and a body
/// that yields the input element.
std::optional<Permutation> permutationOf(Operation *op) {
  if (auto transpose = dyn_cast_if_present<linalg::TransposeOp>(op))
    return Permutation{transpose.getInput(),
                       SmallVector<int64_t>(transpose.getPermutation())};
  auto generic = dyn_cast_if_present<linalg::GenericOp>(op);
  if (!generic || !generic.hasPureTensorSemantics() ||
      generic.getNumDpsInputs() != 1 || generic.getNumDpsInits() != 1 ||
      generic.getNumParallelLoops() != generic.getNumLoops())
    return std::nullopt;
  Block &body = generic.getRegion().front();
  auto yield = dyn_cast<linalg::YieldOp>(body.getTerminator());
  if (!yield || body.getOperations().size() != 1 ||
      yield.getValues().size() != 1 ||
      yield.getValues()[0] != body.getArgument(0))
    return std::nullopt;
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  if (!maps[0].isPermutation() || !maps[1].isPermutation())
    return std::nullopt;
  // Result dimension i is loop maps[1](i), which input dimension j reads.
  SmallVector<int64_t> perm(maps[1].getNumResults());
  for (unsigned i = 0; i < perm.size(); ++i)
    for (unsigned j = 0; j < perm.size(); ++j)
      if (maps[0].getDimPosition(j) == maps[1].getDimPosition(i))
        perm[i] = j;
  return Permutation{generic.getDpsInputs()[0], perm};
}

/// The identity permutation of `rank` dimensions with `d` and `d + 1`
/// swapped.
SmallVector<int64_t> swapOf(int64_t rank, int64_t d) {
  SmallVector<int64_t> perm = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  std::swap(perm[d], perm[d + 1]);
  return perm;
}

/// Whether every group of `groups` is a single dimension, except
/// `merged`, which is exactly the two dimensions given.
bool isSingletonsExcept(ArrayRef<ReassociationIndices> groups,
                        int64_t merged, ArrayRef<int64_t> dims) {
  for (auto [i, group] : llvm::enumerate(groups)) {
    if (static_cast<int64_t>(i) == merged) {
      if (ArrayRef<int64_t>(group) != dims)
        return false;
    } else if (group.size() != 1) {
      return false;
    }
  }
  return true;
}

/// Whether the two minor dimensions of the expanded (or collapsed-from)
/// shape are groups of their own: the reshape regroups batch dimensions
/// only.
bool keepsMatrixDims(ArrayRef<ReassociationIndices> groups, int64_t rank) {
  return groups.size() >= 2 &&
         ArrayRef<int64_t>(groups[groups.size() - 2]) ==
             ArrayRef<int64_t>{rank - 2} &&
         ArrayRef<int64_t>(groups.back()) == ArrayRef<int64_t>{rank - 1};
}

/// Replaces `op` by unpack(RelayoutOp(tiled)) of `op`'s result shape.
template <typename RelayoutOp>
LogicalResult replaceWithRelayout(PatternRewriter &rewriter, Operation *op,
                                  Value tiled, PassCounter &counter) {
  auto dense = cast<RankedTensorType>(op->getResult(0).getType());
  auto from = cast<TiledType>(tiled.getType());
  if (dense.getEncoding() || dense.getElementType() != from.getElementType())
    return failure();
  Value relayout = RelayoutOp::create(
      rewriter, op->getLoc(), from.withShape(dense.getShape()), tiled);
  rewriter.replaceOpWithNewOp<UnpackOp>(op, dense, relayout);
  ++counter;
  return success();
}

/// A pattern of this file: it counts its rewrites.
template <typename OpTy>
struct RelayoutPattern : public OpRewritePattern<OpTy> {
  RelayoutPattern(MLIRContext *ctx, PassCounter &counter)
      : OpRewritePattern<OpTy>(ctx), counter(counter) {}
  PassCounter &counter;
};

/// collapse_shape of an unpack: batch dimensions regrouped ->
/// reshape_batch; [.., B, R, C] -> [.., B*R, C] -> merge_rows; and the
/// inverse pair of a heads merge: transpose [.., H, S, D] -> [.., S, H, D]
/// then [.., S, H*D] -> merge_heads.
struct RelayoutCollapse : public RelayoutPattern<tensor::CollapseShapeOp> {
  using RelayoutPattern::RelayoutPattern;

  LogicalResult matchAndRewrite(tensor::CollapseShapeOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<ReassociationIndices> groups = op.getReassociationIndices();
    int64_t rank = op.getSrcType().getRank();
    int64_t last = static_cast<int64_t>(groups.size()) - 1;
    if (Value x = unpackedTiled(op.getSrc())) {
      if (keepsMatrixDims(groups, rank))
        return replaceWithRelayout<ReshapeBatchOp>(rewriter, op, x, counter);
      if (rank >= 3 &&
          isSingletonsExcept(groups, last - 1, {rank - 3, rank - 2}))
        return replaceWithRelayout<MergeRowsOp>(rewriter, op, x, counter);
      return failure();
    }
    std::optional<Permutation> t = permutationOf(op.getSrc().getDefiningOp());
    Value x = t ? unpackedTiled(t->input) : Value();
    if (!x || rank < 3 || t->perm != swapOf(rank, rank - 3) ||
        ArrayRef<int64_t>(groups.back()) != ArrayRef<int64_t>{rank - 2, rank - 1})
      return failure();
    if (isSingletonsExcept(groups, last, {rank - 2, rank - 1}))
      return replaceWithRelayout<MergeHeadsOp>(rewriter, op, x, counter);
    // The heads merged and other dimensions collapsed too (the batch into
    // the rows, `y.transpose(1, 2).reshape(B*S, H*D)`): merge_heads, then
    // the rest of the collapse on [.., S, H*D], which the patterns above
    // take on.
    auto dense = cast<RankedTensorType>(t->input.getType());
    auto from = cast<TiledType>(x.getType());
    if (dense.getEncoding() || dense.getElementType() != from.getElementType())
      return failure();
    SmallVector<int64_t> mergedShape(dense.getShape().drop_back(3));
    mergedShape.push_back(dense.getDimSize(rank - 2));
    mergedShape.push_back(dense.getDimSize(rank - 3) *
                          dense.getDimSize(rank - 1));
    Value merged = MergeHeadsOp::create(rewriter, op.getLoc(),
                                        from.withShape(mergedShape), x);
    Value unpacked = UnpackOp::create(
        rewriter, op.getLoc(),
        RankedTensorType::get(mergedShape, dense.getElementType()), merged);
    // The collapse's groups on the merged shape: dimension rank - 1 of the
    // transposed shape ([.., S, H, D]) is gone, the last group is the
    // merged columns.
    SmallVector<ReassociationIndices> rest(groups.begin(), groups.end() - 1);
    rest.push_back({rank - 2});
    rewriter.replaceOpWithNewOp<tensor::CollapseShapeOp>(op, op.getResultType(),
                                                         unpacked, rest);
    ++counter;
    return success();
  }
};

/// expand_shape of an unpack: batch dimensions regrouped -> reshape_batch;
/// [.., B*R, C] -> [.., B, R, C] -> split_rows.
struct RelayoutExpand : public RelayoutPattern<tensor::ExpandShapeOp> {
  using RelayoutPattern::RelayoutPattern;

  LogicalResult matchAndRewrite(tensor::ExpandShapeOp op,
                                PatternRewriter &rewriter) const override {
    Value x = unpackedTiled(op.getSrc());
    if (!x || !op.getResultType().hasStaticShape())
      return failure();
    SmallVector<ReassociationIndices> groups = op.getReassociationIndices();
    int64_t rank = op.getResultType().getRank();
    int64_t last = static_cast<int64_t>(groups.size()) - 1;
    if (keepsMatrixDims(groups, rank))
      return replaceWithRelayout<ReshapeBatchOp>(rewriter, op, x, counter);
    if (rank >= 3 && isSingletonsExcept(groups, last - 1, {rank - 3, rank - 2}))
      return replaceWithRelayout<SplitRowsOp>(rewriter, op, x, counter);
    return failure();
  }
};

/// A transpose (linalg.transpose or a permutation generic) of an unpack
/// that swaps the two minor dimensions -> systile.transpose; of an
/// expand_shape [.., S, H*D] -> [.., S, H, D] of an unpack that swaps S
/// and H -> split_heads.
template <typename OpTy>
struct RelayoutTranspose : public RelayoutPattern<OpTy> {
  using RelayoutPattern<OpTy>::RelayoutPattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    std::optional<Permutation> t = permutationOf(op);
    if (!t)
      return failure();
    int64_t rank = static_cast<int64_t>(t->perm.size());
    if (Value x = unpackedTiled(t->input)) {
      if (rank < 2 || t->perm != swapOf(rank, rank - 2))
        return failure();
      return replaceWithRelayout<TransposeOp>(rewriter, op, x, this->counter);
    }
    auto expand = t->input.template getDefiningOp<tensor::ExpandShapeOp>();
    Value x = expand ? unpackedTiled(expand.getSrc()) : Value();
    if (!x || rank < 3)
      return failure();
    SmallVector<ReassociationIndices> groups = expand.getReassociationIndices();
    if (!isSingletonsExcept(groups, static_cast<int64_t>(groups.size()) - 1,
                            {rank - 2, rank - 1}))
      return failure();
    if (t->perm == swapOf(rank, rank - 3))
      return replaceWithRelayout<SplitHeadsOp>(rewriter, op, x, this->counter);
    // [.., S, H, D] -> [.., H, D, S]: the heads split and each transposed,
    // as `k.view(B, S, H, D).permute(0, 2, 3, 1)` gives k^T per head.
    SmallVector<int64_t> keyPerm = llvm::to_vector(llvm::seq<int64_t>(0, rank));
    keyPerm[rank - 3] = rank - 2;
    keyPerm[rank - 2] = rank - 1;
    keyPerm[rank - 1] = rank - 3;
    auto dense = cast<RankedTensorType>(op->getResult(0).getType());
    auto from = cast<TiledType>(x.getType());
    if (t->perm != keyPerm || dense.getEncoding() ||
        dense.getElementType() != from.getElementType())
      return failure();
    SmallVector<int64_t> heads(dense.getShape());
    std::swap(heads[rank - 2], heads[rank - 1]);
    Value split = SplitHeadsOp::create(rewriter, op.getLoc(),
                                       from.withShape(heads), x);
    Value transposed = TransposeOp::create(
        rewriter, op.getLoc(), from.withShape(dense.getShape()), split);
    rewriter.replaceOpWithNewOp<UnpackOp>(op, dense, transposed);
    ++this->counter;
    return success();
  }
};

/// extract_slice of an unpack with static offsets and sizes, unit strides
/// and the rank kept -> systile.slice (a fused qkv projection's columns
/// split into the query, key and value).
struct RelayoutExtractSlice : public RelayoutPattern<tensor::ExtractSliceOp> {
  using RelayoutPattern::RelayoutPattern;

  LogicalResult matchAndRewrite(tensor::ExtractSliceOp op,
                                PatternRewriter &rewriter) const override {
    Value x = unpackedTiled(op.getSource());
    if (!x || op.getResultType().getRank() != op.getSourceType().getRank() ||
        !op.getResultType().hasStaticShape() || op.getResultType().getEncoding())
      return failure();
    if (!llvm::all_of(op.getStaticStrides(), [](int64_t s) { return s == 1; }) ||
        ShapedType::isDynamicShape(op.getStaticOffsets()))
      return failure();
    auto from = cast<TiledType>(x.getType());
    if (op.getResultType().getElementType() != from.getElementType())
      return failure();
    Value slice = SliceOp::create(
        rewriter, op.getLoc(), from.withShape(op.getResultType().getShape()),
        x, rewriter.getDenseI64ArrayAttr(op.getStaticOffsets()));
    rewriter.replaceOpWithNewOp<UnpackOp>(op, op.getResultType(), slice);
    ++counter;
    return success();
  }
};

/// elementwise(transpose(y), ..) -> transpose(elementwise(y, ..)): an
/// element-wise op computes each slot from the same slots of its operands
/// whatever the layout, so it can run on the untransposed values and the
/// transpose move to its result, where it cancels against a following
/// transpose or travels on towards the unpack. A CNN from an NCHW frontend
/// thus keeps its activations channels-on-lanes between convolutions
/// instead of transposing around every BatchNorm. Every full-shape operand
/// must be a transpose (of a value of the transposed type) or a plain pack
/// (which becomes a transposing pack of the same dense value); operands
/// broadcast along a unit dimension (a per-channel column) are transposed
/// themselves (a constant's transpose folds).
struct SinkTransposeThroughElementwise
    : public OpRewritePattern<ElementwiseOp> {
  SinkTransposeThroughElementwise(MLIRContext *ctx, PassCounter &counter)
      : OpRewritePattern(ctx), counter(counter) {}
  PassCounter &counter;

  static TiledType transposed(TiledType t) {
    SmallVector<int64_t> shape(t.getShape());
    std::swap(shape[shape.size() - 1], shape[shape.size() - 2]);
    return TiledType::get(shape, t.getElementType(), t.getGeometry(),
                          t.getPadKind());
  }

  LogicalResult matchAndRewrite(ElementwiseOp op,
                                PatternRewriter &rewriter) const override {
    TiledType type = op.getType();
    bool any = false;
    for (Value in : op.getInputs()) {
      auto t = cast<TiledType>(in.getType());
      if (t.getShape() != type.getShape())
        continue;
      if (in.getDefiningOp<TransposeOp>()) {
        any = true;
        continue;
      }
      auto pack = in.getDefiningOp<PackOp>();
      if (!pack || pack.getTranspose())
        return failure();
    }
    if (!any)
      return failure();
    Location loc = op.getLoc();
    SmallVector<Value> inputs;
    for (Value in : op.getInputs()) {
      auto t = cast<TiledType>(in.getType());
      if (t.getShape() != type.getShape()) {
        inputs.push_back(TransposeOp::create(rewriter, loc, transposed(t), in));
      } else if (auto transpose = in.getDefiningOp<TransposeOp>()) {
        inputs.push_back(transpose.getInput());
      } else {
        auto pack = in.getDefiningOp<PackOp>();
        inputs.push_back(PackOp::create(rewriter, loc, transposed(t),
                                        pack.getInput(), /*transpose=*/true));
      }
    }
    auto sunk = ElementwiseOp::create(rewriter, loc, transposed(type), inputs);
    rewriter.inlineRegionBefore(op.getBody(), sunk.getBody(),
                                sunk.getBody().end());
    rewriter.replaceOpWithNewOp<TransposeOp>(op, type, sunk.getResult());
    ++counter;
    return success();
  }
};

/// reduce(transpose(y)) along a matrix dimension -> transpose(reduce(y))
/// along the other: the same elements folded in the same increasing index
/// order, so the same bits. A pooling after a BatchNorm of an NCHW model
/// then reads the channels-on-lanes activation itself.
struct SinkTransposeThroughReduce : public OpRewritePattern<ReduceOp> {
  SinkTransposeThroughReduce(MLIRContext *ctx, PassCounter &counter)
      : OpRewritePattern(ctx), counter(counter) {}
  PassCounter &counter;

  LogicalResult matchAndRewrite(ReduceOp op,
                                PatternRewriter &rewriter) const override {
    auto transpose = op.getInput().getDefiningOp<TransposeOp>();
    TiledType type = op.getType();
    const int64_t rank = type.getRank();
    const int64_t dim = static_cast<int64_t>(op.getDim());
    if (!transpose || dim < rank - 2)
      return failure();
    TiledType y = transpose.getInput().getType();
    SmallVector<int64_t> shape(y.getShape());
    const int64_t other = dim == rank - 1 ? rank - 2 : rank - 1;
    shape[other] = 1;
    auto reduced = ReduceOp::create(
        rewriter, op.getLoc(),
        TiledType::get(shape, y.getElementType(), y.getGeometry(),
                       type.getPadKind()),
        op.getKindAttr(), transpose.getInput(),
        rewriter.getI64IntegerAttr(other));
    rewriter.replaceOpWithNewOp<TransposeOp>(op, type, reduced.getResult());
    ++counter;
    return success();
  }
};

} // namespace

namespace {
/// What a reshape does to a tiled value: regroups batch dimensions only,
/// merges or splits `[.., B, R, C] <-> [.., B*R, C]`, or anything else;
/// with the shape of its expanded side and whether it collapses.
struct ReshapeForm {
  enum Kind { Batch, Rows, Other } kind = Other;
  ArrayRef<int64_t> expanded;
  bool collapse = false;
};
ReshapeForm formOf(Operation *reshape) {
  SmallVector<ReassociationIndices> groups;
  ReshapeForm form;
  if (auto c = dyn_cast<tensor::CollapseShapeOp>(reshape)) {
    groups = c.getReassociationIndices();
    form.expanded = c.getSrcType().getShape();
    form.collapse = true;
  } else {
    auto e = cast<tensor::ExpandShapeOp>(reshape);
    groups = e.getReassociationIndices();
    form.expanded = e.getResultType().getShape();
  }
  auto rank = static_cast<int64_t>(form.expanded.size());
  int64_t last = static_cast<int64_t>(groups.size()) - 1;
  if (keepsMatrixDims(groups, rank))
    form.kind = ReshapeForm::Batch;
  else if (rank >= 3 &&
           isSingletonsExcept(groups, last - 1, {rank - 3, rank - 2}))
    form.kind = ReshapeForm::Rows;
  return form;
}
} // namespace

bool systile::isFreeReshape(Operation *reshape, int64_t sublanes) {
  ReshapeForm form = formOf(reshape);
  auto rank = static_cast<int64_t>(form.expanded.size());
  switch (form.kind) {
  case ReshapeForm::Batch:
    return true;
  case ReshapeForm::Rows:
    return rt::isFreeRowRegroup(form.expanded[rank - 3],
                                form.expanded[rank - 2], sublanes);
  case ReshapeForm::Other:
    break;
  }
  return false;
}

bool systile::isRowRegroup(Operation *reshape) {
  return formOf(reshape).kind == ReshapeForm::Rows;
}

Value systile::relayoutOfReshape(OpBuilder &b, Operation *reshape,
                                 Value tiled) {
  auto from = cast<TiledType>(tiled.getType());
  auto result = cast<RankedTensorType>(reshape->getResult(0).getType());
  TiledType to = from.withShape(result.getShape());
  Location loc = reshape->getLoc();
  ReshapeForm form = formOf(reshape);
  switch (form.kind) {
  case ReshapeForm::Batch:
    return ReshapeBatchOp::create(b, loc, to, tiled);
  case ReshapeForm::Rows:
    return form.collapse ? Value(MergeRowsOp::create(b, loc, to, tiled))
                         : Value(SplitRowsOp::create(b, loc, to, tiled));
  case ReshapeForm::Other:
    break;
  }
  return ReshapeOp::create(b, loc, to, tiled);
}

void systile::populateRelayoutPropagationPatterns(RewritePatternSet &patterns,
                                                  PassCounter &relayoutsTiled) {
  patterns.add<RelayoutCollapse, RelayoutExpand, RelayoutExtractSlice,
               RelayoutTranspose<linalg::TransposeOp>,
               RelayoutTranspose<linalg::GenericOp>,
               SinkTransposeThroughElementwise, SinkTransposeThroughReduce>(
      patterns.getContext(), relayoutsTiled);
}
