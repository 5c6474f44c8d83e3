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
//   smallest normal <= |x| < inf (ordered: false for NaN).
//
// An op with regions that carries a tiled value (an scf.for iter_arg, an
// scf.if result) has no path at all: MLIR's scf bufferization takes
// builtin tensors only (on such an op One-Shot Bufferize rebuilds it
// endlessly). The pass refuses it with an error at the op.
//
//===----------------------------------------------------------------------===//

#include "systile/Conversion/Passes.h"
#include "systile/Dialect/Systile/Transforms/BufferizableOpInterfaceImpl.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace systile {
#define GEN_PASS_DEF_SYSTILEEXPANDUNLOWEREDOPS
#include "systile/Conversion/Passes.h.inc"
} // namespace systile

using namespace mlir;

namespace {

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
    if (failed(systile::checkNoTiledRegionCarriers(getOperation())))
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    patterns.add<BitcastAsElementwise, ClassifyByMagnitude<math::IsInfOp>,
                 ClassifyByMagnitude<math::IsNormalOp>>(&getContext());
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace
