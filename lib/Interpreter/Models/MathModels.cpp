//===- MathModels.cpp - Execution models of the math dialect --------------===//
//
// Every math op is lane-wise (ScalarOps.h). Each computes what upstream's
// lowering computes (docs/Interpreter.md has the table): the ops that
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

/// The compute-type value `c` rounded to the kind's storage and back (an
/// identity for f32 and f64).
template <typename Tr> typename Tr::C rnd(typename Tr::C c) {
  return Tr::load(Tr::store(c));
}

//===----------------------------------------------------------------------===//
// Float unary ops
//===----------------------------------------------------------------------===//

#define UNARY(NAME, EXPR)                                                      \
  struct NAME {                                                                \
    template <typename Tr> static typename Tr::C apply(typename Tr::C x) {     \
      using C = typename Tr::C;                                                \
      (void)sizeof(C);                                                         \
      return EXPR;                                                             \
    }                                                                          \
  };
// One glibc call each (through llvm.* intrinsics or -convert-math-to-libm).
UNARY(Exp, std::exp(x))
UNARY(Exp2, std::exp2(x))
UNARY(Log, std::log(x))
UNARY(Log2, std::log2(x))
UNARY(Log10, std::log10(x))
UNARY(Tanh, std::tanh(x))
UNARY(Sin, std::sin(x))
UNARY(Cos, std::cos(x))
UNARY(Tan, std::tan(x))
UNARY(Atan, std::atan(x))
UNARY(Sinh, std::sinh(x))
UNARY(Cosh, std::cosh(x))
UNARY(Asin, std::asin(x))
UNARY(Acos, std::acos(x))
UNARY(Acosh, std::acosh(x))
UNARY(Asinh, std::asinh(x))
UNARY(Atanh, std::atanh(x))
UNARY(Erf, std::erf(x))
UNARY(Erfc, std::erfc(x))
UNARY(Cbrt, std::cbrt(x))
// Correctly rounded or exact.
UNARY(Sqrt, std::sqrt(x))
UNARY(Ceil, std::ceil(x))
UNARY(Floor, std::floor(x))
UNARY(Trunc, std::trunc(x))
UNARY(Round, std::round(x))
UNARY(RoundEven, std::nearbyint(x)) // Ties to even in the default mode.
// -convert-math-to-llvm's expansions, each step rounded to the kind.
UNARY(ExpM1, rnd<Tr>(std::exp(x)) - C(1))
UNARY(Log1p, std::log(rnd<Tr>(C(1) + x)))
UNARY(Rsqrt, C(1) / rnd<Tr>(std::sqrt(x)))
#undef UNARY

template <typename Fn> LogicalResult runUnary(Operation *op, ExecContext &ctx) {
  FailureOr<LaneOperands> ops = takeOperands(op, ctx);
  if (failed(ops))
    return failure();
  ElementKind kind = ops->kind(0);
  if (!isFloat(kind))
    return unsupportedKind(op, "float", kind);
  FailureOr<DenseValue> out = resultFor(op, ctx, *ops, kind);
  if (failed(out))
    return failure();
  visitKind(kind, [&](auto tag) {
    constexpr ElementKind K = decltype(tag)::kind;
    if constexpr (isFloatKind<K>) {
      using Tr = FloatTraits<K>;
      using T = typename Tr::T;
      map1<T, T>((*ops)[0], *out, [](T v) {
        return Tr::store(Fn::template apply<Tr>(Tr::load(v)));
      });
    }
  });
  return bindResult(op, ctx, std::move(*out));
}

/// Float ops on the bits: absf, copysign (and the i1 classifications
/// below), exact for every kind including NaNs.
template <bool CopySign>
LogicalResult runSignBits(Operation *op, ExecContext &ctx) {
  FailureOr<LaneOperands> ops = takeOperands(op, ctx);
  if (failed(ops) || failed(checkSameKinds(op, *ops)))
    return failure();
  ElementKind kind = ops->kind(0);
  if (!isFloat(kind))
    return unsupportedKind(op, "float", kind);
  FailureOr<DenseValue> out = resultFor(op, ctx, *ops, kind);
  if (failed(out))
    return failure();
  auto run = [&](auto zero) {
    using U = decltype(zero);
    constexpr U sign = U(1) << (sizeof(U) * 8 - 1);
    if constexpr (CopySign)
      map2<U, U>((*ops)[0], (*ops)[1], *out,
                 [](U a, U b) -> U { return (a & ~sign) | (b & sign); });
    else
      map1<U, U>((*ops)[0], *out, [](U a) -> U { return a & ~sign; });
  };
  switch (elementSize(kind)) {
  case 2:
    run(uint16_t());
    break;
  case 4:
    run(uint32_t());
    break;
  default:
    run(uint64_t());
  }
  return bindResult(op, ctx, std::move(*out));
}

