//===- Transpose.h - 4-byte matrix transposes -------------------*- C++ -*-===//
//
// The interpreter's transposing copy of 4-byte elements (linalg.transpose,
// a transposed contraction operand, a permuting linalg.copy): bits move,
// so floats keep their NaN payloads. Whole 16x16 tiles go through
// registers so that every cache line read or written is used whole at
// once: rows of a power-of-two matrix map to the same cache sets, and a
// smaller tile would have its lines evicted between the tiles that share
// them. One variant per instruction set (16x16 in zmm registers, 8x8 in
// ymm, 4x4 in xmm), picked once at run time.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_LIB_INTERPRETER_TRANSPOSE_H
#define SYSTILE_LIB_INTERPRETER_TRANSPOSE_H

#include "MatmulKernel.h"

#include <cstdint>

namespace systile::interp::transpose {

/// dst[i * dstRow + j] = src[i + j * srcCol] for i < rows, j < cols.
void transpose32(uint32_t *dst, int64_t dstRow, const uint32_t *src,
                 int64_t srcCol, int64_t rows, int64_t cols);

/// The same with the given variant (tests; it must be supported):
/// Avx512 (16x16 zmm), Avx2 (8x8 ymm), Portable (4x4 xmm on x86-64,
/// element by element elsewhere).
void transpose32With(kernel::Variant variant, uint32_t *dst, int64_t dstRow,
                     const uint32_t *src, int64_t srcCol, int64_t rows,
                     int64_t cols);

} // namespace systile::interp::transpose

#endif // SYSTILE_LIB_INTERPRETER_TRANSPOSE_H
