//===- Layout.h - Geometry, shapes, mask and the address map ----*- C++ -*-===//
//
// The hardware model of RFC sections 2 and 3: a `Geometry` (sublanes, lanes,
// mxu), logical and padded `Shape`s, the `Mask` of logical slots and the
// `Layout`, i.e. the address map from (row, col) to a storage offset in
// hardware (tile-major) order and its inverse. Every size computation is
// checked for int64 overflow once, in `Layout::get`, so the accessors that
// follow can be plain arithmetic.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_LAYOUT_H
#define SYSTILE_RUNTIME_LAYOUT_H

#include "systile/Runtime/Status.h"
#include "systile/Runtime/Tiling.h"

#include <cstdint>
#include <string>

namespace systile::rt {

/// Vector-memory tiles are `sublanes x lanes`; the matrix unit is
/// `mxu x mxu`. All three must be positive.
struct Geometry {
  int64_t sublanes = kDefaultSublanes;
  int64_t lanes = kDefaultLanes;
  int64_t mxu = kDefaultMxu;

  /// Ok when all three values are positive.
  Status validate() const;
  /// "(8, 128, mxu = 128)", for messages.
  std::string str() const;

  friend bool operator==(const Geometry &a, const Geometry &b) {
    return a.sublanes == b.sublanes && a.lanes == b.lanes && a.mxu == b.mxu;
  }
  friend bool operator!=(const Geometry &a, const Geometry &b) {
    return !(a == b);
  }
};

/// A matrix shape, rows x cols.
struct Shape {
  int64_t rows = 0;
  int64_t cols = 0;

  /// "3x5", for messages.
  std::string str() const;

  friend bool operator==(const Shape &a, const Shape &b) {
    return a.rows == b.rows && a.cols == b.cols;
  }
  friend bool operator!=(const Shape &a, const Shape &b) { return !(a == b); }
};

/// Result of the inverse address map.
struct Location {
  int64_t row = 0;
  int64_t col = 0;
  bool isLogical = false;
};

/// The mask of logical slots: slot (r, c) of the padded shape is logical iff
/// r < rows && c < cols of the logical shape.
class Mask {
public:
  Mask() = default;
  explicit Mask(Shape logical) : logical_(logical) {}
  bool isLogical(int64_t row, int64_t col) const {
    return row >= 0 && col >= 0 && row < logical_.rows && col < logical_.cols;
  }
  Shape logicalShape() const { return logical_; }

private:
  Shape logical_;
};

/// The address map of RFC section 3 for one logical shape and geometry.
class Layout {
public:
  /// The layout of a 1x1 matrix in the default geometry.
  Layout()
      : Layout({1, 1}, {kDefaultSublanes, kDefaultLanes}, Geometry(),
               kDefaultSublanes * kDefaultLanes) {}

  /// Validates the geometry and shape (both dimensions >= 1) and checks that
  /// the padded element count fits in int64.
  static Expected<Layout> get(Shape logical, Geometry geometry);

  Shape logicalShape() const { return logical_; }
  Shape paddedShape() const { return padded_; }
  const Geometry &geometry() const { return geometry_; }
  Mask mask() const { return Mask(logical_); }
  /// The logical shape on the geometry's tiles, for the shared tiling
  /// rules of Tiling.h.
  TileGrid grid() const {
    return {logical_.rows, logical_.cols, geometry_.sublanes, geometry_.lanes};
  }

  /// Storage tiles along rows / columns, and in total.
  int64_t tileRows() const { return padded_.rows / geometry_.sublanes; }
  int64_t tileCols() const { return padded_.cols / geometry_.lanes; }
  int64_t numTiles() const { return tileRows() * tileCols(); }
  /// Elements per storage tile (sublanes * lanes).
  int64_t tileSize() const { return geometry_.sublanes * geometry_.lanes; }
  /// Number of storage slots (padded rows * padded cols).
  int64_t numElements() const { return numElements_; }
  /// Number of logical slots (rows * cols).
  int64_t numLogicalElements() const { return logical_.rows * logical_.cols; }

  /// mxu blocks along rows (ceil(rows / mxu)) and columns (ceil(cols / mxu)).
  /// For a KxN weight operand these are the kb and nb counts.
  int64_t mxuRowBlocks() const {
    return (logical_.rows + geometry_.mxu - 1) / geometry_.mxu;
  }
  int64_t mxuColBlocks() const {
    return (logical_.cols + geometry_.mxu - 1) / geometry_.mxu;
  }

  bool inPaddedBounds(int64_t row, int64_t col) const {
    return row >= 0 && col >= 0 && row < padded_.rows && col < padded_.cols;
  }
  bool isLogical(int64_t row, int64_t col) const {
    return mask().isLogical(row, col);
  }

  /// Storage offset of slot (row, col) of the padded shape.
  /// Precondition: inPaddedBounds(row, col).
  int64_t offset(int64_t row, int64_t col) const {
    return TileGrid::storageOffset(row, col, geometry_.sublanes,
                                   geometry_.lanes, tileCols());
  }
  /// Checked variant of offset(): an error when (row, col) is outside the
  /// padded shape.
  Expected<int64_t> checkedOffset(int64_t row, int64_t col) const;

  /// Inverse of offset(). Precondition: 0 <= offset < numElements().
  Location locate(int64_t offset) const {
    const int64_t s = geometry_.sublanes, l = geometry_.lanes;
    int64_t tileIndex = offset / (s * l), inTile = offset % (s * l);
    Location loc;
    loc.row = (tileIndex / tileCols()) * s + inTile / l;
    loc.col = (tileIndex % tileCols()) * l + inTile % l;
    loc.isLogical = isLogical(loc.row, loc.col);
    return loc;
  }
  /// Checked variant of locate().
  Expected<Location> checkedLocate(int64_t offset) const;

  friend bool operator==(const Layout &a, const Layout &b) {
    return a.logical_ == b.logical_ && a.geometry_ == b.geometry_;
  }
  friend bool operator!=(const Layout &a, const Layout &b) { return !(a == b); }

private:
  Layout(Shape logical, Shape padded, Geometry geometry, int64_t numElements)
      : logical_(logical), padded_(padded), geometry_(geometry),
        numElements_(numElements) {}

  Shape logical_;
  Shape padded_;
  Geometry geometry_;
  int64_t numElements_ = 0;
};

} // namespace systile::rt

#endif // SYSTILE_RUNTIME_LAYOUT_H