/// isnan, isinf, isfinite, isnormal -> i1.
enum class Class { NaN, Inf, Finite, Normal };
template <Class Which>
LogicalResult runClassify(Operation *op, ExecContext &ctx) {
  FailureOr<LaneOperands> ops = takeOperands(op, ctx);
  if (failed(ops))
    return failure();
  ElementKind kind = ops->kind(0);
  if (!isFloat(kind))
    return unsupportedKind(op, "float", kind);
  FailureOr<DenseValue> out = resultFor(op, ctx, *ops, ElementKind::I1);
  if (failed(out))
    return failure();
  visitKind(kind, [&](auto tag) {
    constexpr ElementKind K = decltype(tag)::kind;
    if constexpr (isFloatKind<K>) {
      using Tr = FloatTraits<K>;
      using T = typename Tr::T;
      map1<T, uint8_t>((*ops)[0], *out, [](T v) -> uint8_t {
        auto x = Tr::load(v);
        if constexpr (Which == Class::NaN)
          return std::isnan(x);
        else if constexpr (Which == Class::Inf)
          return std::isinf(x);
        else if constexpr (Which == Class::Finite)
          return std::isfinite(x);
        else if constexpr (K == ElementKind::F16) // Smallest normal 2^-14.
          return std::isnormal(x) && std::fabs(x) >= 0x1p-14f;
        else // bf16 has f32's exponent range.
          return std::isnormal(x);
      });
    }
  });
  return bindResult(op, ctx, std::move(*out));
}

//===----------------------------------------------------------------------===//
// Float binary and ternary ops
//===----------------------------------------------------------------------===//

struct Atan2 {
  template <typename C> static C apply(C a, C b) { return std::atan2(a, b); }
};
struct PowF {
  template <typename C> static C apply(C a, C b) { return std::pow(a, b); }
};

/// fma (one rounding in the compute type) and clampf.
struct Fma {
  template <typename Tr>
  static auto apply(typename Tr::C a, typename Tr::C b, typename Tr::C c) {
    return std::fma(a, b, c);
  }
};
struct ClampF {
  template <typename Tr>
  static auto apply(typename Tr::C v, typename Tr::C lo, typename Tr::C hi) {
    return MaximumF::apply(MinimumF::apply(v, lo), hi);
  }
};

template <typename Fn>
LogicalResult runTernary(Operation *op, ExecContext &ctx) {
  FailureOr<LaneOperands> ops = takeOperands(op, ctx);
  if (failed(ops) || failed(checkSameKinds(op, *ops)))
    return failure();
  ElementKind kind = ops->kind(0);
  if (!isFloat(kind))
    return unsupportedKind(op, "float", kind);
  FailureOr<DenseValue> out = resultFor(op, ctx, *ops, kind);
  if (failed(out))
    return failure();
  visitKind(kind, [&](auto tag) {
    constexpr ElementKind K = decltype(tag)::kind;
    if constexpr (isFloatKind<K>) {
      using Tr = FloatTraits<K>;
      using T = typename Tr::T;
      map3<T, T, T, T>(
          (*ops)[0], (*ops)[1], (*ops)[2], *out, [](T a, T b, T c) {
            return Tr::store(
                Fn::template apply<Tr>(Tr::load(a), Tr::load(b), Tr::load(c)));
          });
    }
  });
  return bindResult(op, ctx, std::move(*out));
}

/// fpowi: x^n by binary decomposition, as __powisf2/__powidf2 and LLVM's
/// expansion of llvm.powi with a constant exponent (r = 1; r *= x for each
/// set bit while x squares; 1 / r for a negative n). bf16/f16 go through
/// f32 and round once.
template <typename C> C powi(C x, int64_t n) {
  bool recip = n < 0;
  C r = 1;
  while (true) {
    if (n & 1)
      r *= x;
    n /= 2;
    if (n == 0)
      break;
    x *= x;
  }
  return recip ? C(1) / r : r;
}

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
    constexpr ElementKind K = decltype(tag)::kind;
    if constexpr (isFloatKind<K>) {
      using Tr = FloatTraits<K>;
      using T = typename Tr::T;
      visitKind(expKind, [&](auto etag) {
        constexpr ElementKind E = decltype(etag)::kind;
        if constexpr (isIntKind<E>) {
          using ETr = IntTraits<E>;
          map3<T, typename ETr::T, uint8_t, T>(
              (*ops)[0], (*ops)[1], (*ops)[1], *out,
              [](T a, typename ETr::T n, uint8_t) {
                return Tr::store(powi(Tr::load(a), int64_t(ETr::sext(n))));
              });
        }
      });
    }
  });
  return bindResult(op, ctx, std::move(*out));
}

