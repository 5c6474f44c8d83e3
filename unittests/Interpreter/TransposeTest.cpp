//===- TransposeTest.cpp - The interpreter's 4-byte transposes ------------===//
//
// Every variant this machine supports against an element-by-element
// transpose written here: whole tiles, ragged edges, power-of-two rows,
// sub-matrices of larger arrays (strides beyond the extents), and bits
// that are not ordinary floats (NaN payloads, signed zeros).
//
//===----------------------------------------------------------------------===//

#include "Transpose.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <string>
#include <vector>

using namespace systile::interp;
using kernel::Variant;

namespace {

struct Case {
  int64_t rows, cols;  // of dst
  int64_t dstRow;      // >= cols
  int64_t srcCol;      // >= rows
};

const Case kCases[] = {{0, 5, 5, 0},       {1, 1, 1, 1},
                       {16, 16, 16, 16},   {32, 48, 48, 32},
                       {37, 53, 53, 37},   {15, 17, 20, 19},
                       {1024, 1024, 1024, 1024},
                       {100, 300, 301, 128}, {256, 64, 80, 300}};

TEST(Transpose, EveryVariantMatchesElementwise) {
  std::mt19937 gen(11);
  std::string ran;
  for (Variant v : {Variant::Avx512, Variant::Avx2, Variant::Portable}) {
    if (!kernel::isSupported(v))
      continue;
    ran += std::string(kernel::toString(v)) + " ";
    for (const Case &c : kCases) {
      SCOPED_TRACE(std::string(kernel::toString(v)) + " " +
                   std::to_string(c.rows) + "x" + std::to_string(c.cols));
      std::vector<uint32_t> src(static_cast<size_t>(c.srcCol * c.cols + 1));
      for (uint32_t &x : src)
        x = gen();
      if (src.size() > 3) {
        src[0] = 0x7fc00001u; // a quiet NaN with a payload
        src[1] = 0xff800001u; // a signalling NaN
        src[2] = 0x80000000u; // -0
      }
      const uint32_t kSentinel = 0xdeadbeefu;
      std::vector<uint32_t> dst(static_cast<size_t>(c.rows * c.dstRow + 1),
                                kSentinel);
      transpose::transpose32With(v, dst.data(), c.dstRow, src.data(),
                                 c.srcCol, c.rows, c.cols);
      int64_t bad = 0;
      for (int64_t i = 0; i < c.rows; ++i)
        for (int64_t j = 0; j < c.dstRow; ++j) {
          uint32_t want = j < c.cols ? src[i + j * c.srcCol] : kSentinel;
          bad += dst[i * c.dstRow + j] != want;
        }
      bad += dst.back() != kSentinel;
      EXPECT_EQ(bad, 0);
    }
  }
  std::printf("[ info     ] transpose variants checked on this machine: %s\n",
              ran.c_str());
}

} // namespace
