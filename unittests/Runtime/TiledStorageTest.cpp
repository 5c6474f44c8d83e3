//===- TiledStorageTest.cpp - Owned, borrowed and viewed tiled slots ------===//
//
// The storage states of TiledStorage and the moves between them: owned
// slots, read-only borrows copied on write (and when misaligned), writable
// views, copies that always own, moves that leave the source empty. The
// expected contents are the buffers the storage was made from. The failing
// allocations ask for 4 TiB, as AllocationTest.cpp does (under ASan this
// needs allocator_may_return_null=1, which scripts/test-sanitizers.sh sets).
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/TiledStorage.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <cstring>
#include <memory>
#include <numeric>
#include <vector>

using namespace systile::rt;

namespace {

std::vector<float> ramp(size_t n) {
  std::vector<float> v(n);
  std::iota(v.begin(), v.end(), 1.0f);
  return v;
}

std::vector<float> contents(const TiledStorage<float> &s) {
  return std::vector<float>(s.data(), s.data() + s.size());
}

bool isAligned(const void *p) {
  return reinterpret_cast<uintptr_t>(p) % kBufferAlignment == 0;
}

TEST(TiledStorage, AllocateOwnsAlignedSlots) {
  Expected<TiledStorage<int32_t>> s = TiledStorage<int32_t>::allocate(37, true);
  ASSERT_TRUE(s) << s.error();
  EXPECT_EQ(s->size(), 37u);
  EXPECT_TRUE(isAligned(s->data()));
  EXPECT_FALSE(s->isBorrowed());
  EXPECT_FALSE(s->isView());
  EXPECT_EQ(std::vector<int32_t>(s->data(), s->data() + 37),
            std::vector<int32_t>(37, 0));
  const int32_t *before = s->data();
  s->writable()[36] = 5; // Owned: written in place.
  EXPECT_EQ(s->data(), before);
  EXPECT_EQ(s->data()[36], 5);
  EXPECT_TRUE(s->makeOwned().ok());
  EXPECT_EQ(s->data(), before);

  TiledStorage<int8_t> z = TiledStorage<int8_t>::zeroed(5);
  EXPECT_EQ(std::vector<int8_t>(z.data(), z.data() + 5),
            std::vector<int8_t>(5, 0));
}

TEST(TiledStorage, BorrowReadsInPlaceAndCopiesOnWrite) {
  const std::vector<float> original = ramp(16);
  std::vector<float> external = original;
  Expected<TiledStorage<float>> s = TiledStorage<float>::borrow(
      external.data(), external.size() * sizeof(float));
  ASSERT_TRUE(s) << s.error();
  EXPECT_TRUE(s->isBorrowed());
  EXPECT_FALSE(s->isView());
  EXPECT_EQ(s->data(), external.data());
  EXPECT_EQ(s->size(), 16u);

  float *w = s->writable();
  EXPECT_NE(w, external.data());
  EXPECT_TRUE(isAligned(w));
  EXPECT_FALSE(s->isBorrowed());
  w[0] = -1.0f;
  EXPECT_EQ(external, original); // The borrowed memory is untouched.
  EXPECT_EQ(s->data()[0], -1.0f);
  EXPECT_EQ(s->data()[15], 16.0f); // The rest was copied.
}

TEST(TiledStorage, KeepAliveHeldUntilOwned) {
  auto owner = std::make_shared<std::vector<float>>(ramp(8));
  std::weak_ptr<std::vector<float>> watch = owner;
  TiledStorage<float> s =
      TiledStorage<float>::borrowAligned(owner->data(), 8, owner);
  owner.reset();
  EXPECT_FALSE(watch.expired());
  TiledStorage<float> moved = std::move(s);
  EXPECT_FALSE(watch.expired()); // The move took the owner along.
  ASSERT_TRUE(moved.makeOwned().ok());
  EXPECT_TRUE(watch.expired());
  EXPECT_FALSE(moved.isBorrowed());
  EXPECT_EQ(contents(moved), ramp(8));
}

TEST(TiledStorage, ViewWritesInPlace) {
  std::vector<float> external = ramp(8);
  TiledStorage<float> v = TiledStorage<float>::view(external.data(), 8);
  EXPECT_TRUE(v.isView());
  EXPECT_FALSE(v.isBorrowed());
  EXPECT_EQ(v.writable(), external.data());
  v.writable()[3] = 42.0f;
  EXPECT_EQ(external[3], 42.0f);
  EXPECT_TRUE(v.makeOwned().ok()); // A view stays a view.
  EXPECT_TRUE(v.isView());
  EXPECT_EQ(v.data(), external.data());

  TiledStorage<float> copy = v; // Copies own their slots.
  EXPECT_FALSE(copy.isView());
  EXPECT_FALSE(copy.isBorrowed());
  EXPECT_NE(copy.data(), external.data());
  EXPECT_EQ(contents(copy), external);
  copy.writable()[0] = -7.0f;
  EXPECT_EQ(external[0], 1.0f);
}

TEST(TiledStorage, MisalignedBorrowIsCopied) {
  const std::vector<float> values = ramp(6);
  const size_t bytes = values.size() * sizeof(float);
  std::vector<char> buffer(bytes + 1);
  std::memcpy(buffer.data() + 1, values.data(), bytes);
  // buffer.data() is suitably aligned for any type, so +1 is not for float.
  Expected<TiledStorage<float>> s =
      TiledStorage<float>::borrow(buffer.data() + 1, bytes);
  ASSERT_TRUE(s) << s.error();
  EXPECT_FALSE(s->isBorrowed());
  EXPECT_TRUE(isAligned(s->data()));
  EXPECT_EQ(contents(*s), values);

  // int8 is aligned anywhere: borrowed.
  std::vector<int8_t> bytes8(8, 3);
  Expected<TiledStorage<int8_t>> i8 =
      TiledStorage<int8_t>::borrow(bytes8.data() + 1, 7);
  ASSERT_TRUE(i8) << i8.error();
  EXPECT_TRUE(i8->isBorrowed());
  EXPECT_EQ(i8->data(), bytes8.data() + 1);
  EXPECT_EQ(i8->size(), 7u);
}

TEST(TiledStorage, BorrowErrors) {
  Expected<TiledStorage<float>> none = TiledStorage<float>::borrow(nullptr, 8);
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error(), "borrow: no data");
  std::vector<float> external = ramp(4);
  Expected<TiledStorage<float>> partial =
      TiledStorage<float>::borrow(external.data(), 10);
  ASSERT_FALSE(partial);
  EXPECT_EQ(partial.error(),
            "borrow: 10 bytes are not a whole number of 4-byte elements");
}

TEST(TiledStorage, MovesLeaveTheSourceEmpty) {
  std::vector<float> external = ramp(4);
  auto isEmpty = [](const TiledStorage<float> &s) {
    return !s.data() && s.size() == 0 && !s.isBorrowed() && !s.isView();
  };
  TiledStorage<float> owned = *TiledStorage<float>::allocate(4, true);
  TiledStorage<float> borrowed =
      TiledStorage<float>::borrowAligned(external.data(), 4);
  TiledStorage<float> view = TiledStorage<float>::view(external.data(), 4);
  const float *ownedData = owned.data();

  TiledStorage<float> a = std::move(owned);
  TiledStorage<float> b = std::move(borrowed);
  TiledStorage<float> c;
  c = std::move(view);
  // NOLINTBEGIN(bugprone-use-after-move)
  EXPECT_TRUE(isEmpty(owned));
  EXPECT_TRUE(isEmpty(borrowed));
  EXPECT_TRUE(isEmpty(view));
  // NOLINTEND(bugprone-use-after-move)
  EXPECT_EQ(a.data(), ownedData);
  EXPECT_FALSE(a.isBorrowed());
  EXPECT_TRUE(b.isBorrowed());
  EXPECT_EQ(b.data(), external.data());
  EXPECT_TRUE(c.isView());
  EXPECT_EQ(c.size(), 4u);
  EXPECT_TRUE(isEmpty(TiledStorage<float>()));
}

TEST(TiledStorage, CopyAssignmentOwns) {
  std::vector<float> external = ramp(4);
  TiledStorage<float> s =
      TiledStorage<float>::borrowAligned(external.data(), 4);
  TiledStorage<float> t = *TiledStorage<float>::allocate(2, false);
  t = s;
  EXPECT_FALSE(t.isBorrowed());
  EXPECT_NE(t.data(), external.data());
  EXPECT_EQ(contents(t), external);
  TiledStorage<float> &alias = t;
  const float *before = t.data();
  t = alias; // Self-assignment keeps the slots.
  EXPECT_EQ(t.data(), before);
  EXPECT_EQ(contents(t), external);

  Expected<TiledStorage<float>> c = s.clone();
  ASSERT_TRUE(c) << c.error();
  EXPECT_FALSE(c->isBorrowed());
  EXPECT_NE(c->data(), external.data());
  EXPECT_EQ(contents(*c), external);
}

TEST(TiledStorage, FailedAllocationsAreErrors) {
  // A borrow of 2^40 floats that are never read: their copy (4 TiB) cannot
  // be allocated, so clone() and makeOwned() fail and the borrow stays.
  const size_t n = size_t(1) << 40;
  const char *want = "cannot allocate tiled storage of 4398046511104 bytes "
                     "(4 TiB): out of memory";
  float placeholder = 0.0f;
  TiledStorage<float> s = TiledStorage<float>::borrowAligned(&placeholder, n);
  Expected<TiledStorage<float>> c = s.clone();
  ASSERT_FALSE(c);
  EXPECT_EQ(c.error(), want);
  Status owned = s.makeOwned();
  ASSERT_FALSE(owned.ok());
  EXPECT_EQ(owned.message(), want);
  EXPECT_TRUE(s.isBorrowed());
  EXPECT_EQ(s.data(), &placeholder);

  Expected<TiledStorage<float>> a = TiledStorage<float>::allocate(n, false);
  ASSERT_FALSE(a);
  EXPECT_EQ(a.error(), want);
}

} // namespace
