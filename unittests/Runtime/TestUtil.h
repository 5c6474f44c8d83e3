//===- TestUtil.h - Independent oracles for the runtime tests ---*- C++ -*-===//
//
// Reference implementations written independently of the runtime: an f32 ->
// bf16 rounding oracle that compares distances in double arithmetic, and the
// naive scalar model of RFC 6's matmul order on dense row-major data. The
// tests compare the runtime against these, never against itself.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_UNITTESTS_RUNTIME_TESTUTIL_H
#define SYSTILE_UNITTESTS_RUNTIME_TESTUTIL_H

#include "systile/Runtime/BF16.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

namespace systile::testutil {

inline uint32_t floatBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline float bitsFloat(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
inline float bf16BitsToFloat(uint16_t b) {
  return bitsFloat(static_cast<uint32_t>(b) << 16);
}

/// Oracle for finite and infinite inputs: pick the nearer of the two bf16
/// neighbours by exact distance in double; on a tie, the even one. The
/// neighbour above the largest finite bf16 is 2^128 (IEEE's unbounded
/// exponent rule), which rounds to infinity. NaN is not handled here.
inline uint16_t oracleBF16(float x) {
  const uint32_t u = floatBits(x);
  const uint16_t sign = static_cast<uint16_t>((u >> 16) & 0x8000u);
  if (std::isinf(x))
    return static_cast<uint16_t>(sign | 0x7f80u);
  const double ax = std::fabs(static_cast<double>(x));
  const uint16_t lo = static_cast<uint16_t>((u & 0x7fffffffu) >> 16);
  const uint16_t hi = static_cast<uint16_t>(lo + 1);
  const double dlo = static_cast<double>(bf16BitsToFloat(lo));
  const double dhi =
      hi == 0x7f80u ? std::ldexp(1.0, 128) : double(bf16BitsToFloat(hi));
  uint16_t pick;
  if (ax - dlo < dhi - ax)
    pick = lo;
  else if (ax - dlo > dhi - ax)
    pick = hi;
  else
    pick = (lo % 2 == 0) ? lo : hi;
  return static_cast<uint16_t>(sign | pick);
}

inline float oracleRoundBF16(float x) { return bf16BitsToFloat(oracleBF16(x)); }

/// RFC 6 on dense row-major float data, with an optional per-(kb, nb)
/// "skip" set modelling dynamically skipped weight loads.
inline std::vector<float>
naiveMatmulF32(int64_t M, int64_t K, int64_t N, const std::vector<float> &a,
               const std::vector<float> &b, const std::vector<float> &c,
               int64_t mxu, bool bf16Precision,
               const std::vector<uint8_t> *skip = nullptr) {
  const int64_t NB = (N + mxu - 1) / mxu;
  std::vector<float> d(static_cast<size_t>(M * N));
  for (int64_t i = 0; i < M; ++i)
    for (int64_t j = 0; j < N; ++j) {
      float acc = c[i * N + j];
      for (int64_t kb = 0; kb * mxu < K; ++kb) {
        if (skip && (*skip)[kb * NB + j / mxu])
          continue;
        float p = 0.0f;
        for (int64_t k = kb * mxu; k < std::min(K, (kb + 1) * mxu); ++k) {
          float x = a[i * K + k], y = b[k * N + j];
          if (bf16Precision) {
            x = oracleRoundBF16(x);
            y = oracleRoundBF16(y);
          }
          float prod = x * y; // Built with -ffp-contract=off: no FMA.
          p = p + prod;
        }
        acc = acc + p;
      }
      d[i * N + j] = acc;
    }
  return d;
}

/// i8 x i8 + i32 with two's-complement wrap-around.
inline std::vector<int32_t> naiveMatmulI8(int64_t M, int64_t K, int64_t N,
                                          const std::vector<int8_t> &a,
                                          const std::vector<int8_t> &b,
                                          const std::vector<int32_t> &c) {
  std::vector<int32_t> d(static_cast<size_t>(M * N));
  for (int64_t i = 0; i < M; ++i)
    for (int64_t j = 0; j < N; ++j) {
      uint32_t acc = static_cast<uint32_t>(c[i * N + j]);
      for (int64_t k = 0; k < K; ++k)
        acc += static_cast<uint32_t>(int32_t(a[i * K + k]) *
                                     int32_t(b[k * N + j]));
      d[i * N + j] = static_cast<int32_t>(acc);
    }
  return d;
}

/// Values spread over magnitudes 2^-12 .. 2^12 with both signs, so that the
/// summation order shows in the low bits.
inline std::vector<float> randomFloats(std::mt19937 &rng, size_t n) {
  std::uniform_real_distribution<float> mant(-1.0f, 1.0f);
  std::uniform_int_distribution<int> expo(-12, 12);
  std::vector<float> v(n);
  for (float &x : v)
    x = std::ldexp(mant(rng), expo(rng));
  return v;
}

/// Dense float data as a matmul operand of element type T: bf16 operands
/// hold the values rounded to bf16 by the oracle, the others the values.
template <typename T> std::vector<T> asOperand(const std::vector<float> &v) {
  std::vector<T> out(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    if constexpr (std::is_same_v<T, rt::bf16>)
      out[i] = rt::bf16::fromBits(oracleBF16(v[i]));
    else
      out[i] = v[i];
  }
  return out;
}

/// An operand's values as floats (exact for bf16, f32 and small integers).
template <typename T> std::vector<float> widen(const std::vector<T> &v) {
  std::vector<float> out(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    if constexpr (std::is_same_v<T, rt::bf16>)
      out[i] = v[i].toFloat();
    else
      out[i] = v[i];
  }
  return out;
}

/// Fails (naming `what` and the first few elements) unless `got` and `want`
/// have the same bits element by element.
inline void expectBitsEqual(const std::vector<float> &got,
                            const std::vector<float> &want,
                            const std::string &what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  size_t bad = 0;
  for (size_t i = 0; i < got.size(); ++i)
    if (floatBits(got[i]) != floatBits(want[i]) && bad++ < 5)
      ADD_FAILURE() << what << ": element " << i << " got " << got[i] << " ("
                    << std::hex << floatBits(got[i]) << ") want " << want[i]
                    << " (" << floatBits(want[i]) << std::dec << ")";
  EXPECT_EQ(bad, 0u) << what;
}

} // namespace systile::testutil

#endif // SYSTILE_UNITTESTS_RUNTIME_TESTUTIL_H
