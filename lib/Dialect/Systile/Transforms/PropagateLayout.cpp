//===- PropagateLayout.cpp - keep values tiled between matmuls -----------===//
//
// systile-propagate-layout: moves systile.unpack down and systile.pack up
// through element-wise computations, turning each into its tiled form, so a
// model pays one pack per input and one unpack per output.
//
// The anchor is upstream's data-layout propagation for linalg.pack
// (mlir/lib/Dialect/Linalg/Transforms/DataLayoutPropagation.cpp): "push
// unpack down through a generic whose operand it produces" and "bubble pack
// up through a generic whose only users are packs". The difference is the
// mask: upstream cannot bubble a pack with a padding value through a
// generic (the generic would compute on padding, and nothing says what
// padding holds afterwards); systile.elementwise computes logical slots
// only and defines the result's padding as zero, so every element-wise
// generic can move, whatever it maps 0 to.
//
// Rewrites (each a pattern; the greedy driver also runs the folds, so
// pack(unpack(x)) -> x and pack(constant) -> systile.constant clean up):
//  * an element-wise linalg op (generic or named: all loops parallel, a 2-d
//    identity output, inputs identity / row or column broadcasts / scalars)
//    -> systile.elementwise, whose inputs are the tiled matrices, 1xN rows,
//    Mx1 columns (broadcast by the op itself) and 1x1 splats of scalars;
//  * an element-wise arith/math op on rank-2 tensors -> systile.elementwise
//    (arith.truncf/extf between f32 and bf16 -> systile.truncf/extf);
//  * pack(linalg.fill %v) -> systile.splat %v;
//  * a row or column sum (linalg.reduce or a reduction generic: one
//    arith.addf of the element and the accumulator, +0 initialised) ->
//    systile.reduce <sum>;
//  * a reshape or transpose of an unpack that a relayout op expresses ->
//    that op (PropagateRelayout.cpp).
// Each fires only when an operand comes out of an unpack or every user is
// a pack, so nothing dense is packed that was not already.
//
//===----------------------------------------------------------------------===//

#include "OpPatternDriver.h"
#include "PropagateRelayout.h"

#include "systile/Dialect/Systile/IR/RegionFolder.h"
#include "systile/Dialect/Systile/IR/SystileOps.h"
#include "systile/Dialect/Systile/Transforms/Passes.h"
#include "systile/Support/PassStatistics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace systile {
#define GEN_PASS_DEF_SYSTILEPROPAGATELAYOUT
#include "systile/Dialect/Systile/Transforms/Passes.h.inc"
} // namespace systile

using namespace mlir;
using namespace systile;

namespace {

/// The pass's counters; each pass instance owns one set and its patterns
/// count into it.
struct LayoutCounters {
  PassCounter opsTiled{"systile-propagate-layout", "ops-tiled",
                       "dense element-wise ops turned into tiled ops"};
  PassCounter fillsSplat{"systile-propagate-layout", "fills-splat",
                         "packed linalg.fill ops turned into systile.splat"};
  PassCounter masksFolded{"systile-propagate-layout", "masks-folded",
                          "linalg.index masks of tiled ops folded to "
                          "constants"};
  PassCounter reductionsTiled{"systile-propagate-layout", "reductions-tiled",
                              "sum/max/min reductions turned into "
                              "systile.reduce"};
  PassCounter relayoutsTiled{"systile-propagate-layout", "relayouts-tiled",
                             "reshapes and transposes of unpacked values "
                             "turned into relayout ops"};
};

bool isTiledElement(Type t) { return TiledType::isSupportedElementType(t); }

/// A static tensor of rank >= `minRank` of a tiled element type.
RankedTensorType asTiledTensor(Type t, int64_t minRank = 2) {
  auto type = dyn_cast<RankedTensorType>(t);
  if (!type || type.getRank() < minRank || !type.hasStaticShape() ||
      type.getEncoding() || !isTiledElement(type.getElementType()) ||
      llvm::is_contained(type.getShape(), 0))
    return {};
  return type;
}

/// Whether `op` only adds or removes unit dimensions: every group of its
/// expanded side has at most one dimension that is not 1, so the elements
/// keep their order and the non-unit dimensions map one to one.
bool isUnitReshape(ArrayRef<int64_t> expanded,
                   ArrayRef<ReassociationIndices> groups) {
  return llvm::all_of(groups, [&](const auto &group) {
    return llvm::count_if(group, [&](int64_t d) { return expanded[d] != 1; }) <=
           1;
  });
}

/// Where a dense value's tiled form comes from: the tiled value it was
/// unpacked from, seen through reshapes that add or remove unit dimensions
/// (a `[B, S]` statistic that is the collapse of an unpacked `[B, S, 1]`).
/// Such a reshape keeps the element order, so the dimension map is the
/// order of the non-unit dimensions of both shapes; `tileAs` asks for the
/// tiled shape it needs and gets the origin when its shape is that one.
struct Origin {
  Value tiled;
  GeometryAttr geometry;
};

/// A plain (non-transposing) pack of block argument `arg` among the packs
/// of block arguments that open its block (where hoistArgumentPacks puts
/// them, so it dominates every use of `arg`), or null.
PackOp entryPackOf(BlockArgument arg) {
  for (Operation &op : *arg.getOwner()) {
    // The rewriter materialises folded constants at the block's start,
    // before the hoisted packs.
    if (op.hasTrait<OpTrait::ConstantLike>())
      continue;
    auto pack = dyn_cast<PackOp>(op);
    if (!pack || !isa<BlockArgument>(pack.getInput()))
      return {};
    if (pack.getInput() == arg && !pack.getTranspose())
      return pack;
  }
  return {};
}

/// Moves every plain pack of a block argument to the start of its block,
/// so that the argument's other (dense) uses can read the packed value: a
/// model input that one matmul packs is then packed once, and the
/// element-wise ops and reductions on it (a LayerNorm's statistics, a
/// residual add) run tiled instead of on the dense argument.
void hoistArgumentPacks(Operation *root) {
  root->walk([](PackOp pack) {
    auto arg = dyn_cast<BlockArgument>(pack.getInput());
    if (arg && !pack.getTranspose() && !entryPackOf(arg))
      pack->moveBefore(&arg.getOwner()->front());
  });
}

std::optional<Origin> unpackedFrom(Value v) {
  while (true) {
    if (auto c = v.getDefiningOp<tensor::CollapseShapeOp>();
        c && isUnitReshape(c.getSrcType().getShape(),
                           c.getReassociationIndices()))
      v = c.getSrc();
    else if (auto e = v.getDefiningOp<tensor::ExpandShapeOp>();
             e && isUnitReshape(e.getResultType().getShape(),
                                e.getReassociationIndices()))
      v = e.getSrc();
    else
      break;
  }
  if (auto arg = dyn_cast<BlockArgument>(v))
    if (PackOp pack = entryPackOf(arg))
      return Origin{pack.getResult(), pack.getType().getGeometry()};
  auto unpack = v.getDefiningOp<UnpackOp>();
  if (!unpack)
    return std::nullopt;
  return Origin{unpack.getInput(), unpack.getInput().getType().getGeometry()};
}

/// The geometry shared by the tiled origins of `operands` and the packs
/// among `users`; null if none or if they disagree. `anyOrigin` says
/// whether some operand was unpacked; `allPacked` whether every user is a
/// pack (and there is one).
struct Trigger {
  GeometryAttr geometry;
  bool anyOrigin = false;
  bool allPacked = false;
  bool conflict = false;

  void add(GeometryAttr g) {
    if (geometry && geometry != g)
      conflict = true;
    geometry = g;
  }
  bool fires() const {
    return !conflict && geometry && (anyOrigin || allPacked);
  }
};

Trigger triggerOf(ValueRange operands, Value result) {
  Trigger t;
  for (Value v : operands)
    if (std::optional<Origin> o = unpackedFrom(v)) {
      t.anyOrigin = true;
      t.add(o->geometry);
    }
  t.allPacked = !result.use_empty();
  for (Operation *user : result.getUsers()) {
    auto pack = dyn_cast<PackOp>(user);
    if (!pack) {
      t.allPacked = false;
      continue;
    }
    t.add(pack.getType().getGeometry());
  }
  return t;
}

TiledType tiledType(ArrayRef<int64_t> shape, Type element, GeometryAttr g) {
  return TiledType::get(shape, element, g, PadKind::Zero);
}

/// The dense reshape of `from` into `to` when they differ only by unit
/// dimensions, or nullopt (an empty list for equal ranks).
std::optional<SmallVector<ReassociationIndices>>
unitReassociation(RankedTensorType from, RankedTensorType to) {
  if (from.getRank() == to.getRank())
    return from.getShape() == to.getShape()
               ? std::optional(SmallVector<ReassociationIndices>{})
               : std::nullopt;
  if (from.getRank() == 0 || to.getRank() == 0)
    return SmallVector<ReassociationIndices>{};
  return getReassociationIndicesForReshape(from, to);
}

/// `v` reshaped to `shape`; only unit dimensions may differ (the callers
/// check it, with unitReassociation, before they create any IR).
Value reshapeTo(PatternRewriter &rewriter, Location loc, Value v,
                ArrayRef<int64_t> shape) {
  auto from = cast<RankedTensorType>(v.getType());
  auto to = RankedTensorType::get(shape, from.getElementType());
  SmallVector<ReassociationIndices> groups = *unitReassociation(from, to);
  if (from.getRank() == to.getRank())
    return v;
  if (from.getRank() > to.getRank())
    return tensor::CollapseShapeOp::create(rewriter, loc, to, v, groups);
  return tensor::ExpandShapeOp::create(rewriter, loc, to, v, groups);
}

/// Whether an elementwise input of shape `have` reads as one of shape
/// `want`: equal up to leading unit dimensions, which the op's broadcast
/// (aligned on the right) supplies.
bool readsAs(ArrayRef<int64_t> have, ArrayRef<int64_t> want) {
  if (have.size() > want.size())
    return false;
  size_t lead = want.size() - have.size();
  return want.take_back(have.size()) == have &&
         llvm::all_of(want.take_front(lead), [](int64_t d) { return d == 1; });
}

/// The tiled form, as an elementwise input of shape `shape`, of the dense
/// tensor `v`, which has that shape up to unit dimensions: its origin when
/// that reads as the shape, or a new pack of `v` reshaped. A block
/// argument of that very shape is packed at the start of its block, where
/// its other uses find it (entryPackOf).
Value tileAs(PatternRewriter &rewriter, Location loc, Value v,
             ArrayRef<int64_t> shape, GeometryAttr g) {
  if (std::optional<Origin> o = unpackedFrom(v))
    if (o->geometry == g &&
        readsAs(cast<TiledType>(o->tiled.getType()).getShape(), shape))
      return o->tiled;
  auto type = cast<RankedTensorType>(v.getType());
  TiledType tiled = tiledType(shape, type.getElementType(), g);
  if (auto arg = dyn_cast<BlockArgument>(v);
      arg && type.getShape() == shape && !entryPackOf(arg)) {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(arg.getOwner());
    return PackOp::create(rewriter, loc, tiled, v);
  }
  return PackOp::create(rewriter, loc, tiled, reshapeTo(rewriter, loc, v, shape));
}

//===----------------------------------------------------------------------===//
// Element-wise linalg ops
//===----------------------------------------------------------------------===//

/// How an input of an element-wise linalg op of rank N is read: a scalar
/// (a 1x1 splat), or a tensor whose tiled form has shape `shape`, the
/// output's dimensions it reads and 1 for the others, from the lowest
/// dimension it reads (at most N-2) on: `(d0, d1, d2) -> (d2)` is a `1xD`
/// row shared by the batch, `(d0, d1, d2) -> (d0, d1)` a `BxSx1` column.
/// The elementwise op broadcasts the unit and absent dimensions itself.
/// An i1 constant (a causal mask for arith.select) has no tiled element
/// type: it is packed once as the i8 constant `mask` (0 or 1), which the
/// region truncates back to i1.
struct Access {
  bool scalar = false;
  SmallVector<int64_t> shape;
  DenseElementsAttr mask;
};

/// The i8 form (0 or 1) of the i1 constant `v`, or null.
DenseElementsAttr maskAsI8(Value v) {
  auto type = dyn_cast<RankedTensorType>(v.getType());
  DenseElementsAttr bits;
  if (!type || !type.getElementType().isInteger(1) ||
      !type.hasStaticShape() || !matchPattern(v, m_Constant(&bits)))
    return {};
  auto i8 = IntegerType::get(v.getContext(), 8);
  return bits.mapValues(i8, [](const APInt &b) { return b.zext(8); });
}

/// The output dimensions `map` reads, in increasing order, or nullopt when
/// it permutes them or reads a constant other than 0 of a unit dimension.
std::optional<SmallVector<int64_t>> readDims(AffineMap map,
                                             RankedTensorType type) {
  SmallVector<int64_t> dims;
  for (auto [i, expr] : llvm::enumerate(map.getResults())) {
    if (auto c = dyn_cast<AffineConstantExpr>(expr)) {
      if (c.getValue() != 0 || type.getDimSize(i) != 1)
        return std::nullopt;
      continue;
    }
    auto d = dyn_cast<AffineDimExpr>(expr);
    if (!d || (!dims.empty() && d.getPosition() <= dims.back()))
      return std::nullopt;
    dims.push_back(d.getPosition());
  }
  return dims;
}

std::optional<Access> accessOf(OpOperand *operand, linalg::LinalgOp op,
                               ArrayRef<int64_t> out) {
  Type type = operand->get().getType();
  if (!isa<ShapedType>(type))
    return isTiledElement(type) ? std::optional(Access{true, {1, 1}, {}})
                                : std::nullopt;
  Access access;
  access.mask = maskAsI8(operand->get());
  auto tensor = access.mask ? cast<RankedTensorType>(access.mask.getType())
                            : asTiledTensor(type, /*minRank=*/0);
  if (!tensor)
    return std::nullopt;
  std::optional<SmallVector<int64_t>> dims =
      readDims(op.getMatchingIndexingMap(operand), tensor);
  if (!dims)
    return std::nullopt;
  auto rank = static_cast<int64_t>(out.size());
  int64_t lowest = std::min(dims->empty() ? rank : dims->front(), rank - 2);
  for (int64_t d = lowest; d < rank; ++d)
    access.shape.push_back(llvm::is_contained(*dims, d) ? out[d] : 1);
  auto tiled = RankedTensorType::get(access.shape, tensor.getElementType());
  if (!unitReassociation(tensor, tiled))
    return std::nullopt;
  return access;
}

/// Whether the payload can become the region of a systile.elementwise:
/// no index or gather ops, and values from above only constants.
bool payloadIsScalar(Block &body) {
  bool ok = true;
  body.walk([&](Operation *inner) {
    if (isa<linalg::IndexOp, tensor::ExtractOp>(inner))
      ok = false;
    for (Value v : inner->getOperands())
      if (v.getParentBlock() != &body && !matchPattern(v, m_Constant()))
        ok = false;
  });
  return ok;
}

/// The access of each input, or nullopt when the op is not an element-wise
/// op of rank >= 2 on tiled element types.
std::optional<SmallVector<Access>> elementwiseAccesses(linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumLoops() < 2 ||
      op.getNumDpsInits() != 1 || op->getNumResults() != 1 ||
      op.getNumParallelLoops() != op.getNumLoops() || isa<linalg::FillOp>(op))
    return std::nullopt;
  OpOperand *init = op.getDpsInitOperand(0);
  RankedTensorType out = asTiledTensor(init->get().getType());
  if (!out || !op.getMatchingIndexingMap(init).isIdentity() ||
      op.payloadUsesValueFromOperand(init) || !payloadIsScalar(*op.getBlock()))
    return std::nullopt;
  SmallVector<Access> accesses;
  for (OpOperand *input : op.getDpsInputOperands()) {
    std::optional<Access> a = accessOf(input, op, out.getShape());
    if (!a)
      return std::nullopt;
    accesses.push_back(*a);
  }
  return accesses;
}

