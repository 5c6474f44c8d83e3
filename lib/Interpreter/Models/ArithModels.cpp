//===- ArithModels.cpp - Execution models of the arith dialect ------------===//
//
// arith.constant (scalars, dense, splat and dense_resource elements, held
// once per op), the element-wise integer and float ops, comparisons,
// select and casts. Every model is lane-wise: operands of any shape, a
// one-element operand broadcasting (ScalarOps.h); a constant is the same in
// every lane.
//
// Numerics are those of upstream's lowering to LLVM as mlir-runner runs it
// on x86 (docs/Interpreter.md, "arith and math numerics"): integers wrap
// (two's complement); what arith calls poison (division by zero, signed
// division overflow, oversized shifts, out-of-range fptosi/fptoui) is an
// error naming the op and the operation; bf16/f16 arithmetic is f32
// arithmetic rounded once to nearest even; maxnumf/minnumf return their
// first operand when the operands compare equal (x86 maxss/minss), and
// sitofp/truncf to bf16 round through f32, as LLVM legalises them.
//
//===----------------------------------------------------------------------===//

#include "../ScalarOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <string>

using namespace mlir;
using namespace systile::interp;
using namespace systile::interp::scalar;

namespace {

//===----------------------------------------------------------------------===//
// Float binary ops
//===----------------------------------------------------------------------===//

struct AddF {
  template <typename C> static C apply(C a, C b) { return a + b; }
};
struct SubF {
  template <typename C> static C apply(C a, C b) { return a - b; }
};
struct MulF {
  template <typename C> static C apply(C a, C b) { return a * b; }
};
struct DivF {
  template <typename C> static C apply(C a, C b) { return a / b; }
};
/// frem is fmodf/fmod (exact).
struct RemF {
  template <typename C> static C apply(C a, C b) { return std::fmod(a, b); }
};
/// llvm.maxnum/minnum as x86 runs them: a NaN operand is ignored, and of
/// two equal operands (+0 and -0 included) the first is returned.
struct MaxNumF {
  template <typename C> static C apply(C a, C b) {
    if (std::isnan(a))
      return std::isnan(b) ? quietNaN(a, b) : b;
    return b > a ? b : a;
  }
};
struct MinNumF {
  template <typename C> static C apply(C a, C b) {
    if (std::isnan(a))
      return std::isnan(b) ? quietNaN(a, b) : b;
    return b < a ? b : a;
  }
};

/// negf flips the sign bit (also of NaNs).
LogicalResult runNegF(Operation *op, ExecContext &ctx) {
  FailureOr<LaneOperands> ops = takeOperands(op, ctx);
  if (failed(ops))
    return failure();
  ElementKind kind = ops->kind(0);
  if (!isFloat(kind))
    return unsupportedKind(op, "float", kind);
  FailureOr<DenseValue> out = resultFor(op, ctx, *ops, kind);
  if (failed(out))
    return failure();
  switch (elementSize(kind)) {
  case 2:
    map1<uint16_t, uint16_t>(
        (*ops)[0], *out, [](uint16_t x) -> uint16_t { return x ^ 0x8000u; });
    break;
  case 4:
    map1<uint32_t, uint32_t>((*ops)[0], *out,
                             [](uint32_t x) { return x ^ 0x80000000u; });
    break;
  default:
    map1<uint64_t, uint64_t>((*ops)[0], *out,
                             [](uint64_t x) { return x ^ (1ull << 63); });
  }
  return bindResult(op, ctx, std::move(*out));
}

//===----------------------------------------------------------------------===//
// Integer binary ops
//===----------------------------------------------------------------------===//

#define INT_OP(NAME, EXPR)                                                     \
  struct NAME {                                                                \
    template <typename Tr>                                                     \
    static typename Tr::T apply(typename Tr::T a, typename Tr::T b) {          \
      using UW = typename Tr::UW;                                              \
      (void)sizeof(UW);                                                        \
      return EXPR;                                                             \
    }                                                                          \
  };
INT_OP(AddI, Tr::wrap(UW(Tr::zext(a)) + UW(Tr::zext(b))))
INT_OP(SubI, Tr::wrap(UW(Tr::zext(a)) - UW(Tr::zext(b))))
INT_OP(MulI, Tr::wrap(UW(Tr::zext(a)) * UW(Tr::zext(b))))
INT_OP(AndI, Tr::wrap(Tr::zext(a) & Tr::zext(b)))
INT_OP(OrI, Tr::wrap(Tr::zext(a) | Tr::zext(b)))
INT_OP(XOrI, Tr::wrap(Tr::zext(a) ^ Tr::zext(b)))
INT_OP(MaxSI, Tr::sext(a) > Tr::sext(b) ? a : b)
INT_OP(MinSI, Tr::sext(a) < Tr::sext(b) ? a : b)
INT_OP(MaxUI, Tr::zext(a) > Tr::zext(b) ? a : b)
INT_OP(MinUI, Tr::zext(a) < Tr::zext(b) ? a : b)
#undef INT_OP

template <typename Fn>
LogicalResult runIntBinary(Operation *op, ExecContext &ctx) {
  FailureOr<LaneOperands> ops = takeOperands(op, ctx);
  if (failed(ops) || failed(checkSameKinds(op, *ops)))
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
      map2<T, T>((*ops)[0], (*ops)[1], *out,
                 [](T a, T b) { return Fn::template apply<Tr>(a, b); });
    }
  });
  return bindResult(op, ctx, std::move(*out));
}