/// sincos: two results, sin and cos of the operand.
LogicalResult runSinCos(Operation *op, ExecContext &ctx) {
  FailureOr<LaneOperands> ops = takeOperands(op, ctx);
  if (failed(ops))
    return failure();
  ElementKind kind = ops->kind(0);
  if (!isFloat(kind))
    return unsupportedKind(op, "float", kind);
  FailureOr<DenseValue> s = ctx.allocate(op, kind, ops->shape);
  FailureOr<DenseValue> c = failed(s) ? s : ctx.allocate(op, kind, ops->shape);
  if (failed(c))
    return failure();
  visitKind(kind, [&](auto tag) {
    constexpr ElementKind K = decltype(tag)::kind;
    if constexpr (isFloatKind<K>) {
      using Tr = FloatTraits<K>;
      using T = typename Tr::T;
      map1<T, T>((*ops)[0], *s,
                 [](T v) { return Tr::store(Sin::apply<Tr>(Tr::load(v))); });
      map1<T, T>((*ops)[0], *c,
                 [](T v) { return Tr::store(Cos::apply<Tr>(Tr::load(v))); });
    }
  });
  ctx.bind(op->getResult(1), RtValue(std::move(*c)));
  return bindResult(op, ctx, std::move(*s));
}

//===----------------------------------------------------------------------===//
// Integer ops
//===----------------------------------------------------------------------===//

/// absi (INT_MIN stays INT_MIN: llvm.abs with is_int_min_poison = false),
/// ctlz/cttz (the bit width for 0), ctpop.
enum class IntUnary { Abs, Ctlz, Cttz, Ctpop };
template <IntUnary Which>
LogicalResult runIntUnary(Operation *op, ExecContext &ctx) {
  FailureOr<LaneOperands> ops = takeOperands(op, ctx);
  if (failed(ops))
    return failure();
  ElementKind kind = ops->kind(0);
  if (isFloat(kind))
    return unsupportedKind(op, "integer", kind);
  FailureOr<DenseValue> out = resultFor(op, ctx, *ops, kind);
  if (failed(out))
    return failure();
  visitKind(kind, [&](auto tag) {
    constexpr ElementKind K = decltype(tag)::kind;
    if constexpr (isIntKind<K>) {
      using Tr = IntTraits<K>;
      using T = typename Tr::T;
      map1<T, T>((*ops)[0], *out, [](T v) {
        uint64_t u = Tr::zext(v);
        int64_t s = Tr::sext(v);
        if constexpr (Which == IntUnary::Abs)
          return Tr::wrap(s < 0 ? 0 - static_cast<uint64_t>(s) : u);
        else if constexpr (Which == IntUnary::Ctlz)
          return Tr::wrap(u == 0 ? Tr::width
                                 : __builtin_clzll(u) - (64 - Tr::width));
        else if constexpr (Which == IntUnary::Cttz)
          return Tr::wrap(u == 0 ? Tr::width : __builtin_ctzll(u));
        else
          return Tr::wrap(__builtin_popcountll(u));
      });
    }
  });
  return bindResult(op, ctx, std::move(*out));
}

/// ipowi as -convert-math-to-funcs outlines it: b = 0 gives 1; b < 0 gives
/// 1 for a = 1, +-1 for a = -1, 0 otherwise, and divides by zero (poison)
/// for a = 0; b > 0 multiplies by repeated squaring, wrapping.
template <typename Tr>
bool ipowi(typename Tr::T a, typename Tr::T b, typename Tr::T &r) {
  int64_t x = Tr::sext(a), n = Tr::sext(b);
  if (n == 0) {
    r = Tr::wrap(1);
  } else if (n < 0) {
    if (x == 0)
      return false;
    r = Tr::wrap(x == 1 ? 1 : (x == -1 ? ((n & 1) ? uint64_t(-1) : 1) : 0));
  } else {
    uint64_t acc = 1, base = Tr::zext(a), e = Tr::zext(b);
    while (true) {
      if (e & 1)
        acc = Tr::zext(Tr::wrap(acc * base));
      e >>= 1;
      if (e == 0)
        break;
      base = Tr::zext(Tr::wrap(base * base));
    }
    r = Tr::wrap(acc);
  }
  return true;
}

