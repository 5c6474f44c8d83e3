//===- TileAccess.h - Row-segment access to tiled storage -------*- C++ -*-===//
//
// Internal helpers shared by the runtime sources: copying a run of one
// logical row between tiled storage and a dense buffer, one contiguous lane
// segment at a time, and the zero test of RFC 7.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_LIB_RUNTIME_TILEACCESS_H
#define SYSTILE_LIB_RUNTIME_TILEACCESS_H

#include "systile/Runtime/BF16.h"
#include "systile/Runtime/Layout.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace systile::rt::detail {

/// dst[0 .. c1-c0) = row `row`, columns [c0, c1), of tiled storage.
template <typename T>
inline void readRowSegment(const Layout &layout, const T *storage, int64_t row,
                           int64_t c0, int64_t c1, T *dst) {
  const int64_t l = layout.geometry().lanes;
  for (int64_t c = c0; c < c1;) {
    int64_t n = std::min(c1 - c, l - c % l);
    std::memcpy(dst + (c - c0), storage + layout.offset(row, c),
                static_cast<size_t>(n) * sizeof(T));
    c += n;
  }
}

/// Row `row`, columns [c0, c1), of tiled storage = src[0 .. c1-c0).
template <typename T>
inline void writeRowSegment(const Layout &layout, T *storage, int64_t row,
                            int64_t c0, int64_t c1, const T *src) {
  const int64_t l = layout.geometry().lanes;
  for (int64_t c = c0; c < c1;) {
    int64_t n = std::min(c1 - c, l - c % l);
    std::memcpy(storage + layout.offset(row, c), src + (c - c0),
                static_cast<size_t>(n) * sizeof(T));
    c += n;
  }
}

/// Calls f(pointer, firstCol, count) for each contiguous storage run of row
/// `row`, columns [c0, c1): no copy, for readers that convert anyway.
template <typename T, typename F>
inline void forRowSegments(const Layout &layout, T *storage, int64_t row,
                           int64_t c0, int64_t c1, F &&f) {
  const int64_t l = layout.geometry().lanes;
  for (int64_t c = c0; c < c1;) {
    int64_t n = std::min(c1 - c, l - c % l);
    f(storage + layout.offset(row, c), c, n);
    c += n;
  }
}

/// +0, -0 or integer 0 (RFC 7).
inline bool isZeroBits(float v) {
  uint32_t u;
  std::memcpy(&u, &v, sizeof(u));
  return (u & 0x7fffffffu) == 0;
}
inline bool isZeroBits(bf16 v) { return v.isZero(); }
inline bool isZeroBits(int8_t v) { return v == 0; }
inline bool isZeroBits(int32_t v) { return v == 0; }

/// All bits zero (+0, not -0).
inline bool isPositiveZeroBits(float v) {
  uint32_t u;
  std::memcpy(&u, &v, sizeof(u));
  return u == 0;
}
inline bool isPositiveZeroBits(bf16 v) { return v.bits() == 0; }
inline bool isPositiveZeroBits(int8_t v) { return v == 0; }
inline bool isPositiveZeroBits(int32_t v) { return v == 0; }

} // namespace systile::rt::detail

#endif // SYSTILE_LIB_RUNTIME_TILEACCESS_H
