//===- LibmVector.h - fdlibm's tanhf on W lanes at once ---------*- C++ -*-===//
//
// fdlibm's tanhf (s_tanhf.c) and the expm1f it calls (s_expm1f.c), as
// glibc 2.40 and earlier build them, on a vector of W floats (GCC vector
// extensions; W = 4 in the baseline translation unit, 8 in the AVX2 one,
// 16 in the AVX-512 one).
// Every operation is the scalar code's IEEE single-precision operation, in
// its order, on each lane: both sides of each branch are computed and the
// lane's side is selected, so each lane gets the scalar function's bits
// (no FMA: the runtime builds with -ffp-contract=off, and the float to int
// conversions truncate as the scalar casts do). Lanes outside a branch's
// domain are replaced before any conversion or shift that could overflow.
// Internal linkage: each instruction set's translation unit has its copy.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_LIB_RUNTIME_LIBMVECTOR_H
#define SYSTILE_LIB_RUNTIME_LIBMVECTOR_H

#include <cmath>
#include <cstdint>
#include <cstring>

namespace {

template <int W> struct Lanes {
  typedef float F __attribute__((vector_size(4 * W)));
  typedef int32_t I __attribute__((vector_size(4 * W)));
  typedef uint32_t U __attribute__((vector_size(4 * W)));
};

template <int W> inline typename Lanes<W>::I bitsOf(typename Lanes<W>::F v) {
  typename Lanes<W>::I i;
  std::memcpy(&i, &v, sizeof i);
  return i;
}
template <int W> inline typename Lanes<W>::F floatOf(typename Lanes<W>::I i) {
  typename Lanes<W>::F v;
  std::memcpy(&v, &i, sizeof v);
  return v;
}

/// tanhf on each lane of x.
template <int W> inline typename Lanes<W>::F tanhVector(typename Lanes<W>::F x) {
  using F = typename Lanes<W>::F;
  using I = typename Lanes<W>::I;
  using U = typename Lanes<W>::U;
  const F zero = {};
  const I izero = {};
  const I jx = bitsOf<W>(x);
  const I ix = jx & 0x7fffffff;
  const F ax = floatOf<W>(ix);
  // tanhf: |x| < 22 (finite) calls expm1f(2|x|) when |x| >= 1, else
  // expm1f(-2|x|); both products are exact.
  const I inDomain = ix < 0x41b00000;
  const I big = ix >= 0x3f800000;
  const F u = big ? 2.0f * ax : -2.0f * ax;
  const I negative = ~big;
  const I hu = bitsOf<W>(u) & 0x7fffffff;

  // expm1f(u), for |u| < 44: argument reduction u = k ln2 + r (hi - lo).
  const I reduce = hu > 0x3eb17218;  // |u| > 0.5 ln2
  const I nearLn2 = hu < 0x3F851592; // and |u| < 1.5 ln2: k = +-1
  const F kHalf = negative ? zero - 0.5f : zero + 0.5f;
  const F kReal = 1.4426950216e+00f * u + kHalf;
  const I kRounded = __builtin_convertvector(
      (inDomain & reduce & ~nearLn2) ? kReal : zero, I);
  const I k = reduce ? (nearLn2 ? (negative ? izero - 1 : izero + 1) : kRounded)
                     : izero;
  const F t = __builtin_convertvector(k, F);
  const F hiNear = negative ? u + 6.9313812256e-01f : u - 6.9313812256e-01f;
  const F loNear = negative ? zero - 9.0580006145e-06f : zero + 9.0580006145e-06f;
  const F hi = nearLn2 ? hiNear : u - t * 6.9313812256e-01f;
  const F lo = nearLn2 ? loNear : t * 9.0580006145e-06f;
  const F r = reduce ? hi - lo : u;
  const F c = reduce ? (hi - r) - lo : zero;

  // The rational approximation on the reduced argument.
  const F hfx = 0.5f * r;
  const F hxs = r * hfx;
  const F r1 =
      1.0f +
      hxs * (-3.3333335072e-02f +
             hxs * (1.5873016091e-03f +
                    hxs * (-7.9365076090e-05f +
                           hxs * (4.0082177293e-06f +
                                  hxs * -2.0109921195e-07f))));
  const F tt = 3.0f - r1 * hfx;
  F e = hxs * ((r1 - tt) / (6.0f - r * tt));
  const F kZero = r - (r * e - hxs);
  e = (r * (e - c) - c);
  e -= hxs;
  const F kMinusOne = 0.5f * (r - e) - 0.5f;
  const F kOne = r < -0.25f ? -2.0f * (e - (r + 0.5f)) : 1.0f + 2.0f * (r - e);
  // 2^k y by adding k to the exponent field (unsigned: no signed overflow).
  const U kExponent = __builtin_convertvector(k, U) << 23;
  auto scale = [&](F y) {
    return floatOf<W>(__builtin_convertvector(
        __builtin_convertvector(bitsOf<W>(y), U) + kExponent, I));
  };
  const F kFar = scale(1.0f - (e - r)) - 1.0f; // k <= -2 or k > 56
  const I kSmall = (k >= 2) & (k < 23);
  const U shift = __builtin_convertvector(kSmall ? k : izero, U);
  const U oneMinus = 0x3f800000u - ((izero + 0x1000000) >> shift); // 1 - 2^-k
  const F kMid = scale(floatOf<W>(oneMinus) - (e - r));
  const I kLarge = (k >= 23) & (k <= 56);
  const I kl = kLarge ? k : izero + 23;
  const F twoToMinusK = floatOf<W>((0x7f - kl) << 23);
  F kHigh = r - (e + twoToMinusK);
  kHigh += 1.0f;
  kHigh = scale(kHigh);
  F em1 = ((k <= -2) | (k > 56)) ? kFar : (kSmall ? kMid : kHigh);
  em1 = k == 1 ? kOne : em1;
  em1 = k == -1 ? kMinusOne : em1;
  em1 = k == 0 ? kZero : em1;
  em1 = hu < 0x33000000 ? u : em1; // |u| < 2^-25: expm1f(u) = u

  // Back in tanhf: 1 - 2 / (t + 2) for |x| >= 1, -t / (t + 2) below, one
  // division for both (each lane divides what its branch divides).
  const F q = (big ? zero + 2.0f : zero - em1) / (em1 + 2.0f);
  F z = big ? 1.0f - q : q;
  z = inDomain ? z : zero + (1.0f - 1.0e-30f); // |x| >= 22: 1
  z = jx >= 0 ? z : zero - z;
  z = ix < 0x24000000 ? x * (1.0f + x) : z; // |x| < 2^-55
  z = ix == 0 ? x : z;
  const I nonFinite = ix >= 0x7f800000;
  if (__builtin_reduce_or(nonFinite)) {
    const F nanOrInf = jx >= 0 ? 1.0f / x + 1.0f : 1.0f / x - 1.0f;
    z = nonFinite ? nanOrInf : z;
  }
  return z;
}

/// y[i] = tanhf(x[i]) over n lanes, W at a time (the tail through a
/// zero-padded vector).
template <int W> void tanhVectorLoop(const float *x, float *y, int64_t n) {
  using F = typename Lanes<W>::F;
  int64_t i = 0;
  for (; i + W <= n; i += W) {
    F v;
    std::memcpy(&v, x + i, sizeof v);
    v = tanhVector<W>(v);
    std::memcpy(y + i, &v, sizeof v);
  }
  if (i < n) {
    F v = {};
    std::memcpy(&v, x + i, sizeof(float) * static_cast<size_t>(n - i));
    v = tanhVector<W>(v);
    std::memcpy(y + i, &v, sizeof(float) * static_cast<size_t>(n - i));
  }
}

} // namespace

#endif // SYSTILE_LIB_RUNTIME_LIBMVECTOR_H
