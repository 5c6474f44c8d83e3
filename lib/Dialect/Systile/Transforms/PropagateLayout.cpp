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
//    systile.reduce <sum>.
// Each fires only when an operand comes out of an unpack or every user is
// a pack, so nothing dense is packed that was not already.
//
//===----------------------------------------------------------------------===//

#include "OpPatternDriver.h"

#include "systile/Dialect/Systile/IR/SystileOps.h"
#include "systile/Dialect/Systile/Transforms/Passes.h"
#include "systile/Support/PassStatistics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
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
  PassCounter reductionsTiled{"systile-propagate-layout", "reductions-tiled",
                              "row/column sums turned into systile.reduce"};
};

bool isTiledElement(Type t) { return TiledType::isSupportedElementType(t); }

/// A static rank-2 tensor of a tiled element type.
RankedTensorType asMatrix(Type t) {
  auto type = dyn_cast<RankedTensorType>(t);
  if (!type || type.getRank() != 2 || !type.hasStaticShape() ||
      type.getEncoding() || !isTiledElement(type.getElementType()) ||
      llvm::is_contained(type.getShape(), 0))
    return {};
  return type;
}

/// Where a value's tiled form comes from, and its geometry.
struct Origin {
  Value tiled;
  GeometryAttr geometry;
};

/// The tiled value `v` was unpacked from (directly, or through the
/// collapse of a 1xN / Mx1 unpack to a vector), if any.
std::optional<Origin> unpackedFrom(Value v) {
  if (auto collapse = v.getDefiningOp<tensor::CollapseShapeOp>())
    v = collapse.getSrc();
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

/// The tiled form of the rank-2 tensor `v`: what it was unpacked from, or
/// a new pack.
Value tileMatrix(PatternRewriter &rewriter, Location loc, Value v,
                 GeometryAttr g) {
  if (auto unpack = v.getDefiningOp<UnpackOp>())
    if (unpack.getInput().getType().getGeometry() == g)
      return unpack.getInput();
  auto type = cast<RankedTensorType>(v.getType());
  return PackOp::create(
      rewriter, loc, tiledType(type.getShape(), type.getElementType(), g), v);
}

/// The tiled 1xK (`asRow`) or Kx1 form of the vector `v` (tensor<K>).
Value tileVector(PatternRewriter &rewriter, Location loc, Value v, bool asRow,
                 GeometryAttr g) {
  auto type = cast<RankedTensorType>(v.getType());
  int64_t k = type.getDimSize(0);
  SmallVector<int64_t, 2> shape =
      asRow ? SmallVector<int64_t, 2>{1, k} : SmallVector<int64_t, 2>{k, 1};
  if (std::optional<Origin> o = unpackedFrom(v))
    if (o->geometry == g &&
        cast<TiledType>(o->tiled.getType()).getShape() == ArrayRef(shape))
      return o->tiled;
  auto matrix = RankedTensorType::get(shape, type.getElementType());
  Value expanded = tensor::ExpandShapeOp::create(
      rewriter, loc, matrix, v, ArrayRef<ReassociationIndices>{{0, 1}});
  return tileMatrix(rewriter, loc, expanded, g);
}

//===----------------------------------------------------------------------===//
// Element-wise linalg ops
//===----------------------------------------------------------------------===//

/// How an input of a 2-d element-wise linalg op is indexed.
enum class Access { Identity, Row, Column, RowMatrix, ColumnMatrix, Scalar };

std::optional<Access> accessOf(OpOperand *operand, linalg::LinalgOp op) {
  Type type = operand->get().getType();
  if (!isa<ShapedType>(type))
    return isTiledElement(type) ? std::optional(Access::Scalar) : std::nullopt;
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape() || tensor.getEncoding() ||
      !isTiledElement(tensor.getElementType()))
    return std::nullopt;
  AffineMap map = op.getMatchingIndexingMap(operand);
  MLIRContext *ctx = map.getContext();
  AffineExpr d0 = getAffineDimExpr(0, ctx), d1 = getAffineDimExpr(1, ctx),
             zero = getAffineConstantExpr(0, ctx);
  auto is = [&](ArrayRef<AffineExpr> exprs) {
    return map == AffineMap::get(2, 0, exprs, ctx);
  };
  if (is({d0, d1}))
    return Access::Identity;
  if (is({d1}))
    return Access::Row;
  if (is({d0}))
    return Access::Column;
  if (is({zero, d1}) && tensor.getDimSize(0) == 1)
    return Access::RowMatrix;
  if (is({d0, zero}) && tensor.getDimSize(1) == 1)
    return Access::ColumnMatrix;
  return std::nullopt;
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

/// The access of each input, or nullopt when the op is not a 2-d
/// element-wise op on tiled element types.
std::optional<SmallVector<Access>> elementwiseAccesses(linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumLoops() != 2 ||
      op.getNumDpsInits() != 1 || op->getNumResults() != 1 ||
      op.getNumParallelLoops() != 2 || isa<linalg::FillOp>(op))
    return std::nullopt;
  OpOperand *init = op.getDpsInitOperand(0);
  if (!asMatrix(init->get().getType()) ||
      !op.getMatchingIndexingMap(init).isIdentity() ||
      op.payloadUsesValueFromOperand(init) || !payloadIsScalar(*op.getBlock()))
    return std::nullopt;
  SmallVector<Access> accesses;
  for (OpOperand *input : op.getDpsInputOperands()) {
    std::optional<Access> a = accessOf(input, op);
    if (!a)
      return std::nullopt;
    accesses.push_back(*a);
  }
  return accesses;
}

/// The tiled operand for `input` accessed as `access`: the MxN matrix, or
/// a 1xN row, Mx1 column or 1x1 scalar that systile.elementwise broadcasts
/// along its unit dimensions (nothing of the result's size is built).
Value tileInput(PatternRewriter &rewriter, Location loc, Value input,
                Access access, TiledType result) {
  GeometryAttr g = result.getGeometry();
  switch (access) {
  case Access::Identity:
  case Access::RowMatrix:
  case Access::ColumnMatrix:
    return tileMatrix(rewriter, loc, input, g);
  case Access::Row:
    return tileVector(rewriter, loc, input, true, g);
  case Access::Column:
    return tileVector(rewriter, loc, input, false, g);
  case Access::Scalar:
    return SplatOp::create(rewriter, loc, tiledType({1, 1}, input.getType(), g),
                           input);
  }
  return {};
}

/// Moves `body`'s ops (payload of a linalg op or a scalar op) into the
/// region of `ew`, mapping `args` to its block arguments, cloning
/// constants from above, and ending with systile.yield of `yielded`.
void fillRegion(PatternRewriter &rewriter, ElementwiseOp ew, Block &body,
                ArrayRef<Value> args, Value yielded) {
  SmallVector<Type> types;
  SmallVector<Location> locs;
  for (Value a : args) {
    types.push_back(a.getType());
    locs.push_back(a.getLoc());
  }
  OpBuilder::InsertionGuard guard(rewriter);
  Block *block = rewriter.createBlock(&ew.getBody(), {}, types, locs);
  IRMapping map;
  for (auto [from, to] : llvm::zip(args, block->getArguments()))
    map.map(from, to);
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

struct TileElementwiseLinalg
    : public OpInterfaceRewritePattern<linalg::LinalgOp> {
  TileElementwiseLinalg(MLIRContext *ctx, LayoutCounters &counters)
      : OpInterfaceRewritePattern(ctx), counters(counters) {}
  LayoutCounters &counters;

  LogicalResult matchAndRewrite(linalg::LinalgOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<SmallVector<Access>> accesses = elementwiseAccesses(op);
    if (!accesses)
      return rewriter.notifyMatchFailure(op, "not a 2-d element-wise op");
    SmallVector<Value> inputs = op.getDpsInputs();
    Trigger trigger = triggerOf(inputs, op->getResult(0));
    if (!trigger.fires())
      return rewriter.notifyMatchFailure(op, "no tiled operand or user");
    auto outType = cast<RankedTensorType>(op->getResult(0).getType());
    TiledType resultType = tiledType(
        outType.getShape(), outType.getElementType(), trigger.geometry);
    Location loc = op.getLoc();
    SmallVector<Value> tiled;
    for (auto [input, access] : llvm::zip(inputs, *accesses))
      tiled.push_back(tileInput(rewriter, loc, input, access, resultType));
    auto ew = ElementwiseOp::create(rewriter, loc, resultType, tiled);
    Block &body = *op.getBlock();
    SmallVector<Value> args;
    for (OpOperand *input : op.getDpsInputOperands())
      args.push_back(op.getMatchingBlockArgument(input));
    fillRegion(rewriter, ew, body, args, body.getTerminator()->getOperand(0));
    rewriter.replaceOpWithNewOp<UnpackOp>(op, outType, ew.getResult());
    ++counters.opsTiled;
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
    RankedTensorType out = asMatrix(op->getResult(0).getType());
    if (!out || !llvm::all_of(op->getOperandTypes(), [&](Type t) {
          RankedTensorType m = asMatrix(t);
          return m && m.getShape() == out.getShape();
        }))
      return rewriter.notifyMatchFailure(op, "not on rank-2 tiled tensors");
    Trigger trigger = triggerOf(op->getOperands(), op->getResult(0));
    if (!trigger.fires())
      return rewriter.notifyMatchFailure(op, "no tiled operand or user");
    TiledType resultType =
        tiledType(out.getShape(), out.getElementType(), trigger.geometry);
    Location loc = op->getLoc();
    SmallVector<Value> tiled;
    for (Value v : op->getOperands())
      tiled.push_back(tileMatrix(rewriter, loc, v, trigger.geometry));
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

/// Whether `init` is a +0 accumulator: linalg.fill of +0, or a constant
/// whose elements are all +0.
bool isPositiveZeroInit(Value init) {
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

/// Whether the payload is exactly `yield addf(in, acc)` (either order).
bool isSumPayload(Block &body, Value in, Value acc) {
  auto yield = body.getTerminator();
  if (!llvm::hasSingleElement(body.without_terminator()) ||
      yield->getNumOperands() != 1)
    return false;
  Operation *add = yield->getOperand(0).getDefiningOp();
  if (!add || !isa<arith::AddFOp, arith::AddIOp>(add))
    return false;
  Value a = add->getOperand(0), b = add->getOperand(1);
  return (a == in && b == acc) || (a == acc && b == in);
}

struct TileRowSum : public OpInterfaceRewritePattern<linalg::LinalgOp> {
  TileRowSum(MLIRContext *ctx, LayoutCounters &counters)
      : OpInterfaceRewritePattern(ctx), counters(counters) {}
  LayoutCounters &counters;

  LogicalResult matchAndRewrite(linalg::LinalgOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics() || op.getNumLoops() != 2 ||
        op.getNumDpsInputs() != 1 || op.getNumDpsInits() != 1 ||
        op.getNumReductionLoops() != 1 || op->getNumResults() != 1)
      return failure();
    OpOperand *in = op.getDpsInputOperand(0), *init = op.getDpsInitOperand(0);
    RankedTensorType inType = asMatrix(in->get().getType());
    auto outType = dyn_cast<RankedTensorType>(init->get().getType());
    if (!inType || !op.getMatchingIndexingMap(in).isIdentity() || !outType ||
        outType.getRank() != 1 ||
        !(inType.getElementType().isF32() ||
          inType.getElementType().isSignlessInteger(32)))
      return rewriter.notifyMatchFailure(op, "not a 2-d f32/i32 reduction");
    // dim 1 (along rows): iterators [parallel, reduction], output (d0).
    bool alongRows =
        op.getIteratorTypesArray()[1] == utils::IteratorType::reduction;
    MLIRContext *ctx = op.getContext();
    AffineMap kept =
        AffineMap::get(2, 0, getAffineDimExpr(alongRows ? 0 : 1, ctx), ctx);
    if (op.getMatchingIndexingMap(init) != kept ||
        !isSumPayload(*op.getBlock(), op.getMatchingBlockArgument(in),
                      op.getMatchingBlockArgument(init)) ||
        !isPositiveZeroInit(init->get()))
      return rewriter.notifyMatchFailure(op, "not a +0-initialised sum");
    std::optional<Origin> origin = unpackedFrom(in->get());
    if (!origin || cast<TiledType>(origin->tiled.getType()).getShape() !=
                       inType.getShape())
      return rewriter.notifyMatchFailure(op, "input is not unpacked");
    int64_t dim = alongRows ? 1 : 0;
    SmallVector<int64_t, 2> shape(inType.getShape());
    shape[dim] = 1;
    Location loc = op.getLoc();
    auto reduce = ReduceOp::create(
        rewriter, loc,
        tiledType(shape, inType.getElementType(), origin->geometry),
        ReduceKindAttr::get(ctx, ReduceKind::Sum), origin->tiled,
        rewriter.getI64IntegerAttr(dim));
    Value dense = UnpackOp::create(
        rewriter, loc, RankedTensorType::get(shape, inType.getElementType()),
        reduce.getResult());
    rewriter.replaceOpWithNewOp<tensor::CollapseShapeOp>(
        op, outType, dense, ArrayRef<ReassociationIndices>{{0, 1}});
    ++counters.reductionsTiled;
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
    patterns.add<TileElementwiseLinalg, TileElementwiseTensorOp,
                 SplatPackedFill>(ctx, counters);
    if (reductions)
      patterns.add<TileRowSum>(ctx, counters);
    if (failed(applyOpPatterns(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
