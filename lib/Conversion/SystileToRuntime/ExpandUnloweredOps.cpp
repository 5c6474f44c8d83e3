//===- ExpandUnloweredOps.cpp - ops upstream cannot take to LLVM ----------===//
//
// systile-expand-unlowered-ops: the ops of programs systile runs for which
// upstream's bufferization or lowering to LLVM has no path, rewritten as
// ops it lowers, with the same result for every input:
//
// * tensor.bitcast (no bufferization model: "op was not bufferized") as
//   the element-wise arith.bitcast of the tensor, after a tensor.cast to
//   the result's shape where the static sizes differ;
// * math.isinf and math.isnormal (convert-math-to-llvm lowers isnan and
//   isfinite only) as comparisons of the magnitude: |x| == inf, and
//   smallest normal <= |x| < inf (ordered: false for NaN);
// * a splat constant of 64 MiB or more (arith.constant of a tensor,
//   systile.constant) as a fill at run time (linalg.fill of tensor.empty,
//   systile.splat): LLVM would spell out every element of the global.
//
// * an scf.for, scf.while, scf.if or scf.index_switch that carries a tiled
//   value (an iter_arg, a result): MLIR's scf bufferization takes builtin
//   tensors only (on such an op One-Shot Bufferize rebuilds it endlessly),
//   so the op carries the value's storage instead, a tensor<N x T>
//   (systile.to_storage where the value enters, systile.from_storage where
//   it is used: in a loop, both bufferize to the same buffer, no copy), by
//   upstream's structural type conversion of scf ops.
//
// An scf.execute_region that yields a tiled value is inlined into its
// parent first. Any other op with regions that carries a tiled value (an
// execute_region of several blocks inside an op other than a function,
// an op of another dialect) has no path: the pass refuses it with an error
// at the op.
//
//===----------------------------------------------------------------------===//

#include "systile/Conversion/Passes.h"
#include "systile/Dialect/Systile/Transforms/BufferizableOpInterfaceImpl.h"

#include "systile/Dialect/Systile/IR/SystileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace systile {
#define GEN_PASS_DEF_SYSTILEEXPANDUNLOWEREDOPS
#include "systile/Conversion/Passes.h.inc"
} // namespace systile

using namespace mlir;

