//===- TransposeTest.cpp - The runtime's blocked transpose ----------------===//
//
// Every path this machine supports, for every element size, against an
// element-by-element transpose written here: whole tiles, ragged edges,
// power-of-two rows, sub-matrices of larger arrays (strides beyond the
// extents), destination rows in groups (tiled storage), and bits that are
// not ordinary floats (NaN payloads, signed zeros).
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Transpose.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace systile::rt;
using namespace systile::rt::dense;

namespace {

struct Case {
  int64_t rows, cols;                     // of dst
  int64_t dstRow;                         // >= cols
  int64_t srcCol;                         // >= rows
  int64_t groupRows = 0, groupStride = 0; // 0: one group
};

const Case kCases[] = {{0, 5, 5, 0},
                       {1, 1, 1, 1},
                       {16, 16, 16, 16},
                       {32, 48, 48, 32},
                       {37, 53, 53, 37},
                       {15, 17, 20, 19},
                       {1024, 1024, 1024, 1024},
                       {100, 300, 301, 128},
                       {256, 64, 80, 300},
                       // Tile rows of 8 and of 3 rows, 128 lanes apart.
                       {37, 100, 128, 40, 8, 8 * 128 * 2},
                       {50, 33, 128, 50, 3, 3 * 128 * 3}};

template <typename T> void checkPaths(std::string &ran) {
  std::mt19937 gen(11);
  for (Isa isa : {Isa::AVX512, Isa::AVX2, Isa::Portable}) {
    if (!cpuSupports(isa))
      continue;
    if (sizeof(T) == 4)
      ran += std::string(toString(isa)) + " ";
    for (const Case &c : kCases) {
      SCOPED_TRACE(std::string(toString(isa)) + " " +
                   std::to_string(sizeof(T)) + "-byte " +
                   std::to_string(c.rows) + "x" + std::to_string(c.cols));
      RowSpacing spacing{c.dstRow};
      if (c.groupRows)
        spacing = {c.dstRow, c.groupRows, c.groupStride};
      std::vector<T> src(static_cast<size_t>(c.srcCol * c.cols + 1));
      for (T &x : src)
        x = static_cast<T>(gen());
      if (sizeof(T) == 4 && src.size() > 3) {
        const uint32_t special[] = {0x7fc00001u,  // a quiet NaN, payload
                                    0xff800001u,  // a signalling NaN
                                    0x80000000u}; // -0
        std::memcpy(src.data(), special, sizeof(special));
      }
      const T kSentinel = static_cast<T>(0xdeadbeefcafef00dull);
      const int64_t size = c.rows ? spacing.offset(c.rows - 1) + c.dstRow : 0;
      std::vector<T> dst(static_cast<size_t>(size + 1), kSentinel);
      std::vector<T> want = dst;
      for (int64_t i = 0; i < c.rows; ++i)
        for (int64_t j = 0; j < c.cols; ++j)
          want[spacing.offset(i) + j] = src[i + j * c.srcCol];
      transposeWith(isa, dst.data(), spacing, src.data(), c.srcCol, c.rows,
                    c.cols, sizeof(T));
      int64_t bad = 0;
      for (size_t i = 0; i < dst.size(); ++i)
        bad += dst[i] != want[i];
      EXPECT_EQ(bad, 0);
    }
  }
}

TEST(Transpose, EveryPathMatchesElementwise) {
  std::string ran;
  checkPaths<uint8_t>(ran);
  checkPaths<uint16_t>(ran);
  checkPaths<uint32_t>(ran);
  checkPaths<uint64_t>(ran);
  std::printf("[ info     ] transpose paths checked on this machine: %s\n",
              ran.c_str());
}

TEST(Transpose, DefaultPathIsSupported) {
  EXPECT_TRUE(cpuSupports(transposeIsa()));
  std::vector<uint32_t> src = {1, 2, 3, 4, 5, 6}, dst(6, 0);
  // src is 2 columns of 3: dst[i][j] = src[i + 3 j].
  transpose(dst.data(), RowSpacing{2}, src.data(), 3, 3, 2, 4);
  EXPECT_EQ(dst, (std::vector<uint32_t>{1, 4, 2, 5, 3, 6}));
}

} // namespace
