//===- KernelAVX512VNNI.cpp - AVX512-VNNI micro-kernels -------------------===//
//
// Compiled with -mavx512f -mavx512bw -mavx512vnni (and only used after the
// matching cpuSupports checks of Cpu.h). The f32 kernel is the AVX-512
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

/// int8 four k at a time: each lane of B holds four signed bytes (k ..
/// k+3 of one column), A's four unsigned bytes are splat, and vpdpbusd
/// adds their four products to the lane (wrap-around, no saturation).
struct ByteQuads {
  static constexpr int width = 16, group = 4;
  using Sum = __m512i;
  using A = __m512i;
  using B = __m512i;
  static Sum zero() { return _mm512_setzero_si512(); }
  static B load(const uint8_t *p) { return _mm512_loadu_si512(p); }
  static A broadcast(const uint8_t *p) { return AVX512::broadcast4(p); }
  static Sum dot(Sum acc, A a, B b) { return _mm512_dpbusd_epi32(acc, a, b); }
  static void addTo(int32_t *c, Sum p) {
    _mm512_storeu_si512(c, _mm512_add_epi32(_mm512_loadu_si512(c), p));
  }
};
} // namespace

/// The AVX-512 path's tile and f32 kernels (KernelAVX512.cpp: the same
/// code, which needs no VNNI), with the int8 kernels on VNNI.
bool systile::rt::detail::getAVX512VNNIKernels(KernelSet &set) {
  if (!getAVX512Kernels(set))
    return false;
  set.i8 = &kernelI8<AVX512VNNI, 6, 4>;
  set.i8Quad = &kernelDotGroups<ByteQuads, 6, 4, uint8_t, int32_t>;
  return true;
}

#else

bool systile::rt::detail::getAVX512VNNIKernels(KernelSet &) { return false; }

#endif