/// Ops with poison cases: `apply` returns false for one, `why` says what
/// happened in words and numbers.
std::string describe(const char *what, int64_t a, const char *sym, int64_t b) {
  return std::string(what) + " (" + std::to_string(a) + " " + sym + " " +
         std::to_string(b) + ")";
}
std::string describeU(const char *what, uint64_t a, const char *sym,
                      uint64_t b) {
  return std::string(what) + " (" + std::to_string(a) + " " + sym + " " +
         std::to_string(b) + ")";
}

/// Signed division family; `Kind` picks the rounding or the remainder.
enum class SDiv { Trunc, Rem, Ceil, Floor };
template <SDiv Kind> struct SignedDiv {
  static constexpr const char *sym = Kind == SDiv::Rem ? "%" : "/";
  template <typename Tr>
  static bool apply(typename Tr::T a, typename Tr::T b, typename Tr::T &r) {
    int64_t x = Tr::sext(a), y = Tr::sext(b);
    if (y == 0 || (x == Tr::minS && y == -1))
      return false;
    int64_t q = x / y, m = x % y;
    if constexpr (Kind == SDiv::Rem)
      q = m;
    else if constexpr (Kind == SDiv::Ceil)
      q += (m != 0 && ((m > 0) == (y > 0))) ? 1 : 0;
    else if constexpr (Kind == SDiv::Floor)
      q -= (m != 0 && ((m < 0) != (y < 0))) ? 1 : 0;
    r = Tr::wrap(static_cast<uint64_t>(q));
    return true;
  }
  template <typename Tr>
  static std::string why(typename Tr::T a, typename Tr::T b) {
    int64_t x = Tr::sext(a), y = Tr::sext(b);
    return describe(y == 0 ? "division by zero" : "signed division overflow", x,
                    sym, y);
  }
};

template <bool Rem, bool Ceil = false> struct UnsignedDiv {
  static constexpr const char *sym = Rem ? "%" : "/";
  template <typename Tr>
  static bool apply(typename Tr::T a, typename Tr::T b, typename Tr::T &r) {
    uint64_t x = Tr::zext(a), y = Tr::zext(b);
    if (y == 0)
      return false;
    uint64_t q = Rem ? x % y : x / y + ((Ceil && x % y != 0) ? 1 : 0);
    r = Tr::wrap(q);
    return true;
  }
  template <typename Tr>
  static std::string why(typename Tr::T a, typename Tr::T b) {
    return describeU("division by zero", Tr::zext(a), sym, Tr::zext(b));
  }
};

/// Shifts: an amount (unsigned) of at least the bit width is poison.
enum class Shift { Left, RightS, RightU };
template <Shift Kind> struct ShiftOp {
  static constexpr const char *sym =
      Kind == Shift::Left ? "<<" : (Kind == Shift::RightS ? ">>" : ">>>");
  template <typename Tr>
  static bool apply(typename Tr::T a, typename Tr::T b, typename Tr::T &r) {
    uint64_t s = Tr::zext(b);
    if (s >= Tr::width)
      return false;
    if constexpr (Kind == Shift::Left)
      r = Tr::wrap(static_cast<uint64_t>(Tr::zext(a)) << s);
    else if constexpr (Kind == Shift::RightU)
      r = Tr::wrap(static_cast<uint64_t>(Tr::zext(a)) >> s);
    else
      r = Tr::wrap(
          static_cast<uint64_t>(static_cast<int64_t>(Tr::sext(a)) >> s));
    return true;
  }
  template <typename Tr>
  static std::string why(typename Tr::T a, typename Tr::T b) {
    return "shift amount " + std::to_string(uint64_t(Tr::zext(b))) +
           " is not less than the bit width " + std::to_string(Tr::width) +
           " (" + std::to_string(int64_t(Tr::sext(a))) + " " + sym + " " +
           std::to_string(uint64_t(Tr::zext(b))) + ")";
  }
};

