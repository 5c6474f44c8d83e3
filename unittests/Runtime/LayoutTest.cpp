//===- LayoutTest.cpp - Address map, inverse map, mask, validation --------===//
//
// The address map is checked against RFC 3's formula written out in the test
// for many shapes in several geometries, and the inverse map must
// round-trip every storage offset.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Layout.h"
#include "systile/Runtime/TiledMatrix.h"

#include "gtest/gtest.h"

#include <cmath>
#include <set>

using namespace systile::rt;

namespace {

struct Case {
  Geometry g;
  Shape shape;
};

std::vector<Case> cases() {
  std::vector<Case> out;
  for (Geometry g : {Geometry{2, 4, 4}, Geometry{8, 128, 128},
                     Geometry{8, 16, 32}, Geometry{3, 5, 7}, Geometry{1, 1, 1}})
    for (Shape s : {Shape{1, 1}, Shape{3, 5}, Shape{2, 4}, Shape{8, 128},
                    Shape{9, 129}, Shape{17, 33}, Shape{16, 256}, Shape{31, 7}})
      out.push_back({g, s});
  return out;
}

TEST(Layout, AddressMapMatchesFormula) {
  for (const Case &c : cases()) {
    Expected<Layout> lay = Layout::get(c.shape, c.g);
    ASSERT_TRUE(lay) << lay.error();
    const int64_t s = c.g.sublanes, l = c.g.lanes;
    const int64_t pr = (c.shape.rows + s - 1) / s * s;
    const int64_t pc = (c.shape.cols + l - 1) / l * l;
    EXPECT_EQ(lay->paddedShape(), (Shape{pr, pc}));
    EXPECT_EQ(lay->numElements(), pr * pc);
    EXPECT_EQ(lay->tileRows(), pr / s);
    EXPECT_EQ(lay->tileCols(), pc / l);
    EXPECT_EQ(lay->mxuRowBlocks(), (c.shape.rows + c.g.mxu - 1) / c.g.mxu);
    EXPECT_EQ(lay->mxuColBlocks(), (c.shape.cols + c.g.mxu - 1) / c.g.mxu);
    std::set<int64_t> seen;
    for (int64_t r = 0; r < pr; ++r)
      for (int64_t col = 0; col < pc; ++col) {
        const int64_t tilesPerRow = pc / l;
        const int64_t tileIndex = (r / s) * tilesPerRow + (col / l);
        const int64_t expect = tileIndex * (s * l) + (r % s) * l + (col % l);
        ASSERT_EQ(lay->offset(r, col), expect)
            << c.shape.str() << " " << c.g.str() << " at " << r << "," << col;
        seen.insert(expect);
        Location loc = lay->locate(expect);
        ASSERT_EQ(loc.row, r);
        ASSERT_EQ(loc.col, col);
        ASSERT_EQ(loc.isLogical, r < c.shape.rows && col < c.shape.cols);
      }
    // The map is a bijection onto [0, numElements).
    EXPECT_EQ(static_cast<int64_t>(seen.size()), pr * pc);
    EXPECT_EQ(*seen.begin(), 0);
    EXPECT_EQ(*seen.rbegin(), pr * pc - 1);
  }
}

TEST(Layout, InverseRoundTrips) {
  for (const Case &c : cases()) {
    Layout lay = *Layout::get(c.shape, c.g);
    for (int64_t off = 0; off < lay.numElements(); ++off) {
      Location loc = lay.locate(off);
      ASSERT_TRUE(lay.inPaddedBounds(loc.row, loc.col));
      ASSERT_EQ(lay.offset(loc.row, loc.col), off);
      ASSERT_EQ(loc.isLogical, lay.mask().isLogical(loc.row, loc.col));
    }
  }
}

TEST(Layout, HandExampleSmallGeometry) {
  // 3x5 in (2, 4, 4): padded 4x8, two tiles per row of tiles.
  // Tile (0,0) holds rows 0-1 cols 0-3 at offsets 0..7, tile (0,1) rows 0-1
  // cols 4-7 at 8..15, tile (1,0) rows 2-3 cols 0-3 at 16..23, ...
  Layout lay = *Layout::get({3, 5}, {2, 4, 4});
  EXPECT_EQ(lay.offset(0, 0), 0);
  EXPECT_EQ(lay.offset(1, 3), 7);
  EXPECT_EQ(lay.offset(0, 4), 8);
  EXPECT_EQ(lay.offset(1, 5), 13);
  EXPECT_EQ(lay.offset(2, 0), 16);
  EXPECT_EQ(lay.offset(3, 7), 31);
  Location loc = lay.locate(13);
  EXPECT_EQ(loc.row, 1);
  EXPECT_EQ(loc.col, 5);
  EXPECT_FALSE(loc.isLogical);
  EXPECT_TRUE(lay.locate(8).isLogical);   // (0, 4)
  EXPECT_TRUE(lay.locate(24).isLogical);  // tile (1,1), first slot: (2, 4)
  EXPECT_FALSE(lay.locate(28).isLogical); // (3, 4)
}

TEST(Layout, Errors) {
  EXPECT_FALSE(Layout::get({0, 5}, {}));
  EXPECT_FALSE(Layout::get({3, -1}, {}));
  EXPECT_FALSE(Layout::get({3, 5}, {0, 128, 128}));
  EXPECT_FALSE(Layout::get({3, 5}, {8, -4, 128}));
  Expected<Layout> bad = Layout::get({3, 5}, {8, 128, 0});
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("positive"), std::string::npos) << bad.error();
  EXPECT_TRUE((Geometry{2, 4, 4}.validate().ok()));
  EXPECT_FALSE((Geometry{2, 4, 0}.validate().ok()));
  // Padded element count overflows int64.
  Expected<Layout> huge = Layout::get({INT64_MAX / 2, 3}, {8, 128, 128});
  ASSERT_FALSE(huge);
  EXPECT_NE(huge.error().find("overflow"), std::string::npos) << huge.error();
  EXPECT_FALSE(Layout::get({INT64_MAX, 1}, {8, 1, 1}));
  EXPECT_FALSE(Layout::get({int64_t(1) << 32, int64_t(1) << 31}, {}));
  // Checked accessors.
  Layout lay = *Layout::get({3, 5}, {2, 4, 4});
  EXPECT_FALSE(lay.checkedOffset(4, 0));
  EXPECT_FALSE(lay.checkedOffset(0, -1));
  EXPECT_TRUE(lay.checkedOffset(3, 7));
  EXPECT_FALSE(lay.checkedLocate(32));
  EXPECT_FALSE(lay.checkedLocate(-1));
}

