//===- TileAccess.h - Row-segment access to tiled storage -------*- C++ -*-===//
//
// Internal helpers shared by the runtime sources: copying a run of one
// logical row between tiled storage and a dense buffer, one contiguous lane
// segment at a time (the walk is TileGrid::forEachLaneRun), and the zero
// tests of RFC 7 on typed values (the bit rules are in ElementBits.h).
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_LIB_RUNTIME_TILEACCESS_H
#define SYSTILE_LIB_RUNTIME_TILEACCESS_H

#include "systile/Runtime/BF16.h"
#include "systile/Runtime/ElementBits.h"
#include "systile/Runtime/Layout.h"
#include "systile/Runtime/Tiling.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace systile::rt::detail {

/// Calls f(pointer, firstCol, count) for each contiguous storage run of row
/// `row`, columns [c0, c1): no copy, for readers that convert anyway.
template <typename T, typename F>
inline void forRowSegments(const Layout &layout, T *storage, int64_t row,
                           int64_t c0, int64_t c1, F &&f) {
  TileGrid::forEachLaneRun(
      c0, c1, layout.geometry().lanes,
      [&](int64_t c, int64_t n) { f(storage + layout.offset(row, c), c, n); });
}

/// dst[0 .. c1-c0) = row `row`, columns [c0, c1), of tiled storage.
template <typename T>
inline void readRowSegment(const Layout &layout, const T *storage, int64_t row,
                           int64_t c0, int64_t c1, T *dst) {
  forRowSegments(
      layout, storage, row, c0, c1, [&](const T *p, int64_t c, int64_t n) {
        std::memcpy(dst + (c - c0), p, static_cast<size_t>(n) * sizeof(T));
      });
}

/// Row `row`, columns [c0, c1), of tiled storage = src[0 .. c1-c0).
template <typename T>
inline void writeRowSegment(const Layout &layout, T *storage, int64_t row,
                            int64_t c0, int64_t c1, const T *src) {
  forRowSegments(layout, storage, row, c0, c1, [&](T *p, int64_t c, int64_t n) {
    std::memcpy(p, src + (c - c0), static_cast<size_t>(n) * sizeof(T));
  });
}

/// +0, -0 or integer 0 (RFC 7).
inline bool isZeroBits(float v) {
  uint32_t u;
  std::memcpy(&u, &v, sizeof(u));
  return bits::isZeroF32(u);
}
inline bool isZeroBits(bf16 v) { return v.isZero(); }
inline bool isZeroBits(int8_t v) { return v == 0; }
inline bool isZeroBits(int32_t v) { return v == 0; }
inline bool isZeroBits(double v) { return v == 0.0; }

/// All bits zero (+0, not -0).
inline bool isPositiveZeroBits(float v) {
  uint32_t u;
  std::memcpy(&u, &v, sizeof(u));
  return u == 0;
}
inline bool isPositiveZeroBits(bf16 v) { return v.bits() == 0; }
inline bool isPositiveZeroBits(int8_t v) { return v == 0; }
inline bool isPositiveZeroBits(int32_t v) { return v == 0; }
inline bool isPositiveZeroBits(double v) {
  uint64_t u;
  std::memcpy(&u, &v, sizeof(u));
  return u == 0;
}

} // namespace systile::rt::detail

#endif // SYSTILE_LIB_RUNTIME_TILEACCESS_H
