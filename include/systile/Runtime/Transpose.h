//===- Transpose.h - The runtime's one blocked transpose --------*- C++ -*-===//
//
// The transposing copy behind linalg.transpose, a transposed contraction
// operand, a permuting linalg.copy (StridedCopy.h) and the transposed pack
// of a tiled matrix (TiledMatrix::fromDenseTransposed): bits move, so
// floats keep their NaN payloads. Both sides are walked in blocks so that
// every cache line read or written is used whole at once: rows of a
// power-of-two matrix map to the same cache sets, and reading one element
// per line would have the lines evicted before their neighbours are used.
// 4-byte elements go in 16x16 tiles through registers, one path per
// instruction set (16x16 in zmm registers, 8x8 in ymm, 4x4 in xmm),
// picked once through Cpu.h; other sizes go through a 32x32 buffer.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_TRANSPOSE_H
#define SYSTILE_RUNTIME_TRANSPOSE_H

#include "systile/Runtime/Cpu.h"

#include <cstddef>
#include <cstdint>
#include <limits>

namespace systile::rt::dense {

/// Where row i of a transpose's destination starts (in elements): rows
/// `rowStride` apart, in groups of `groupRows` rows whose starts are
/// `groupStride` apart. A dense matrix is one group; a tile column of
/// tiled storage has a group per tile row.
struct RowSpacing {
  int64_t rowStride = 0;
  int64_t groupRows = std::numeric_limits<int64_t>::max();
  int64_t groupStride = 0;

  int64_t offset(int64_t row) const {
    return row / groupRows * groupStride + row % groupRows * rowStride;
  }
};

/// dst[rows.offset(i) + j] = src[i + j * srcCol] for i < numRows,
/// j < numCols, elements of `elemSize` bytes (1, 2, 4 or 8).
void transpose(void *dst, const RowSpacing &rows, const void *src,
               int64_t srcCol, int64_t numRows, int64_t numCols,
               size_t elemSize);

/// The path `transpose` takes for 4-byte elements: AVX512, AVX2 or
/// Portable (4x4 xmm tiles on x86-64, element by element elsewhere).
Isa transposeIsa();

/// `transpose` on the path `isa` (AVX512, AVX2 or Portable; the CPU must
/// support it), for tests. Elements of other sizes than 4 have one path.
void transposeWith(Isa isa, void *dst, const RowSpacing &rows, const void *src,
                   int64_t srcCol, int64_t numRows, int64_t numCols,
                   size_t elemSize);

} // namespace systile::rt::dense

#endif // SYSTILE_RUNTIME_TRANSPOSE_H
