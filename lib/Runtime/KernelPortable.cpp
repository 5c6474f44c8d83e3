//===- KernelPortable.cpp - Portable C++ micro-kernels --------------------===//
//
// The fallback for any CPU: plain loops over a 4 x 8 register tile that the
// compiler may vectorise for the baseline ISA. Vectorising keeps each
// element's operation sequence, and -ffp-contract=off keeps multiply and
// add separate, so the bits equal the SIMD kernels'.
//
//===----------------------------------------------------------------------===//

#include "MatmulKernels.h"

namespace {

using systile::rt::detail::BPanelStrides;

constexpr int kMR = 4;
constexpr int kNR = 8;

void portableF32(int64_t klen, const float *a, const float *b,
                 const BPanelStrides &bs, float *c, int64_t ldc) {
  float p[kMR][kNR];
  for (int i = 0; i < kMR; ++i)
    for (int j = 0; j < kNR; ++j)
      p[i][j] = 0.0f; // +0, as RFC 6 starts each block.
  for (int64_t k = 0; k < klen; ++k, a += kMR) {
    const float *bk =
        b + (k / bs.groupRows) * bs.groupStride + (k % bs.groupRows) * bs.rowStride;
    for (int i = 0; i < kMR; ++i) {
      const float av = a[i];
      for (int j = 0; j < kNR; ++j) {
        const float prod = av * bk[j];
        p[i][j] = p[i][j] + prod;
      }
    }
  }
  for (int i = 0; i < kMR; ++i)
    for (int j = 0; j < kNR; ++j)
      c[i * ldc + j] = c[i * ldc + j] + p[i][j];
}

void portableI8(int64_t kpairs, const int16_t *a, const int16_t *b, int32_t *c,
                int64_t ldc) {
  // Unsigned arithmetic: two's-complement wrap-around without UB.
  uint32_t p[kMR][kNR] = {};
  for (int64_t k = 0; k < kpairs; ++k, a += 2 * kMR, b += 2 * kNR)
    for (int i = 0; i < kMR; ++i) {
      const int32_t a0 = a[2 * i], a1 = a[2 * i + 1];
      for (int j = 0; j < kNR; ++j)
        p[i][j] += static_cast<uint32_t>(a0 * b[2 * j] + a1 * b[2 * j + 1]);
    }
  for (int i = 0; i < kMR; ++i)
    for (int j = 0; j < kNR; ++j)
      c[i * ldc + j] =
          static_cast<int32_t>(static_cast<uint32_t>(c[i * ldc + j]) + p[i][j]);
}

} // namespace

bool systile::rt::detail::getPortableKernels(KernelSet &set) {
  set.mr = kMR;
  set.nr = kNR;
  set.f32 = &portableF32;
  set.i8 = &portableI8;
  return true;
}
