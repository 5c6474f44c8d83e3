//===- TiledBatchTest.cpp - Batch-major storage of tiled matrices ---------===//
//
// A TiledBatch stores its matrices one after the other, each in the order
// of a TiledMatrix of the same layout (RFC 3). The expected storage below
// is written out by hand for 3x5 matrices on 2x4 tiles (4x8 padded, 32
// slots each); round trips compare with the dense input.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Reduce.h"
#include "systile/Runtime/TiledBatch.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <numeric>
#include <vector>

using namespace systile::rt;

namespace {

const Geometry kGeometry{2, 4, 4};

/// 1..n, row-major.
std::vector<float> iota(size_t n, float first = 1) {
  std::vector<float> d(n);
  std::iota(d.begin(), d.end(), first);
  return d;
}

/// The storage of a 3x5 matrix holding first..first+14 on 2x4 tiles: tile
/// (0,0), (0,1), (1,0), (1,1), each 2x4, by hand.
std::vector<float> storage3x5(float first) {
  const float a = first - 1;
  std::vector<float> s = {1, 2, 3, 4, 6, 7, 8, 9, 5, 0, 0, 0, 10, 0, 0, 0,
                          11, 12, 13, 14, 0, 0, 0, 0, 15, 0, 0, 0, 0, 0, 0, 0};
  for (float &v : s)
    if (v != 0)
      v += a;
  return s;
}

std::vector<float> storageOfTwo() {
  std::vector<float> s = storage3x5(1), second = storage3x5(16);
  s.insert(s.end(), second.begin(), second.end());
  return s;
}

TEST(TiledBatch, FromDenseIsBatchMajor) {
  std::vector<float> dense = iota(30);
  auto b = TiledBatch<float>::fromDense({2}, {3, 5}, kGeometry, dense.data());
  ASSERT_TRUE(b) << b.error();
  EXPECT_EQ(b->numMatrices(), 2);
  EXPECT_EQ(b->size(), 64);
  EXPECT_EQ(b->fullShape(), (std::vector<int64_t>{2, 3, 5}));
  const TiledBatch<float> &cb = *b;
  std::vector<float> storage(cb.storage().begin(), cb.storage().end());
  EXPECT_EQ(storage, storageOfTwo());
  // Slot (2, 4) is in tile (1, 1), the fourth tile: 3 * 8; matrix 1 starts
  // at 32.
  EXPECT_EQ(cb.offset(1, 2, 4), 56);
  EXPECT_EQ(cb.data()[56], 30.0f);
  EXPECT_EQ(cb.toDense(), dense);
  EXPECT_EQ(cb.padKind(), PadKind::Zero);
}

TEST(TiledBatch, OddShapesRoundTrip) {
  // A 2x3 batch of 5x7 matrices: 6 matrices of 6x8 padded slots.
  std::vector<float> dense = iota(2 * 3 * 5 * 7);
  auto b =
      TiledBatch<float>::fromDense({2, 3}, {5, 7}, kGeometry, dense.data());
  ASSERT_TRUE(b) << b.error();
  EXPECT_EQ(b->numMatrices(), 6);
  EXPECT_EQ(b->size(), 6 * 48);
  EXPECT_EQ(b->toDense(), dense);
  // Element (1, 2, 4, 6) = 1 + ((1*3 + 2)*5 + 4)*7 + 6; slot (4, 6) is in
  // tile (2, 1): 5 * 8 + 0 * 4 + 2.
  const TiledBatch<float> &cb = *b;
  EXPECT_EQ(cb.offset(5, 4, 6), 5 * 48 + 42);
  EXPECT_EQ(cb.data()[5 * 48 + 42], float(1 + (5 * 5 + 4) * 7 + 6));
}

TEST(TiledBatch, TransposedSwapsOnlyTheMinorDims) {
  // Source 2 x (2x3); result 2 x (3x2): (b, r, c) = src(b, c, r).
  std::vector<float> src = iota(12);
  auto b = TiledBatch<float>::fromDenseTransposed({2}, {3, 2}, kGeometry,
                                                  src.data());
  ASSERT_TRUE(b) << b.error();
  std::vector<float> expected = {1, 4, 2, 5, 3, 6, 7, 10, 8, 11, 9, 12};
  EXPECT_EQ(b->toDense(), expected);
  EXPECT_EQ(b->padKind(), PadKind::Zero);
  const TiledBatch<float> &cb = *b;
  // 3x2 matrices are 4x4 padded: 16 slots each.
  const int64_t slots = cb.layout().numElements();
  EXPECT_EQ(slots, 16);
  for (int64_t i = 0; i < cb.size(); ++i) {
    Location loc = cb.layout().locate(i % slots);
    if (!loc.isLogical)
      EXPECT_EQ(cb.data()[i], 0.0f) << "padding slot " << i;
  }
}

TEST(TiledBatch, RankTwoHasTheBitsOfATiledMatrix) {
  std::vector<float> dense = iota(15);
  auto b = TiledBatch<float>::fromDense({}, {3, 5}, kGeometry, dense.data());
  ASSERT_TRUE(b) << b.error();
  EXPECT_EQ(b->numMatrices(), 1);
  EXPECT_TRUE(b->batchShape().empty());
  const TiledBatch<float> &cb = *b;
  std::vector<float> storage(cb.storage().begin(), cb.storage().end());
  EXPECT_EQ(storage, storage3x5(1));
}

TEST(TiledBatch, ViewsWriteIntoTheBatch) {
  auto b = TiledBatch<float>::zeros({2}, {3, 5}, kGeometry);
  ASSERT_TRUE(b) << b.error();
  TiledMatrix<float> second = b->matrix(1);
  EXPECT_TRUE(second.isView());
  EXPECT_FALSE(second.isBorrowed());
  ASSERT_TRUE(second.set(0, 0, 100.0f));
  second.assignFromDense(iota(15, 16).data());
  EXPECT_EQ(b->data() + 32, second.data());
  const TiledBatch<float> &cb = *b;
  std::vector<float> tail(cb.data() + 32, cb.data() + 64);
  EXPECT_EQ(tail, storage3x5(16));
  // A copy of a view owns its storage.
  TiledMatrix<float> copy = second;
  EXPECT_FALSE(copy.isView());
  EXPECT_NE(copy.data(), second.data());
  // Padding of every matrix: 17 slots each.
  b->fillPadding(-1.0f);
  EXPECT_EQ(b->padKind(), PadKind::Undef);
  EXPECT_EQ(std::count(cb.data(), cb.data() + 64, -1.0f), 2 * 17);
}

TEST(TiledBatch, KernelsReadAView) {
  std::vector<float> dense = iota(30);
  auto b = TiledBatch<float>::fromDense({2}, {3, 5}, kGeometry, dense.data());
  ASSERT_TRUE(b) << b.error();
  const TiledBatch<float> &cb = *b;
  // Row sums of matrix 1 (16..30): 16+..+20, 21+..+25, 26+..+30.
  auto sums = reduce(cb.matrix(1), ReduceKind::Sum, 1);
  ASSERT_TRUE(sums) << sums.error();
  EXPECT_EQ(sums->toDense(), (std::vector<float>{90, 115, 140}));
}

TEST(TiledBatch, BorrowReadsInPlaceAndCopiesOnWrite) {
  const std::vector<float> original = storageOfTwo();
  std::vector<float> external = original;
  Layout layout = *Layout::get({3, 5}, kGeometry);
  auto b = TiledBatch<float>::borrow({2}, layout, external.data(),
                                     external.size() * sizeof(float),
                                     PadKind::Zero);
  ASSERT_TRUE(b) << b.error();
  EXPECT_TRUE(b->isBorrowed());
  const TiledBatch<float> &cb = *b;
  EXPECT_EQ(cb.data(), external.data());
  // A read-only view reads in place (its non-const accessors would copy).
  const TiledMatrix<float> second = cb.matrix(1);
  EXPECT_TRUE(second.isBorrowed());
  EXPECT_EQ(second.data(), external.data() + 32);
  EXPECT_EQ(cb.toDense(), iota(30));
  ASSERT_TRUE(b->matrix(0).set(0, 0, 7.0f));
  EXPECT_FALSE(b->isBorrowed());
  EXPECT_EQ(external, original);
  EXPECT_EQ(cb.data()[0], 7.0f);
}

TEST(TiledBatch, MatrixRoundTripMovesTheStorage) {
  auto m = TiledMatrix<float>::fromDense({3, 5}, kGeometry, iota(15));
  ASSERT_TRUE(m) << m.error();
  const float *storage = m->storage().data();
  TiledBatch<float> b = TiledBatch<float>::fromMatrix(m.take());
  EXPECT_EQ(static_cast<const TiledBatch<float> &>(b).data(), storage);
  auto back = b.releaseMatrix();
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(static_cast<const TiledMatrix<float> &>(*back).data(), storage);
  EXPECT_EQ(back->toDense(), iota(15));
}

TEST(TiledBatch, Errors) {
  Layout layout = *Layout::get({3, 5}, kGeometry);
  auto zeroDim = TiledBatch<float>::zeros({2, 0}, {3, 5}, kGeometry);
  ASSERT_FALSE(zeroDim);
  EXPECT_EQ(zeroDim.error(),
            "batch shape 2x0: every batch dimension must be >= 1");
  auto shortStorage = TiledBatch<float>::fromStorage(
      {2}, {3, 5}, kGeometry, storage3x5(1), PadKind::Zero);
  ASSERT_FALSE(shortStorage);
  EXPECT_EQ(shortStorage.error(),
            "fromStorage: batch 2 of 3x5 matrices in geometry (2, 4, mxu = "
            "4) has 64 storage slots, got 32");
  std::vector<float> one = storage3x5(1);
  auto shortBorrow = TiledBatch<float>::borrow(
      {2}, layout, one.data(), one.size() * sizeof(float), PadKind::Zero);
  ASSERT_FALSE(shortBorrow);
  auto huge = TiledBatch<float>::zeros({int64_t(1) << 40, int64_t(1) << 40},
                                       {3, 5}, kGeometry);
  ASSERT_FALSE(huge);
  EXPECT_NE(huge.error().find("overflows int64"), std::string::npos);
  auto two = TiledBatch<float>::zeros({2}, {3, 5}, kGeometry);
  ASSERT_TRUE(two) << two.error();
  EXPECT_FALSE(two->releaseMatrix());
  EXPECT_FALSE(TiledBatch<float>::fromDense({2}, {3, 5}, kGeometry, nullptr));
}

} // namespace
