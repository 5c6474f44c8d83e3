//===- KernelAVX2Traits.h - AVX2 vector operations for the kernels -*- C++ -*-===//
//
// The vector type and operations KernelSIMD.h's kernels take, for AVX2 (ymm).
// Included by the AVX2 kernel files only, which are compiled with -mavx2.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_LIB_RUNTIME_KERNELAVX2TRAITS_H
#define SYSTILE_LIB_RUNTIME_KERNELAVX2TRAITS_H

#include <cstdint>
#include <cstring>
#include <immintrin.h>

namespace {
struct AVX2 {
  static constexpr int width = 8;
  using F = __m256;
  using I = __m256i;
  static F zero() { return _mm256_setzero_ps(); }
  static F load(const float *p) { return _mm256_loadu_ps(p); }
  static void store(float *p, F v) { _mm256_storeu_ps(p, v); }
  /// The integer broadcast from memory (vpbroadcastd), as for AVX-512: a
  /// load alone on AMD Zen, where vbroadcastss also takes an FP pipe.
  static F broadcast(const float *p) {
    __m256i v;
    asm("vpbroadcastd %1, %0" : "=x"(v) : "m"(*p));
    return _mm256_castsi256_ps(v);
  }
  static F mul(F a, F b) { return _mm256_mul_ps(a, b); }
  /// a * b[0..8) with b read by the multiply (the compiler would load a B
  /// vector used by several rows into a register once).
  static F mulFromMemory(F a, const float *b) {
    F r;
    asm("vmulps %1, %2, %0" : "=x"(r) : "m"(*reinterpret_cast<const F *>(b)),
        "x"(a));
    return r;
  }
  static F add(F a, F b) { return _mm256_add_ps(a, b); }

  static I zeroI() { return _mm256_setzero_si256(); }
  static I loadI(const int16_t *p) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i *>(p));
  }
  static I loadI32(const int32_t *p) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i *>(p));
  }
  static void storeI(int32_t *p, I v) {
    _mm256_storeu_si256(reinterpret_cast<__m256i *>(p), v);
  }
  static I broadcastPair(const int16_t *p) {
    int32_t pair;
    std::memcpy(&pair, p, sizeof(pair));
    return _mm256_set1_epi32(pair);
  }
  static I maddPairs(I a, I b) { return _mm256_madd_epi16(a, b); }
  static I addI(I a, I b) { return _mm256_add_epi32(a, b); }
  static I accumulatePairs(I acc, I a, I b) { return addI(acc, maddPairs(a, b)); }
};
} // namespace

#endif // SYSTILE_LIB_RUNTIME_KERNELAVX2TRAITS_H