LogicalResult runIPowI(Operation *op, ExecContext &ctx) {
  FailureOr<LaneOperands> ops = takeOperands(op, ctx);
  if (failed(ops) || failed(checkSameKinds(op, *ops)))
    return failure();
  ElementKind kind = ops->kind(0);
  if (isFloat(kind))
    return unsupportedKind(op, "integer", kind);
  FailureOr<DenseValue> out = resultFor(op, ctx, *ops, kind);
  if (failed(out))
    return failure();
  int64_t bad = visitKind(kind, [&](auto tag) -> int64_t {
    constexpr ElementKind K = decltype(tag)::kind;
    if constexpr (isIntKind<K>) {
      using T = typename IntTraits<K>::T;
      return map2Checked<T, T>((*ops)[0], (*ops)[1], *out, ipowi<IntTraits<K>>);
    }
    return -1;
  });
  if (bad >= 0)
    return poison(op, "division by zero (0 to a negative power)", bad);
  return bindResult(op, ctx, std::move(*out));
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

template <typename OpTy, LogicalResult (*Run)(Operation *, ExecContext &)>
void attach(MLIRContext *ctx) {
  OpTy::template attachInterface<LaneModel<OpTy, Run>>(*ctx);
}

void attachTranscendental(MLIRContext *ctx) {
  attach<math::ExpOp, runUnary<Exp>>(ctx);
  attach<math::Exp2Op, runUnary<Exp2>>(ctx);
  attach<math::ExpM1Op, runUnary<ExpM1>>(ctx);
  attach<math::LogOp, runUnary<Log>>(ctx);
  attach<math::Log2Op, runUnary<Log2>>(ctx);
  attach<math::Log10Op, runUnary<Log10>>(ctx);
  attach<math::Log1pOp, runUnary<Log1p>>(ctx);
  attach<math::TanhOp, runUnary<Tanh>>(ctx);
  attach<math::SinOp, runUnary<Sin>>(ctx);
  attach<math::CosOp, runUnary<Cos>>(ctx);
  attach<math::TanOp, runUnary<Tan>>(ctx);
  attach<math::AtanOp, runUnary<Atan>>(ctx);
  attach<math::SinhOp, runUnary<Sinh>>(ctx);
  attach<math::CoshOp, runUnary<Cosh>>(ctx);
  attach<math::AsinOp, runUnary<Asin>>(ctx);
  attach<math::AcosOp, runUnary<Acos>>(ctx);
  attach<math::AcoshOp, runUnary<Acosh>>(ctx);
  attach<math::AsinhOp, runUnary<Asinh>>(ctx);
  attach<math::AtanhOp, runUnary<Atanh>>(ctx);
  attach<math::ErfOp, runUnary<Erf>>(ctx);
  attach<math::ErfcOp, runUnary<Erfc>>(ctx);
  attach<math::CbrtOp, runUnary<Cbrt>>(ctx);
  attach<math::SqrtOp, runUnary<Sqrt>>(ctx);
  attach<math::RsqrtOp, runUnary<Rsqrt>>(ctx);
  attach<math::Atan2Op, runFloatBinary<Atan2>>(ctx);
  attach<math::PowFOp, runFloatBinary<PowF>>(ctx);
  attach<math::FPowIOp, runFPowI>(ctx);
  attach<math::SincosOp, runSinCos>(ctx);
}

void attachExact(MLIRContext *ctx) {
  attach<math::CeilOp, runUnary<Ceil>>(ctx);
  attach<math::FloorOp, runUnary<Floor>>(ctx);
  attach<math::TruncOp, runUnary<Trunc>>(ctx);
  attach<math::RoundOp, runUnary<Round>>(ctx);
  attach<math::RoundEvenOp, runUnary<RoundEven>>(ctx);
  attach<math::AbsFOp, runSignBits<false>>(ctx);
  attach<math::CopySignOp, runSignBits<true>>(ctx);
  attach<math::FmaOp, runTernary<Fma>>(ctx);
  attach<math::ClampFOp, runTernary<ClampF>>(ctx);
  attach<math::IsNaNOp, runClassify<Class::NaN>>(ctx);
  attach<math::IsInfOp, runClassify<Class::Inf>>(ctx);
  attach<math::IsFiniteOp, runClassify<Class::Finite>>(ctx);
  attach<math::IsNormalOp, runClassify<Class::Normal>>(ctx);
  attach<math::AbsIOp, runIntUnary<IntUnary::Abs>>(ctx);
  attach<math::CountLeadingZerosOp, runIntUnary<IntUnary::Ctlz>>(ctx);
  attach<math::CountTrailingZerosOp, runIntUnary<IntUnary::Cttz>>(ctx);
  attach<math::CtPopOp, runIntUnary<IntUnary::Ctpop>>(ctx);
  attach<math::IPowIOp, runIPowI>(ctx);
}

} // namespace

void systile::interp::registerMathExecutionModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, math::MathDialect *) {
    attachTranscendental(ctx);
    attachExact(ctx);
  });
}