/// The tiled operand for `input` read as `access` (nothing of the result's
/// size is built for a broadcast one).
Value tileInput(PatternRewriter &rewriter, Location loc, Value input,
                const Access &access, GeometryAttr g) {
  if (access.scalar)
    return SplatOp::create(rewriter, loc,
                           tiledType(access.shape, input.getType(), g), input);
  if (access.mask)
    input = arith::ConstantOp::create(rewriter, loc, access.mask);
  return tileAs(rewriter, loc, input, access.shape, g);
}

/// Moves `body`'s ops (payload of a linalg op or a scalar op) into the
/// region of `ew`, mapping `args` to its block arguments (an i1 argument
/// read from an i8 mask through arith.trunci), cloning constants from
/// above, and ending with systile.yield of `yielded`.
void fillRegion(PatternRewriter &rewriter, ElementwiseOp ew, Block &body,
                ArrayRef<Value> args, Value yielded) {
  SmallVector<Type> types;
  SmallVector<Location> locs;
  for (auto [a, input] : llvm::zip(args, ew.getInputs())) {
    types.push_back(cast<TiledType>(input.getType()).getElementType());
    locs.push_back(a.getLoc());
  }
  OpBuilder::InsertionGuard guard(rewriter);
  Block *block = rewriter.createBlock(&ew.getBody(), {}, types, locs);
  IRMapping map;
  for (auto [from, to] : llvm::zip(args, block->getArguments()))
    map.map(from, from.getType() == to.getType()
                      ? Value(to)
                      : arith::TruncIOp::create(rewriter, to.getLoc(),
                                                from.getType(), to));
  // Constants from above (checked by payloadIsScalar) are cloned in.
  auto mapFromAbove = [&](Value v) {
    if (!map.contains(v) && v.getParentBlock() != &body)
      map.map(v, rewriter.clone(*v.getDefiningOp())->getResult(0));
  };
  for (Operation &inner : body.without_terminator()) {
    llvm::for_each(inner.getOperands(), mapFromAbove);
    rewriter.clone(inner, map);
  }
  mapFromAbove(yielded);
  YieldOp::create(rewriter, ew.getLoc(), map.lookupOrDefault(yielded));
}

/// The tiled shape of the result: the output's, or, when every tensor input
/// is read whole and one comes from a tiled value whose shape differs from
/// the output's only by unit dimensions (a `[B, S]` statistic that is the
/// collapse of a `[B, S, 1]` column), that value's shape, which every such
/// input then takes too, so nothing is reshaped and packed.
SmallVector<int64_t> liftedShape(ValueRange inputs,
                                 MutableArrayRef<Access> accesses,
                                 RankedTensorType out) {
  SmallVector<int64_t> shape(out.getShape());
  if (llvm::any_of(accesses, [&](const Access &a) {
        return !a.scalar && ArrayRef(a.shape) != out.getShape();
      }))
    return shape;
  for (Value v : inputs) {
    std::optional<Origin> o = unpackedFrom(v);
    if (!o)
      continue;
    auto tiled = cast<TiledType>(o->tiled.getType());
    if (tiled.getShape() == out.getShape() ||
        !unitReassociation(out, tiled.getLogicalTensorType()))
      continue;
    shape.assign(tiled.getShape().begin(), tiled.getShape().end());
    for (Access &a : accesses)
      if (!a.scalar)
        a.shape = shape;
    break;
  }
  return shape;
}

struct TileElementwiseLinalg
    : public OpInterfaceRewritePattern<linalg::LinalgOp> {
  TileElementwiseLinalg(MLIRContext *ctx, LayoutCounters &counters)
      : OpInterfaceRewritePattern(ctx), counters(counters) {}
  LayoutCounters &counters;

  LogicalResult matchAndRewrite(linalg::LinalgOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<SmallVector<Access>> accesses = elementwiseAccesses(op);
    if (!accesses)
      return rewriter.notifyMatchFailure(op, "not an element-wise op");
    SmallVector<Value> inputs = op.getDpsInputs();
    Trigger trigger = triggerOf(inputs, op->getResult(0));
    if (!trigger.fires())
      return rewriter.notifyMatchFailure(op, "no tiled operand or user");
    auto outType = cast<RankedTensorType>(op->getResult(0).getType());
    SmallVector<int64_t> shape = liftedShape(inputs, *accesses, outType);
    TiledType resultType =
        tiledType(shape, outType.getElementType(), trigger.geometry);
    Location loc = op.getLoc();
    SmallVector<Value> tiled;
    for (auto [input, access] : llvm::zip(inputs, *accesses))
      tiled.push_back(
          tileInput(rewriter, loc, input, access, trigger.geometry));
    auto ew = ElementwiseOp::create(rewriter, loc, resultType, tiled);
    Block &body = *op.getBlock();
    SmallVector<Value> args;
    for (OpOperand *input : op.getDpsInputOperands())
      args.push_back(op.getMatchingBlockArgument(input));
    fillRegion(rewriter, ew, body, args, body.getTerminator()->getOperand(0));
    Value dense = UnpackOp::create(rewriter, loc,
                                   resultType.getLogicalTensorType(), ew);
    rewriter.replaceOp(op, reshapeTo(rewriter, loc, dense, outType.getShape()));
    ++counters.opsTiled;
    return success();
  }
};

/// A one-dimensional element-wise generic whose result is only packed as a
/// row or a column (through a reshape adding a unit dimension: torch-mlir's
/// BatchNorm computes `rsqrt(var + eps)` on [C] and expands it to
/// [C, 1, 1]) -> the same generic on that rank-2 shape, which then tiles
/// like any other (and so does the one-dimensional op feeding it).
struct LiftRank1Generic : public OpRewritePattern<linalg::GenericOp> {
  LiftRank1Generic(MLIRContext *ctx, LayoutCounters &)
      : OpRewritePattern(ctx) {}

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics() || op.getNumLoops() != 1 ||
        op->getNumResults() != 1 || op.getNumDpsInits() != 1 ||
        op.getNumParallelLoops() != 1 ||
        !llvm::all_of(op.getIndexingMapsArray(),
                      [](AffineMap m) { return m.isIdentity(); }) ||
        !op.getBody()->getOps<linalg::IndexOp>().empty())
      return rewriter.notifyMatchFailure(op, "not a 1-D element-wise map");
    Value result = op->getResult(0);
    auto type = cast<RankedTensorType>(result.getType());
    std::optional<SmallVector<int64_t, 2>> target;
    for (Operation *user : result.getUsers()) {
      auto expand = dyn_cast<tensor::ExpandShapeOp>(user);
      if (!expand || expand->use_empty() ||
          !llvm::all_of(expand->getUsers(),
                        [](Operation *u) { return isa<PackOp>(u); }))
        return rewriter.notifyMatchFailure(op, "a user is not a packed reshape");
      // The shape the packs see, without its unit dimensions but one.
      SmallVector<int64_t, 2> shape;
      for (int64_t d : expand.getResultType().getShape())
        if (d != 1 || shape.empty())
          shape.push_back(d);
      if (shape.size() == 1)
        shape.push_back(1);
      if (shape.size() != 2 ||
          (shape[0] != type.getDimSize(0) && shape[1] != type.getDimSize(0)))
        return rewriter.notifyMatchFailure(op, "not packed as a row or column");
      if (target && *target != shape)
        return rewriter.notifyMatchFailure(op, "packed in two shapes");
      target = shape;
    }
    if (!target)
      return rewriter.notifyMatchFailure(op, "no user");
    Location loc = op.getLoc();
    SmallVector<ReassociationIndices> all{{0, 1}};
    auto lift = [&](Value v) -> Value {
      auto t = cast<RankedTensorType>(v.getType());
      return tensor::ExpandShapeOp::create(
          rewriter, loc, RankedTensorType::get(*target, t.getElementType()),
          v, all);
    };
    SmallVector<Value> inputs;
    for (Value in : op.getDpsInputs())
      inputs.push_back(lift(in));
    Value init = lift(op.getDpsInits()[0]);
    AffineMap id = rewriter.getMultiDimIdentityMap(2);
    auto lifted = linalg::GenericOp::create(
        rewriter, loc, TypeRange{init.getType()}, inputs, ValueRange{init},
        SmallVector<AffineMap>(inputs.size() + 1, id),
        SmallVector<utils::IteratorType>(2, utils::IteratorType::parallel));
    rewriter.inlineRegionBefore(op.getRegion(), lifted.getRegion(),
                                lifted.getRegion().begin());
    rewriter.replaceOpWithNewOp<tensor::CollapseShapeOp>(
        op, type, lifted->getResult(0), all);
    return success();
  }
};

/// Elements up to which a mask built with linalg.index is folded to a
/// constant (each element creates attributes, so this stays small).
constexpr int64_t kMaxFoldedMaskElements = 65536;

/// The dense constant `v` is, or null.
DenseElementsAttr constantOf(Value v) {
  DenseElementsAttr attr;
  return matchPattern(v, m_Constant(&attr)) ? attr : DenseElementsAttr();
}

/// A generic that computes integers (an i1 mask, or the i64 positions it
/// compares) from linalg.index and integer constants alone: torch's
/// `triu` (an arange, the difference of its row and column broadcasts, a
/// comparison, an `and` with a constant), JAX's iota comparisons. All
/// loops parallel, an identity output the payload does not read, every
/// input a constant. Folded to its constant, a mask is packed once like
/// any constant mask.
bool isIndexMask(linalg::GenericOp op) {
  auto type = dyn_cast<RankedTensorType>(op->getResultTypes().front());
  return op.hasPureTensorSemantics() && op.getNumDpsInits() == 1 &&
         op->getNumResults() == 1 && type && type.hasStaticShape() &&
         type.getElementType().isSignlessInteger() &&
         type.getNumElements() <= kMaxFoldedMaskElements &&
         op.getNumParallelLoops() == op.getNumLoops() &&
         op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity() &&
         !op.payloadUsesValueFromOperand(op.getDpsInitOperand(0)) &&
         llvm::all_of(op.getDpsInputs(), [](Value in) {
           DenseElementsAttr c = constantOf(in);
           return c && c.getElementType().isSignlessInteger() &&
                  c.getNumElements() <= kMaxFoldedMaskElements;
         });
}

/// Whether some user of `v` is a linalg op that will be tiled (an operand
/// is unpacked or every user packs).
bool feedsTiledOp(Value v) {
  return llvm::any_of(v.getUsers(), [](Operation *user) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(user);
    return linalgOp && linalgOp->getNumResults() == 1 &&
           triggerOf(linalgOp.getDpsInputs(), linalgOp->getResult(0)).fires();
  });
}

/// Whether `v` reaches an op that will be tiled, directly or through
/// reshapes and other index-mask generics (which fold in turn).
bool reachesTiledOp(Value v, int depth = 0) {
  if (feedsTiledOp(v))
    return true;
  if (depth >= 8)
    return false;
  return llvm::any_of(v.getUsers(), [&](Operation *user) {
    if (isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(user))
      return reachesTiledOp(user->getResult(0), depth + 1);
    auto generic = dyn_cast<linalg::GenericOp>(user);
    return generic && generic->getNumResults() == 1 &&
           generic.getNumParallelLoops() == generic.getNumLoops() &&
           reachesTiledOp(generic->getResult(0), depth + 1);
  });
}

