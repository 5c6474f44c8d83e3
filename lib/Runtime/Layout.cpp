//===- Layout.cpp - Geometry validation and the address map ---------------===//
//
// Validation of geometries and shapes, with the int64 overflow checks that
// let the inline address-map accessors in Layout.h stay unchecked.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Layout.h"

namespace systile::rt {

Status Geometry::validate() const {
  if (!geometrySizesPositive(sublanes, lanes, mxu))
    return Status::error("invalid geometry " + str() +
                         ": sublanes, lanes and mxu must all be positive");
  // Tile and weight-block sizes are element counts; keep them exact.
  if (!geometrySizesExact(sublanes, lanes, mxu))
    return Status::error("invalid geometry " + str() +
                         ": a tile or a weight block would have more than "
                         "2^63-1 elements");
  return Status::success();
}

std::string Geometry::str() const {
  return "(" + std::to_string(sublanes) + ", " + std::to_string(lanes) +
         ", mxu = " + std::to_string(mxu) + ")";
}

std::string Shape::str() const {
  return std::to_string(rows) + "x" + std::to_string(cols);
}

Expected<Layout> Layout::get(Shape logical, Geometry geometry) {
  if (Status s = geometry.validate(); !s)
    return Error(s.message());
  if (logical.rows < 1 || logical.cols < 1)
    return Error("invalid shape " + logical.str() +
                 ": both dimensions must be >= 1");
  TileGrid grid{logical.rows, logical.cols, geometry.sublanes, geometry.lanes};
  // Byte sizes must fit as well, with room to spare: 8 bytes per element
  // covers every element type (at most 4 bytes).
  std::optional<int64_t> count = grid.checkedStorageElements(8);
  if (!count)
    return Error("shape " + logical.str() + " in geometry " + geometry.str() +
                 ": the padded element count overflows int64");
  return Layout(logical, {grid.paddedRows(), grid.paddedCols()}, geometry,
                *count);
}

Expected<int64_t> Layout::checkedOffset(int64_t row, int64_t col) const {
  if (!inPaddedBounds(row, col))
    return Error("slot (" + std::to_string(row) + ", " + std::to_string(col) +
                 ") is outside the padded shape " + padded_.str());
  return offset(row, col);
}

Expected<Location> Layout::checkedLocate(int64_t offset) const {
  if (offset < 0 || offset >= numElements_)
    return Error("offset " + std::to_string(offset) +
                 " is outside the storage of " + std::to_string(numElements_) +
                 " slots");
  return locate(offset);
}

} // namespace systile::rt
