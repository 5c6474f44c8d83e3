//===- KernelSIMD.h - Micro-kernels generic over a vector ISA ---*- C++ -*-===//
//
// The register-tiled micro-kernels of MatmulKernels.h written once over a
// small traits class `V` (vector width, load, broadcast, mul, add, and the
// int16 pair multiply-add into int32 sums: pmaddwd + paddd, or AVX512-VNNI's
// vpdpwssd, which is the same wrap-around sum in one instruction), and the
// tile kernel of the AVX-512 dot-product instructions over a small
// operations class. Included by the AVX2 and AVX-512 translation units,
// each with its own traits; everything here has internal linkage so the
// per-ISA copies can never be merged by the linker.
//
// The float kernel issues a separate multiply and add (no FMA): the build
// uses -ffp-contract=off, and the intrinsics are plain fmul/fadd.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_LIB_RUNTIME_KERNELSIMD_H
#define SYSTILE_LIB_RUNTIME_KERNELSIMD_H

#include "MatmulKernels.h"

#include <cstdint>

namespace {

/// p[i][v] = zero over the MR x NV register tile.
template <int MR, int NV, typename R>
[[gnu::always_inline]] inline void zeroTile(R (&p)[MR][NV], R zero) {
#pragma GCC unroll 32
  for (int i = 0; i < MR; ++i)
#pragma GCC unroll 8
    for (int v = 0; v < NV; ++v)
      p[i][v] = zero;
}

/// addTo(c + i * ldc + v * W, p[i][v]) over the tile: adds the partial
/// sums to the accumulator rows, one W-lane vector at a time.
template <int W, int MR, int NV, typename R, typename T, typename F>
[[gnu::always_inline]] inline void addTile(T *c, int64_t ldc,
                                           const R (&p)[MR][NV], F addTo) {
#pragma GCC unroll 32
  for (int i = 0; i < MR; ++i)
#pragma GCC unroll 8
    for (int v = 0; v < NV; ++v)
      addTo(c + i * ldc + v * W, p[i][v]);
}

/// `Fused`: p + a*b as one fused multiply-add, which rounds once; only for
/// operands whose products are exact (then the bits are the same).
/// `BFromMemory`: B is not loaded into registers first; each multiply (or
/// fused multiply-add) reads its B operand from the panel. With MR x NV
/// sums and one broadcast in registers, that leaves room for a wider tile
/// (3 x 32 on AVX2), which needs fewer broadcasts per product (on AMD Zen 1
/// they take the same dispatch slots as the arithmetic). The same
/// operations in the same order either way, so the same bits.
template <typename V, int MR, int NV, bool Fused = false,
          bool BFromMemory = false>
void kernelF32(int64_t klen, const float *a, const float *b,
               const systile::rt::detail::BPanelStrides &bs, float *c,
               int64_t ldc) {
  constexpr int W = V::width;
  typename V::F p[MR][NV];
  zeroTile(p, V::zero());
  const int64_t rowStride = bs.rowStride;
  for (int64_t k0 = 0; k0 < klen; k0 += bs.groupRows, b += bs.groupStride) {
    const int64_t k1 = k0 + bs.groupRows < klen ? k0 + bs.groupRows : klen;
    const float *bk = b;
    for (int64_t k = k0; k < k1; ++k, a += MR, bk += rowStride) {
      [[maybe_unused]] typename V::F bv[NV];
      if constexpr (!BFromMemory) {
#pragma GCC unroll 8
        for (int v = 0; v < NV; ++v)
          bv[v] = V::load(bk + v * W);
      }
#pragma GCC unroll 32
      for (int i = 0; i < MR; ++i) {
        typename V::F av = V::broadcast(a + i);
#pragma GCC unroll 8
        for (int v = 0; v < NV; ++v) {
          if constexpr (BFromMemory && Fused)
            p[i][v] = V::fmaFromMemory(av, bk + v * W, p[i][v]);
          else if constexpr (BFromMemory)
            p[i][v] = V::add(p[i][v], V::mulFromMemory(av, bk + v * W));
          else if constexpr (Fused)
            p[i][v] = V::fma(av, bv[v], p[i][v]);
          else
            p[i][v] = V::add(p[i][v], V::mul(av, bv[v]));
        }
      }
    }
  }
  addTile<W>(c, ldc, p, [](float *ci, typename V::F x) {
    V::store(ci, V::add(V::load(ci), x));
  });
}

template <typename V, int MR, int NV>
void kernelI8(int64_t kpairs, const int16_t *a, const int16_t *b, int32_t *c,
              int64_t ldc) {
  constexpr int W = V::width;
  constexpr int NR = NV * W;
  typename V::I p[MR][NV];
  zeroTile(p, V::zeroI());
  for (int64_t k = 0; k < kpairs; ++k, a += 2 * MR, b += 2 * NR) {
    typename V::I bv[NV];
#pragma GCC unroll 8
    for (int v = 0; v < NV; ++v)
      bv[v] = V::loadI(b + 2 * v * W);
#pragma GCC unroll 32
    for (int i = 0; i < MR; ++i) {
      typename V::I av = V::broadcastPair(a + 2 * i);
#pragma GCC unroll 8
      for (int v = 0; v < NV; ++v)
        p[i][v] = V::accumulatePairs(p[i][v], av, bv[v]);
    }
  }
  addTile<W>(c, ldc, p, [](int32_t *ci, typename V::I x) {
    V::storeI(ci, V::addI(V::loadI32(ci), x));
  });
}

/// The MR x (NV * D::width) tile of a dot-product instruction on groups of
/// D::group packed k (vpdpbusd on byte quads, vdpbf16ps on bf16 pairs):
/// each lane of B holds one column's group, A's group is splat into every
/// lane (D::broadcast), and D::dot adds the group's products to the lane's
/// sum in the instruction's order. D::addTo adds a sum to the accumulator.
template <typename D, int MR, int NV, typename In, typename Out>
void kernelDotGroups(int64_t groups, const In *a, const In *b, Out *c,
                     int64_t ldc) {
  constexpr int W = D::width, G = D::group;
  typename D::Sum p[MR][NV];
  zeroTile(p, D::zero());
  for (int64_t k = 0; k < groups; ++k, a += G * MR, b += G * NV * W) {
    typename D::B bv[NV];
#pragma GCC unroll 8
    for (int v = 0; v < NV; ++v)
      bv[v] = D::load(b + G * v * W);
#pragma GCC unroll 32
    for (int i = 0; i < MR; ++i) {
      const typename D::A av = D::broadcast(a + G * i);
#pragma GCC unroll 8
      for (int v = 0; v < NV; ++v)
        p[i][v] = D::dot(p[i][v], av, bv[v]);
    }
  }
  addTile<W>(c, ldc, p, D::addTo);
}

} // namespace

#endif // SYSTILE_LIB_RUNTIME_KERNELSIMD_H