/// A generic that only broadcasts a splat constant (StableHLO's
/// broadcast_in_dim of a 0-d `dense<-inf> : tensor<f32>`, the init of
/// JAX's softmax maximum), or that yields a constant from above without
/// reading anything -> the splat constant of its result type, which the
/// element-wise ops then read as a scalar and a pack folds.
struct FoldSplatBroadcast : public OpRewritePattern<linalg::GenericOp> {
  FoldSplatBroadcast(MLIRContext *ctx, LayoutCounters &)
      : OpRewritePattern(ctx) {}

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics() || op.getNumDpsInputs() > 1 ||
        op.getNumDpsInits() != 1 || op->getNumResults() != 1 ||
        op.getNumParallelLoops() != op.getNumLoops() ||
        op.payloadUsesValueFromOperand(op.getDpsInitOperand(0)))
      return rewriter.notifyMatchFailure(op, "not a map of at most one input");
    auto yield = cast<linalg::YieldOp>(op.getBody()->getTerminator());
    if (!llvm::hasSingleElement(*op.getBody()))
      return rewriter.notifyMatchFailure(op, "not a copy");
    Value yielded = yield.getValues()[0];
    Attribute element;
    DenseElementsAttr splat;
    if (op.getNumDpsInputs() == 1 &&
        yielded == op.getBody()->getArgument(0) &&
        matchPattern(op.getDpsInputs()[0], m_Constant(&splat)) &&
        splat.isSplat())
      element = splat.getSplatValue<Attribute>(); // a broadcast splat
    else if (yielded.getParentBlock() != op.getBody())
      matchPattern(yielded, m_Constant(&element)); // a constant yielded
    auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    auto typed = dyn_cast_if_present<TypedAttr>(element);
    if (!typed || !type || !type.hasStaticShape() ||
        typed.getType() != type.getElementType())
      return rewriter.notifyMatchFailure(op, "not a splat of a constant");
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, DenseElementsAttr::get(type, typed));
    return success();
  }
};

struct FoldIndexMask : public OpRewritePattern<linalg::GenericOp> {
  FoldIndexMask(MLIRContext *ctx, LayoutCounters &counters)
      : OpRewritePattern(ctx), counters(counters) {}
  LayoutCounters &counters;

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!isIndexMask(op) || !reachesTiledOp(op->getResult(0)))
      return rewriter.notifyMatchFailure(op, "not a mask of a tiled op");
    auto type = cast<RankedTensorType>(op->getResultTypes().front());
    ArrayRef<int64_t> shape = type.getShape();
    SmallVector<int64_t> point(shape.size(), 0);
    auto index = [&](Operation &inner) -> Attribute {
      auto i = dyn_cast<linalg::IndexOp>(inner);
      return i ? rewriter.getIndexAttr(point[i.getDim()]) : Attribute();
    };
    // Each input's elements, read through its indexing map.
    SmallVector<DenseElementsAttr> inputs;
    SmallVector<SmallVector<Attribute>> inputValues;
    SmallVector<AffineMap> maps;
    for (OpOperand *in : op.getDpsInputOperands()) {
      inputs.push_back(constantOf(in->get()));
      inputValues.push_back(
          llvm::to_vector(inputs.back().getValues<Attribute>()));
      maps.push_back(op.getMatchingIndexingMap(in));
    }
    RegionFolder folder(*op.getBlock());
    SmallVector<Attribute> elements;
    SmallVector<Attribute> args(op.getBlock()->getNumArguments());
    for (int64_t n = 0; n < type.getNumElements(); ++n) {
      for (int64_t d = shape.size() - 1, rest = n; d >= 0; --d) {
        point[d] = rest % shape[d];
        rest /= shape[d];
      }
      for (auto [i, map] : llvm::enumerate(maps)) {
        SmallVector<int64_t> at = map.compose(point);
        auto inType = cast<RankedTensorType>(inputs[i].getType());
        int64_t flat = 0;
        for (auto [d, extent] : llvm::enumerate(inType.getShape())) {
          if (at[d] < 0 || at[d] >= extent)
            return rewriter.notifyMatchFailure(op, "an input read out of bounds");
          flat = flat * extent + at[d];
        }
        args[i] = inputs[i].isSplat() ? inputValues[i].front()
                                      : inputValues[i][flat];
      }
      Attribute v = folder.run(args, index);
      if (!isa_and_present<IntegerAttr>(v))
        return rewriter.notifyMatchFailure(op, "payload does not fold");
      elements.push_back(v);
    }
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, DenseElementsAttr::get(type, elements));
    ++counters.masksFolded;
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Element-wise arith/math ops on tensors
//===----------------------------------------------------------------------===//

struct TileElementwiseTensorOp : public RewritePattern {
  TileElementwiseTensorOp(MLIRContext *ctx, LayoutCounters &counters)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, ctx),
        counters(counters) {}
  LayoutCounters &counters;

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() != 1 ||
        op->getNumOperands() == 0 || op->getNumRegions() != 0 ||
        !isa<arith::ArithDialect, math::MathDialect>(op->getDialect()))
      return failure();
    RankedTensorType out = asTiledTensor(op->getResult(0).getType());
    if (!out || !llvm::all_of(op->getOperandTypes(), [&](Type t) {
          RankedTensorType m = asTiledTensor(t);
          return m && m.getShape() == out.getShape();
        }))
      return rewriter.notifyMatchFailure(op, "not on tiled tensors");
    Trigger trigger = triggerOf(op->getOperands(), op->getResult(0));
    if (!trigger.fires())
      return rewriter.notifyMatchFailure(op, "no tiled operand or user");
    TiledType resultType =
        tiledType(out.getShape(), out.getElementType(), trigger.geometry);
    Location loc = op->getLoc();
    SmallVector<Value> tiled;
    for (Value v : op->getOperands())
      tiled.push_back(
          tileAs(rewriter, loc, v, out.getShape(), trigger.geometry));
    Value result = convertOrMap(rewriter, op, tiled, resultType);
    rewriter.replaceOpWithNewOp<UnpackOp>(op, out, result);
    ++counters.opsTiled;
    return success();
  }

  /// systile.truncf/extf for f32 <-> bf16 (default rounding), else an
  /// elementwise op whose region is the scalar form of `op`.
  static Value convertOrMap(PatternRewriter &rewriter, Operation *op,
                            ArrayRef<Value> tiled, TiledType resultType) {
    Location loc = op->getLoc();
    Type from = cast<TiledType>(tiled[0].getType()).getElementType(),
         to = resultType.getElementType();
    auto trunc = dyn_cast<arith::TruncFOp>(op);
    if (trunc && !trunc.getRoundingmodeAttr() && from.isF32() && to.isBF16())
      return TruncFOp::create(rewriter, loc, resultType, tiled[0]);
    if (isa<arith::ExtFOp>(op) && from.isBF16() && to.isF32())
      return ExtFOp::create(rewriter, loc, resultType, tiled[0]);
    auto ew = ElementwiseOp::create(rewriter, loc, resultType, tiled);
    SmallVector<Type> argTypes;
    SmallVector<Location> argLocs;
    for (Value v : tiled) {
      argTypes.push_back(cast<TiledType>(v.getType()).getElementType());
      argLocs.push_back(loc);
    }
    OpBuilder::InsertionGuard guard(rewriter);
    Block *block = rewriter.createBlock(&ew.getBody(), {}, argTypes, argLocs);
    OperationState state(loc, op->getName(), block->getArguments(),
                         TypeRange{to}, op->getAttrs());
    Operation *scalar = rewriter.create(state);
    YieldOp::create(rewriter, loc, scalar->getResult(0));
    return ew.getResult();
  }
};

