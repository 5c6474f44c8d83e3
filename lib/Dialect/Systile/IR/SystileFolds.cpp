//===- SystileFolds.cpp - systile folders ---------------------------------===//
//
// Folds: unpack(pack(t)) -> t, pack(unpack(x)) -> x (neither for a
// transposing pack), pack(constant) and pack(constant) transpose ->
// systile.constant in storage order, unpack(systile.constant) -> constant.
// A batched value is converted matrix by matrix: matrix b's storage starts
// at b * (storage slots of a matrix), its dense elements at b * rows * cols.
// Relayouts: inverse pairs cancel, batch reshapes compose, and a relayout
// of a constant is a constant (its storage as it is when free, else the
// dense elements moved by the runtime's index rule and packed again).
//
//===----------------------------------------------------------------------===//

#include "systile/Dialect/Systile/IR/SystileOps.h"
#include "systile/Runtime/RelayoutMap.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

#include <cstring>
#include <optional>

using namespace mlir;
using namespace systile;

/// Calls f(storageOffset, denseOffset, count) for every run of logical
/// slots of every matrix of `type` (TileGrid::forEachLogicalRun, offset by
/// the matrix's position in the batch-major storage and the dense tensor).
template <typename F> static void forEachBatchRun(TiledType type, F &&f) {
  rt::TileGrid grid = type.getTileGrid();
  int64_t storage = type.getNumMatrixStorageElements();
  int64_t logical = type.getRows() * type.getCols();
  for (int64_t b = 0; b < type.getNumMatrices(); ++b)
    grid.forEachLogicalRun([&](int64_t to, int64_t from, int64_t count) {
      f(b * storage + to, b * logical + from, count);
    });
}

DenseElementsAttr systile::packDenseConstant(DenseElementsAttr dense,
                                             TiledType type) {
  auto storageType = RankedTensorType::get({type.getNumStorageElements()},
                                           type.getElementType());
  size_t bytes = elementBytes(type);
  ArrayRef<char> raw = dense.getRawData();
  bool noPadding = type.getNumStorageElements() == type.getNumLogicalElements();
  if (dense.isSplat() &&
      (noPadding || llvm::all_of(raw, [](char c) { return c == 0; })))
    return DenseElementsAttr::getFromRawBuffer(storageType, raw);
  std::vector<char> out(type.getNumStorageElements() * bytes, 0);
  forEachBatchRun(type, [&](int64_t to, int64_t from, int64_t count) {
    if (dense.isSplat()) {
      for (int64_t i = 0; i < count; ++i)
        std::memcpy(&out[(to + i) * bytes], raw.data(), bytes);
      return;
    }
    std::memcpy(&out[to * bytes], raw.data() + from * bytes, count * bytes);
  });
  return DenseElementsAttr::getFromRawBuffer(storageType, out);
}

DenseElementsAttr systile::packDenseConstantTransposed(DenseElementsAttr dense,
                                                       TiledType type) {
  if (dense.isSplat()) // A splat is its own transpose.
    return packDenseConstant(dense, type);
  auto storageType = RankedTensorType::get({type.getNumStorageElements()},
                                           type.getElementType());
  size_t bytes = elementBytes(type);
  ArrayRef<char> raw = dense.getRawData();
  int64_t rows = type.getRows(), cols = type.getCols();
  std::vector<char> out(type.getNumStorageElements() * bytes, 0);
  // Slot (r, c) of matrix b is element (b, c, r) of the B x C x R input.
  for (int64_t b = 0; b < type.getNumMatrices(); ++b)
    for (int64_t c = 0; c < cols; ++c)
      for (int64_t r = 0; r < rows; ++r)
        std::memcpy(&out[type.getStorageOffset(b, r, c) * bytes],
                    raw.data() + ((b * cols + c) * rows + r) * bytes, bytes);
  return DenseElementsAttr::getFromRawBuffer(storageType, out);
}

DenseElementsAttr systile::unpackDenseConstant(DenseElementsAttr storage,
                                               TiledType type) {
  RankedTensorType denseType = type.getLogicalTensorType();
  ArrayRef<char> raw = storage.getRawData();
  if (storage.isSplat())
    return DenseElementsAttr::getFromRawBuffer(denseType, raw);
  size_t bytes = elementBytes(type);
  std::vector<char> out(type.getNumLogicalElements() * bytes);
  forEachBatchRun(type, [&](int64_t from, int64_t to, int64_t count) {
    std::memcpy(&out[to * bytes], raw.data() + from * bytes, count * bytes);
  });
  return DenseElementsAttr::getFromRawBuffer(denseType, out);
}

/// Tiled storage above this size is not materialised by folding: a tiny
/// constant on a huge geometry could otherwise ask for gigabytes.
static constexpr int64_t kMaxFoldedStorageBytes = int64_t(256) << 20;

/// The constant value of a pack's input, as dense elements of the input's
/// type: a dense constant, a `dense_resource` blob (what frontends emit for
/// weights; an elided or mis-sized blob is not a value), either seen
/// through tensor.expand_shape / collapse_shape, which keep the row-major
/// bytes (a frontend's 1-d bias made a 1xN row).
DenseElementsAttr systile::constantValueOf(Value input, Attribute folded) {
  auto type = cast<RankedTensorType>(input.getType());
  Attribute attr = folded;
  if (!attr) {
    Value source = input;
    while (Operation *def = source.getDefiningOp()) {
      if (auto expand = dyn_cast<tensor::ExpandShapeOp>(def))
        source = expand.getSrc();
      else if (auto collapse = dyn_cast<tensor::CollapseShapeOp>(def))
        source = collapse.getSrc();
      else
        break;
    }
    if (!matchPattern(source, m_Constant(&attr)))
      return {};
  }
  if (auto dense = dyn_cast<DenseElementsAttr>(attr))
    return dense.getType() == type ? dense : dense.reshape(type);
  auto resource = dyn_cast<DenseResourceElementsAttr>(attr);
  if (!resource)
    return {};
  AsmResourceBlob *blob = resource.getRawHandle().getBlob();
  if (!blob)
    return {};
  ArrayRef<char> data = blob->getData();
  if (static_cast<int64_t>(data.size()) !=
      type.getNumElements() * elementBytes(type.getElementType()))
    return {};
  bool splat = false;
  if (!DenseElementsAttr::isValidRawBuffer(type, data, splat))
    return {};
  return DenseElementsAttr::getFromRawBuffer(type, data);
}

OpFoldResult PackOp::fold(FoldAdaptor adaptor) {
  // pack(unpack(x)) -> x when the pad kinds agree (the types are equal);
  // a transposing pack of unpack(x) is x transposed, not x.
  if (auto unpack = getInput().getDefiningOp<UnpackOp>())
    if (!getTranspose() && unpack.getInput().getType() == getType())
      return unpack.getInput();
  // The verifier guarantees the byte count fits in int64.
  if (storageBytes(getType()) > kMaxFoldedStorageBytes)
    return {};
  DenseElementsAttr dense = constantValueOf(getInput(), adaptor.getInput());
  if (!dense)
    return {};
  return getTranspose() ? packDenseConstantTransposed(dense, getType())
                        : packDenseConstant(dense, getType());
}

namespace {
/// pack(unpack(%x)) transpose -> systile.transpose %x.
struct TransposedPackOfUnpack : public OpRewritePattern<PackOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(PackOp pack,
                                PatternRewriter &rewriter) const override {
    auto unpack = pack.getInput().getDefiningOp<UnpackOp>();
    if (!pack.getTranspose() || !unpack)
      return failure();
    TiledType in = unpack.getInput().getType(), out = pack.getType();
    SmallVector<int64_t, 4> shape(in.getBatchShape());
    shape.append({in.getCols(), in.getRows()});
    if (in.getGeometry() != out.getGeometry() ||
        in.getElementType() != out.getElementType() ||
        in.getPadKind() != out.getPadKind() ||
        ArrayRef<int64_t>(shape) != out.getShape())
      return failure();
    rewriter.replaceOpWithNewOp<TransposeOp>(pack, out, unpack.getInput());
    return success();
  }
};

/// pack(reshapes(unpack(%x))) -> systile.reshape %x: the tensor reshapes
/// (collapse_shape / expand_shape, any number) between an unpack and a
/// pack keep the row-major order, so the pack's value is %x reshaped (one
/// copy instead of an unpack and a pack).
struct PackOfReshapedUnpack : public OpRewritePattern<PackOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(PackOp pack,
                                PatternRewriter &rewriter) const override {
    if (pack.getTranspose())
      return failure();
    Value v = pack.getInput();
    bool reshaped = false;
    while (Operation *def = v.getDefiningOp()) {
      if (!isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(def))
        break;
      v = def->getOperand(0);
      reshaped = true;
    }
    auto unpack = v.getDefiningOp<UnpackOp>();
    if (!reshaped || !unpack)
      return failure();
    TiledType in = unpack.getInput().getType(), out = pack.getType();
    if (in.getGeometry() != out.getGeometry() ||
        in.getElementType() != out.getElementType() ||
        in.getPadKind() != out.getPadKind())
      return failure();
    rewriter.replaceOpWithNewOp<ReshapeOp>(pack, out, unpack.getInput());
    return success();
  }
};
} // namespace

void PackOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                         MLIRContext *context) {
  results.add<TransposedPackOfUnpack, PackOfReshapedUnpack>(context);
}

OpFoldResult UnpackOp::fold(FoldAdaptor adaptor) {
  if (auto pack = getInput().getDefiningOp<PackOp>())
    if (!pack.getTranspose() && pack.getInput().getType() == getType())
      return pack.getInput();
  if (auto storage = dyn_cast_if_present<DenseElementsAttr>(adaptor.getInput()))
    return unpackDenseConstant(storage, getInput().getType());
  return {};
}

OpFoldResult ToStorageOp::fold(FoldAdaptor adaptor) {
  if (auto from = getInput().getDefiningOp<FromStorageOp>())
    if (from.getInput().getType() == getType())
      return from.getInput();
  // A constant's value is its storage, in storage order.
  if (auto storage = dyn_cast_if_present<DenseElementsAttr>(adaptor.getInput()))
    return storage.reshape(getType());
  return {};
}

OpFoldResult FromStorageOp::fold(FoldAdaptor) {
  if (auto to = getInput().getDefiningOp<ToStorageOp>())
    if (to.getInput().getType() == getType())
      return to.getInput();
  return {};
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValueAttr(); }

//===----------------------------------------------------------------------===//
// Relayouts
//===----------------------------------------------------------------------===//

/// The storage of the relayout to `to` of a constant `input` of type
/// `from`: the same attribute when the relayout is free; otherwise the
/// constant's logical elements, dense element k of the result being element
/// `swap->sourceIndex(k)` (element k without a swap), packed as `to`. Null
/// for no constant, a dense_resource (unless free) or a result above the
/// fold size limit.
static Attribute foldRelayoutConstant(Attribute input, TiledType from,
                                      TiledType to, bool isFree,
                                      std::optional<rt::AxisSwap> swap = {}) {
  if (!input || isFree)
    return input;
  auto storage = dyn_cast<DenseElementsAttr>(input);
  if (!storage || storageBytes(to) > kMaxFoldedStorageBytes)
    return {};
  DenseElementsAttr dense = unpackDenseConstant(storage, from);
  if (!swap || dense.isSplat())
    return packDenseConstant(dense.reshape(to.getLogicalTensorType()), to);
  size_t bytes = elementBytes(to);
  ArrayRef<char> raw = dense.getRawData();
  std::vector<char> out(raw.size());
  for (int64_t k = 0, n = to.getNumLogicalElements(); k < n; ++k)
    std::memcpy(&out[k * bytes], raw.data() + swap->sourceIndex(k) * bytes,
                bytes);
  return packDenseConstant(
      DenseElementsAttr::getFromRawBuffer(to.getLogicalTensorType(), out), to);
}

