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
} // namespace

bool systile::rt::detail::getAVX512VNNIKernels(KernelSet &set) {
  set.mr = 6;
  set.nr = 64;
  set.f32 = &kernelF32<AVX512, 6, 4>;
  set.f32ExactProducts = &kernelF32<AVX512, 6, 4, /*Fused=*/true>;
  set.i8 = &kernelI8<AVX512VNNI, 6, 4>;
  return true;
}

#else

bool systile::rt::detail::getAVX512VNNIKernels(KernelSet &) { return false; }

#endif