//===----------------------------------------------------------------------===//
// Accumulators and reductions
//===----------------------------------------------------------------------===//

/// pack(linalg.fill %v) -> systile.splat %v (a splat systile.constant once
/// folded, when %v is +0).
struct SplatPackedFill : public OpRewritePattern<PackOp> {
  SplatPackedFill(MLIRContext *ctx, LayoutCounters &counters)
      : OpRewritePattern(ctx), counters(counters) {}
  LayoutCounters &counters;

  LogicalResult matchAndRewrite(PackOp pack,
                                PatternRewriter &rewriter) const override {
    auto fill = pack.getInput().getDefiningOp<linalg::FillOp>();
    if (!fill || !fill.hasPureTensorSemantics())
      return failure();
    Value value = fill.getInputs()[0];
    if (value.getType() != pack.getType().getElementType())
      return rewriter.notifyMatchFailure(pack, "fill value type differs");
    rewriter.replaceOpWithNewOp<SplatOp>(pack, pack.getType(), value);
    ++counters.fillsSplat;
    return success();
  }
};

/// The fill or constant `init` reshapes, when it is a reshape (upstream's
/// unit-dimension folding collapses a [N, C, 1, 1] fill to [N, C]).
Value throughReshapes(Value init) {
  while (Operation *def = init.getDefiningOp()) {
    if (!isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(def))
      break;
    init = def->getOperand(0);
  }
  return init;
}

/// Whether `init` is a +0 accumulator: linalg.fill of +0, or a constant
/// whose elements are all +0 (maybe reshaped).
bool isPositiveZeroInit(Value init) {
  init = throughReshapes(init);
  if (auto fill = init.getDefiningOp<linalg::FillOp>())
    init = fill.getInputs()[0];
  Attribute attr;
  if (!matchPattern(init, m_Constant(&attr)))
    return false;
  if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
    if (!dense.isSplat())
      return false;
    attr = dense.getSplatValue<Attribute>();
  }
  if (auto f = dyn_cast<FloatAttr>(attr))
    return f.getValue().isPosZero();
  if (auto i = dyn_cast<IntegerAttr>(attr))
    return i.getValue().isZero();
  return false;
}

/// The splat value of a linalg.fill of a constant or a splat constant.
TypedAttr splatInit(Value init) {
  init = throughReshapes(init);
  if (auto fill = init.getDefiningOp<linalg::FillOp>())
    init = fill.getInputs()[0];
  Attribute attr;
  if (!matchPattern(init, m_Constant(&attr)))
    return {};
  if (auto dense = dyn_cast<DenseElementsAttr>(attr))
    attr = dense.isSplat() ? dense.getSplatValue<Attribute>() : Attribute();
  return dyn_cast_if_present<TypedAttr>(attr);
}

/// The kind of systile.reduce whose step is `op`, if any.
std::optional<ReduceKind> stepKind(Operation *op) {
  if (isa<arith::AddFOp, arith::AddIOp>(op))
    return ReduceKind::Sum;
  if (isa<arith::MaximumFOp, arith::MaxSIOp>(op))
    return ReduceKind::Max;
  if (isa<arith::MinimumFOp, arith::MinSIOp>(op))
    return ReduceKind::Min;
  return std::nullopt;
}

/// The step of a payload `yield op(%in, %acc)` or `yield op(%acc, %in)`
/// (torch-mlir and StableHLO write one each), or null. The two orders give
/// the same values: they differ only in which NaN's payload survives where
/// two NaNs meet, which LLVM leaves unspecified for every float op (the
/// compiler may commute an fadd), so the dense program does not fix it
/// either (docs/Rationale.md).
/// With `widen`, the step may instead read `arith.extsi %in` (an i8 or
/// i16 sum into i32, as quantized_matmul's zero-point corrections sum an
/// operand's rows and columns), which `*widen` is set to.
Operation *reductionStep(Block &body, Value in, Value acc,
                         Operation **widen = nullptr) {
  Operation *yield = body.getTerminator();
  size_t numOps = std::distance(body.without_terminator().begin(),
                                body.without_terminator().end());
  if (numOps < 1 || numOps > 2 || yield->getNumOperands() != 1)
    return nullptr;
  Operation *step = yield->getOperand(0).getDefiningOp();
  if (!step || step->getNumOperands() != 2 || !stepKind(step))
    return nullptr;
  Value a = step->getOperand(0), b = step->getOperand(1);
  if (numOps == 1)
    return (a == in && b == acc) || (a == acc && b == in) ? step : nullptr;
  Value other = a == acc ? b : b == acc ? a : Value();
  auto ext = other ? other.getDefiningOp<arith::ExtSIOp>() : nullptr;
  if (!widen || !ext || ext.getIn() != in || !isa<arith::AddIOp>(step) ||
      !ext->hasOneUse())
    return nullptr;
  *widen = ext;
  return step;
}

/// A dense reduction of an identity-read tensor along `dim` into an init
/// that keeps every other dimension (dropping `dim`, or reading it at 0).
struct ReductionForm {
  int64_t dim;
  ReduceKind kind;
  Operation *step;
  RankedTensorType input;
  /// The arith.extsi of each input element before a widening sum, or null.
  Operation *widen = nullptr;
};

/// Whether `map` is the identity of `rank` dims with `dim` dropped or 0.
bool keepsOtherDims(AffineMap map, int64_t dim, int64_t rank) {
  MLIRContext *ctx = map.getContext();
  SmallVector<AffineExpr> dropped, zeroed;
  for (int64_t d = 0; d < rank; ++d) {
    AffineExpr e = getAffineDimExpr(d, ctx);
    if (d != dim)
      dropped.push_back(e);
    zeroed.push_back(d == dim ? getAffineConstantExpr(0, ctx) : e);
  }
  return map == AffineMap::get(rank, 0, dropped, ctx) ||
         map == AffineMap::get(rank, 0, zeroed, ctx);
}

std::optional<ReductionForm> reductionForm(linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInputs() != 1 ||
      op.getNumDpsInits() != 1 || op.getNumReductionLoops() != 1 ||
      op->getNumResults() != 1)
    return std::nullopt;
  OpOperand *in = op.getDpsInputOperand(0), *init = op.getDpsInitOperand(0);
  RankedTensorType inType = asTiledTensor(in->get().getType());
  Type inElement = inType ? inType.getElementType() : Type();
  bool narrow =
      inElement && (inElement.isSignlessInteger(8) ||
                    inElement.isSignlessInteger(16));
  if (!inType || inType.getRank() != op.getNumLoops() ||
      !op.getMatchingIndexingMap(in).isIdentity() ||
      !(inElement.isF32() || inElement.isF64() ||
        inElement.isSignlessInteger(32) || narrow))
    return std::nullopt;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  auto dim = static_cast<int64_t>(
      llvm::find(iterators, utils::IteratorType::reduction) -
      iterators.begin());
  AffineMap initMap = op.getMatchingIndexingMap(init);
  if (!keepsOtherDims(initMap, dim, inType.getRank()))
    return std::nullopt;
  // The init must be the input with `dim` dropped or kept as 1: a keep-dim
  // map `(.., 0)` also verifies on a longer init, of which it reads and
  // writes slot 0 only (the rest keeps the init's values), which the tiled
  // reduce does not model.
  SmallVector<int64_t> reducedShape(inType.getShape());
  if (initMap.getNumResults() == inType.getRank())
    reducedShape[dim] = 1;
  else
    reducedShape.erase(reducedShape.begin() + dim);
  auto initType = dyn_cast<RankedTensorType>(init->get().getType());
  if (!initType || initType.getShape() != ArrayRef<int64_t>(reducedShape))
    return std::nullopt;
  Operation *widen = nullptr;
  Operation *step =
      reductionStep(*op.getBlock(), op.getMatchingBlockArgument(in),
                    op.getMatchingBlockArgument(init), &widen);
  if (!step || narrow != bool(widen) ||
      (widen && !widen->getResult(0).getType().isSignlessInteger(32)))
    return std::nullopt;
  return ReductionForm{dim, *stepKind(step), step, inType, widen};
}

