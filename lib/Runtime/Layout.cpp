//===- Layout.cpp - Geometry validation and the address map ---------------===//
//
// Validation of geometries and shapes, with the int64 overflow checks that
// let the inline address-map accessors in Layout.h stay unchecked.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Layout.h"

namespace systile::rt {

Status Geometry::validate() const {
  if (sublanes <= 0 || lanes <= 0 || mxu <= 0)
    return Status::error("invalid geometry " + str() +
                         ": sublanes, lanes and mxu must all be positive");
  // Tile and weight-block sizes are element counts; keep them exact (the
  // dialect's #systile.geometry verifier has the same rule).
  int64_t product;
  if (__builtin_mul_overflow(sublanes, lanes, &product) ||
      __builtin_mul_overflow(mxu, mxu, &product))
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

/// ceil(n / d) * d, or false on int64 overflow. n >= 1, d >= 1.
static bool roundUp(int64_t n, int64_t d, int64_t &out) {
  int64_t q = n / d + (n % d != 0 ? 1 : 0);
  return !__builtin_mul_overflow(q, d, &out);
}

Expected<Layout> Layout::get(Shape logical, Geometry geometry) {
  if (Status s = geometry.validate(); !s)
    return Error(s.message());
  if (logical.rows < 1 || logical.cols < 1)
    return Error("invalid shape " + logical.str() +
                 ": both dimensions must be >= 1");
  Shape padded;
  int64_t count = 0;
  if (!roundUp(logical.rows, geometry.sublanes, padded.rows) ||
      !roundUp(logical.cols, geometry.lanes, padded.cols) ||
      __builtin_mul_overflow(padded.rows, padded.cols, &count) ||
      // Byte sizes of the widest element (4 bytes) must fit as well.
      count > INT64_MAX / 8)
    return Error("shape " + logical.str() + " in geometry " + geometry.str() +
                 ": the padded element count overflows int64");
  return Layout(logical, padded, geometry, count);
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
