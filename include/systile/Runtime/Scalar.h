//===- Scalar.h - The scalar meaning of arith and math ops ------*- C++ -*-===//
//
// The one definition of what an arith or math op computes on one element,
// used by the runtime's element-wise kernels (Elementwise.h,
// ElementwiseProgram.h) and by the interpreter's arith and math models, so
// that "the tiled op gives the bits of the dense op" (RFC 6) holds by
// construction. Standard library only.
//
// Every operation is a function object over the element's storage type:
// float, double, bf16, f16 for floats; int8_t, int16_t, int32_t, int64_t
// for integers, and uint8_t for i1 (one byte holding 0 or 1).
//
// Numerics are those of upstream's lowering to LLVM on x86 (RFC 6):
//  * bf16 and f16 compute in f32 and round to nearest even once per LLVM
//    operation; f32 and f64 round once per op (sources that evaluate these
//    build with -ffp-contract=off, so nothing fuses into an FMA).
//  * maximumf/minimumf are llvm.maximum/minimum (NaN-propagating, -0 < +0;
//    a NaN result is the quieted NaN operand, as x86's addss returns it);
//    maxnumf/minnumf are llvm.maxnum/minnum as x86 runs them (a NaN operand
//    is ignored; of two equal operands, +0 and -0 included, the first).
//  * negf, absf and copysign act on the sign bit (also of NaNs).
//  * Transcendentals call the glibc function their LLVM intrinsic becomes
//    (expf, tanhf, powf, ...); expm1, log1p and rsqrt are expanded as
//    -convert-math-to-llvm expands them, rounding after each step.
//  * Integers wrap (two's complement). What arith calls poison (division by
//    zero, signed division overflow, shift amounts of at least the width,
//    out-of-range fptosi/fptoui, 0 to a negative ipowi power) makes the
//    operation return false instead of a value; the caller reports it.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_SCALAR_H
#define SYSTILE_RUNTIME_SCALAR_H

#include "systile/Runtime/BF16.h"
#include "systile/Runtime/F16.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>

namespace systile::rt::scalar {

//===----------------------------------------------------------------------===//
// Float formats
//===----------------------------------------------------------------------===//

/// A float storage type T: its compute type C (f32 for bf16/f16, as LLVM
/// promotes them), load (exact) and store (round to nearest even).
template <typename T> struct FloatTraits;
template <> struct FloatTraits<float> {
  using C = float;
  static C load(float x) { return x; }
  static float store(C c) { return c; }
};
template <> struct FloatTraits<double> {
  using C = double;
  static C load(double x) { return x; }
  static double store(C c) { return c; }
};
template <> struct FloatTraits<bf16> {
  using C = float;
  static C load(bf16 x) { return x.toFloat(); }
  static bf16 store(C c) { return bf16::fromFloat(c); }
};
template <> struct FloatTraits<f16> {
  using C = float;
  static C load(f16 x) { return x.toFloat(); }
  static f16 store(C c) { return f16::fromFloat(c); }
};

template <typename T>
inline constexpr bool isFloat =
    std::is_same_v<T, float> || std::is_same_v<T, double> ||
    std::is_same_v<T, bf16> || std::is_same_v<T, f16>;

template <typename T> using Compute = typename FloatTraits<T>::C;
template <typename T> Compute<T> load(T x) { return FloatTraits<T>::load(x); }
template <typename T> T store(Compute<T> c) { return FloatTraits<T>::store(c); }
/// `c` rounded to T and back (an identity for f32 and f64): one step of an
/// expansion that LLVM rounds.
template <typename T> Compute<T> roundTo(Compute<T> c) {
  return load(store<T>(c));
}

/// The unsigned integer of T's size, and T's bits in it.
template <typename T>
using BitsOf = std::conditional_t<
    sizeof(T) == 2, uint16_t,
    std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>;
template <typename T> BitsOf<T> toBits(T x) {
  BitsOf<T> u;
  std::memcpy(&u, &x, sizeof(u));
  return u;
}
template <typename T> T fromBits(BitsOf<T> u) {
  T x;
  std::memcpy(&x, &u, sizeof(x));
  return x;
}
template <typename T> constexpr BitsOf<T> signBit() {
  return BitsOf<T>(1) << (8 * sizeof(T) - 1);
}

//===----------------------------------------------------------------------===//
// Float operations on compute values
//===----------------------------------------------------------------------===//

/// A quiet NaN from NaN operands (the first NaN, quieted, as x86 gives it).
template <typename C> C quietNaN(C a, C b) { return a + b; }

/// llvm.maximum / llvm.minimum.
template <typename C> C maximum(C a, C b) {
  if (std::isnan(a) || std::isnan(b))
    return quietNaN(a, b);
  if (a == b)
    return std::signbit(a) ? b : a;
  return a > b ? a : b;
}
template <typename C> C minimum(C a, C b) {
  if (std::isnan(a) || std::isnan(b))
    return quietNaN(a, b);
  if (a == b)
    return std::signbit(a) ? a : b;
  return a < b ? a : b;
}
/// llvm.maxnum / llvm.minnum as x86 runs them.
template <typename C> C maxnum(C a, C b) {
  if (std::isnan(a))
    return std::isnan(b) ? quietNaN(a, b) : b;
  return b > a ? b : a;
}
template <typename C> C minnum(C a, C b) {
  if (std::isnan(a))
    return std::isnan(b) ? quietNaN(a, b) : b;
  return b < a ? b : a;
}

/// x^n by binary decomposition, as compiler-rt's __powisf2/__powidf2 and
/// LLVM's expansion of llvm.powi with a constant exponent do (r = 1; r *= x
/// for each set bit while x squares; 1 / r for a negative n).
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

//===----------------------------------------------------------------------===//
// Float operations on storage values
//===----------------------------------------------------------------------===//

/// Lifts `Fn::apply` on compute values to storage values: load each
/// operand, compute, round once.
/// Only the arity `Fn::apply` has is callable (the return types say so;
/// F defers the look-up into Fn, which derives from this, to the call).
template <typename Fn> struct Rounded {
  template <typename T, typename F = Fn>
  auto operator()(T a) const -> decltype(store<T>(F::apply(load(a)))) {
    return store<T>(F::apply(load(a)));
  }
  template <typename T, typename F = Fn>
  auto operator()(T a, T b) const
      -> decltype(store<T>(F::apply(load(a), load(b)))) {
    return store<T>(F::apply(load(a), load(b)));
  }
  template <typename T, typename F = Fn>
  auto operator()(T a, T b, T c) const
      -> decltype(store<T>(F::apply(load(a), load(b), load(c)))) {
    return store<T>(F::apply(load(a), load(b), load(c)));
  }
};

// arith
struct AddF : Rounded<AddF> {
  template <typename C> static C apply(C a, C b) { return a + b; }
};
struct SubF : Rounded<SubF> {
  template <typename C> static C apply(C a, C b) { return a - b; }
};
struct MulF : Rounded<MulF> {
  template <typename C> static C apply(C a, C b) { return a * b; }
};
struct DivF : Rounded<DivF> {
  template <typename C> static C apply(C a, C b) { return a / b; }
};
/// frem is fmodf/fmod (exact).
struct RemF : Rounded<RemF> {
  template <typename C> static C apply(C a, C b) { return std::fmod(a, b); }
};
struct MaximumF : Rounded<MaximumF> {
  template <typename C> static C apply(C a, C b) { return maximum(a, b); }
};
struct MinimumF : Rounded<MinimumF> {
  template <typename C> static C apply(C a, C b) { return minimum(a, b); }
};
struct MaxNumF : Rounded<MaxNumF> {
  template <typename C> static C apply(C a, C b) { return maxnum(a, b); }
};
struct MinNumF : Rounded<MinNumF> {
  template <typename C> static C apply(C a, C b) { return minnum(a, b); }
};

// Sign-bit operations, exact for every format including NaNs.
struct NegF {
  template <typename T> T operator()(T a) const {
    return fromBits<T>(toBits(a) ^ signBit<T>());
  }
};
struct AbsF {
  template <typename T> T operator()(T a) const {
    return fromBits<T>(toBits(a) & ~signBit<T>());
  }
};
struct CopySign {
  template <typename T> T operator()(T a, T b) const {
    return fromBits<T>((toBits(a) & ~signBit<T>()) | (toBits(b) & signBit<T>()));
  }
};

// math: one glibc call each (through llvm.* intrinsics or
// -convert-math-to-libm).
#define SYSTILE_SCALAR_LIBM(NAME, FN)                                          \
  struct NAME : Rounded<NAME> {                                                \
    template <typename C> static C apply(C x) { return std::FN(x); }           \
  };
SYSTILE_SCALAR_LIBM(Exp, exp)
SYSTILE_SCALAR_LIBM(Exp2, exp2)
SYSTILE_SCALAR_LIBM(Log, log)
SYSTILE_SCALAR_LIBM(Log2, log2)
SYSTILE_SCALAR_LIBM(Log10, log10)
SYSTILE_SCALAR_LIBM(Tanh, tanh)
SYSTILE_SCALAR_LIBM(Sin, sin)
SYSTILE_SCALAR_LIBM(Cos, cos)
SYSTILE_SCALAR_LIBM(Tan, tan)
SYSTILE_SCALAR_LIBM(Atan, atan)
SYSTILE_SCALAR_LIBM(Sinh, sinh)
SYSTILE_SCALAR_LIBM(Cosh, cosh)
SYSTILE_SCALAR_LIBM(Asin, asin)
SYSTILE_SCALAR_LIBM(Acos, acos)
SYSTILE_SCALAR_LIBM(Acosh, acosh)
SYSTILE_SCALAR_LIBM(Asinh, asinh)
SYSTILE_SCALAR_LIBM(Atanh, atanh)
SYSTILE_SCALAR_LIBM(Erf, erf)
SYSTILE_SCALAR_LIBM(Erfc, erfc)
SYSTILE_SCALAR_LIBM(Cbrt, cbrt)
// Correctly rounded or exact.
SYSTILE_SCALAR_LIBM(Sqrt, sqrt)
SYSTILE_SCALAR_LIBM(Ceil, ceil)
SYSTILE_SCALAR_LIBM(Floor, floor)
SYSTILE_SCALAR_LIBM(Trunc, trunc)
SYSTILE_SCALAR_LIBM(Round, round)
SYSTILE_SCALAR_LIBM(RoundEven, nearbyint) // Ties to even in the default mode.
#undef SYSTILE_SCALAR_LIBM

struct Atan2 : Rounded<Atan2> {
  template <typename C> static C apply(C a, C b) { return std::atan2(a, b); }
};
struct PowF : Rounded<PowF> {
  template <typename C> static C apply(C a, C b) { return std::pow(a, b); }
};
/// fma rounds once in the compute type.
struct Fma : Rounded<Fma> {
  template <typename C> static C apply(C a, C b, C c) {
    return std::fma(a, b, c);
  }
};
/// math's definition: maximumf(minimumf(value, min), max).
struct ClampF : Rounded<ClampF> {
  template <typename C> static C apply(C v, C lo, C hi) {
    return maximum(minimum(v, lo), hi);
  }
};

// -convert-math-to-llvm's expansions, each step rounded to the format.
struct ExpM1 {
  template <typename T> T operator()(T x) const {
    using C = Compute<T>;
    return store<T>(roundTo<T>(std::exp(load(x))) - C(1));
  }
};
struct Log1p {
  template <typename T> T operator()(T x) const {
    using C = Compute<T>;
    return store<T>(std::log(roundTo<T>(C(1) + load(x))));
  }
};
struct Rsqrt {
  template <typename T> T operator()(T x) const {
    using C = Compute<T>;
    return store<T>(C(1) / roundTo<T>(std::sqrt(load(x))));
  }
};

/// fpowi: bf16/f16 go through f32 and round once.
struct FPowI {
  template <typename T> T operator()(T x, int64_t n) const {
    return store<T>(powi(load(x), n));
  }
};

/// isnan, isinf, isfinite, isnormal.
struct IsNaN {
  template <typename T> bool operator()(T x) const {
    return std::isnan(load(x));
  }
};
struct IsInf {
  template <typename T> bool operator()(T x) const {
    return std::isinf(load(x));
  }
};
struct IsFinite {
  template <typename T> bool operator()(T x) const {
    return std::isfinite(load(x));
  }
};
struct IsNormal {
  template <typename T> bool operator()(T x) const {
    auto c = load(x);
    if constexpr (std::is_same_v<T, f16>) // Smallest normal 2^-14.
      return std::isnormal(c) && std::fabs(c) >= 0x1p-14f;
    else // bf16 has f32's exponent range.
      return std::isnormal(c);
  }
};

//===----------------------------------------------------------------------===//
// Float comparison
//===----------------------------------------------------------------------===//

/// arith.cmpf's predicates, numbered as arith's CmpFPredicate (O = ordered:
/// false on NaN, U = unordered: true on NaN).
enum class CmpFPredicate {
  False, OEQ, OGT, OGE, OLT, OLE, ONE, ORD,
  UEQ, UGT, UGE, ULT, ULE, UNE, UNO, True
};

template <CmpFPredicate P, typename C> bool compare(C a, C b) {
  using Pr = CmpFPredicate;
  bool unordered = std::isnan(a) || std::isnan(b);
  switch (P) {
  case Pr::False:
    return false;
  case Pr::OEQ:
    return !unordered && a == b;
  case Pr::OGT:
    return !unordered && a > b;
  case Pr::OGE:
    return !unordered && a >= b;
  case Pr::OLT:
    return !unordered && a < b;
  case Pr::OLE:
    return !unordered && a <= b;
  case Pr::ONE:
    return !unordered && a != b;
  case Pr::ORD:
    return !unordered;
  case Pr::UEQ:
    return unordered || a == b;
  case Pr::UGT:
    return unordered || a > b;
  case Pr::UGE:
    return unordered || a >= b;
  case Pr::ULT:
    return unordered || a < b;
  case Pr::ULE:
    return unordered || a <= b;
  case Pr::UNE:
    return unordered || a != b;
  case Pr::UNO:
    return unordered;
  case Pr::True:
    break;
  }
  return true;
}

/// cmpf with the predicate fixed, on storage values.
template <CmpFPredicate P> struct CmpF {
  template <typename T> bool operator()(T a, T b) const {
    return compare<P>(load(a), load(b));
  }
};

/// Calls f(CmpF<P>()) for the run-time predicate `p`, so that a loop sees
/// a fixed predicate.
template <typename F> decltype(auto) visitCmpF(CmpFPredicate p, F &&f) {
  using Pr = CmpFPredicate;
  switch (p) {
#define SYSTILE_SCALAR_CMP(P)                                                  \
  case Pr::P:                                                                  \
    return f(CmpF<Pr::P>());
    SYSTILE_SCALAR_CMP(False)
    SYSTILE_SCALAR_CMP(OEQ)
    SYSTILE_SCALAR_CMP(OGT)
    SYSTILE_SCALAR_CMP(OGE)
    SYSTILE_SCALAR_CMP(OLT)
    SYSTILE_SCALAR_CMP(OLE)
    SYSTILE_SCALAR_CMP(ONE)
    SYSTILE_SCALAR_CMP(ORD)
    SYSTILE_SCALAR_CMP(UEQ)
    SYSTILE_SCALAR_CMP(UGT)
    SYSTILE_SCALAR_CMP(UGE)
    SYSTILE_SCALAR_CMP(ULT)
    SYSTILE_SCALAR_CMP(ULE)
    SYSTILE_SCALAR_CMP(UNE)
    SYSTILE_SCALAR_CMP(UNO)
#undef SYSTILE_SCALAR_CMP
  case Pr::True:
    break;
  }
  return f(CmpF<Pr::True>());
}

/// The predicate's name in arith's syntax ("oeq", "false", ...).
const char *toString(CmpFPredicate p);

//===----------------------------------------------------------------------===//
// Integer formats
//===----------------------------------------------------------------------===//

/// An integer storage type T: its signed view S and unsigned view U, and
/// wrap (truncation to the width). uint8_t is i1: its views are 0/-1 and
/// 0/1.
template <typename T> struct IntTraits {
  static_assert(std::is_signed_v<T>, "integer storage is signed, or i1");
  using S = T;
  using U = std::make_unsigned_t<T>;
  /// U widened past int, so that U * U never promotes to a signed int.
  using UW = std::conditional_t<(sizeof(U) < 4), uint32_t, U>;
  static constexpr unsigned width = sizeof(T) * 8;
  static constexpr S minS = std::numeric_limits<S>::min();
  static S sext(T x) { return x; }
  static U zext(T x) { return static_cast<U>(x); }
  static T wrap(uint64_t u) { return static_cast<T>(static_cast<U>(u)); }
};
template <> struct IntTraits<uint8_t> {
  using S = int8_t;
  using U = uint8_t;
  using UW = uint32_t;
  static constexpr unsigned width = 1;
  static constexpr S minS = -1;
  static S sext(uint8_t x) { return (x & 1) ? -1 : 0; }
  static U zext(uint8_t x) { return x & 1; }
  static uint8_t wrap(uint64_t u) { return static_cast<uint8_t>(u & 1); }
};

template <typename T>
inline constexpr bool isInt =
    std::is_same_v<T, uint8_t> ||
    (std::is_integral_v<T> && std::is_signed_v<T>);

//===----------------------------------------------------------------------===//
// Integer operations
//===----------------------------------------------------------------------===//

/// Wrap-around arithmetic and bitwise ops, on the unsigned views.
#define SYSTILE_SCALAR_INT(NAME, EXPR)                                         \
  struct NAME {                                                                \
    template <typename T> T operator()(T a, T b) const {                       \
      using Tr = IntTraits<T>;                                                 \
      using UW = typename Tr::UW;                                              \
      (void)sizeof(UW);                                                        \
      return EXPR;                                                             \
    }                                                                          \
  };
SYSTILE_SCALAR_INT(AddI, Tr::wrap(UW(Tr::zext(a)) + UW(Tr::zext(b))))
SYSTILE_SCALAR_INT(SubI, Tr::wrap(UW(Tr::zext(a)) - UW(Tr::zext(b))))
SYSTILE_SCALAR_INT(MulI, Tr::wrap(UW(Tr::zext(a)) * UW(Tr::zext(b))))
SYSTILE_SCALAR_INT(AndI, Tr::wrap(Tr::zext(a) & Tr::zext(b)))
SYSTILE_SCALAR_INT(OrI, Tr::wrap(Tr::zext(a) | Tr::zext(b)))
SYSTILE_SCALAR_INT(XOrI, Tr::wrap(Tr::zext(a) ^ Tr::zext(b)))
SYSTILE_SCALAR_INT(MaxSI, Tr::sext(a) > Tr::sext(b) ? a : b)
SYSTILE_SCALAR_INT(MinSI, Tr::sext(a) < Tr::sext(b) ? a : b)
SYSTILE_SCALAR_INT(MaxUI, Tr::zext(a) > Tr::zext(b) ? a : b)
SYSTILE_SCALAR_INT(MinUI, Tr::zext(a) < Tr::zext(b) ? a : b)
#undef SYSTILE_SCALAR_INT

/// The signed division family (divsi, remsi, ceildivsi, floordivsi): false
/// for a zero divisor or INT_MIN / -1 (poison).
enum class SignedDivKind { Trunc, Rem, Ceil, Floor };
template <SignedDivKind Kind> struct SignedDiv {
  template <typename T> bool operator()(T a, T b, T &r) const {
    using Tr = IntTraits<T>;
    int64_t x = Tr::sext(a), y = Tr::sext(b);
    if (y == 0 || (x == Tr::minS && y == -1))
      return false;
    int64_t q = x / y, m = x % y;
    if constexpr (Kind == SignedDivKind::Rem)
      q = m;
    else if constexpr (Kind == SignedDivKind::Ceil)
      q += (m != 0 && ((m > 0) == (y > 0))) ? 1 : 0;
    else if constexpr (Kind == SignedDivKind::Floor)
      q -= (m != 0 && ((m < 0) != (y < 0))) ? 1 : 0;
    r = Tr::wrap(static_cast<uint64_t>(q));
    return true;
  }
};
using DivSI = SignedDiv<SignedDivKind::Trunc>;
using RemSI = SignedDiv<SignedDivKind::Rem>;
using CeilDivSI = SignedDiv<SignedDivKind::Ceil>;
using FloorDivSI = SignedDiv<SignedDivKind::Floor>;

/// divui, remui, ceildivui: false for a zero divisor (poison).
template <bool Rem, bool Ceil = false> struct UnsignedDiv {
  template <typename T> bool operator()(T a, T b, T &r) const {
    using Tr = IntTraits<T>;
    uint64_t x = Tr::zext(a), y = Tr::zext(b);
    if (y == 0)
      return false;
    r = Tr::wrap(Rem ? x % y : x / y + ((Ceil && x % y != 0) ? 1 : 0));
    return true;
  }
};
using DivUI = UnsignedDiv<false>;
using RemUI = UnsignedDiv<true>;
using CeilDivUI = UnsignedDiv<false, true>;

/// shli, shrsi, shrui: false for an amount (unsigned) of at least the
/// width (poison).
enum class ShiftKind { Left, RightS, RightU };
template <ShiftKind Kind> struct Shift {
  template <typename T> bool operator()(T a, T b, T &r) const {
    using Tr = IntTraits<T>;
    uint64_t s = Tr::zext(b);
    if (s >= Tr::width)
      return false;
    if constexpr (Kind == ShiftKind::Left)
      r = Tr::wrap(static_cast<uint64_t>(Tr::zext(a)) << s);
    else if constexpr (Kind == ShiftKind::RightU)
      r = Tr::wrap(static_cast<uint64_t>(Tr::zext(a)) >> s);
    else
      r = Tr::wrap(
          static_cast<uint64_t>(static_cast<int64_t>(Tr::sext(a)) >> s));
    return true;
  }
};
using ShLI = Shift<ShiftKind::Left>;
using ShRSI = Shift<ShiftKind::RightS>;
using ShRUI = Shift<ShiftKind::RightU>;

/// The overflow flags of addi, subi, muli and shli: with nsw (nuw) the
/// result is poison unless it is the exact result of the operands read as
/// signed (unsigned) integers. isExact<K, Signed> tells whether `r`, the
/// wrapped result, is that exact result; NoWrap<K, NSW, NUW> is the op with
/// its flags, false for a poison element (a shift amount of at least the
/// width included). Checked in 128 bits: no product of two 64-bit operands
/// overflows there.
enum class WrapKind { Add, Sub, Mul, Shl };
template <WrapKind K, bool Signed, typename T> bool isExact(T a, T b, T r) {
  using Tr = IntTraits<T>;
  if constexpr (K == WrapKind::Shl) {
    uint64_t s = Tr::zext(b); // Less than the width: Shift checked it.
    if constexpr (Signed)
      return (static_cast<int64_t>(Tr::sext(r)) >> s) == Tr::sext(a);
    else
      return (static_cast<uint64_t>(Tr::zext(r)) >> s) == Tr::zext(a);
  } else {
    using W = std::conditional_t<Signed, __int128, unsigned __int128>;
    auto view = [](T v) { return Signed ? W(Tr::sext(v)) : W(Tr::zext(v)); };
    W x = view(a), y = view(b), exact;
    if constexpr (K == WrapKind::Add)
      exact = x + y;
    else if constexpr (K == WrapKind::Sub)
      exact = x - y; // Unsigned: a negative difference wraps past 2^64.
    else
      exact = x * y;
    return exact == view(r);
  }
}
template <WrapKind K, bool NSW, bool NUW> struct NoWrap {
  template <typename T> bool operator()(T a, T b, T &r) const {
    T v;
    if constexpr (K == WrapKind::Shl) {
      if (!ShLI()(a, b, v))
        return false;
    } else if constexpr (K == WrapKind::Add) {
      v = AddI()(a, b);
    } else if constexpr (K == WrapKind::Sub) {
      v = SubI()(a, b);
    } else {
      v = MulI()(a, b);
    }
    if ((NSW && !isExact<K, true>(a, b, v)) ||
        (NUW && !isExact<K, false>(a, b, v)))
      return false;
    r = v; // Only on success: a poison element is not written.
    return true;
  }
};

/// ipowi as -convert-math-to-funcs outlines it: b = 0 gives 1; b < 0 gives
/// 1 for a = 1, +-1 for a = -1, 0 otherwise, and divides by zero (false:
/// poison) for a = 0; b > 0 multiplies by repeated squaring, wrapping.
struct IPowI {
  template <typename T> bool operator()(T a, T b, T &r) const {
    using Tr = IntTraits<T>;
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
};

/// addui_extended: (sum, carry); mulsi/mului_extended: (low, high). The
/// second result is written to `high` (0/1 for the carry).
enum class ExtendedKind { AddU, MulS, MulU };
template <ExtendedKind Kind> struct Extended {
  template <typename T, typename H> T operator()(T a, T b, H &high) const {
    using Tr = IntTraits<T>;
    unsigned __int128 p;
    if constexpr (Kind == ExtendedKind::MulS)
      p = static_cast<unsigned __int128>(
          static_cast<__int128>(Tr::sext(a)) * Tr::sext(b));
    else if constexpr (Kind == ExtendedKind::MulU)
      p = static_cast<unsigned __int128>(Tr::zext(a)) * Tr::zext(b);
    else
      p = static_cast<unsigned __int128>(Tr::zext(a)) + Tr::zext(b);
    uint64_t h = static_cast<uint64_t>(p >> Tr::width);
    high = static_cast<H>(Kind == ExtendedKind::AddU ? (h & 1) : Tr::wrap(h));
    return Tr::wrap(static_cast<uint64_t>(p));
  }
};

/// absi (INT_MIN stays INT_MIN: llvm.abs with is_int_min_poison = false),
/// ctlz/cttz (the width for 0), ctpop.
struct AbsI {
  template <typename T> T operator()(T v) const {
    using Tr = IntTraits<T>;
    int64_t s = Tr::sext(v);
    return Tr::wrap(s < 0 ? 0 - static_cast<uint64_t>(s)
                          : static_cast<uint64_t>(Tr::zext(v)));
  }
};
struct CountLeadingZeros {
  template <typename T> T operator()(T v) const {
    using Tr = IntTraits<T>;
    uint64_t u = Tr::zext(v);
    return Tr::wrap(u == 0 ? Tr::width
                           : __builtin_clzll(u) - (64 - Tr::width));
  }
};
struct CountTrailingZeros {
  template <typename T> T operator()(T v) const {
    using Tr = IntTraits<T>;
    uint64_t u = Tr::zext(v);
    return Tr::wrap(u == 0 ? Tr::width : __builtin_ctzll(u));
  }
};
struct CtPop {
  template <typename T> T operator()(T v) const {
    using Tr = IntTraits<T>;
    return Tr::wrap(__builtin_popcountll(Tr::zext(v)));
  }
};

/// arith.cmpi's predicates, numbered as arith's CmpIPredicate.
enum class CmpIPredicate { eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge };

template <CmpIPredicate P> struct CmpI {
  template <typename T> bool operator()(T a, T b) const {
    using Tr = IntTraits<T>;
    using Pr = CmpIPredicate;
    switch (P) {
    case Pr::eq:
      return Tr::zext(a) == Tr::zext(b);
    case Pr::ne:
      return Tr::zext(a) != Tr::zext(b);
    case Pr::slt:
      return Tr::sext(a) < Tr::sext(b);
    case Pr::sle:
      return Tr::sext(a) <= Tr::sext(b);
    case Pr::sgt:
      return Tr::sext(a) > Tr::sext(b);
    case Pr::sge:
      return Tr::sext(a) >= Tr::sext(b);
    case Pr::ult:
      return Tr::zext(a) < Tr::zext(b);
    case Pr::ule:
      return Tr::zext(a) <= Tr::zext(b);
    case Pr::ugt:
      return Tr::zext(a) > Tr::zext(b);
    case Pr::uge:
      break;
    }
    return Tr::zext(a) >= Tr::zext(b);
  }
};

/// Calls f(CmpI<P>()) for the run-time predicate `p`.
template <typename F> decltype(auto) visitCmpI(CmpIPredicate p, F &&f) {
  using Pr = CmpIPredicate;
  switch (p) {
#define SYSTILE_SCALAR_CMP(P)                                                  \
  case Pr::P:                                                                  \
    return f(CmpI<Pr::P>());
    SYSTILE_SCALAR_CMP(eq)
    SYSTILE_SCALAR_CMP(ne)
    SYSTILE_SCALAR_CMP(slt)
    SYSTILE_SCALAR_CMP(sle)
    SYSTILE_SCALAR_CMP(sgt)
    SYSTILE_SCALAR_CMP(sge)
    SYSTILE_SCALAR_CMP(ult)
    SYSTILE_SCALAR_CMP(ule)
    SYSTILE_SCALAR_CMP(ugt)
#undef SYSTILE_SCALAR_CMP
  case Pr::uge:
    break;
  }
  return f(CmpI<Pr::uge>());
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

/// extf/truncf. f64 -> bf16 rounds through f32, as LLVM legalises it
/// (fptrunc to f32, then to bf16); f64 -> f16 rounds once.
template <typename To, typename From> To convertFloat(From x) {
  if constexpr (std::is_same_v<To, double>)
    return static_cast<double>(load(x));
  else if constexpr (std::is_same_v<From, double> && std::is_same_v<To, f16>)
    return f16::fromDouble(x);
  else if constexpr (std::is_same_v<From, double>)
    return store<To>(static_cast<float>(x));
  else
    return store<To>(load(x));
}

/// arith.truncf's rounding modes, with arith::RoundingMode's numbering.
enum class Rounding : int32_t {
  NearestEven = 0,
  Downward = 1,
  Upward = 2,
  TowardZero = 3,
  NearestAway = 4,
};

/// The precision (significand bits, the implicit one included) and the
/// exponent range of a float storage type.
template <typename T> struct FloatFormat;
template <> struct FloatFormat<float> {
  static constexpr int precision = 24, minExponent = -126, maxExponent = 127;
};
template <> struct FloatFormat<double> {
  static constexpr int precision = 53, minExponent = -1022,
                       maxExponent = 1023;
};
template <> struct FloatFormat<bf16> {
  static constexpr int precision = 8, minExponent = -126, maxExponent = 127;
};
template <> struct FloatFormat<f16> {
  static constexpr int precision = 11, minExponent = -14, maxExponent = 15;
};

/// truncf with rounding mode `mode`. to_nearest_even is the default
/// rounding (convertFloat: f64 -> bf16 through f32, as LLVM legalises it).
/// Any other mode rounds the exact value once, as IEEE 754 defines the
/// mode, subnormal results included: downward toward -inf, upward toward
/// +inf, toward_zero by dropping bits, to_nearest_away to the nearer
/// neighbour and, from a tie, away from zero. A value whose rounding
/// with the exponent unbounded is beyond the largest finite one becomes
/// infinity when the mode rounds to nearest or rounds its magnitude up
/// (downward for negative and upward for positive values), else the
/// largest finite value of its sign. NaN, infinities and zeros convert as
/// by default.
template <typename To, typename From> To truncFloat(From x, Rounding mode) {
  static_assert(std::is_same_v<From, float> || std::is_same_v<From, double>,
                "truncf narrows f32 or f64");
  if (mode == Rounding::NearestEven)
    return convertFloat<To>(x);
  const double v = static_cast<double>(x); // exact
  if (std::isnan(v) || std::isinf(v) || v == 0)
    return convertFloat<To>(x);
  using Fmt = FloatFormat<To>;
  const bool negative = std::signbit(v);
  const double magnitude = std::fabs(v);
  int e = 0;
  (void)std::frexp(magnitude, &e); // magnitude in [2^(e-1), 2^e)
  // The spacing of To's values at this magnitude: 2^quantum (To's
  // subnormal spacing below its least normal exponent).
  const int quantum =
      (e - 1 > Fmt::minExponent ? e - 1 : Fmt::minExponent) -
      (Fmt::precision - 1);
  // magnitude / 2^quantum < 2^precision: an exact scaling by a power of
  // two, split into the integer and the fraction, both exact.
  const double scaled = std::ldexp(magnitude, -quantum);
  double whole = std::floor(scaled);
  const double fraction = scaled - whole;
  bool up = false;
  switch (mode) {
  case Rounding::Downward:
    up = negative && fraction > 0;
    break;
  case Rounding::Upward:
    up = !negative && fraction > 0;
    break;
  case Rounding::TowardZero:
    break;
  case Rounding::NearestAway:
    up = fraction >= 0.5;
    break;
  case Rounding::NearestEven:
    break;
  }
  whole += up ? 1 : 0;
  double rounded = std::ldexp(whole, quantum); // exact: whole <= 2^precision
  const double largest =
      std::ldexp(2.0 - std::ldexp(1.0, 1 - Fmt::precision), Fmt::maxExponent);
  if (rounded > largest) {
    const bool toInfinity = mode == Rounding::NearestAway ||
                            (mode == Rounding::Downward && negative) ||
                            (mode == Rounding::Upward && !negative);
    rounded = toInfinity ? std::numeric_limits<double>::infinity() : largest;
  }
  // Exactly representable in To (and in f32 for bf16 and f16).
  return convertFloat<To>(negative ? -rounded : rounded);
}

/// sitofp/uitofp: f32 and f64 are rounded once from the integer; bf16 and
/// f16 through f32, as LLVM legalises them.
template <typename To, bool Signed, typename From> To intToFloat(From v) {
  using Tr = IntTraits<From>;
  using C = Compute<To>;
  return store<To>(Signed ? static_cast<C>(static_cast<int64_t>(Tr::sext(v)))
                          : static_cast<C>(static_cast<uint64_t>(Tr::zext(v))));
}

/// fptosi/fptoui: truncation toward zero; false (poison) for NaN and for
/// values outside the result's range.
template <typename To, bool Signed, typename From>
bool floatToInt(From v, To &r) {
  using Tr = IntTraits<To>;
  using C = Compute<From>;
  const C lo = Signed ? -std::ldexp(C(1), Tr::width - 1) : C(0);
  const C hi = std::ldexp(C(1), Signed ? Tr::width - 1 : Tr::width);
  C c = std::trunc(load(v));
  if (!(c >= lo && c < hi))
    return false;
  r = Tr::wrap(Signed ? static_cast<uint64_t>(static_cast<int64_t>(c))
                      : static_cast<uint64_t>(c));
  return true;
}

/// extsi/trunci/index_cast (sign-extend, or truncate) and extui/
/// index_castui (zero-extend, or truncate).
template <typename To, bool Signed, typename From> To convertInt(From v) {
  using FromTr = IntTraits<From>;
  return IntTraits<To>::wrap(
      Signed ? static_cast<uint64_t>(static_cast<int64_t>(FromTr::sext(v)))
             : static_cast<uint64_t>(FromTr::zext(v)));
}

/// trunci with its overflow flags: false (poison) when nsw is set and the
/// result read as signed is not `v` read as signed, or nuw is set and the
/// same holds unsigned.
template <typename To, bool NSW, bool NUW, typename From>
bool truncInt(From v, To &r) {
  using FromTr = IntTraits<From>;
  using ToTr = IntTraits<To>;
  To t = convertInt<To, true>(v);
  if ((NSW && int64_t(ToTr::sext(t)) != int64_t(FromTr::sext(v))) ||
      (NUW && uint64_t(ToTr::zext(t)) != uint64_t(FromTr::zext(v))))
    return false;
  r = t;
  return true;
}

} // namespace systile::rt::scalar

#endif // SYSTILE_RUNTIME_SCALAR_H