/// `op(reduced, init)` on every slot of `reduced`: a max or min folds its
/// init in once at the end (the op is associative and commutative in
/// value, and quiets a NaN either way), so any init gives the dense bits.
Value combineWithInit(PatternRewriter &rewriter, Location loc, Value reduced,
                      Operation *step, TypedAttr init) {
  auto type = cast<TiledType>(reduced.getType());
  Type element = type.getElementType();
  auto ew = ElementwiseOp::create(rewriter, loc, type, ValueRange{reduced});
  OpBuilder::InsertionGuard guard(rewriter);
  Block *block = rewriter.createBlock(&ew.getBody(), {}, {element}, {loc});
  Value c = arith::ConstantOp::create(rewriter, loc, init);
  OperationState state(loc, step->getName(), {block->getArgument(0), c},
                       TypeRange{element}, step->getAttrs());
  YieldOp::create(rewriter, loc, rewriter.create(state)->getResult(0));
  return ew.getResult();
}

/// The geometry of the packs that are the only users of `v`, seen through
/// reshapes adding or removing unit dimensions (a keep-dim `[S, 1]` of a
/// `[S]` statistic), when they share one and none transposes; else null.
GeometryAttr onlyPackedAs(Value v) {
  GeometryAttr g;
  bool ok = !v.use_empty();
  SmallVector<Value> work{v};
  while (ok && !work.empty()) {
    Value x = work.pop_back_val();
    for (Operation *user : x.getUsers()) {
      if (auto pack = dyn_cast<PackOp>(user)) {
        GeometryAttr pg = pack.getType().getGeometry();
        ok &= !pack.getTranspose() && (!g || g == pg);
        g = pg;
      } else if (auto e = dyn_cast<tensor::ExpandShapeOp>(user);
                 e && isUnitReshape(e.getResultType().getShape(),
                                    e.getReassociationIndices())) {
        work.push_back(e.getResult());
      } else if (auto c = dyn_cast<tensor::CollapseShapeOp>(user);
                 c && isUnitReshape(c.getSrcType().getShape(),
                                    c.getReassociationIndices())) {
        work.push_back(c.getResult());
      } else {
        ok = false;
      }
    }
  }
  return ok ? g : GeometryAttr();
}

/// A sum (from +0), max or min (from any splat init) along any dimension of
/// an unpacked tensor, or of any tensor when the result is only packed (a
/// LayerNorm's statistic of a model input, read by tiled ops: the pack
/// moves up to the input, where propagation takes it on), ->
/// systile.reduce, keeping the dimension; the dense
/// result is its unpack, reshaped to the init's shape (a later element-wise
/// op sees through that reshape and reads the tiled value).
struct TileReduction : public OpInterfaceRewritePattern<linalg::LinalgOp> {
  TileReduction(MLIRContext *ctx, LayoutCounters &counters)
      : OpInterfaceRewritePattern(ctx), counters(counters) {}
  LayoutCounters &counters;

  LogicalResult matchAndRewrite(linalg::LinalgOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<ReductionForm> form = reductionForm(op);
    if (!form)
      return rewriter.notifyMatchFailure(op, "not a sum/max/min reduction");
    Value init = op.getDpsInitOperand(0)->get();
    TypedAttr initValue = splatInit(init);
    if (form->kind == ReduceKind::Sum ? !isPositiveZeroInit(init) : !initValue)
      return rewriter.notifyMatchFailure(op, "init is not +0 / a splat");
    Location loc = op.getLoc();
    std::optional<Origin> origin = unpackedFrom(op.getDpsInputs()[0]);
    if (origin && cast<TiledType>(origin->tiled.getType()).getShape() !=
                      form->input.getShape())
      return rewriter.notifyMatchFailure(op, "input is not unpacked");
    if (!origin) {
      GeometryAttr g = onlyPackedAs(op->getResult(0));
      if (!g)
        return rewriter.notifyMatchFailure(
            op, "input is not unpacked, and the result not only packed");
      // Past every check: the pack of the input (of its own shape) is the
      // first IR this rewrite creates.
      origin = Origin{tileAs(rewriter, loc, op.getDpsInputs()[0],
                             form->input.getShape(), g),
                      g};
    }
    SmallVector<int64_t> shape(form->input.getShape());
    shape[form->dim] = 1;
    Type element = form->input.getElementType();
    Value tiled = origin->tiled;
    if (form->widen) {
      // The elements sign-extended first, tiled (exact: a sum of i8 or i16
      // in wrapping i32 is the same whatever the order).
      element = form->widen->getResult(0).getType();
      SmallVector<int64_t> full(form->input.getShape());
      auto ew = ElementwiseOp::create(
          rewriter, loc, tiledType(full, element, origin->geometry),
          ValueRange{tiled});
      OpBuilder::InsertionGuard guard(rewriter);
      Block *block = rewriter.createBlock(
          &ew.getBody(), {}, {form->input.getElementType()}, {loc});
      Value ext =
          arith::ExtSIOp::create(rewriter, loc, element, block->getArgument(0));
      YieldOp::create(rewriter, loc, ext);
      tiled = ew.getResult();
    }
    Value result = ReduceOp::create(
        rewriter, loc, tiledType(shape, element, origin->geometry),
        ReduceKindAttr::get(op.getContext(), form->kind), tiled,
        rewriter.getI64IntegerAttr(form->dim));
    if (form->kind != ReduceKind::Sum)
      result = combineWithInit(rewriter, loc, result, form->step, initValue);
    Value dense = UnpackOp::create(
        rewriter, loc, RankedTensorType::get(shape, element), result);
    auto outType = cast<RankedTensorType>(op->getResult(0).getType());
    rewriter.replaceOp(op, reshapeTo(rewriter, loc, dense, outType.getShape()));
    ++counters.reductionsTiled;
    return success();
  }
};

