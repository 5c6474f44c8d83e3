//===- KernelAVX512VNNI.cpp - AVX512-VNNI micro-kernels -------------------===//
//
// Compiled with -mavx512f -mavx512bw -mavx512vnni (and only used after the
// matching __builtin_cpu_supports checks). The f32 kernel is the AVX-512
// one; the int8 kernel sums its int16 pair products with vpdpwssd, one
// instruction for pmaddwd + paddd. The sum is the same: each pair product
// fits in int32 (|a * b| <= 128 * 128 per element, two per pair) and the
// accumulation wraps around (vpdpwssd does not saturate; vpdpwssds would).
//
//===----------------------------------------------------------------------===//

#include "MatmulKernels.h"

#if defined(__x86_64__) && defined(__AVX512F__) && defined(__AVX512BW__) &&   \
    defined(__AVX512VNNI__)

#include "KernelAVX512Traits.h"
#include "KernelSIMD.h"

namespace {
struct AVX512VNNI : AVX512 {
  static I accumulatePairs(I acc, I a, I b) {
    return _mm512_dpwssd_epi32(acc, a, b);
  }
};

/// The MR x (NV * 16) int32 tile, four k per step: each lane of B holds
/// four signed bytes (k .. k+3 of one column), A's four unsigned bytes are
/// splat by vpbroadcastd, and vpdpbusd adds their four products to the
/// lane (wrap-around, no saturation).
template <int MR, int NV>
void kernelI8Quad(int64_t kquads, const uint8_t *a, const uint8_t *b,
                  int32_t *c, int64_t ldc) {
  constexpr int W = 16;
  __m512i p[MR][NV];
#pragma GCC unroll 32
  for (int i = 0; i < MR; ++i)
#pragma GCC unroll 8
    for (int v = 0; v < NV; ++v)
      p[i][v] = _mm512_setzero_si512();
  for (int64_t k = 0; k < kquads; ++k, a += 4 * MR, b += 4 * NV * W) {
    __m512i bv[NV];
#pragma GCC unroll 8
    for (int v = 0; v < NV; ++v)
      bv[v] = _mm512_loadu_si512(b + 4 * v * W);
#pragma GCC unroll 32
    for (int i = 0; i < MR; ++i) {
      __m512i av;
      asm("vpbroadcastd %1, %0" : "=v"(av) : "m"(*(const int32_t *)(a + 4 * i)));
#pragma GCC unroll 8
      for (int v = 0; v < NV; ++v)
        p[i][v] = _mm512_dpbusd_epi32(p[i][v], av, bv[v]);
    }
  }
#pragma GCC unroll 32
  for (int i = 0; i < MR; ++i)
#pragma GCC unroll 8
    for (int v = 0; v < NV; ++v) {
      int32_t *ci = c + i * ldc + v * W;
      _mm512_storeu_si512(ci,
                          _mm512_add_epi32(_mm512_loadu_si512(ci), p[i][v]));
    }
}
} // namespace

bool systile::rt::detail::getAVX512VNNIKernels(KernelSet &set) {
  set.mr = 6;
  set.nr = 64;
  set.f32 = &kernelF32<AVX512, 6, 4>;
  set.f32ExactProducts = &kernelF32<AVX512, 6, 4, /*Fused=*/true>;
  set.i8 = &kernelI8<AVX512VNNI, 6, 4>;
  set.i8Quad = &kernelI8Quad<6, 4>;
  return true;
}

#else

bool systile::rt::detail::getAVX512VNNIKernels(KernelSet &) { return false; }

#endif