template <typename Fn>
LogicalResult runIntChecked(Operation *op, ExecContext &ctx) {
  FailureOr<LaneOperands> ops = takeOperands(op, ctx);
  if (failed(ops) || failed(checkSameKinds(op, *ops)))
    return failure();
  ElementKind kind = ops->kind(0);
  if (isFloat(kind))
    return unsupportedKind(op, "integer", kind);
  FailureOr<DenseValue> out = resultFor(op, ctx, *ops, kind);
  if (failed(out))
    return failure();
  std::string why;
  int64_t bad = visitKind(kind, [&](auto tag) -> int64_t {
    constexpr ElementKind K = decltype(tag)::kind;
    if constexpr (isIntKind<K>) {
      using Tr = IntTraits<K>;
      using T = typename Tr::T;
      // A poison element is not written, so its operands are intact even
      // when the result shares an operand's storage.
      const DenseValue &x = (*ops)[0], &y = (*ops)[1];
      int64_t i = map2Checked<T, T>(x, y, *out, [](T a, T b, T &r) {
        return Fn::template apply<Tr>(a, b, r);
      });
      if (i >= 0)
        why = Fn::template why<Tr>(
            x.template data<T>()[x.numElements() == 1 ? 0 : i],
            y.template data<T>()[y.numElements() == 1 ? 0 : i]);
      return i;
    }
    return -1;
  });
  if (bad >= 0)
    return poison(op, why, bad);
  return bindResult(op, ctx, std::move(*out));
}

//===----------------------------------------------------------------------===//
// Extended arithmetic (two results)
//===----------------------------------------------------------------------===//

/// addui_extended: (sum, carry); mulsi/mului_extended: (low, high).
enum class Extended { AddU, MulS, MulU };
template <Extended Kind>
LogicalResult runExtended(Operation *op, ExecContext &ctx) {
  FailureOr<LaneOperands> ops = takeOperands(op, ctx);
  if (failed(ops) || failed(checkSameKinds(op, *ops)))
    return failure();
  ElementKind kind = ops->kind(0);
  if (isFloat(kind))
    return unsupportedKind(op, "integer", kind);
  ElementKind second = Kind == Extended::AddU ? ElementKind::I1 : kind;
  FailureOr<DenseValue> lo = ctx.allocate(op, kind, ops->shape);
  FailureOr<DenseValue> hi =
      failed(lo) ? lo : ctx.allocate(op, second, ops->shape);
  if (failed(hi))
    return failure();
  visitKind(kind, [&](auto tag) {
    constexpr ElementKind K = decltype(tag)::kind;
    if constexpr (isIntKind<K>) {
      using Tr = IntTraits<K>;
      using T = typename Tr::T;
      using H = std::conditional_t<Kind == Extended::AddU, uint8_t, T>;
      H *high = hi->template mutableData<H>();
      int64_t i = 0;
      map2<T, T>((*ops)[0], (*ops)[1], *lo, [&](T a, T b) {
        unsigned __int128 p;
        if constexpr (Kind == Extended::MulS)
          p = static_cast<unsigned __int128>(
              static_cast<__int128>(Tr::sext(a)) * Tr::sext(b));
        else if constexpr (Kind == Extended::MulU)
          p = static_cast<unsigned __int128>(Tr::zext(a)) * Tr::zext(b);
        else
          p = static_cast<unsigned __int128>(Tr::zext(a)) + Tr::zext(b);
        uint64_t h = static_cast<uint64_t>(p >> Tr::width);
        high[i++] =
            static_cast<H>(Kind == Extended::AddU ? (h & 1) : Tr::wrap(h));
        return Tr::wrap(static_cast<uint64_t>(p));
      });
    }
  });
  ctx.bind(op->getResult(1), RtValue(std::move(*hi)));
  return bindResult(op, ctx, std::move(*lo));
}

//===----------------------------------------------------------------------===//
// Comparisons and select
//===----------------------------------------------------------------------===//