TEST(TiledMatrix, DenseRoundTripAndStorageOrder) {
  for (const Case &c : cases()) {
    const int64_t n = c.shape.rows * c.shape.cols;
    std::vector<int32_t> dense(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i)
      dense[i] = static_cast<int32_t>(i + 1);
    auto m = TiledMatrix<int32_t>::fromDense(c.shape, c.g, dense);
    ASSERT_TRUE(m) << m.error();
    EXPECT_EQ(m->padKind(), PadKind::Zero);
    const Layout &lay = m->layout();
    for (int64_t off = 0; off < lay.numElements(); ++off) {
      Location loc = lay.locate(off);
      int32_t expect =
          loc.isLogical
              ? static_cast<int32_t>(loc.row * c.shape.cols + loc.col + 1)
              : 0;
      ASSERT_EQ(m->storage()[off], expect);
    }
    EXPECT_EQ(m->toDense(), dense);
  }
}

TEST(TiledMatrix, ToDenseIgnoresPoisonedPadding) {
  std::vector<float> dense(7 * 9);
  for (size_t i = 0; i < dense.size(); ++i)
    dense[i] = 0.5f * static_cast<float>(i) - 3.0f;
  auto m = *TiledMatrix<float>::fromDense({7, 9}, {2, 4, 4}, dense);
  m.fillPadding(std::nanf(""));
  EXPECT_EQ(m.padKind(), PadKind::Undef);
  EXPECT_EQ(m.toDense(), dense);
  m.fillPadding(1e30f);
  EXPECT_EQ(m.toDense(), dense);
  int64_t nanSlots = 0;
  m.fillPadding(std::nanf(""));
  for (float v : m.storage())
    nanSlots += std::isnan(v);
  EXPECT_EQ(nanSlots, 8 * 12 - 7 * 9);
  m.fillPadding(0.0f);
  EXPECT_EQ(m.padKind(), PadKind::Zero);
  m.fillPadding(-0.0f);
  EXPECT_EQ(m.padKind(), PadKind::Undef); // -0 is not the +0 of pad = zero.
}

TEST(TiledMatrix, AccessorsAndErrors) {
  auto m = *TiledMatrix<int8_t>::zeros({3, 5}, {2, 4, 4});
  EXPECT_TRUE(m.set(2, 4, 7).ok());
  EXPECT_EQ(m.at(2, 4), 7);
  EXPECT_EQ(*m.get(2, 4), 7);
  EXPECT_EQ(m.storage()[m.layout().offset(2, 4)], 7);
  EXPECT_FALSE(m.set(3, 0, 1).ok()); // padding row
  EXPECT_FALSE(m.get(4, 0));
  EXPECT_EQ(m.storage().size(), 32u);
  EXPECT_FALSE(
      TiledMatrix<float>::fromDense({2, 2}, {}, std::vector<float>(3)));
  EXPECT_FALSE(
      TiledMatrix<float>::fromStorage({2, 2}, {}, {1.0f}, PadKind::Zero));
  auto s = TiledMatrix<float>::fromStorage({1, 1}, {1, 2, 1}, {1.0f, 9.0f},
                                           PadKind::Undef);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->toDense(), std::vector<float>{1.0f});
  TiledMatrix<float> copy = *s;
  EXPECT_EQ(copy.storage()[1], 9.0f);
  EXPECT_EQ(copy.padKind(), PadKind::Undef);
}

} // namespace
