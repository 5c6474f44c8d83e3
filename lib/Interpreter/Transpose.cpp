//===- Transpose.cpp - 4-byte matrix transposes ---------------------------===//
//
// Tiles of 16x16 elements: dst rows i0..i0+15, columns j0..j0+15, from
// source "rows" (stride srcCol) j0..j0+15, elements i0..i0+15. Each of the
// tile's 16 source lines and 16 destination lines (64 bytes when the
// rows are line-aligned) is read or written whole while the tile is in
// registers. The ragged edges go element by element.
//
//===----------------------------------------------------------------------===//

#include "Transpose.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

using namespace systile::interp;
using kernel::Variant;

namespace {

constexpr int64_t kTile = 16;

using TileFn = void (*)(uint32_t *dst, int64_t dstRow, const uint32_t *src,
                        int64_t srcCol);

#if defined(__x86_64__)
__attribute__((target("avx512f"))) void tileAvx512(uint32_t *dst,
                                                   int64_t dstRow,
                                                   const uint32_t *src,
                                                   int64_t srcCol) {
  __m512 r[16], t[16];
  for (int j = 0; j < 16; ++j)
    r[j] = _mm512_loadu_ps(reinterpret_cast<const float *>(src + j * srcCol));
  // Pairs of rows interleaved by element, then by element pair.
  for (int j = 0; j < 16; j += 2) {
    t[j] = _mm512_unpacklo_ps(r[j], r[j + 1]);
    t[j + 1] = _mm512_unpackhi_ps(r[j], r[j + 1]);
  }
  for (int j = 0; j < 16; j += 4) {
    __m512d d0 = _mm512_castps_pd(t[j]), d1 = _mm512_castps_pd(t[j + 1]),
            d2 = _mm512_castps_pd(t[j + 2]), d3 = _mm512_castps_pd(t[j + 3]);
    r[j] = _mm512_castpd_ps(_mm512_unpacklo_pd(d0, d2));
    r[j + 1] = _mm512_castpd_ps(_mm512_unpackhi_pd(d0, d2));
    r[j + 2] = _mm512_castpd_ps(_mm512_unpacklo_pd(d1, d3));
    r[j + 3] = _mm512_castpd_ps(_mm512_unpackhi_pd(d1, d3));
  }
  // r[4q + x] now holds, in 128-bit lane L, element x of the four source
  // rows 4q..4q+3 at columns 4L..4L+3. Gather the lanes: first lanes
  // {0, 2} / {1, 3} of row groups q and q + 1, then again across groups.
  for (int q = 0; q < 16; q += 8)
    for (int x = 0; x < 4; ++x) {
      t[q + x] = _mm512_shuffle_f32x4(r[q + x], r[q + 4 + x], 0x88);
      t[q + 4 + x] = _mm512_shuffle_f32x4(r[q + x], r[q + 4 + x], 0xdd);
    }
  for (int x = 0; x < 8; ++x) {
    r[x] = _mm512_shuffle_f32x4(t[x], t[8 + x], 0x88);
    r[8 + x] = _mm512_shuffle_f32x4(t[x], t[8 + x], 0xdd);
  }
  for (int i = 0; i < 16; ++i)
    _mm512_storeu_ps(reinterpret_cast<float *>(dst + i * dstRow), r[i]);
}

__attribute__((target("avx2"))) void tileAvx2(uint32_t *dst, int64_t dstRow,
                                              const uint32_t *src,
                                              int64_t srcCol) {
  for (int bj = 0; bj < 16; bj += 8)
    for (int bi = 0; bi < 16; bi += 8) {
      __m256 r[8], t[8];
      for (int j = 0; j < 8; ++j)
        r[j] = _mm256_loadu_ps(
            reinterpret_cast<const float *>(src + (bj + j) * srcCol + bi));
      for (int j = 0; j < 8; j += 2) {
        t[j] = _mm256_unpacklo_ps(r[j], r[j + 1]);
        t[j + 1] = _mm256_unpackhi_ps(r[j], r[j + 1]);
      }
      for (int j = 0; j < 8; j += 4) {
        r[j] = _mm256_shuffle_ps(t[j], t[j + 2], 0x44);
        r[j + 1] = _mm256_shuffle_ps(t[j], t[j + 2], 0xee);
        r[j + 2] = _mm256_shuffle_ps(t[j + 1], t[j + 3], 0x44);
        r[j + 3] = _mm256_shuffle_ps(t[j + 1], t[j + 3], 0xee);
      }
      // r[4q + x]: 128-bit lane L holds element x of rows 4q..4q+3 at
      // columns 4L..4L+3.
      for (int x = 0; x < 4; ++x) {
        t[x] = _mm256_permute2f128_ps(r[x], r[4 + x], 0x20);
        t[4 + x] = _mm256_permute2f128_ps(r[x], r[4 + x], 0x31);
      }
      for (int i = 0; i < 8; ++i)
        _mm256_storeu_ps(
            reinterpret_cast<float *>(dst + (bi + i) * dstRow + bj), t[i]);
    }
}

void tilePortable(uint32_t *dst, int64_t dstRow, const uint32_t *src,
                  int64_t srcCol) {
  for (int bj = 0; bj < 16; bj += 4)
    for (int bi = 0; bi < 16; bi += 4) {
      const float *s = reinterpret_cast<const float *>(src + bj * srcCol + bi);
      __m128 r0 = _mm_loadu_ps(s), r1 = _mm_loadu_ps(s + srcCol),
             r2 = _mm_loadu_ps(s + 2 * srcCol),
             r3 = _mm_loadu_ps(s + 3 * srcCol);
      _MM_TRANSPOSE4_PS(r0, r1, r2, r3);
      float *d = reinterpret_cast<float *>(dst + bi * dstRow + bj);
      _mm_storeu_ps(d, r0);
      _mm_storeu_ps(d + dstRow, r1);
      _mm_storeu_ps(d + 2 * dstRow, r2);
      _mm_storeu_ps(d + 3 * dstRow, r3);
    }
}
#else
void tilePortable(uint32_t *dst, int64_t dstRow, const uint32_t *src,
                  int64_t srcCol) {
  for (int64_t i = 0; i < kTile; ++i)
    for (int64_t j = 0; j < kTile; ++j)
      dst[i * dstRow + j] = src[i + j * srcCol];
}
#endif

TileFn tileFor(Variant variant) {
#if defined(__x86_64__)
  switch (variant) {
  case Variant::Avx512:
    return tileAvx512;
  case Variant::Avx2:
    return tileAvx2;
  case Variant::Portable:
    break;
  }
#else
  (void)variant;
#endif
  return tilePortable;
}

} // namespace

void transpose::transpose32With(Variant variant, uint32_t *dst,
                                int64_t dstRow, const uint32_t *src,
                                int64_t srcCol, int64_t rows, int64_t cols) {
  TileFn tile = tileFor(variant);
  const int64_t rows16 = rows / kTile * kTile, cols16 = cols / kTile * kTile;
  for (int64_t j0 = 0; j0 < cols16; j0 += kTile)
    for (int64_t i0 = 0; i0 < rows16; i0 += kTile)
      tile(dst + i0 * dstRow + j0, dstRow, src + i0 + j0 * srcCol, srcCol);
  // The edges: columns past the whole tiles on every row, then rows past
  // them on the tiled columns.
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = cols16; j < cols; ++j)
      dst[i * dstRow + j] = src[i + j * srcCol];
  for (int64_t j = 0; j < cols16; ++j)
    for (int64_t i = rows16; i < rows; ++i)
      dst[i * dstRow + j] = src[i + j * srcCol];
}

void transpose::transpose32(uint32_t *dst, int64_t dstRow, const uint32_t *src,
                            int64_t srcCol, int64_t rows, int64_t cols) {
  transpose32With(kernel::bestVariant(), dst, dstRow, src, srcCol, rows, cols);
}