template <ElementKind K>
void cmpiLoop(arith::CmpIPredicate pred, const DenseValue &x,
              const DenseValue &y, DenseValue &z) {
  using Tr = IntTraits<K>;
  using T = typename Tr::T;
  using P = arith::CmpIPredicate;
#define CASE(PRED, EXPR)                                                       \
  case P::PRED:                                                                \
    return map2<T, uint8_t>(x, y, z, [](T a, T b) -> uint8_t { return EXPR; });
  switch (pred) {
    CASE(eq, Tr::zext(a) == Tr::zext(b))
    CASE(ne, Tr::zext(a) != Tr::zext(b))
    CASE(slt, Tr::sext(a) < Tr::sext(b))
    CASE(sle, Tr::sext(a) <= Tr::sext(b))
    CASE(sgt, Tr::sext(a) > Tr::sext(b))
    CASE(sge, Tr::sext(a) >= Tr::sext(b))
    CASE(ult, Tr::zext(a) < Tr::zext(b))
    CASE(ule, Tr::zext(a) <= Tr::zext(b))
    CASE(ugt, Tr::zext(a) > Tr::zext(b))
    CASE(uge, Tr::zext(a) >= Tr::zext(b))
  }
#undef CASE
}

template <ElementKind K>
void cmpfLoop(arith::CmpFPredicate pred, const DenseValue &x,
              const DenseValue &y, DenseValue &z) {
  using Tr = FloatTraits<K>;
  using T = typename Tr::T;
  using P = arith::CmpFPredicate;
#define CASE(PRED, EXPR)                                                       \
  case P::PRED:                                                                \
    return map2<T, uint8_t>(x, y, z, [](T ta, T tb) -> uint8_t {               \
      auto a = Tr::load(ta), b = Tr::load(tb);                                 \
      (void)a, (void)b;                                                        \
      return EXPR;                                                             \
    });
  switch (pred) {
    CASE(AlwaysFalse, 0)
    CASE(OEQ, a == b)
    CASE(OGT, a > b)
    CASE(OGE, a >= b)
    CASE(OLT, a < b)
    CASE(OLE, a <= b)
    CASE(ONE, a < b || a > b)
    CASE(ORD, !std::isnan(a) && !std::isnan(b))
    CASE(UEQ, !(a < b || a > b))
    CASE(UGT, !(a <= b))
    CASE(UGE, !(a < b))
    CASE(ULT, !(a >= b))
    CASE(ULE, !(a > b))
    CASE(UNE, !(a == b))
    CASE(UNO, std::isnan(a) || std::isnan(b))
    CASE(AlwaysTrue, 1)
  }
#undef CASE
}

template <typename CmpOp>
LogicalResult runCmp(Operation *op, ExecContext &ctx) {
  constexpr bool isF = std::is_same_v<CmpOp, arith::CmpFOp>;
  FailureOr<LaneOperands> ops = takeOperands(op, ctx);
  if (failed(ops) || failed(checkSameKinds(op, *ops)))
    return failure();
  ElementKind kind = ops->kind(0);
  if (isFloat(kind) != isF)
    return unsupportedKind(op, isF ? "float" : "integer", kind);
  FailureOr<DenseValue> out = resultFor(op, ctx, *ops, ElementKind::I1);
  if (failed(out))
    return failure();
  auto pred = cast<CmpOp>(op).getPredicate();
  visitKind(kind, [&](auto tag) {
    constexpr ElementKind K = decltype(tag)::kind;
    if constexpr (isF && isFloatKind<K>)
      cmpfLoop<K>(pred, (*ops)[0], (*ops)[1], *out);
    else if constexpr (!isF && isIntKind<K>)
      cmpiLoop<K>(pred, (*ops)[0], (*ops)[1], *out);
  });
  return bindResult(op, ctx, std::move(*out));
}

