//===- StridedCopyTest.cpp - Strided copies against index loops -----------===//
//
// stridedCopy and gather for every element size against loops over the
// indices written here: plain runs, broadcasts (stride 0), reversed runs,
// and N-d gathers whose unit stride is on another dimension than the last
// (the transposing path) or on none.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/StridedCopy.h"

#include <gtest/gtest.h>

#include <numeric>
#include <string>
#include <vector>

using namespace systile::rt::dense;

namespace {

struct GatherCase {
  std::vector<int64_t> extents, strides;
  int64_t base; // offset of element 0 in the source
};

/// Source strides of a C-order array of dims permuted, and of broadcasts.
const GatherCase kGathers[] = {
    {{}, {}, 3},
    {{7}, {1}, 0},
    {{7}, {0}, 2},
    {{5, 6}, {6, 1}, 0},
    {{6, 5}, {1, 6}, 0},        // a transpose
    {{40, 33}, {1, 40}, 0},     // a transpose with whole tiles
    {{3, 4, 5}, {1, 15, 3}, 0}, // unit stride first
    {{4, 3, 5}, {5, 20, 1}, 0}, // runs along the last dimension
    {{2, 17, 19}, {17 * 19, 1, 17}, 0},
    {{4, 5}, {0, 1}, 0},       // broadcast rows
    {{5, 4}, {1, 0}, 0},       // broadcast columns, unit stride first
    {{6}, {-1}, 5},            // reversed
    {{3, 0, 4}, {1, 3, 0}, 0}, // empty
};

template <typename T> void checkGathers() {
  for (const GatherCase &c : kGathers) {
    SCOPED_TRACE(std::to_string(sizeof(T)) + "-byte rank " +
                 std::to_string(c.extents.size()));
    const int64_t rank = c.extents.size();
    int64_t total = 1, reach = c.base;
    for (int64_t d = 0; d < rank; ++d) {
      total *= c.extents[d];
      if (c.strides[d] > 0)
        reach += c.strides[d] * (c.extents[d] - 1);
    }
    std::vector<T> src(static_cast<size_t>(reach + 1));
    std::iota(src.begin(), src.end(), T(1));
    std::vector<T> want(static_cast<size_t>(total));
    for (int64_t e = 0; e < total; ++e) {
      int64_t offset = c.base, rem = e;
      for (int64_t d = rank - 1; d >= 0; --d) {
        offset += rem % c.extents[d] * c.strides[d];
        rem /= c.extents[d];
      }
      want[e] = src[offset];
    }
    std::vector<T> got(want.size() + (rank == 0), T(0));
    gather(got.data(), src.data() + c.base, c.extents.data(), c.strides.data(),
           rank, sizeof(T));
    got.resize(want.size());
    EXPECT_EQ(got, want);
  }
}

TEST(StridedCopy, GatherMatchesIndexLoop) {
  checkGathers<uint8_t>();
  checkGathers<uint16_t>();
  checkGathers<uint32_t>();
  checkGathers<uint64_t>();
}

template <typename T> void checkRuns() {
  std::vector<T> src(20);
  std::iota(src.begin(), src.end(), T(1));
  for (int64_t dstStride : {1, 3})
    for (int64_t srcStride : {1, 0, 2, -1}) {
      const int64_t count = 6;
      const T *from = src.data() + (srcStride < 0 ? 10 : 0);
      std::vector<T> got(static_cast<size_t>(count * dstStride), T(0));
      std::vector<T> want = got;
      for (int64_t i = 0; i < count; ++i)
        want[i * dstStride] = from[i * srcStride];
      stridedCopy(got.data(), dstStride, from, srcStride, count, sizeof(T));
      EXPECT_EQ(got, want) << sizeof(T) << "-byte strides " << dstStride << ", "
                           << srcStride;
    }
}

TEST(StridedCopy, RunsMatchIndexLoop) {
  checkRuns<uint8_t>();
  checkRuns<uint16_t>();
  checkRuns<uint32_t>();
  checkRuns<uint64_t>();
}

} // namespace