/// The input of the `Inverse` op producing `input`, when it has `type`
/// (the relayout of the relayout is then the identity).
template <typename Inverse> static Value inverseInput(Value input, Type type) {
  if (auto inverse = input.getDefiningOp<Inverse>())
    if (inverse.getInput().getType() == type)
      return inverse.getInput();
  return {};
}

OpFoldResult SliceOp::fold(FoldAdaptor) {
  if (getInput().getType() == getType())
    return getInput(); // The offsets are then all 0 (the verifier).
  if (auto inner = getInput().getDefiningOp<SliceOp>()) {
    // A slice of a slice: one slice at the summed offsets.
    SmallVector<int64_t> offsets(getOffsets());
    for (auto [o, i] : llvm::zip_equal(offsets, inner.getOffsets()))
      o += i;
    getInputMutable().assign(inner.getInput());
    setOffsets(offsets);
    return getResult();
  }
  return {};
}

OpFoldResult ReshapeBatchOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getType())
    return getInput();
  if (auto inner = getInput().getDefiningOp<ReshapeBatchOp>()) {
    if (inner.getInput().getType() == getType())
      return inner.getInput();
    getInputMutable().assign(inner.getInput()); // Two reshapes are one.
    return getResult();
  }
  return foldRelayoutConstant(adaptor.getInput(), getInput().getType(),
                              getType(), /*isFree=*/true);
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getType())
    return getInput();
  if (auto inner = getInput().getDefiningOp<ReshapeOp>()) {
    if (inner.getInput().getType() == getType())
      return inner.getInput();
    getInputMutable().assign(inner.getInput()); // Two reshapes are one.
    return getResult();
  }
  // The transpose of a row or a column keeps the row-major order: the
  // reshape reads the untransposed value.
  if (auto transpose = getInput().getDefiningOp<TransposeOp>()) {
    TiledType in = transpose.getInput().getType();
    if (in.getRows() == 1 || in.getCols() == 1) {
      if (in == getType())
        return transpose.getInput();
      getInputMutable().assign(transpose.getInput());
      return getResult();
    }
  }
  return foldRelayoutConstant(adaptor.getInput(), getInput().getType(),
                              getType(), isFree());
}

OpFoldResult MergeRowsOp::fold(FoldAdaptor adaptor) {
  if (Value x = inverseInput<SplitRowsOp>(getInput(), getType()))
    return x;
  return foldRelayoutConstant(adaptor.getInput(), getInput().getType(),
                              getType(), isFree());
}

OpFoldResult SplitRowsOp::fold(FoldAdaptor adaptor) {
  if (Value x = inverseInput<MergeRowsOp>(getInput(), getType()))
    return x;
  return foldRelayoutConstant(adaptor.getInput(), getInput().getType(),
                              getType(), isFree());
}

OpFoldResult SplitHeadsOp::fold(FoldAdaptor adaptor) {
  if (Value x = inverseInput<MergeHeadsOp>(getInput(), getType()))
    return x;
  TiledType in = getInput().getType();
  int64_t heads = getType().getBatchShape().back();
  return foldRelayoutConstant(
      adaptor.getInput(), in, getType(), false,
      rt::AxisSwap::splitHeads(in.getNumMatrices(), in.getRows(), heads,
                               in.getCols() / heads));
}

OpFoldResult MergeHeadsOp::fold(FoldAdaptor adaptor) {
  if (Value x = inverseInput<SplitHeadsOp>(getInput(), getType()))
    return x;
  TiledType in = getInput().getType();
  int64_t heads = in.getBatchShape().back();
  return foldRelayoutConstant(
      adaptor.getInput(), in, getType(), false,
      rt::AxisSwap::mergeHeads(in.getNumMatrices() / heads, heads,
                               in.getRows(), in.getCols()));
}

