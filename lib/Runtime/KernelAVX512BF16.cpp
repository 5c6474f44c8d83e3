//===- KernelAVX512BF16.cpp - The bf16 pair kernel (vdpbf16ps) ------------===//
//
// Compiled with -mavx512f -mavx512bf16 and only used after
// cpuSupports(Isa::AVX512BF16) (Cpu.h). The MR x (NV * 16) f32 tile, two
// k per step: each lane of B holds a bf16 pair of one column, A's pair is
// splat by vpbroadcastd, and vdpbf16ps adds the high product, then the low
// one, to the lane, rounding each time (see KernelBF16Pairs for the pair
// order and the conditions under which this is RFC 6's order).
//
//===----------------------------------------------------------------------===//

#include "MatmulKernels.h"

#if defined(__x86_64__) && defined(__AVX512F__) && defined(__AVX512BF16__)

#include "KernelAVX512Traits.h"
#include "KernelSIMD.h"

namespace {
/// bf16 two k at a time: each lane of B holds one column's pair, A's pair
/// is splat, and vdpbf16ps adds the high product, then the low one, each
/// rounded (MatmulKernels.h).
struct BF16Pairs {
  static constexpr int width = 16, group = 2;
  using Sum = __m512;
  using A = __m512bh;
  using B = __m512bh;
  static Sum zero() { return _mm512_setzero_ps(); }
  static B load(const uint16_t *p) { return (__m512bh)_mm512_loadu_si512(p); }
  static A broadcast(const uint16_t *p) {
    return (__m512bh)AVX512::broadcast4(p);
  }
  static Sum dot(Sum acc, A a, B b) { return _mm512_dpbf16_ps(acc, a, b); }
  static void addTo(float *c, Sum p) {
    _mm512_storeu_ps(c, _mm512_add_ps(_mm512_loadu_ps(c), p));
  }
};
} // namespace

bool systile::rt::detail::getAVX512BF16Kernels(KernelSet &set) {
  if (set.mr != 6 || set.nr != 64)
    return false; // The tile must match the path's packing.
  set.bf16Pairs = &kernelDotGroups<BF16Pairs, 6, 4, uint16_t, float>;
  return true;
}

#else

bool systile::rt::detail::getAVX512BF16Kernels(KernelSet &) { return false; }

#endif
