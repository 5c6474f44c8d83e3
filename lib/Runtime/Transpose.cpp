//===- Transpose.cpp - The runtime's one blocked transpose ----------------===//
//
// 4-byte elements: tiles of 16x16 elements, dst rows i0..i0+15, columns
// j0..j0+15, from source "rows" (stride srcCol) j0..j0+15, elements
// i0..i0+15. Each of the tile's 16 source lines and 16 destination lines
// (64 bytes when the rows are line-aligned) is read or written whole
// while the tile is in registers. The ragged edges go element by element.
// Other sizes: blocks of 32x32 elements read along the source's unit
// stride into a buffer, then written along the destination rows.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Transpose.h"

#include "ElementBitsType.h"

#include <algorithm>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

using namespace systile::rt;
using namespace systile::rt::dense;

namespace {

constexpr int64_t kTile = 16;

/// Writes the tile's 16 destination rows dst[0..15] (16 elements each).
using TileFn = void (*)(uint32_t *const *dst, const uint32_t *src,
                        int64_t srcCol);

#if defined(__x86_64__)
__attribute__((target("avx512f"))) void
tileAvx512(uint32_t *const *dst, const uint32_t *src, int64_t srcCol) {
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
    _mm512_storeu_ps(reinterpret_cast<float *>(dst[i]), r[i]);
}

__attribute__((target("avx2"))) void
tileAvx2(uint32_t *const *dst, const uint32_t *src, int64_t srcCol) {
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
        _mm256_storeu_ps(reinterpret_cast<float *>(dst[bi + i] + bj), t[i]);
    }
}

void tilePortable(uint32_t *const *dst, const uint32_t *src, int64_t srcCol) {
  for (int bj = 0; bj < 16; bj += 4)
    for (int bi = 0; bi < 16; bi += 4) {
      const float *s = reinterpret_cast<const float *>(src + bj * srcCol + bi);
      __m128 r0 = _mm_loadu_ps(s), r1 = _mm_loadu_ps(s + srcCol),
             r2 = _mm_loadu_ps(s + 2 * srcCol),
             r3 = _mm_loadu_ps(s + 3 * srcCol);
      _MM_TRANSPOSE4_PS(r0, r1, r2, r3);
      _mm_storeu_ps(reinterpret_cast<float *>(dst[bi] + bj), r0);
      _mm_storeu_ps(reinterpret_cast<float *>(dst[bi + 1] + bj), r1);
      _mm_storeu_ps(reinterpret_cast<float *>(dst[bi + 2] + bj), r2);
      _mm_storeu_ps(reinterpret_cast<float *>(dst[bi + 3] + bj), r3);
    }
}
#else
void tilePortable(uint32_t *const *dst, const uint32_t *src, int64_t srcCol) {
  for (int64_t i = 0; i < kTile; ++i)
    for (int64_t j = 0; j < kTile; ++j)
      dst[i][j] = src[i + j * srcCol];
}
#endif

TileFn tileFor(Isa isa) {
#if defined(__x86_64__)
  switch (isa) {
  case Isa::AVX512:
    return tileAvx512;
  case Isa::AVX2:
    return tileAvx2;
  default:
    break;
  }
#else
  (void)isa;
#endif
  return tilePortable;
}

void transpose32(TileFn tile, uint32_t *dst, const RowSpacing &rows,
                 const uint32_t *src, int64_t srcCol, int64_t numRows,
                 int64_t numCols) {
  const int64_t rows16 = numRows / kTile * kTile;
  const int64_t cols16 = numCols / kTile * kTile;
  uint32_t *dstRows[kTile];
  for (int64_t j0 = 0; j0 < cols16; j0 += kTile)
    for (int64_t i0 = 0; i0 < rows16; i0 += kTile) {
      for (int64_t i = 0; i < kTile; ++i)
        dstRows[i] = dst + rows.offset(i0 + i) + j0;
      tile(dstRows, src + i0 + j0 * srcCol, srcCol);
    }
  // The edges: columns past the whole tiles on every row, then rows past
  // them on the tiled columns.
  for (int64_t i = 0; i < numRows; ++i)
    for (int64_t j = cols16; j < numCols; ++j)
      dst[rows.offset(i) + j] = src[i + j * srcCol];
  for (int64_t i = rows16; i < numRows; ++i)
    for (int64_t j = 0; j < cols16; ++j)
      dst[rows.offset(i) + j] = src[i + j * srcCol];
}

/// Any element type: each block is read along the source's unit stride
/// (i) into a buffer, then written along the destination's rows (j).
template <typename T>
void transposeBlocked(T *dst, const RowSpacing &rows, const T *src,
                      int64_t srcCol, int64_t numRows, int64_t numCols) {
  constexpr int64_t kBlock = 32;
  T block[kBlock][kBlock]; // [j][i]
  for (int64_t i0 = 0; i0 < numRows; i0 += kBlock)
    for (int64_t j0 = 0; j0 < numCols; j0 += kBlock) {
      const int64_t ni = std::min(numRows - i0, kBlock);
      const int64_t nj = std::min(numCols - j0, kBlock);
      const T *at = src + i0 + j0 * srcCol;
      for (int64_t j = 0; j < nj; ++j)
        for (int64_t i = 0; i < ni; ++i)
          block[j][i] = at[i + j * srcCol];
      for (int64_t i = 0; i < ni; ++i) {
        T *out = dst + rows.offset(i0 + i) + j0;
        for (int64_t j = 0; j < nj; ++j)
          out[j] = block[j][i];
      }
    }
}

} // namespace

Isa dense::transposeIsa() {
  static const Isa isa = resolveIsa(Isa::Auto, {Isa::AVX512, Isa::AVX2});
  return isa;
}

void dense::transposeWith(Isa isa, void *dst, const RowSpacing &rows,
                          const void *src, int64_t srcCol, int64_t numRows,
                          int64_t numCols, size_t elemSize) {
  detail::withBitsType(elemSize, [&](auto bits) {
    using T = decltype(bits);
    if constexpr (sizeof(T) == 4)
      transpose32(tileFor(isa), static_cast<T *>(dst), rows,
                  static_cast<const T *>(src), srcCol, numRows, numCols);
    else
      transposeBlocked(static_cast<T *>(dst), rows, static_cast<const T *>(src),
                       srcCol, numRows, numCols);
  });
}

void dense::transpose(void *dst, const RowSpacing &rows, const void *src,
                      int64_t srcCol, int64_t numRows, int64_t numCols,
                      size_t elemSize) {
  transposeWith(transposeIsa(), dst, rows, src, srcCol, numRows, numCols,
                elemSize);
}