namespace {

/// Whether `op` is an scf op that carries a tiled value, which
/// carryStorage rewrites.
bool carriesTiledValue(Operation *op) {
  if (!isa<scf::ForOp, scf::WhileOp, scf::IfOp, scf::IndexSwitchOp>(op))
    return false;
  auto tiled = [](TypeRange types) {
    return llvm::any_of(types, llvm::IsaPred<systile::TiledType>);
  };
  return tiled(op->getOperandTypes()) || tiled(op->getResultTypes());
}

/// Rewrites the scf ops under `root` that carry tiled values to carry
/// their storage (upstream's structural type conversion of scf ops, with
/// systile.to_storage and systile.from_storage as the materializations).
LogicalResult carryStorage(Operation *root) {
  // An scf.execute_region carrying a tiled value is inlined into its
  // parent first (upstream's canonicalization: a single block in place, a
  // multi-block region as cf branches where the parent may hold blocks), so
  // its values become plain SSA values of the parent.
  SmallVector<scf::ExecuteRegionOp> regions;
  root->walk([&](scf::ExecuteRegionOp op) {
    if (llvm::any_of(op->getResultTypes(), llvm::IsaPred<systile::TiledType>))
      regions.push_back(op);
  });
  if (!regions.empty()) {
    RewritePatternSet inline_(root->getContext());
    scf::ExecuteRegionOp::getCanonicalizationPatterns(inline_,
                                                      root->getContext());
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingOps);
    SmallVector<Operation *> ops(regions.begin(), regions.end());
    (void)applyOpPatternsGreedily(ops, std::move(inline_), config);
  }
  bool any = false;
  root->walk([&](Operation *op) {
    any = carriesTiledValue(op);
    return any ? WalkResult::interrupt() : WalkResult::advance();
  });
  if (!any)
    return success();
  MLIRContext *ctx = root->getContext();
  TypeConverter converter;
  converter.addConversion([](Type type) { return type; });
  converter.addConversion([](systile::TiledType type) -> Type {
    return RankedTensorType::get({type.getNumStorageElements()},
                                 type.getElementType());
  });
  converter.addSourceMaterialization(
      [](OpBuilder &builder, systile::TiledType type, ValueRange inputs,
         Location loc) -> Value {
        if (inputs.size() != 1 || !isa<RankedTensorType>(inputs[0].getType()))
          return {};
        return systile::FromStorageOp::create(builder, loc, type, inputs[0]);
      });
  converter.addTargetMaterialization(
      [](OpBuilder &builder, RankedTensorType type, ValueRange inputs,
         Location loc) -> Value {
        if (inputs.size() != 1 ||
            !isa<systile::TiledType>(inputs[0].getType()))
          return {};
        return systile::ToStorageOp::create(builder, loc, type, inputs[0]);
      });
  ConversionTarget target(*ctx);
  RewritePatternSet patterns(ctx);
  scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                       target);
  target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
  if (failed(applyPartialConversion(root, target, std::move(patterns))))
    return failure();
  // to_storage(from_storage(%s)) between two carriers is %s.
  root->walk([](systile::ToStorageOp op) {
    auto from = op.getInput().getDefiningOp<systile::FromStorageOp>();
    if (from && from.getInput().getType() == op.getType()) {
      op.replaceAllUsesWith(from.getInput());
      op->erase();
    }
  });
  root->walk([](systile::FromStorageOp op) {
    if (op->use_empty())
      op->erase();
  });
  // Inside a loop, the tiled value read from the carried storage may share
  // its buffer (`unique`): nothing writes a loop's carried value when its
  // every use is a from_storage or passes it on through the terminator of
  // its block (upstream's scf.for and scf.while count their initial
  // buffers as written, so One-Shot Bufferize copies an initial value that
  // is read again). Elsewhere from_storage copies.
  root->walk([](systile::FromStorageOp op) {
    auto arg = dyn_cast<BlockArgument>(op.getInput());
    if (!arg || !isa_and_nonnull<scf::ForOp, scf::WhileOp>(
                    arg.getOwner()->getParentOp()))
      return;
    if (llvm::all_of(arg.getUsers(), [&](Operation *user) {
          return isa<systile::FromStorageOp>(user) ||
                 (isa<scf::YieldOp, scf::ConditionOp>(user) &&
                  user->getBlock() == arg.getOwner());
        }))
      op.setUnique(true);
  });
  return success();
}

struct BitcastAsElementwise : OpRewritePattern<tensor::BitcastOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::BitcastOp op,
                                PatternRewriter &rewriter) const override {
    auto from = dyn_cast<RankedTensorType>(op.getSource().getType());
    auto to = dyn_cast<RankedTensorType>(op.getType());
    if (!from || !to)
      return rewriter.notifyMatchFailure(op, "unranked");
    Value source = op.getSource();
    if (from.getShape() != to.getShape())
      source = tensor::CastOp::create(
          rewriter, op.getLoc(), to.clone(from.getElementType()), source);
    rewriter.replaceOpWithNewOp<arith::BitcastOp>(op, to, source);
    return success();
  }
};

/// Splat constants from this size on are filled at run time rather than
/// compiled into the program: LLVM spells out every element of a global
/// (measured: compiling a 256 MiB splat weight took 1.5 GB; a 16 GiB one
/// ran out of memory inside LLVM), while a filled buffer is an allocation
/// of the run, held to systile-run's --max-memory budget like every other.
constexpr uint64_t kLargeSplatBytes = uint64_t(64) << 20;

/// The bytes of `count` elements of `type`, saturating.
uint64_t elementBytes(Type type, uint64_t count) {
  uint64_t bytes = (type.getIntOrFloatBitWidth() + 7) / 8;
  return count > UINT64_MAX / std::max<uint64_t>(bytes, 1) ? UINT64_MAX
                                                           : count * bytes;
}

