//===- TilingTest.cpp - The shared tiling rules and element bit tests -----===//
//
// Tiling.h and ElementBits.h against values worked out by hand: the lane
// runs of a row, the logical runs of a small matrix, the padding scan on
// raw storage, the checked storage size, and the zero / finite / NaN bit
// tests.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Tiling.h"
#include "systile/Runtime/ElementBits.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <utility>
#include <vector>

using namespace systile::rt;

namespace {

TEST(Tiling, LaneRunsStopAtTileBoundaries) {
  // Columns [3, 11) with 4 lanes: 3 | 4 5 6 7 | 8 9 10.
  std::vector<std::pair<int64_t, int64_t>> runs;
  TileGrid::forEachLaneRun(3, 11, 4, [&](int64_t c, int64_t n) {
    runs.push_back({c, n});
  });
  std::vector<std::pair<int64_t, int64_t>> expected = {{3, 1}, {4, 4}, {8, 3}};
  EXPECT_EQ(runs, expected);
}

TEST(Tiling, LogicalRunsOfASmallMatrix) {
  // 3x5 on 2x4 tiles: padded 4x8, two tiles per row. Row r, cols 0-3 are at
  // tile (r/2, 0), cols 4 at tile (r/2, 1); storage offset = tile * 8 +
  // (r % 2) * 4 + c % 4.
  TileGrid grid{3, 5, 2, 4};
  EXPECT_EQ(grid.paddedRows(), 4);
  EXPECT_EQ(grid.paddedCols(), 8);
  EXPECT_EQ(grid.numStorageElements(), 32);
  std::vector<std::vector<int64_t>> runs;
  grid.forEachLogicalRun([&](int64_t storage, int64_t dense, int64_t n) {
    runs.push_back({storage, dense, n});
  });
  std::vector<std::vector<int64_t>> expected = {
      {0, 0, 4},   {8, 4, 1},    // row 0
      {4, 5, 4},   {12, 9, 1},   // row 1
      {16, 10, 4}, {24, 14, 1}}; // row 2
  EXPECT_EQ(runs, expected);
}

TEST(Tiling, FindNonZeroPaddingOnRawStorage) {
  TileGrid grid{3, 5, 2, 4};
  std::vector<float> storage(32, 0.0f);
  // Logical slots may hold anything.
  storage[grid.offset(2, 4)] = 7.0f;
  EXPECT_FALSE(findNonZeroPadding(grid, storage.data(), sizeof(float)));
  // -0 is not +0: pad = zero means all bits clear. Slot (1, 6) is padding
  // at offset tile 1 * 8 + 1 * 4 + 2 = 14.
  storage[14] = -0.0f;
  auto slot = findNonZeroPadding(grid, storage.data(), sizeof(float));
  ASSERT_TRUE(slot);
  EXPECT_EQ(slot->row, 1);
  EXPECT_EQ(slot->col, 6);
  EXPECT_EQ(slot->offset, 14);
  // The first in row order wins: slot (0, 5) at offset 8 + 1 = 9.
  storage[9] = 1.0f;
  slot = findNonZeroPadding(grid, storage.data(), sizeof(float));
  ASSERT_TRUE(slot);
  EXPECT_EQ(slot->offset, 9);
}

TEST(Tiling, CheckedStorageElements) {
  EXPECT_EQ(TileGrid({3, 5, 2, 4}).checkedStorageElements(4), 32);
  // 2^62 rows on 8-row tiles: 2^62 x 128 elements overflows.
  EXPECT_FALSE(
      TileGrid({int64_t(1) << 62, 1, 8, 128}).checkedStorageElements(1));
  // 2^60 elements fit, but not as 8-byte elements.
  TileGrid big{int64_t(1) << 60, 1, 1, 1};
  EXPECT_EQ(big.checkedStorageElements(4), int64_t(1) << 60);
  EXPECT_FALSE(big.checkedStorageElements(8));
}

TEST(ElementBits, ZeroFiniteNaN) {
  EXPECT_TRUE(bits::isZeroF32(0x00000000u));
  EXPECT_TRUE(bits::isZeroF32(0x80000000u));    // -0
  EXPECT_FALSE(bits::isZeroF32(0x00000001u));   // smallest subnormal
  EXPECT_TRUE(bits::isFiniteF32(0x7f7fffffu));  // largest finite
  EXPECT_FALSE(bits::isFiniteF32(0xff800000u)); // -inf
  EXPECT_FALSE(bits::isFiniteF32(0x7fc00000u)); // NaN
  EXPECT_FALSE(bits::isNaNF32(0x7f800000u));    // inf
  EXPECT_TRUE(bits::isNaNF32(0xffc00001u));
  EXPECT_TRUE(bits::isZeroBF16(0x8000u));
  EXPECT_FALSE(bits::isZeroBF16(0x0001u));
  EXPECT_TRUE(bits::isFiniteBF16(0x7f7fu));
  EXPECT_FALSE(bits::isFiniteBF16(0x7f80u));
  EXPECT_TRUE(bits::isNaNBF16(0x7fc1u));
}

} // namespace
