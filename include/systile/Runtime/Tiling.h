//===- Tiling.h - The RFC 2/3 tiling rules, header-only ---------*- C++ -*-===//
//
// The one home of the tiling rules that both the dialect (!systile.tiled,
// its folds and verifiers) and the runtime (Layout, TiledMatrix, the
// simulator) apply: the default geometry, the padded shape, the RFC 3
// address map, the walk over the storage-contiguous runs of a row, and the
// scan of the padding slots. Header-only, constexpr and standard library
// only, so the dialect uses it without linking the runtime.
//
// Callers validate first (geometry positive, shape >= 1, padded element
// count exact in int64: Layout::get, TiledType::verify); these functions
// are then plain arithmetic.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_TILING_H
#define SYSTILE_RUNTIME_TILING_H

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>

namespace systile::rt {

/// The default geometry (RFC 2): 8 x 128 tiles, a 128 x 128 systolic
/// array. Every default in the project (the runtime's Geometry, the
/// dialect's #systile.geometry, the pass and pipeline options) is this one.
inline constexpr int64_t kDefaultSublanes = 8;
inline constexpr int64_t kDefaultLanes = 128;
inline constexpr int64_t kDefaultMxu = 128;

/// The rule of a valid geometry (RFC 2), shared by rt::Geometry::validate
/// and #systile.geometry's verifier: all three sizes positive, and a tile
/// (sublanes * lanes) and a weight block (mxu * mxu) exact element counts
/// in int64. The two checks are apart so that callers can say which fails.
constexpr bool geometrySizesPositive(int64_t sublanes, int64_t lanes,
                                     int64_t mxu) {
  return sublanes > 0 && lanes > 0 && mxu > 0;
}
constexpr bool geometrySizesExact(int64_t sublanes, int64_t lanes,
                                  int64_t mxu) {
  int64_t product = 0;
  return !__builtin_mul_overflow(sublanes, lanes, &product) &&
         !__builtin_mul_overflow(mxu, mxu, &product);
}

/// ceil(n / d) for n >= 0, d >= 1.
constexpr int64_t ceilDiv(int64_t n, int64_t d) {
  return n / d + (n % d != 0 ? 1 : 0);
}

/// A logical `rows x cols` matrix on `sublanes x lanes` tiles: what the
/// address map needs. Preconditions as in the file comment.
struct TileGrid {
  int64_t rows = 1;
  int64_t cols = 1;
  int64_t sublanes = kDefaultSublanes;
  int64_t lanes = kDefaultLanes;

  /// Tiles along the rows and the columns.
  constexpr int64_t tileRows() const { return ceilDiv(rows, sublanes); }
  constexpr int64_t tileCols() const { return ceilDiv(cols, lanes); }
  /// The padded (hardware) shape and its element count.
  constexpr int64_t paddedRows() const { return tileRows() * sublanes; }
  constexpr int64_t paddedCols() const { return tileCols() * lanes; }
  constexpr int64_t numStorageElements() const {
    return paddedRows() * paddedCols();
  }
  /// The validation behind the plain accessors: the padded element count,
  /// or nullopt when it or its size at `elementBytes` bytes per element
  /// exceeds 2^63-1. Needs only rows, cols >= 1 and sublanes, lanes >= 1.
  constexpr std::optional<int64_t>
  checkedStorageElements(int64_t elementBytes) const {
    int64_t rowsPadded = 0, colsPadded = 0, count = 0, bytes = 0;
    if (__builtin_mul_overflow(tileRows(), sublanes, &rowsPadded) ||
        __builtin_mul_overflow(tileCols(), lanes, &colsPadded) ||
        __builtin_mul_overflow(rowsPadded, colsPadded, &count) ||
        __builtin_mul_overflow(count, elementBytes, &bytes))
      return std::nullopt;
    return count;
  }

  /// The RFC 3 address map: the storage offset of slot (row, col) of the
  /// padded shape (tile by tile, each tile row-major).
  constexpr int64_t offset(int64_t row, int64_t col) const {
    return storageOffset(row, col, sublanes, lanes, tileCols());
  }
  /// The same map with the tile count per row given (for callers that
  /// keep it, such as rt::Layout).
  static constexpr int64_t storageOffset(int64_t row, int64_t col,
                                         int64_t sublanes, int64_t lanes,
                                         int64_t tileCols) {
    int64_t tileIndex = (row / sublanes) * tileCols + col / lanes;
    return tileIndex * (sublanes * lanes) + (row % sublanes) * lanes +
           col % lanes;
  }