/// A large splat arith.constant of a static tensor as linalg.fill of a
/// tensor.empty, which bufferizes to an allocation and a fill.
struct FillLargeSplatConstant : OpRewritePattern<arith::ConstantOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::ConstantOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    auto splat = dyn_cast<SplatElementsAttr>(op.getValue());
    if (!type || !splat || !type.hasStaticShape() ||
        !type.getElementType().isIntOrFloat() ||
        elementBytes(type.getElementType(), type.getNumElements()) <
            kLargeSplatBytes)
      return rewriter.notifyMatchFailure(op, "not a large splat tensor");
    Location loc = op.getLoc();
    Value scalar = arith::ConstantOp::create(rewriter, loc,
                                             splat.getSplatValue<TypedAttr>());
    Value empty = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                          type.getElementType());
    rewriter.replaceOpWithNewOp<linalg::FillOp>(op, scalar, empty);
    return success();
  }
};

/// A large splat systile.constant as the systile.splat of its value, where
/// the two have the same storage (systile.splat's folder in reverse: the
/// value is zero, the pad kind undef, or the shape has no padding).
struct SplatLargeTiledConstant : OpRewritePattern<systile::ConstantOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(systile::ConstantOp op,
                                PatternRewriter &rewriter) const override {
    systile::TiledType type = op.getType();
    auto splat = dyn_cast<SplatElementsAttr>(op.getValue());
    if (!splat || elementBytes(type.getElementType(),
                               type.getNumStorageElements()) < kLargeSplatBytes)
      return rewriter.notifyMatchFailure(op, "not a large splat");
    auto value = splat.getSplatValue<TypedAttr>();
    // (A canonicalization after this would fold the splat straight back
    // into the constant; systile-lower-to-llvm runs none before
    // bufferization.)
    if (!systile::splatIsStorage(value, type))
      return rewriter.notifyMatchFailure(op, "padding differs from a splat's");
    Value scalar = arith::ConstantOp::create(rewriter, op.getLoc(), value);
    rewriter.replaceOpWithNewOp<systile::SplatOp>(op, type, scalar);
    return success();
  }
};

/// A constant of `type` (a float or a shaped type of floats) holding
/// `value` in every element.
Value floatConstant(PatternRewriter &rewriter, Location loc, Type type,
                    const APFloat &value) {
  auto element = cast<FloatType>(getElementTypeOrSelf(type));
  TypedAttr attr = FloatAttr::get(element, value);
  if (auto shaped = dyn_cast<ShapedType>(type))
    attr = DenseElementsAttr::get(shaped, attr);
  return arith::ConstantOp::create(rewriter, loc, type, attr);
}

template <typename Op>
struct ClassifyByMagnitude : OpRewritePattern<Op> {
  using OpRewritePattern<Op>::OpRewritePattern;

  LogicalResult matchAndRewrite(Op op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = op.getOperand();
    Type type = x.getType();
    const llvm::fltSemantics &sem =
        cast<FloatType>(getElementTypeOrSelf(type)).getFloatSemantics();
    if (!APFloat::semanticsHasInf(sem))
      return rewriter.notifyMatchFailure(op, "a format without infinities");
    Value magnitude = math::AbsFOp::create(rewriter, loc, x);
    Value inf = floatConstant(rewriter, loc, type, APFloat::getInf(sem));
    if constexpr (std::is_same_v<Op, math::IsInfOp>) {
      rewriter.replaceOpWithNewOp<arith::CmpFOp>(op, arith::CmpFPredicate::OEQ,
                                                 magnitude, inf);
    } else {
      Value smallest = floatConstant(rewriter, loc, type,
                                     APFloat::getSmallestNormalized(sem));
      Value atLeast = arith::CmpFOp::create(
          rewriter, loc, arith::CmpFPredicate::OGE, magnitude, smallest);
      Value finite = arith::CmpFOp::create(
          rewriter, loc, arith::CmpFPredicate::OLT, magnitude, inf);
      rewriter.replaceOpWithNewOp<arith::AndIOp>(op, atLeast, finite);
    }
    return success();
  }
};

struct SystileExpandUnloweredOps
    : public systile::impl::SystileExpandUnloweredOpsBase<
          SystileExpandUnloweredOps> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(carryStorage(getOperation())) ||
        failed(systile::checkNoTiledRegionCarriers(getOperation())))
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    patterns.add<BitcastAsElementwise, ClassifyByMagnitude<math::IsInfOp>,
                 ClassifyByMagnitude<math::IsNormalOp>, FillLargeSplatConstant,
                 SplatLargeTiledConstant>(&getContext());
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace
