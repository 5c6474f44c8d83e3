//===- BorrowedMatrixTest.cpp - TiledMatrix views of external storage -----===//
//
// A borrowed TiledMatrix reads storage-order data in place (what
// systile-run does with a systile.constant's blob) and never writes to it:
// writes copy first, copies own their storage, a misaligned view falls back
// to a copy, and a keep-alive owner is held exactly as long as needed. The
// expected values come from the dense input the storage was packed from.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Reduce.h"
#include "systile/Runtime/TiledMatrix.h"

#include "gtest/gtest.h"

#include <cstring>
#include <memory>
#include <vector>

using namespace systile::rt;

namespace {

const Geometry kGeometry{2, 4, 4};

/// A 3x5 row-major matrix 1..15 and its storage order on 2x4 tiles,
/// written out by hand (tile (0,0), (0,1), (1,0), (1,1), each 2x4).
std::vector<float> dense3x5() {
  std::vector<float> d(15);
  for (int i = 0; i < 15; ++i)
    d[i] = float(i + 1);
  return d;
}
std::vector<float> storage3x5() {
  return {1, 2, 3, 4, 6, 7, 8, 9, 5, 0, 0, 0, 10, 0, 0, 0,
          11, 12, 13, 14, 0, 0, 0, 0, 15, 0, 0, 0, 0, 0, 0, 0};
}

Layout layout3x5() { return *Layout::get({3, 5}, kGeometry); }

TEST(BorrowedMatrix, ViewsAlignedStorageInPlace) {
  std::vector<float> external = storage3x5();
  auto m = TiledMatrix<float>::borrow(layout3x5(), external.data(),
                                      external.size() * sizeof(float),
                                      PadKind::Zero);
  ASSERT_TRUE(m) << m.error();
  EXPECT_TRUE(m->isBorrowed());
  const TiledMatrix<float> &view = *m;
  EXPECT_EQ(view.data(), external.data());
  EXPECT_EQ(view.toDense(), dense3x5());
  EXPECT_EQ(view.at(2, 4), 15.0f);
  EXPECT_EQ(view.padKind(), PadKind::Zero);
  // Runtime ops take it like any matrix: row sums 10+5, 30+10... by hand.
  auto sums = reduce(view, ReduceKind::Sum, 1);
  ASSERT_TRUE(sums) << sums.error();
  EXPECT_EQ(sums->toDense(), (std::vector<float>{15, 40, 65}));
}

TEST(BorrowedMatrix, WritesCopyFirst) {
  const std::vector<float> original = storage3x5();
  std::vector<float> external = original;
  auto m = *TiledMatrix<float>::borrow(layout3x5(), external.data(),
                                       external.size() * sizeof(float),
                                       PadKind::Zero);
  ASSERT_TRUE(m.set(0, 0, 42.0f).ok());
  EXPECT_FALSE(m.isBorrowed());
  EXPECT_NE(static_cast<const TiledMatrix<float> &>(m).data(),
            external.data());
  EXPECT_EQ(external, original); // The borrowed memory is untouched.
  EXPECT_EQ(m.at(0, 0), 42.0f);
  EXPECT_EQ(m.at(2, 4), 15.0f); // The rest was copied.

  // Each kind of write: at(), data(), storage(), fillPadding().
  auto a = *TiledMatrix<float>::borrow(layout3x5(), external.data(),
                                       external.size() * sizeof(float),
                                       PadKind::Zero);
  a.at(1, 1) = -1.0f;
  auto b = *TiledMatrix<float>::borrow(layout3x5(), external.data(),
                                       external.size() * sizeof(float),
                                       PadKind::Zero);
  b.data()[0] = -2.0f;
  auto c = *TiledMatrix<float>::borrow(layout3x5(), external.data(),
                                       external.size() * sizeof(float),
                                       PadKind::Zero);
  c.storage()[0] = -3.0f;
  auto d = *TiledMatrix<float>::borrow(layout3x5(), external.data(),
                                       external.size() * sizeof(float),
                                       PadKind::Zero);
  d.fillPadding(7.0f);
  for (const TiledMatrix<float> *w : {&a, &b, &c, &d})
    EXPECT_FALSE(w->isBorrowed());
  EXPECT_EQ(external, original);
  EXPECT_EQ(a.at(1, 1), -1.0f);
  EXPECT_EQ(b.at(0, 0), -2.0f);
  EXPECT_EQ(c.at(0, 0), -3.0f);
  EXPECT_EQ(d.at(0, 5), 7.0f);
  EXPECT_EQ(d.toDense(), dense3x5());
}

TEST(BorrowedMatrix, CopiesOwnMovesKeepTheView) {
  std::vector<float> external = storage3x5();
  auto m = *TiledMatrix<float>::borrow(layout3x5(), external.data(),
                                       external.size() * sizeof(float),
                                       PadKind::Undef);
  TiledMatrix<float> copy = m;
  EXPECT_FALSE(copy.isBorrowed());
  EXPECT_EQ(copy.padKind(), PadKind::Undef);
  EXPECT_EQ(copy.toDense(), dense3x5());
  auto cloned = m.clone();
  ASSERT_TRUE(cloned);
  EXPECT_FALSE(cloned->isBorrowed());
  EXPECT_EQ(cloned->toDense(), dense3x5());

  TiledMatrix<float> moved = std::move(m);
  EXPECT_TRUE(moved.isBorrowed());
  EXPECT_EQ(static_cast<const TiledMatrix<float> &>(moved).data(),
            external.data());
  EXPECT_FALSE(m.isBorrowed()); // NOLINT(bugprone-use-after-move)
  TiledMatrix<float> assigned;
  assigned = std::move(moved);
  EXPECT_TRUE(assigned.isBorrowed());
  EXPECT_EQ(assigned.toDense(), dense3x5());
}

TEST(BorrowedMatrix, MisalignedDataIsCopied) {
  const std::vector<float> storage = storage3x5();
  const size_t bytes = storage.size() * sizeof(float);
  std::vector<char> buffer(bytes + 1);
  std::memcpy(buffer.data() + 1, storage.data(), bytes);
  // buffer.data() is suitably aligned for any type, so +1 is not for float.
  auto m = TiledMatrix<float>::borrow(layout3x5(), buffer.data() + 1, bytes,
                                      PadKind::Zero);
  ASSERT_TRUE(m) << m.error();
  EXPECT_FALSE(m->isBorrowed());
  EXPECT_EQ(m->toDense(), dense3x5());

  // int8 is aligned anywhere: borrowed.
  std::vector<int8_t> bytes8(8, 3);
  auto i8 = TiledMatrix<int8_t>::borrow(*Layout::get({1, 4}, kGeometry),
                                        bytes8.data() + 0, 8, PadKind::Undef);
  ASSERT_TRUE(i8);
  EXPECT_TRUE(i8->isBorrowed());
}

TEST(BorrowedMatrix, WrongSizeOrNoDataIsAnError) {
  std::vector<float> external = storage3x5();
  auto shortView = TiledMatrix<float>::borrow(
      layout3x5(), external.data(), 31 * sizeof(float), PadKind::Zero);
  ASSERT_FALSE(shortView);
  EXPECT_EQ(shortView.error(),
            "borrow: matrix 3x5 in geometry (2, 4, mxu = 4) has 32 storage "
            "slots of 4 bytes, got 124 bytes");
  EXPECT_FALSE(TiledMatrix<float>::borrow(layout3x5(), nullptr, 128,
                                          PadKind::Zero));
}

TEST(BorrowedMatrix, KeepAliveHeldWhileViewed) {
  auto owner = std::make_shared<std::vector<float>>(storage3x5());
  std::weak_ptr<std::vector<float>> watch = owner;
  const float *data = owner->data();
  auto m = *TiledMatrix<float>::borrow(layout3x5(), data,
                                       owner->size() * sizeof(float),
                                       PadKind::Zero, owner);
  owner.reset();
  EXPECT_FALSE(watch.expired()); // The matrix keeps it alive.
  EXPECT_EQ(m.toDense(), dense3x5());
  ASSERT_TRUE(m.makeOwned().ok());
  EXPECT_FALSE(m.isBorrowed());
  EXPECT_TRUE(watch.expired()); // Owning its copy, it lets go.
  EXPECT_EQ(m.toDense(), dense3x5());
  EXPECT_TRUE(m.makeOwned().ok()); // No-op when owned.
}

} // namespace
