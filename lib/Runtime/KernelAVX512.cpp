//===- KernelAVX512.cpp - AVX-512 micro-kernels ---------------------------===//
//
// Compiled with -mavx512f -mavx512bw (and only used after the matching
// __builtin_cpu_supports checks). Register tile 6 x 64: twenty-four zmm
// partial sums, four B vectors, a broadcast and a product among the 32 zmm
// registers (measured faster than 8 x 32 on Zen 5: fewer loads per
// multiply-add). int8 uses vpmaddwd (AVX512BW) on int16 pairs.
//
//===----------------------------------------------------------------------===//

#include "MatmulKernels.h"

#if defined(__x86_64__) && defined(__AVX512F__) && defined(__AVX512BW__)

#include "KernelSIMD.h"

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
  static F broadcast(const float *p) { return _mm512_set1_ps(*p); }
  static F mul(F a, F b) { return _mm512_mul_ps(a, b); }
  static F add(F a, F b) { return _mm512_add_ps(a, b); }

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
};
} // namespace

bool systile::rt::detail::getAVX512Kernels(KernelSet &set) {
  set.mr = 6;
  set.nr = 64;
  set.f32 = &kernelF32<AVX512, 6, 4>;
  set.i8 = &kernelI8<AVX512, 6, 4>;
  return true;
}

#else

bool systile::rt::detail::getAVX512Kernels(KernelSet &) { return false; }

#endif