  /// Calls f(col, count) for each run of columns [c0, c1) of one row that
  /// is contiguous in storage: the run stops at every tile's lane boundary.
  template <typename F>
  static constexpr void forEachLaneRun(int64_t c0, int64_t c1, int64_t lanes,
                                       F &&f) {
    for (int64_t c = c0; c < c1;) {
      int64_t n = std::min(c1 - c, lanes - c % lanes);
      f(c, n);
      c += n;
    }
  }

  /// Calls f(storageOffset, denseOffset, count) for each run of logical
  /// elements contiguous both in storage and in the row-major dense order.
  template <typename F> constexpr void forEachLogicalRun(F &&f) const {
    for (int64_t r = 0; r < rows; ++r)
      forEachLaneRun(0, cols, lanes, [&](int64_t c, int64_t n) {
        f(offset(r, c), r * cols + c, n);
      });
  }

  /// A padding slot.
  struct Slot {
    int64_t row = 0, col = 0, offset = 0;
  };
  /// The first padding slot, row by row, for which pred(storageOffset)
  /// holds, or nullopt. Visits only padding slots.
  template <typename Pred>
  constexpr std::optional<Slot> findPaddingSlot(Pred &&pred) const {
    const int64_t pr = paddedRows(), pc = paddedCols();
    for (int64_t r = 0; r < pr; ++r)
      for (int64_t c = r < rows ? cols : 0; c < pc; ++c)
        if (int64_t o = offset(r, c); pred(o))
          return Slot{r, c, o};
    return std::nullopt;
  }
};

/// The first padding slot of tiled `storage` (elements of `elementBytes`
/// bytes, in RFC 3 order) whose bits are not all zero, i.e. that breaks
/// pad = zero (+0, integer 0), or nullopt. The dialect's systile.constant
/// verifier and the interpreter's padding check both use it.
inline std::optional<TileGrid::Slot> findNonZeroPadding(const TileGrid &grid,
                                                        const void *storage,
                                                        size_t elementBytes) {
  const auto *bytes = static_cast<const unsigned char *>(storage);
  // Whether `n` bytes from p are all zero, a word at a time (this runs on
  // every pad = zero result the interpreter binds: it must be memory speed).
  auto allZero = [](const unsigned char *p, size_t n) {
    uint64_t any = 0;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
      uint64_t w;
      std::memcpy(&w, p + i, 8);
      any |= w;
    }
    for (; i < n; ++i)
      any |= p[i];
    return any == 0;
  };
  // The padding slots, run by run: a run is contiguous in storage (one
  // tile's lanes of one row), so each is checked as one byte range, and
  // only a run that is not all zero is searched slot by slot.
  const int64_t pr = grid.paddedRows(), pc = grid.paddedCols();
  std::optional<TileGrid::Slot> found;
  for (int64_t r = 0; r < pr && !found; ++r)
    TileGrid::forEachLaneRun(
        r < grid.rows ? grid.cols : 0, pc, grid.lanes,
        [&](int64_t c, int64_t n) {
          if (found)
            return;
          const int64_t o = grid.offset(r, c);
          const unsigned char *p = bytes + o * elementBytes;
          if (allZero(p, n * elementBytes))
            return;
          for (int64_t k = 0; k < n; ++k)
            if (!allZero(p + k * elementBytes, elementBytes)) {
              found = TileGrid::Slot{r, c + k, o + k};
              return;
            }
        });
  return found;
}

/// The matrix of a batch of shape `from` that matrix `b` of a batch of
/// shape `to` reads when `from` broadcasts to `to` as in numpy, aligned on
/// the right (each dimension of `from` is `to`'s or 1, leading ones may be
/// absent): a unit or absent dimension is read at index 0. `Shape` is any
/// container of int64_t with size() and operator[].
template <typename Shape>
constexpr int64_t broadcastMatrixIndex(const Shape &from, const Shape &to,
                                       int64_t b) {
  int64_t index = 0, stride = 1;
  const size_t lead = to.size() - from.size();
  for (size_t i = to.size(); i-- > lead;) {
    const int64_t coord = b % to[i];
    b /= to[i];
    const int64_t size = from[i - lead];
    index += (size == 1 ? 0 : coord) * stride;
    stride *= size;
  }
  return index;
}

} // namespace systile::rt

#endif // SYSTILE_RUNTIME_TILING_H