/// select with an i1 condition that is a scalar or element-wise.
LogicalResult runSelect(Operation *op, ExecContext &ctx) {
  FailureOr<LaneOperands> ops = takeOperands(op, ctx);
  if (failed(ops) || failed(checkSameKinds(op, *ops, 1)))
    return failure();
  if (ops->kind(0) != ElementKind::I1)
    return unsupportedKind(op, "an i1 condition; other", ops->kind(0));
  ElementKind kind = ops->kind(1);
  FailureOr<DenseValue> out = resultFor(op, ctx, *ops, kind);
  if (failed(out))
    return failure();
  auto run = [&](auto zero) {
    using T = decltype(zero);
    map3<uint8_t, T, T, T>((*ops)[0], (*ops)[1], (*ops)[2], *out,
                           [](uint8_t c, T a, T b) { return (c & 1) ? a : b; });
  };
  switch (elementSize(kind)) {
  case 1:
    run(uint8_t());
    break;
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

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

/// Runs `body(fromTag, toTag)` for the operand's and the result's kinds.
template <typename Body>
LogicalResult runCast(Operation *op, ExecContext &ctx, Body body) {
  FailureOr<LaneOperands> ops = takeOperands(op, ctx);
  if (failed(ops))
    return failure();
  FailureOr<ElementKind> to = resultKind(op);
  if (failed(to))
    return failure();
  FailureOr<DenseValue> out = resultFor(op, ctx, *ops, *to);
  if (failed(out))
    return failure();
  ElementKind from = ops->kind(0);
  LogicalResult result = visitKind(from, [&](auto fromTag) {
    return visitKind(
        *to, [&](auto toTag) { return body(fromTag, toTag, (*ops)[0], *out); });
  });
  if (failed(result))
    return failure();
  return bindResult(op, ctx, std::move(*out));
}

/// Float -> float. f64 -> bf16 rounds through f32, as LLVM legalises it
/// (fptrunc to f32, then to bf16); f64 -> f16 rounds once.
template <ElementKind From, ElementKind To>
typename FloatTraits<To>::T convertFloat(typename FloatTraits<From>::T x) {
  using FromTr = FloatTraits<From>;
  using ToTr = FloatTraits<To>;
  if constexpr (To == ElementKind::F64)
    return static_cast<double>(FromTr::load(x));
  else if constexpr (From == ElementKind::F64 && To == ElementKind::F16)
    return halfFromDouble(x);
  else if constexpr (From == ElementKind::F64)
    return ToTr::store(static_cast<float>(x));
  else
    return ToTr::store(FromTr::load(x));
}

LogicalResult runFloatCast(Operation *op, ExecContext &ctx) {
  if (auto trunc = dyn_cast<arith::TruncFOp>(op))
    if (std::optional<arith::RoundingMode> mode = trunc.getRoundingmode();
        mode && *mode != arith::RoundingMode::to_nearest_even)
      return op->emitError()
             << "'" << op->getName() << "' with rounding mode "
             << arith::stringifyRoundingMode(*mode)
             << " is not supported by systile-run (only to_nearest_even)";
  return runCast(
      op, ctx,
      [&](auto f, auto t, const DenseValue &x, DenseValue &z) -> LogicalResult {
        constexpr ElementKind From = decltype(f)::kind, To = decltype(t)::kind;
        if constexpr (isFloatKind<From> && isFloatKind<To>) {
          map1<typename FloatTraits<From>::T, typename FloatTraits<To>::T>(
              x, z, [](typename FloatTraits<From>::T v) {
                return convertFloat<From, To>(v);
              });
          return success();
        }
        return unsupportedKind(op, "float", From);
      });
}

/// sitofp/uitofp: f32 and f64 are rounded once from the integer; bf16 and
/// f16 through f32, as LLVM legalises them.
template <bool Signed>
LogicalResult runIntToFloat(Operation *op, ExecContext &ctx) {
  return runCast(
      op, ctx,
      [&](auto f, auto t, const DenseValue &x, DenseValue &z) -> LogicalResult {
        constexpr ElementKind From = decltype(f)::kind, To = decltype(t)::kind;
        if constexpr (isIntKind<From> && isFloatKind<To>) {
          using FromTr = IntTraits<From>;
          using ToTr = FloatTraits<To>;
          map1<typename FromTr::T, typename ToTr::T>(
              x, z, [](typename FromTr::T v) -> typename ToTr::T {
                using C = typename ToTr::C;
                C c =
                    Signed
                        ? static_cast<C>(static_cast<int64_t>(FromTr::sext(v)))
                        : static_cast<C>(
                              static_cast<uint64_t>(FromTr::zext(v)));
                return ToTr::store(c);
              });
          return success();
        }
        return unsupportedKind(op, "integer", From);
      });
}

/// fptosi/fptoui: truncation toward zero; NaN and values out of the
/// result's range are poison.
template <bool Signed>
LogicalResult runFloatToInt(Operation *op, ExecContext &ctx) {
  return runCast(
      op, ctx,
      [&](auto f, auto t, const DenseValue &x, DenseValue &z) -> LogicalResult {
        constexpr ElementKind From = decltype(f)::kind, To = decltype(t)::kind;
        if constexpr (isFloatKind<From> && isIntKind<To>) {
          using FromTr = FloatTraits<From>;
          using ToTr = IntTraits<To>;
          using C = typename FromTr::C;
          const C lo = Signed ? -std::ldexp(C(1), ToTr::width - 1) : C(0);
          const C hi = std::ldexp(C(1), Signed ? ToTr::width - 1 : ToTr::width);
          int64_t bad = map2Checked<typename FromTr::T, typename ToTr::T>(
              x, x, z, [&](typename FromTr::T v, auto, typename ToTr::T &r) {
                C c = std::trunc(FromTr::load(v));
                if (!(c >= lo && c < hi))
                  return false;
                r = ToTr::wrap(
                    Signed ? static_cast<uint64_t>(static_cast<int64_t>(c))
                           : static_cast<uint64_t>(c));
                return true;
              });
          if (bad < 0)
            return success();
          return poison(op,
                        llvm::Twine(formatElementAt(x, bad)) +
                            " is not representable in " + toString(To),
                        bad);
        }
        return unsupportedKind(op, "float", From);
      });
}

/// extsi/trunci/index_cast (sign-extend, or truncate) and extui/
/// index_castui (zero-extend, or truncate).
template <bool Signed>
LogicalResult runIntCast(Operation *op, ExecContext &ctx) {
  return runCast(
      op, ctx,
      [&](auto f, auto t, const DenseValue &x, DenseValue &z) -> LogicalResult {
        constexpr ElementKind From = decltype(f)::kind, To = decltype(t)::kind;
        if constexpr (isIntKind<From> && isIntKind<To>) {
          using FromTr = IntTraits<From>;
          using ToTr = IntTraits<To>;
          map1<typename FromTr::T, typename ToTr::T>(
              x, z, [](typename FromTr::T v) {
                return ToTr::wrap(
                    Signed ? static_cast<uint64_t>(
                                 static_cast<int64_t>(FromTr::sext(v)))
                           : static_cast<uint64_t>(FromTr::zext(v)));
              });
          return success();
        }
        return unsupportedKind(op, "integer", From);
      });
}

/// bitcast reinterprets the bits of elements of one size.
LogicalResult runBitcast(Operation *op, ExecContext &ctx) {
  return runCast(
      op, ctx,
      [&](auto f, auto t, const DenseValue &x, DenseValue &z) -> LogicalResult {
        constexpr ElementKind From = decltype(f)::kind, To = decltype(t)::kind;
        if (bitWidth(From) != bitWidth(To))
          return op->emitError()
                 << "'" << op->getName() << "' from " << toString(From)
                 << " to " << toString(To) << " changes the bit width";
        using T = typename StorageOf<To>::type;
        map1<T, T>(x, z, [](T v) { return v; });
        return success();
      });
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

/// The value of a constant, built once per op and shared by every run.
struct ConstantCache {
  DenseValue value;
};

/// Shares `bytes` (owned by the MLIRContext, which outlives the run) when
/// they are aligned for `kind`; else copies them.
FailureOr<DenseValue> fromBytes(Operation *op, ExecContext &ctx,
                                ElementKind kind, ArrayRef<int64_t> shape,
                                ArrayRef<char> bytes) {
  int64_t n = 1, size = static_cast<int64_t>(elementSize(kind)), total = 0;
  bool overflow = false;
  for (int64_t d : shape)
    overflow |= llvm::MulOverflow(n, d, n);
  overflow |= llvm::MulOverflow(n, size, total);
  if (overflow || static_cast<int64_t>(bytes.size()) != total)
    return op->emitError() << "'" << op->getName() << "' holds " << bytes.size()
                           << " bytes of data, expected "
                           << (overflow ? std::string("more than 2^63")
                                        : std::to_string(total));
  if (kind != ElementKind::I1 &&
      reinterpret_cast<uintptr_t>(bytes.data()) % size == 0)
    return DenseValue::adopt(
        kind, shape,
        std::shared_ptr<const void>(bytes.data(), [](const void *) {}),
        bytes.data());
  FailureOr<DenseValue> v = ctx.allocate(op, kind, shape);
  if (failed(v))
    return failure();
  std::memcpy(v->mutableData<char>(), bytes.data(), bytes.size());
  if (kind == ElementKind::I1)
    for (int64_t i = 0; i < n; ++i)
      v->mutableData<uint8_t>()[i] &= 1;
  return v;
}

FailureOr<DenseValue> denseConstant(Operation *op, ExecContext &ctx,
                                    DenseIntOrFPElementsAttr attr,
                                    ElementKind kind, ArrayRef<int64_t> shape) {
  if (kind != ElementKind::I1 && !attr.isSplat())
    return fromBytes(op, ctx, kind, shape, attr.getRawData());
  FailureOr<DenseValue> v = ctx.allocate(op, kind, shape);
  if (failed(v))
    return failure();
  int64_t n = v->numElements();
  if (kind == ElementKind::I1) {
    uint8_t *out = v->mutableData<uint8_t>();
    int64_t i = 0;
    for (bool b : attr.getValues<bool>())
      out[i++] = b;
    for (; i < n && i > 0; ++i) // A splat yields one value.
      out[i] = out[0];
    return v;
  }
  size_t size = elementSize(kind);
  ArrayRef<char> raw = attr.getRawData();
  if (raw.size() < size)
    return op->emitError() << "'" << op->getName() << "' has a malformed splat";
  char *out = v->mutableData<char>();
  for (int64_t i = 0; i < n; ++i)
    std::memcpy(out + i * size, raw.data(), size);
  return v;
}

FailureOr<DenseValue> scalarConstant(Operation *op, Attribute attr,
                                     ElementKind kind) {
  uint64_t bits;
  if (auto f = dyn_cast<FloatAttr>(attr))
    bits = f.getValue().bitcastToAPInt().getZExtValue();
  else if (auto i = dyn_cast<IntegerAttr>(attr))
    bits = i.getValue().getZExtValue();
  else
    return op->emitError() << "'" << op->getName() << "' with a scalar value "
                           << attr << " is not supported by systile-run";
  return visitKind(kind, [&](auto tag) {
    constexpr ElementKind K = decltype(tag)::kind;
    using T = typename StorageOf<K>::type;
    T v;
    if constexpr (K == ElementKind::I1)
      v = bits & 1;
    else
      std::memcpy(&v, &bits, sizeof(T)); // Little-endian: the low bytes.
    return DenseValue::scalar(K, v);
  });
}

FailureOr<DenseValue> buildConstant(Operation *op, ExecContext &ctx) {
  auto constant = cast<arith::ConstantOp>(op);
  Type type = constant.getType();
  FailureOr<ElementKind> kind = ExecContext::kindOf(op, type);
  if (failed(kind))
    return failure();
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor) {
    if (isa<ShapedType>(type))
      return op->emitError() << "'" << op->getName() << "' of type " << type
                             << " is not supported by systile-run (scalars "
                                "and ranked tensors)";
    return scalarConstant(op, constant.getValue(), *kind);
  }
  Attribute value = constant.getValue();
  if (auto dense = dyn_cast<DenseIntOrFPElementsAttr>(value))
    return denseConstant(op, ctx, dense, *kind, tensor.getShape());
  if (auto resource = dyn_cast<DenseResourceElementsAttr>(value)) {
    DenseResourceElementsHandle handle = resource.getRawHandle();
    AsmResourceBlob *blob = handle.getBlob();
    if (!blob)
      return op->emitError() << "'" << op->getName() << "': the data of "
                             << "dense_resource<" << handle.getKey()
                             << "> is missing from the file's resources";
    return fromBytes(op, ctx, *kind, tensor.getShape(), blob->getData());
  }
  return op->emitError() << "'" << op->getName() << "' with a "
                         << value.getAbstractAttribute().getName()
                         << " value is not supported by systile-run (dense, "
                            "splat and dense_resource elements)";
}

struct ConstantModel
    : public ExecutableOpInterface::ExternalModel<ConstantModel,
                                                  arith::ConstantOp> {
  LogicalResult execute(Operation *op, ExecContext &ctx) const {
    ConstantCache &cache = ctx.cached<ConstantCache>(op);
    if (cache.value.isNull()) {
      FailureOr<DenseValue> v = buildConstant(op, ctx);
      if (failed(v))
        return failure();
      cache.value = std::move(*v);
    }
    return bindResult(op, ctx, cache.value);
  }
  /// A constant is the same in every lane: a payload region with constants
  /// (e.g. ReLU's 0.0) can still run lane-wise.
  bool supportsLanes(Operation *) const { return true; }
};

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

template <typename OpTy, LogicalResult (*Run)(Operation *, ExecContext &)>
void attach(MLIRContext *ctx) {
  OpTy::template attachInterface<LaneModel<OpTy, Run>>(*ctx);
}

void attachFloatOps(MLIRContext *ctx) {
  attach<arith::AddFOp, runFloatBinary<AddF>>(ctx);
  attach<arith::SubFOp, runFloatBinary<SubF>>(ctx);
  attach<arith::MulFOp, runFloatBinary<MulF>>(ctx);
  attach<arith::DivFOp, runFloatBinary<DivF>>(ctx);
  attach<arith::RemFOp, runFloatBinary<RemF>>(ctx);
  attach<arith::MaximumFOp, runFloatBinary<MaximumF>>(ctx);
  attach<arith::MinimumFOp, runFloatBinary<MinimumF>>(ctx);
  attach<arith::MaxNumFOp, runFloatBinary<MaxNumF>>(ctx);
  attach<arith::MinNumFOp, runFloatBinary<MinNumF>>(ctx);
  attach<arith::NegFOp, runNegF>(ctx);
  attach<arith::CmpFOp, runCmp<arith::CmpFOp>>(ctx);
}

void attachIntOps(MLIRContext *ctx) {
  attach<arith::AddIOp, runIntBinary<AddI>>(ctx);
  attach<arith::SubIOp, runIntBinary<SubI>>(ctx);
  attach<arith::MulIOp, runIntBinary<MulI>>(ctx);
  attach<arith::AndIOp, runIntBinary<AndI>>(ctx);
  attach<arith::OrIOp, runIntBinary<OrI>>(ctx);
  attach<arith::XOrIOp, runIntBinary<XOrI>>(ctx);
  attach<arith::MaxSIOp, runIntBinary<MaxSI>>(ctx);
  attach<arith::MinSIOp, runIntBinary<MinSI>>(ctx);
  attach<arith::MaxUIOp, runIntBinary<MaxUI>>(ctx);
  attach<arith::MinUIOp, runIntBinary<MinUI>>(ctx);
  attach<arith::DivSIOp, runIntChecked<SignedDiv<SDiv::Trunc>>>(ctx);
  attach<arith::RemSIOp, runIntChecked<SignedDiv<SDiv::Rem>>>(ctx);
  attach<arith::CeilDivSIOp, runIntChecked<SignedDiv<SDiv::Ceil>>>(ctx);
  attach<arith::FloorDivSIOp, runIntChecked<SignedDiv<SDiv::Floor>>>(ctx);
  attach<arith::DivUIOp, runIntChecked<UnsignedDiv<false>>>(ctx);
  attach<arith::RemUIOp, runIntChecked<UnsignedDiv<true>>>(ctx);
  attach<arith::CeilDivUIOp, runIntChecked<UnsignedDiv<false, true>>>(ctx);
  attach<arith::ShLIOp, runIntChecked<ShiftOp<Shift::Left>>>(ctx);
  attach<arith::ShRSIOp, runIntChecked<ShiftOp<Shift::RightS>>>(ctx);
  attach<arith::ShRUIOp, runIntChecked<ShiftOp<Shift::RightU>>>(ctx);
  attach<arith::AddUIExtendedOp, runExtended<Extended::AddU>>(ctx);
  attach<arith::MulSIExtendedOp, runExtended<Extended::MulS>>(ctx);
  attach<arith::MulUIExtendedOp, runExtended<Extended::MulU>>(ctx);
  attach<arith::CmpIOp, runCmp<arith::CmpIOp>>(ctx);
}

void attachOtherOps(MLIRContext *ctx) {
  arith::ConstantOp::attachInterface<ConstantModel>(*ctx);
  attach<arith::SelectOp, runSelect>(ctx);
  attach<arith::ExtFOp, runFloatCast>(ctx);
  attach<arith::TruncFOp, runFloatCast>(ctx);
  attach<arith::SIToFPOp, runIntToFloat<true>>(ctx);
  attach<arith::UIToFPOp, runIntToFloat<false>>(ctx);
  attach<arith::FPToSIOp, runFloatToInt<true>>(ctx);
  attach<arith::FPToUIOp, runFloatToInt<false>>(ctx);
  attach<arith::ExtSIOp, runIntCast<true>>(ctx);
  attach<arith::ExtUIOp, runIntCast<false>>(ctx);
  attach<arith::TruncIOp, runIntCast<true>>(ctx);
  attach<arith::IndexCastOp, runIntCast<true>>(ctx);
  attach<arith::IndexCastUIOp, runIntCast<false>>(ctx);
  attach<arith::BitcastOp, runBitcast>(ctx);
}

} // namespace

void systile::interp::registerArithExecutionModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, arith::ArithDialect *) {
    attachFloatOps(ctx);
    attachIntOps(ctx);
    attachOtherOps(ctx);
  });
}