/// A pack of a reshape of a block argument (a model input that a LayerNorm
/// reads as [B, S, D] and that the tiled LayerNorm packs as [B*S, D]): the
/// argument itself is packed at the start of its block, in that pack's
/// geometry, and the pack becomes the relayout of it that the reshape
/// expresses. The argument's other uses then find the packed value
/// (entryPackOf) and tile too, so the input is packed once.
struct PackArgumentOfReshape : public OpRewritePattern<PackOp> {
  PackArgumentOfReshape(MLIRContext *ctx, LayoutCounters &)
      : OpRewritePattern(ctx) {}

  LogicalResult matchAndRewrite(PackOp pack,
                                PatternRewriter &rewriter) const override {
    Operation *reshape = pack.getInput().getDefiningOp();
    if (pack.getTranspose() ||
        !isa_and_present<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(
            reshape))
      return rewriter.notifyMatchFailure(pack, "not a pack of a reshape");
    auto arg = dyn_cast<BlockArgument>(reshape->getOperand(0));
    RankedTensorType type = arg ? asTiledTensor(arg.getType()) : nullptr;
    if (!type || entryPackOf(arg))
      return rewriter.notifyMatchFailure(pack, "not of an unpacked argument");
    // Only for an argument that something else reads too (otherwise the
    // pack of the reshape is the one pack already), and when the relayout
    // moves nothing (packing a convolution's [N, H, W, C] image whole and
    // copying it into [N*H*W, C] would cost a copy and pad every W x C) or
    // is a row merge: [B, S, D] -> [B*S, D] copies when S is not a
    // multiple of the sublanes, one counted relayout, where declining
    // leaves a transformer's first LayerNorm dense and its statistics
    // packed apart.
    if (!(isFreeReshape(reshape, pack.getType().getSublanes()) ||
          isRowRegroup(reshape)) ||
        llvm::all_of(arg.getUsers(), [](Operation *user) {
          return isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(user) &&
                 llvm::all_of(user->getUsers(),
                              [](Operation *u) { return isa<PackOp>(u); });
        }))
      return rewriter.notifyMatchFailure(pack, "nothing to share the pack");
    auto entryType = TiledType::get(type.getShape(), type.getElementType(),
                                    pack.getType().getGeometry());
    if (entryType.withShape(pack.getType().getShape()) != pack.getType())
      return rewriter.notifyMatchFailure(pack, "another pad kind");
    Block *block = arg.getOwner();
    Value entry;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(block);
      entry = PackOp::create(rewriter, arg.getLoc(), entryType, arg);
    }
    rewriter.replaceOp(pack, relayoutOfReshape(rewriter, reshape, entry));
    return success();
  }
};

struct SystilePropagateLayout
    : public systile::impl::SystilePropagateLayoutBase<SystilePropagateLayout> {
  using SystilePropagateLayoutBase::SystilePropagateLayoutBase;
  LayoutCounters counters;

  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    patterns.add<TileElementwiseLinalg, TileElementwiseTensorOp, FoldSplatBroadcast,
                 SplatPackedFill, FoldIndexMask, LiftRank1Generic,
                 PackArgumentOfReshape>(ctx, counters);
    if (reductions)
      patterns.add<TileReduction>(ctx, counters);
    populateRelayoutPropagationPatterns(patterns, counters.relayoutsTiled);
    // Upstream's: results nothing uses (torch-mlir's softmax takes a max
    // and an argmax in one generic and uses the max only) are dropped, so
    // the reduction left has the form that tiles.
    linalg::populateEraseUnusedOperandsAndResultsPatterns(patterns);
    // Upstream's too: an element-wise generic on the image a convolution
    // unpacks (`expand_shape` of an unpacked N*H*W x C matrix into
    // [N, H, W, C], or of [C, H*W] into [1, C, H, W]) is collapsed to the
    // unpacked rank, and one whose result a convolution collapses and packs
    // again likewise; the generic then reads the unpacked value itself and
    // tiles, and the reshapes between unpack and pack fold away. Only
    // reshapes next to a systile.unpack or pack are folded, so dense code
    // keeps its shapes.
    linalg::populateFoldReshapeOpsByCollapsingPatterns(
        patterns, [](OpOperand *fused) {
          Value v = fused->get();
          if (auto expand = v.getDefiningOp<tensor::ExpandShapeOp>())
            return static_cast<bool>(
                expand.getSrc().getDefiningOp<UnpackOp>());
          if (auto collapse =
                  dyn_cast<tensor::CollapseShapeOp>(fused->getOwner())) {
            // A generic that also reads an unpacked image is collapsed to
            // that image's rank by the producer side instead (its result
            // reshape is then between an unpack and a pack: a
            // systile.reshape, such as the flatten before a classifier).
            if (auto producer = v.getDefiningOp<linalg::GenericOp>())
              if (llvm::any_of(producer.getDpsInputs(), [](Value in) {
                    auto expand = in.getDefiningOp<tensor::ExpandShapeOp>();
                    return expand && expand.getSrc().getDefiningOp<UnpackOp>();
                  }))
                return false;
            return llvm::all_of(collapse->getUsers(), [](Operation *user) {
              return isa<PackOp>(user);
            });
          }
          return false;
        });
    // Upstream's as well: a generic next to the tiled domain (reading an
    // unpacked image, or feeding a pack) drops its unit dimensions, so a
    // per-channel operand that a frontend shapes [C, 1, 1] and reads by
    // `(d1, 0, 0)` (torch-mlir's BatchNorm) becomes a [C] operand of a
    // plain broadcast map, and a pooling to 1x1 a reduction of a lower
    // rank; both then tile. Other generics keep their shapes.
    linalg::ControlDropUnitDims unitDims;
    unitDims.controlFn = [](Operation *op) -> SmallVector<unsigned> {
      auto generic = dyn_cast<linalg::GenericOp>(op);
      if (!generic || !generic.hasPureTensorSemantics())
        return {};
      // A generic of rank 2 or less whose maps hold no constant index is
      // already in the tiled rank (LiftRank1Generic makes such ones from
      // packed 1-D ops): dropping its unit dimension would only undo that.
      if (generic.getNumLoops() <= 2 &&
          llvm::all_of(generic.getIndexingMapsArray(), [](AffineMap m) {
            return m.isProjectedPermutation();
          }))
        return {};
      auto nextToTiled = [](Value v) {
        if (auto expand = v.getDefiningOp<tensor::ExpandShapeOp>())
          v = expand.getSrc();
        return static_cast<bool>(v.getDefiningOp<UnpackOp>());
      };
      bool feedsPack = llvm::any_of(generic->getUsers(), [](Operation *user) {
        if (isa<PackOp>(user))
          return true;
        return isa<tensor::CollapseShapeOp>(user) &&
               llvm::all_of(user->getUsers(),
                            [](Operation *u) { return isa<PackOp>(u); });
      });
      if (!feedsPack && !llvm::any_of(generic.getDpsInputs(), nextToTiled))
        return {};
      return llvm::to_vector(llvm::seq<unsigned>(0, generic.getNumLoops()));
    };
    linalg::populateFoldUnitExtentDimsPatterns(patterns, unitDims);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, ctx);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, ctx);
    hoistArgumentPacks(getOperation());
    if (failed(applyOpPatterns(getOperation(), std::move(patterns), getArgument())))
      signalPassFailure();
  }
};

} // namespace
