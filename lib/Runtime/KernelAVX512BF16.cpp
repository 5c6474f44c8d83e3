//===- KernelAVX512BF16.cpp - The bf16 pair kernel (vdpbf16ps) ------------===//
//
// Compiled with -mavx512f -mavx512bf16 and only used after
// __builtin_cpu_supports("avx512bf16"). The MR x (NV * 16) f32 tile, two
// k per step: each lane of B holds a bf16 pair of one column, A's pair is
// splat by vpbroadcastd, and vdpbf16ps adds the high product, then the low
// one, to the lane, rounding each time (see KernelBF16Pairs for the pair
// order and the conditions under which this is RFC 6's order).
//
//===----------------------------------------------------------------------===//

#include "MatmulKernels.h"

#if defined(__x86_64__) && defined(__AVX512F__) && defined(__AVX512BF16__)

#include <immintrin.h>

namespace {
template <int MR, int NV>
void kernelBF16Pairs(int64_t kpairs, const uint16_t *a, const uint16_t *b,
                     float *c, int64_t ldc) {
  constexpr int W = 16;
  __m512 p[MR][NV];
#pragma GCC unroll 32
  for (int i = 0; i < MR; ++i)
#pragma GCC unroll 8
    for (int v = 0; v < NV; ++v)
      p[i][v] = _mm512_setzero_ps();
  for (int64_t k = 0; k < kpairs; ++k, a += 2 * MR, b += 2 * NV * W) {
    __m512bh bv[NV];
#pragma GCC unroll 8
    for (int v = 0; v < NV; ++v)
      bv[v] = (__m512bh)_mm512_loadu_si512(b + 2 * v * W);
#pragma GCC unroll 32
    for (int i = 0; i < MR; ++i) {
      __m512i av;
      asm("vpbroadcastd %1, %0"
          : "=v"(av)
          : "m"(*reinterpret_cast<const int32_t *>(a + 2 * i)));
#pragma GCC unroll 8
      for (int v = 0; v < NV; ++v)
        p[i][v] = _mm512_dpbf16_ps(p[i][v], (__m512bh)av, bv[v]);
    }
  }
#pragma GCC unroll 32
  for (int i = 0; i < MR; ++i)
#pragma GCC unroll 8
    for (int v = 0; v < NV; ++v) {
      float *ci = c + i * ldc + v * W;
      _mm512_storeu_ps(ci, _mm512_add_ps(_mm512_loadu_ps(ci), p[i][v]));
    }
}
} // namespace

bool systile::rt::detail::getAVX512BF16Kernels(KernelSet &set) {
  if (set.mr != 6 || set.nr != 64)
    return false; // The tile must match the path's packing.
  set.bf16Pairs = &kernelBF16Pairs<6, 4>;
  return true;
}

#else

bool systile::rt::detail::getAVX512BF16Kernels(KernelSet &) { return false; }

#endif
