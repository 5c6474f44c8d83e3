//===- MatmulKernels.h - Micro-kernels of the simulator ---------*- C++ -*-===//
//
// Internal contract between the matmul driver (Matmul.cpp) and the
// micro-kernels, which live in one translation unit per instruction set so
// that each can be compiled with its own -m flags and chosen at run time.
//
// A micro-kernel computes one MR x NR register tile of partial sums over one
// mxu-deep k block and adds it to the accumulator:
//
//   p[i][j] = +0;  for k: p[i][j] = fl32(p[i][j] + fl32(a[k][i] * b[k][j]))
//   c[i * ldc + j] = fl32(c[i * ldc + j] + p[i][j])
//
// exactly RFC 6's order for one (kb, nb) step, with A packed as [k][MR] and
// B as [k][NR]. The int8 kernel takes int16 values interleaved in k pairs,
// A as [k/2][MR][2] and B as [k/2][NR][2], and adds with two's-complement
// wrap-around (any order is exact).
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_LIB_RUNTIME_MATMULKERNELS_H
#define SYSTILE_LIB_RUNTIME_MATMULKERNELS_H

#include <cstdint>

namespace systile::rt::detail {

/// Where the f32 kernel reads row k of its B panel (NR floats): rows
/// come in groups of `groupRows` rows `rowStride` floats apart, and the
/// groups `groupStride` floats apart. A packed panel is one group of
/// rows NR apart; a panel read in place from tiled storage has a group
/// per tile row (sublanes rows, `lanes` apart).
struct BPanelStrides {
  int64_t rowStride = 0;
  int64_t groupRows = 1;
  int64_t groupStride = 0;
};

using KernelF32 = void (*)(int64_t klen, const float *a, const float *b,
                           const BPanelStrides &bs, float *c, int64_t ldc);
using KernelI8 = void (*)(int64_t kpairs, const int16_t *a, const int16_t *b,
                          int32_t *c, int64_t ldc);
/// int8 four k at a time (vpdpbusd): A packed as a + 128 in unsigned
/// bytes, B as signed bytes, [k/4][rows][4]. C gets sum (a + 128) * b;
/// the driver subtracts 128 x B's column sums (exact in wrap-around i32).
using KernelI8Quad = void (*)(int64_t kquads, const uint8_t *a,
                              const uint8_t *b, int32_t *c, int64_t ldc);
/// bf16 two k at a time (vdpbf16ps): A and B as bf16 bits in pairs
/// [k/2][rows][2], k + 1 in the low half and k in the high half, because
/// the instruction adds the high product first, then the low one, each
/// rounded (measured on Zen 5: bit for bit the sequential order). It
/// flushes subnormal inputs and results, so the driver uses it only when
/// every partial sum is a multiple of 2^-126 (see ModeBF16Pairs).
using KernelBF16Pairs = void (*)(int64_t kpairs, const uint16_t *a,
                                 const uint16_t *b, float *c, int64_t ldc);

struct KernelSet {
  int mr =
      0; ///< Rows of the register tile: 3, 4, 6 or 8 (the packer unrolls these).
  int nr = 0; ///< Columns of the register tile.
  /// The f32 kernels' own tile (f32 and f32ExactProducts), where it is not
  /// mr x nr (0: it is).
  int f32mr = 0, f32nr = 0;
  /// The f32 kernels read B packed, never in the rhs's tiled storage: their
  /// panel's rows, a tile row apart there, would share a few sets of the
  /// first-level cache and evict each other.
  bool f32PackedB = false;
  KernelF32 f32 = nullptr;
  /// The f32 kernel with fused multiply-adds, for operands whose every
  /// product a*b is exact in f32 (bf16 values in a safe exponent range):
  /// fma(a, b, p) = round(p + a*b) = add(p, mul(a, b)), the same bits in
  /// half the instructions. Null where the path has none.
  KernelF32 f32ExactProducts = nullptr;
  KernelI8 i8 = nullptr;
  /// Null where the path has no four-way byte dot product.
  KernelI8Quad i8Quad = nullptr;
  /// Null where the path (or the CPU) has no bf16 pair dot product.
  KernelBF16Pairs bf16Pairs = nullptr;
};

/// Each returns false when its instruction set was not compiled in (the
/// caller checks CPU support separately).
bool getPortableKernels(KernelSet &set);
bool getAVX2Kernels(KernelSet &set);
/// Adds the AVX2 path's f32ExactProducts kernel (the CPU must have FMA).
bool getAVX2FMAKernels(KernelSet &set);
bool getAVX512Kernels(KernelSet &set);
bool getAVX512VNNIKernels(KernelSet &set);
/// Adds the bf16Pairs kernel (the CPU must have AVX512-BF16).
bool getAVX512BF16Kernels(KernelSet &set);

} // namespace systile::rt::detail

#endif // SYSTILE_LIB_RUNTIME_MATMULKERNELS_H