namespace {
/// transpose(elementwise(constants)) -> elementwise(transposed constants)
/// when the transpose is the op's only user: the constants' transposes
/// fold, so the copy disappears (BatchNorm's rsqrt(var + eps), computed on
/// a C x 1 column and read as a 1 x C row by a channels-on-lanes
/// activation).
struct TransposeOfConstantElementwise : public OpRewritePattern<TransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TransposeOp op,
                                PatternRewriter &rewriter) const override {
    auto ew = op.getInput().getDefiningOp<ElementwiseOp>();
    if (!ew || !ew->hasOneUse() ||
        !llvm::all_of(ew.getInputs(), [](Value in) {
          return static_cast<bool>(in.getDefiningOp<ConstantOp>());
        }))
      return failure();
    Location loc = op.getLoc();
    SmallVector<Value> inputs;
    for (Value in : ew.getInputs()) {
      auto t = cast<TiledType>(in.getType());
      SmallVector<int64_t> shape(t.getShape());
      std::swap(shape[shape.size() - 1], shape[shape.size() - 2]);
      inputs.push_back(TransposeOp::create(
          rewriter, loc,
          TiledType::get(shape, t.getElementType(), t.getGeometry(),
                         t.getPadKind()),
          in));
    }
    auto hoisted = ElementwiseOp::create(rewriter, loc, op.getType(), inputs);
    rewriter.inlineRegionBefore(ew.getBody(), hoisted.getBody(),
                                hoisted.getBody().end());
    rewriter.replaceOp(op, hoisted.getResult());
    rewriter.eraseOp(ew);
    return success();
  }
};
} // namespace

void TransposeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<TransposeOfConstantElementwise>(context);
}

OpFoldResult TransposeOp::fold(FoldAdaptor adaptor) {
  if (Value x = inverseInput<TransposeOp>(getInput(), getType()))
    return x;
  TiledType in = getInput().getType();
  return foldRelayoutConstant(
      adaptor.getInput(), in, getType(), false,
      rt::AxisSwap::transpose(in.getNumMatrices(), in.getRows(),
                              in.getCols()));
}

//===----------------------------------------------------------------------===//
// Matmuls
//===----------------------------------------------------------------------===//

namespace {
/// matmul(x, transpose(y)) -> matmul(x, y) with rhs_transposed flipped
/// (also through a reshape_batch of the transpose, which commutes with
/// it): the array reads the weight either way round, so the relayout is
/// not needed. An unused transpose then goes away.
template <typename MatmulTy>
struct ReadTransposedRhsInPlace : public OpRewritePattern<MatmulTy> {
  using OpRewritePattern<MatmulTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(MatmulTy op,
                                PatternRewriter &rewriter) const override {
    Value rhs = op.getRhs();
    auto reshape = rhs.template getDefiningOp<ReshapeBatchOp>();
    auto transpose = (reshape ? reshape.getInput() : rhs)
                         .template getDefiningOp<TransposeOp>();
    if (!transpose)
      return failure();
    Value y = transpose.getInput();
    if (reshape) {
      auto type = cast<TiledType>(rhs.getType());
      auto from = cast<TiledType>(y.getType());
      SmallVector<int64_t> shape(type.getBatchShape());
      shape.push_back(from.getRows());
      shape.push_back(from.getCols());
      y = ReshapeBatchOp::create(rewriter, op.getLoc(), from.withShape(shape),
                                 y);
    }
    rewriter.modifyOpInPlace(op, [&] {
      op.getRhsMutable().assign(y);
      op.setRhsTransposed(!op.getRhsTransposed());
    });
    return success();
  }
};
} // namespace

void MatmulOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                           MLIRContext *context) {
  results.add<ReadTransposedRhsInPlace<MatmulOp>>(context);
}

void MxuMatmulOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<ReadTransposedRhsInPlace<MxuMatmulOp>>(context);
}
