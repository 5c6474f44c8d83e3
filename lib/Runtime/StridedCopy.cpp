//===- StridedCopy.cpp - Copies of strided arrays -------------------------===//
//
// See StridedCopy.h. An N-d gather pairs the last dimension with the one
// whose source stride is 1, when there is such another one, and runs a 2-D
// transpose over that pair for every point of the other dimensions; else
// it copies runs along the last dimension.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/StridedCopy.h"
#include "systile/Runtime/Transpose.h"

#include "ElementBitsType.h"

#include <cstring>
#include <vector>

using namespace systile::rt;
using namespace systile::rt::dense;

namespace {
template <typename T>
void copyAs(void *dst, int64_t dstStride, const void *src, int64_t srcStride,
            int64_t count) {
  T *d = static_cast<T *>(dst);
  const T *s = static_cast<const T *>(src);
  if (dstStride == 1 && srcStride == 1) {
    std::memcpy(d, s, count * sizeof(T));
    return;
  }
  for (int64_t i = 0; i < count; ++i)
    std::memcpy(d + i * dstStride, s + i * srcStride, sizeof(T));
}

template <typename T>
void gatherAs(T *dst, const T *src, const int64_t *extents,
              const int64_t *strides, int64_t rank) {
  const int64_t last = rank - 1;
  // The dimension whose source stride is 1, to pair with the last one.
  int64_t unit = -1;
  for (int64_t d = 0; d < last; ++d)
    if (strides[d] == 1 && extents[d] > 1)
      unit = d;
  std::vector<int64_t> dstStrides(static_cast<size_t>(rank), 1);
  for (int64_t d = rank - 2; d >= 0; --d)
    dstStrides[d] = dstStrides[d + 1] * extents[d + 1];
  int64_t total = 1;
  for (int64_t d = 0; d < rank; ++d)
    total *= extents[d];
  if (unit < 0 || strides[last] == 1 || total == 0) {
    // Runs along the last dimension.
    const int64_t inner = extents[last];
    for (int64_t run = 0; inner && run < total / inner; ++run) {
      int64_t offset = 0, rem = run;
      for (int64_t d = last - 1; d >= 0; --d) {
        offset += (rem % extents[d]) * strides[d];
        rem /= extents[d];
      }
      copyAs<T>(dst + run * inner, 1, src + offset, strides[last], inner);
    }
    return;
  }
  // A transpose over (unit, last) for each point of the other dimensions.
  const int64_t outer = total / (extents[unit] * extents[last]);
  for (int64_t p = 0; p < outer; ++p) {
    int64_t srcOffset = 0, dstOffset = 0;
    for (int64_t d = last - 1, rem = p; d >= 0; --d) {
      if (d == unit)
        continue;
      const int64_t i = rem % extents[d];
      rem /= extents[d];
      srcOffset += i * strides[d];
      dstOffset += i * dstStrides[d];
    }
    transpose(dst + dstOffset, RowSpacing{dstStrides[unit]}, src + srcOffset,
              strides[last], extents[unit], extents[last], sizeof(T));
  }
}
} // namespace

void dense::stridedCopy(void *dst, int64_t dstStride, const void *src,
                        int64_t srcStride, int64_t count, size_t elemSize) {
  detail::withBitsType(elemSize, [&](auto bits) {
    copyAs<decltype(bits)>(dst, dstStride, src, srcStride, count);
  });
}

void dense::gather(void *dst, const void *src, const int64_t *extents,
                   const int64_t *strides, int64_t rank, size_t elemSize) {
  if (rank == 0) {
    std::memcpy(dst, src, elemSize);
    return;
  }
  detail::withBitsType(elemSize, [&](auto bits) {
    using T = decltype(bits);
    gatherAs(static_cast<T *>(dst), static_cast<const T *>(src), extents,
             strides, rank);
  });
}
