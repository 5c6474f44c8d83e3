//===- SparseTileMapTest.cpp - All-zero tiles and weight blocks -----------===//
//
// Zero storage tiles and zero mxu blocks on a small geometry, worked out by
// hand; -0 counts as zero; padding (even poisoned) is never looked at.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/SparseTileMap.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace systile::rt;

namespace {

TEST(SparseTileMap, TilesAndBlocks) {
  // 5x9 in (2, 4, 4): storage tiles 3x3 (2x4 each), mxu blocks 2x3 (4x4).
  std::vector<float> dense(5 * 9, 0.0f);
  dense[0 * 9 + 0] = 1.0f;  // tile (0,0), block (0,0)
  dense[3 * 9 + 5] = -2.0f; // tile (1,1), block (0,1)
  dense[4 * 9 + 8] = 3.0f;  // tile (2,2), block (1,2)
  dense[2 * 9 + 2] = -0.0f; // -0 is zero: tile (1,0) stays zero
  auto m = *TiledMatrix<float>::fromDense({5, 9}, {2, 4, 4}, dense);
  m.fillPadding(std::nanf(""));
  SparseTileMap map = SparseTileMap::compute(m);
  ASSERT_EQ(map.tileRows(), 3);
  ASSERT_EQ(map.tileCols(), 3);
  bool zeroTile[3][3] = {
      {false, true, true}, {true, false, true}, {true, true, false}};
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c)
      EXPECT_EQ(map.isZeroTile(r, c), zeroTile[r][c]) << r << "," << c;
  EXPECT_EQ(map.numZeroTiles(), 6);
  ASSERT_EQ(map.blockRows(), 2);
  ASSERT_EQ(map.blockCols(), 3);
  bool zeroBlock[2][3] = {{false, false, true}, {true, true, false}};
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 3; ++c)
      EXPECT_EQ(map.isZeroBlock(r, c), zeroBlock[r][c]) << r << "," << c;
  EXPECT_EQ(map.numZeroBlocks(), 3);
}

TEST(SparseTileMap, IntegerAndBF16) {
  auto i = *TiledMatrix<int8_t>::fromDense({2, 2}, {1, 1, 1}, {0, 0, 5, 0});
  SparseTileMap mi = SparseTileMap::compute(i);
  EXPECT_TRUE(mi.isZeroBlock(0, 0));
  EXPECT_FALSE(mi.isZeroBlock(1, 0));
  EXPECT_EQ(mi.numZeroTiles(), 3);
  auto b = *TiledMatrix<bf16>::fromDense(
      {1, 2}, {1, 1, 1}, {bf16::fromBits(0x8000), bf16::fromBits(0x0001)});
  SparseTileMap mb = SparseTileMap::compute(b);
  EXPECT_TRUE(mb.isZeroTile(0, 0));
  EXPECT_FALSE(mb.isZeroTile(0, 1)); // a subnormal is not zero
  EXPECT_TRUE(isZeroValue(-0.0f));
  EXPECT_FALSE(isZeroValue(1e-45f));
}

} // namespace
