//===- KernelAVX512Traits.h - AVX-512 vector traits -------------*- C++ -*-===//
//
// The AVX-512 traits of KernelSIMD.h, shared by the AVX-512, AVX512-VNNI
// and AVX512-BF16 translation units (each compiled with its own -m flags).
// Internal linkage, like KernelSIMD.h.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_LIB_RUNTIME_KERNELAVX512TRAITS_H
#define SYSTILE_LIB_RUNTIME_KERNELAVX512TRAITS_H

#include <cstdint>
#include <cstring>
#include <immintrin.h>

namespace {
struct AVX512 {
  static constexpr int width = 16;
  using F = __m512;
  using I = __m512i;
  static F zero() { return _mm512_setzero_ps(); }
  static F load(const float *p) { return _mm512_loadu_ps(p); }
  static void store(float *p, F v) { _mm512_storeu_ps(p, v); }
  /// The bits of *p in every lane, by the integer broadcast from memory
  /// (vpbroadcastd): on AMD Zen 5 it is a load alone, while vbroadcastss
  /// also takes a floating-point pipe from the multiplies and adds, which
  /// cost the 6x64 kernel about a fifth of its speed. Bits only move.
  static F broadcast(const float *p) {
    __m512i v;
    asm("vpbroadcastd %1, %0" : "=v"(v) : "m"(*p));
    return _mm512_castsi512_ps(v);
  }
  static F mul(F a, F b) { return _mm512_mul_ps(a, b); }
  static F add(F a, F b) { return _mm512_add_ps(a, b); }
  /// a * b + c rounded once (only for exact products: see KernelSet).
  static F fma(F a, F b, F c) { return _mm512_fmadd_ps(a, b, c); }

  static I zeroI() { return _mm512_setzero_si512(); }
  static I loadI(const int16_t *p) { return _mm512_loadu_si512(p); }
  static I loadI32(const int32_t *p) { return _mm512_loadu_si512(p); }
  static void storeI(int32_t *p, I v) { _mm512_storeu_si512(p, v); }
  static I broadcastPair(const int16_t *p) {
    int32_t pair;
    std::memcpy(&pair, p, sizeof(pair));
    return _mm512_set1_epi32(pair);
  }
  static I maddPairs(I a, I b) { return _mm512_madd_epi16(a, b); }
  static I addI(I a, I b) { return _mm512_add_epi32(a, b); }
  static I accumulatePairs(I acc, I a, I b) { return addI(acc, maddPairs(a, b)); }
  /// The four bytes at p in every 32-bit lane (vpbroadcastd, as above).
  static I broadcast4(const void *p) {
    I v;
    asm("vpbroadcastd %1, %0"
        : "=v"(v)
        : "m"(*static_cast<const int32_t *>(p)));
    return v;
  }
};
} // namespace

#endif // SYSTILE_LIB_RUNTIME_KERNELAVX512TRAITS_H
