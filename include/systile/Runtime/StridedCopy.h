//===- StridedCopy.h - Copies of strided arrays -----------------*- C++ -*-===//
//
// The element copies of the interpreter's linalg execution: a strided run
// (a lane gather or scatter) and a strided N-d array into C order (a
// permuting copy, a transposed or non-contiguous contraction operand).
// Bits move; elements are 1, 2, 4 or 8 bytes.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_STRIDEDCOPY_H
#define SYSTILE_RUNTIME_STRIDEDCOPY_H

#include <cstddef>
#include <cstdint>

namespace systile::rt::dense {

/// Copies `count` elements of `elemSize` bytes from src[i * srcStride] to
/// dst[i * dstStride] (strides in elements; a zero source stride
/// broadcasts).
void stridedCopy(void *dst, int64_t dstStride, const void *src,
                 int64_t srcStride, int64_t count, size_t elemSize);

/// Copies the strided array src[sum_d i_d * strides[d]] over
/// extents[0 .. rank) into dst in C order (a zero stride broadcasts; rank
/// 0 copies one element). A transposing copy (a source stride of 1 on
/// another dimension than the last) goes through Transpose.h.
void gather(void *dst, const void *src, const int64_t *extents,
            const int64_t *strides, int64_t rank, size_t elemSize);

} // namespace systile::rt::dense

#endif // SYSTILE_RUNTIME_STRIDEDCOPY_H
