//===- MathModels.cpp - Execution models of the math dialect --------------===//
//
// Every math op is lane-wise (ScalarOps.h), its meaning one function object
// of systile/Runtime/Scalar.h. Each computes what upstream's lowering
// computes (docs/Interpreter.md has the table): the ops that
// -convert-math-to-llvm maps to an LLVM intrinsic call the glibc function
// that intrinsic becomes (expf, tanhf, powf, ...) or are exact (sqrt,
// floor, fma, fabs, ...); expm1, log1p and rsqrt are expanded as
// -convert-math-to-llvm expands them (exp(x) - 1, log(1 + x),
// 1 / sqrt(x)), rounding after each step; erf, erfc, cbrt, acosh, asinh and
// atanh call glibc as -convert-math-to-libm does; fpowi multiplies by
// repeated squaring as compiler-rt's __powisf2/__powidf2 and LLVM's
// expansion of llvm.powi do; ipowi follows -convert-math-to-funcs; clampf
// follows math's definition, maximumf(minimumf(value, min), max).
// bf16 and f16 are computed in f32 and rounded to nearest even once per
// LLVM operation, as LLVM legalises them.
//
//===----------------------------------------------------------------------===//

#include "../ScalarOps.h"

#include "mlir/Dialect/Math/IR/Math.h"

#include <cmath>

using namespace mlir;
using namespace systile::interp;
using namespace systile::interp::scalar;

namespace {

/// fpowi: a float base and an integer exponent (of its own kind).
LogicalResult runFPowI(Operation *op, ExecContext &ctx) {
  FailureOr<LaneOperands> ops = takeOperands(op, ctx);
  if (failed(ops))
    return failure();
  ElementKind kind = ops->kind(0), expKind = ops->kind(1);
  if (!isFloat(kind) || isFloat(expKind))
    return unsupportedKind(op, "a float base and an integer exponent; other",
                           isFloat(kind) ? expKind : kind);
  FailureOr<DenseValue> out = resultFor(op, ctx, *ops, kind);
  if (failed(out))
    return failure();
  visitKind(kind, [&](auto tag) {
    using T = typename decltype(tag)::type;
    visitKind(expKind, [&](auto etag) {
      using E = typename decltype(etag)::type;
      if constexpr (sc::isFloat<T> && !sc::isFloat<E>)
        map3<T, E, uint8_t, T>(
            (*ops)[0], (*ops)[1], (*ops)[1], *out, [](T a, E n, uint8_t) {
              return sc::FPowI()(a, int64_t(sc::IntTraits<E>::sext(n)));
            });
    });
  });
  return ctx.bindResult(op, std::move(*out));
}

/// sincos: two results, sin and cos of the operand.
LogicalResult runSinCos(Operation *op, ExecContext &ctx) {
  FailureOr<LaneOperands> ops = takeLaneOperands(op, ctx, Lanes::Float);
  if (failed(ops))
    return failure();
  ElementKind kind = ops->kind(0);
  FailureOr<DenseValue> s = ctx.allocate(op, kind, ops->shape);
  FailureOr<DenseValue> c = failed(s) ? s : ctx.allocate(op, kind, ops->shape);
  if (failed(c))
    return failure();
  visitKind(kind, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (sc::isFloat<T>) {
      map1<T, T>((*ops)[0], *s, sc::Sin());
      map1<T, T>((*ops)[0], *c, sc::Cos());
    }
  });
  (void)ctx.bindResult(op, std::move(*c), 1);
  return ctx.bindResult(op, std::move(*s));
}

/// ipowi's one poison case.
struct IPowIWhy {
  template <typename T> std::string operator()(T, T) const {
    return "division by zero (0 to a negative power)";
  }
};

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

void attachTranscendental(MLIRContext &ctx) {
  floatLanes<Lane<math::ExpOp, sc::Exp>, Lane<math::Exp2Op, sc::Exp2>,
             Lane<math::ExpM1Op, sc::ExpM1>, Lane<math::LogOp, sc::Log>,
             Lane<math::Log2Op, sc::Log2>, Lane<math::Log10Op, sc::Log10>,
             Lane<math::Log1pOp, sc::Log1p>, Lane<math::TanhOp, sc::Tanh>,
             Lane<math::SinOp, sc::Sin>, Lane<math::CosOp, sc::Cos>,
             Lane<math::TanOp, sc::Tan>, Lane<math::AtanOp, sc::Atan>,
             Lane<math::SinhOp, sc::Sinh>, Lane<math::CoshOp, sc::Cosh>,
             Lane<math::AsinOp, sc::Asin>, Lane<math::AcosOp, sc::Acos>,
             Lane<math::AcoshOp, sc::Acosh>, Lane<math::AsinhOp, sc::Asinh>,
             Lane<math::AtanhOp, sc::Atanh>, Lane<math::ErfOp, sc::Erf>,
             Lane<math::ErfcOp, sc::Erfc>, Lane<math::CbrtOp, sc::Cbrt>,
             Lane<math::SqrtOp, sc::Sqrt>, Lane<math::RsqrtOp, sc::Rsqrt>,
             Lane<math::Atan2Op, sc::Atan2>, Lane<math::PowFOp, sc::PowF>>(ctx);
  attachLaneModel<math::FPowIOp, runFPowI>(ctx);
  attachLaneModel<math::SincosOp, runSinCos>(ctx);
}

void attachExact(MLIRContext &ctx) {
  floatLanes<Lane<math::CeilOp, sc::Ceil>, Lane<math::FloorOp, sc::Floor>,
             Lane<math::TruncOp, sc::Trunc>, Lane<math::RoundOp, sc::Round>,
             Lane<math::RoundEvenOp, sc::RoundEven>,
             Lane<math::AbsFOp, sc::AbsF>, Lane<math::CopySignOp, sc::CopySign>,
             Lane<math::FmaOp, sc::Fma>, Lane<math::ClampFOp, sc::ClampF>,
             Lane<math::IsNaNOp, sc::IsNaN>, Lane<math::IsInfOp, sc::IsInf>,
             Lane<math::IsFiniteOp, sc::IsFinite>,
             Lane<math::IsNormalOp, sc::IsNormal>>(ctx);
  intLanes<Lane<math::AbsIOp, sc::AbsI>,
           Lane<math::CountLeadingZerosOp, sc::CountLeadingZeros>,
           Lane<math::CountTrailingZerosOp, sc::CountTrailingZeros>,
           Lane<math::CtPopOp, sc::CtPop>,
           Lane<math::IPowIOp, sc::IPowI, IPowIWhy>>(ctx);
}

} // namespace

void systile::interp::registerMathExecutionModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, math::MathDialect *) {
    attachTranscendental(*ctx);
    attachExact(*ctx);
  });
}
