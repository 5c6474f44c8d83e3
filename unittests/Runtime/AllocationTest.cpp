//===- AllocationTest.cpp - Allocation failure is an error, not an abort --===//
//
// The sizes are chosen to fail on any machine: 4 TiB is more than this
// kind of machine's RAM (and than ASan's 1 TiB allocation limit), and 2^63
// bytes is more than any x86-64 address space. Run under ASan this needs
// allocator_may_return_null=1 (scripts/test-sanitizers.sh sets it).
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Allocation.h"
#include "systile/Runtime/TiledMatrix.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <memory>

using namespace systile::rt;

namespace {

constexpr size_t kTiB = size_t(1) << 40;

TEST(Allocation, SmallIsAlignedAndUsable) {
  Expected<void *> p = tryAllocate(100, sizeof(float));
  ASSERT_TRUE(p.ok()) << p.error();
  EXPECT_EQ(reinterpret_cast<uintptr_t>(*p) % kBufferAlignment, 0u);
  static_cast<float *>(*p)[99] = 1.0f;
  deallocate(*p);
  Expected<void *> none = tryAllocate(0, 4);
  ASSERT_TRUE(none.ok());
  deallocate(*none);
}

TEST(Allocation, HugeIsAnError) {
  Expected<void *> p = tryAllocate(kTiB, 4, "tiled storage");
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.error(), "cannot allocate tiled storage of 4398046511104 bytes "
                       "(4 TiB): out of memory");
}

TEST(Allocation, OverflowIsAnError) {
  Expected<void *> p = tryAllocate(SIZE_MAX / 2, 4);
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.error(), "cannot allocate buffer of 9223372036854775807 "
                       "elements of 4 bytes: the size does not fit in memory "
                       "addresses");
}

TEST(Allocation, FormatBytes) {
  EXPECT_EQ(formatBytes(512), "512 bytes");
  EXPECT_EQ(formatBytes(1536), "1.5 KiB");
  EXPECT_EQ(formatBytes(4 * kTiB), "4 TiB");
}

// The 4 TiB case of the issue: a 1x1 matrix in a 1048576x1048576 geometry
// (mxu = 1) pads to 2^40 f32 slots.
TEST(Allocation, HugeTiledMatrixIsAnError) {
  const Geometry g{1048576, 1048576, 1};
  const char *want = "matrix 1x1 in geometry (1048576, 1048576, mxu = 1): "
                     "cannot allocate tiled storage of 4398046511104 bytes "
                     "(4 TiB): out of memory";
  Expected<TiledMatrix<float>> z = TiledMatrix<float>::zeros({1, 1}, g);
  ASSERT_FALSE(z.ok());
  EXPECT_EQ(z.error(), want);
  Expected<TiledMatrix<float>> d =
      TiledMatrix<float>::fromDense({1, 1}, g, std::vector<float>{1.0f});
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.error(), want);
  Expected<Layout> lay = Layout::get({1, 1}, g);
  ASSERT_TRUE(lay.ok());
  Expected<TiledMatrix<float>> u = TiledMatrix<float>::uninitialized(*lay);
  ASSERT_FALSE(u.ok());
  EXPECT_EQ(u.error(), want);
}

TEST(Allocation, LargestLayoutIsAnError) {
  // 2^59 i32 slots: the layout is valid (Layout::get admits up to 2^60
  // slots), the 2 EiB of storage are not there.
  const Geometry g{int64_t(1) << 29, int64_t(1) << 30, 1};
  ASSERT_TRUE(Layout::get({1, 1}, g).ok());
  Expected<TiledMatrix<int32_t>> m = TiledMatrix<int32_t>::zeros({1, 1}, g);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error(), "matrix 1x1 in geometry (536870912, 1073741824, mxu = "
                       "1): cannot allocate tiled storage of "
                       "2305843009213693952 bytes (2 EiB): out of memory");
}

TEST(Allocation, CloneCopiesStorage) {
  auto m = *TiledMatrix<int32_t>::fromDense({2, 3}, {2, 4, 4},
                                            std::vector<int32_t>{1, 2, 3, 4,
                                                                 5, 6});
  Expected<TiledMatrix<int32_t>> c = m.clone();
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_NE(c->data(), m.data());
  EXPECT_EQ(c->toDense(), (std::vector<int32_t>{1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(c->padKind(), m.padKind());
}

TEST(Allocation, MapZerosReadsZeros) {
  // Sizes below, at and above a huge page, and none: every byte reads 0,
  // the start is 64-byte aligned, and the memory stays while the owner
  // lives (a copy of the owner keeps it after the first is gone).
  for (size_t bytes : {size_t(0), size_t(100), size_t(2) << 20,
                       (size_t(5) << 20) + 3}) {
    Expected<std::shared_ptr<const void>> zeros = mapZeros(bytes);
    ASSERT_TRUE(zeros.ok()) << zeros.error();
    std::shared_ptr<const void> kept = *zeros;
    zeros = Error("dropped");
    const auto *p = static_cast<const unsigned char *>(kept.get());
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % kBufferAlignment, 0u);
    size_t nonzero = 0;
    for (size_t i = 0; i < bytes; ++i)
      nonzero += p[i] != 0;
    EXPECT_EQ(nonzero, 0u) << bytes << " bytes";
  }
  // More address space than there is: an error, not an abort.
  Expected<std::shared_ptr<const void>> huge = mapZeros(SIZE_MAX - 16);
  EXPECT_FALSE(huge.ok());
}

} // namespace
