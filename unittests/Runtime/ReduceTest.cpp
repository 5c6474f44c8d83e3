//===- ReduceTest.cpp - Mask-aware reductions -----------------------------===//
//
// Sum / max / min along both dims against hand values and a plain loop in
// the test, with poisoned padding (NaN, huge values) that must not change
// any result; NaN propagation; i32 wrap-around; errors.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Reduce.h"
#include "systile/Runtime/Scalar.h"

#include "TestUtil.h"
#include "gtest/gtest.h"

#include <limits>
#include <random>

using namespace systile::rt;
using namespace systile::testutil;

namespace {

std::vector<float> bitsOf(const TiledMatrix<float> &m) {
  std::vector<float> d = m.toDense();
  return d;
}

void expectSameBits(const std::vector<float> &a, const std::vector<float> &b) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i)
    EXPECT_EQ(floatBits(a[i]), floatBits(b[i])) << i;
}

TEST(Reduce, HandValues) {
  // 2x3: [[1, 2, 3], [4, -5, 6]]
  auto x =
      *TiledMatrix<float>::fromDense({2, 3}, {2, 4, 4}, {1, 2, 3, 4, -5, 6});
  EXPECT_EQ(reduce(x, ReduceKind::Sum, 0)->toDense(),
            (std::vector<float>{5, -3, 9}));
  EXPECT_EQ(reduce(x, ReduceKind::Sum, 1)->toDense(),
            (std::vector<float>{6, 5}));
  EXPECT_EQ(reduce(x, ReduceKind::Max, 0)->toDense(),
            (std::vector<float>{4, 2, 6}));
  EXPECT_EQ(reduce(x, ReduceKind::Min, 1)->toDense(),
            (std::vector<float>{1, -5}));
  auto r = *reduce(x, ReduceKind::Sum, 0);
  EXPECT_EQ(r.shape(), (Shape{1, 3}));
  EXPECT_EQ(r.geometry(), x.geometry());
  EXPECT_EQ(r.padKind(), PadKind::Zero);
  EXPECT_EQ(reduce(x, ReduceKind::Sum, 1)->shape(), (Shape{2, 1}));
}

TEST(Reduce, OrderAndSignedZero) {
  // Increasing order: (1e8 + 1 - 1e8) in f32 = 0, not 1.
  auto x = *TiledMatrix<float>::fromDense({1, 3}, {}, {1e8f, 1.0f, -1e8f});
  EXPECT_EQ(reduce(x, ReduceKind::Sum, 1)->toDense()[0], 0.0f);
  auto y = *TiledMatrix<float>::fromDense({1, 3}, {}, {1.0f, 1e8f, -1e8f});
  EXPECT_EQ(reduce(y, ReduceKind::Sum, 1)->toDense()[0], 0.0f);
  auto z = *TiledMatrix<float>::fromDense({1, 3}, {}, {1e8f, -1e8f, 1.0f});
  EXPECT_EQ(reduce(z, ReduceKind::Sum, 1)->toDense()[0], 1.0f);
  // Sum starts at +0: a column of -0 sums to +0.
  auto nz = *TiledMatrix<float>::fromDense({2, 1}, {}, {-0.0f, -0.0f});
  EXPECT_EQ(floatBits(reduce(nz, ReduceKind::Sum, 0)->toDense()[0]), 0u);
  // Max/min start from the first element: max(-0, -0) stays -0; then they
  // step as arith.maximumf / minimumf, which order -0 < +0.
  EXPECT_EQ(floatBits(reduce(nz, ReduceKind::Max, 0)->toDense()[0]),
            0x80000000u);
  auto pm = *TiledMatrix<float>::fromDense({1, 2}, {}, {-0.0f, 0.0f});
  EXPECT_EQ(floatBits(reduce(pm, ReduceKind::Max, 1)->toDense()[0]), 0u);
  EXPECT_EQ(floatBits(reduce(pm, ReduceKind::Min, 1)->toDense()[0]),
            0x80000000u);
  auto mp = *TiledMatrix<float>::fromDense({1, 2}, {}, {0.0f, -0.0f});
  EXPECT_EQ(floatBits(reduce(mp, ReduceKind::Max, 1)->toDense()[0]), 0u);
  EXPECT_EQ(floatBits(reduce(mp, ReduceKind::Min, 1)->toDense()[0]),
            0x80000000u);
}

TEST(Reduce, NaNPropagates) {
  const float nan1 = bitsFloat(0x7fc00001), nan2 = bitsFloat(0xffc00002);
  auto x = *TiledMatrix<float>::fromDense({1, 5}, {2, 4, 4},
                                          {1.0f, nan1, 7.0f, nan2, -3.0f});
  for (ReduceKind k : {ReduceKind::Max, ReduceKind::Min, ReduceKind::Sum}) {
    float v = reduce(x, k, 1)->toDense()[0];
    EXPECT_TRUE(std::isnan(v)) << toString(k);
  }
  // max/min: the bits of the arith.maximumf(element, acc) fold, which is
  // what a dense payload computes (the NaN of the step, quieted).
  float fold = 1.0f;
  for (float v : {nan1, 7.0f, nan2, -3.0f})
    fold = systile::rt::scalar::maximum(v, fold);
  EXPECT_EQ(floatBits(reduce(x, ReduceKind::Max, 1)->toDense()[0]),
            floatBits(fold));
  auto first = *TiledMatrix<float>::fromDense({1, 2}, {}, {nan2, 1.0f});
  EXPECT_EQ(floatBits(reduce(first, ReduceKind::Min, 1)->toDense()[0]),
            0xffc00002u);
}

TEST(Reduce, BatchDimensions) {
  // Batch 2x3 of 1x2 matrices; matrix (i, j) holds [10i + j, -(10i + j)].
  std::vector<float> dense;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (float sign : {1.0f, -1.0f})
        dense.push_back(sign * static_cast<float>(10 * i + j));
  auto x =
      *TiledBatch<float>::fromDense({2, 3}, {1, 2}, {2, 4, 4}, dense.data());
  auto sum0 = reduce(x, ReduceKind::Sum, 0);
  ASSERT_TRUE(sum0);
  EXPECT_EQ(sum0->batchShape(), (BatchShape{1, 3}));
  // Column j: (0 + j) + (10 + j).
  EXPECT_EQ(sum0->toDense(), (std::vector<float>{10, -10, 12, -12, 14, -14}));
  auto max1 = reduce(x, ReduceKind::Max, 1);
  ASSERT_TRUE(max1);
  EXPECT_EQ(max1->batchShape(), (BatchShape{2, 1}));
  EXPECT_EQ(max1->toDense(), (std::vector<float>{2, 0, 12, -10}));
  auto minor = reduce(x, ReduceKind::Min, 3);
  ASSERT_TRUE(minor);
  EXPECT_EQ(minor->fullShape(), (std::vector<int64_t>{2, 3, 1, 1}));
  EXPECT_EQ(minor->toDense(),
            (std::vector<float>{0, -1, -2, -10, -11, -12}));
  EXPECT_FALSE(reduce(x, ReduceKind::Sum, 4));
  EXPECT_FALSE(reduce(x, ReduceKind::Sum, -1));
}

TEST(Reduce, PoisonedPaddingChangesNothing) {
  std::mt19937 rng(7);
  for (Geometry g :
       {Geometry{2, 4, 4}, Geometry{8, 128, 128}, Geometry{3, 5, 7}})
    for (Shape s : {Shape{1, 1}, Shape{5, 7}, Shape{9, 130}, Shape{17, 3}}) {
      std::vector<float> dense =
          randomFloats(rng, static_cast<size_t>(s.rows * s.cols));
      auto clean = *TiledMatrix<float>::fromDense(s, g, dense);
      for (float poison : {std::nanf(""), 1e30f, -1e30f,
                           std::numeric_limits<float>::infinity()}) {
        TiledMatrix<float> dirty = clean;
        dirty.fillPadding(poison);
        EXPECT_EQ(dirty.toDense(), dense);
        for (ReduceKind k : {ReduceKind::Sum, ReduceKind::Max, ReduceKind::Min})
          for (int dim : {0, 1}) {
            auto a = reduce(clean, k, dim), b = reduce(dirty, k, dim);
            ASSERT_TRUE(a && b);
            expectSameBits(bitsOf(*a), bitsOf(*b));
            // And against a plain loop over the dense data.
            const int64_t outer = dim == 0 ? s.cols : s.rows;
            const int64_t inner = dim == 0 ? s.rows : s.cols;
            std::vector<float> expect(static_cast<size_t>(outer));
            for (int64_t o = 0; o < outer; ++o) {
              auto at = [&](int64_t i) {
                return dim == 0 ? dense[i * s.cols + o] : dense[o * s.cols + i];
              };
              float acc = k == ReduceKind::Sum ? 0.0f : at(0);
              for (int64_t i = k == ReduceKind::Sum ? 0 : 1; i < inner; ++i)
                acc = k == ReduceKind::Sum   ? acc + at(i)
                      : k == ReduceKind::Max ? std::fmax(at(i), acc)
                                             : std::fmin(at(i), acc);
              expect[o] = acc;
            }
            expectSameBits(bitsOf(*b), expect);
          }
      }
    }
}

TEST(Reduce, Int32WrapsAndMasks) {
  auto x = *TiledMatrix<int32_t>::fromDense(
      {2, 2}, {2, 4, 4}, {std::numeric_limits<int32_t>::max(), -5, 1, 7});
  x.fillPadding(1000000);
  EXPECT_EQ(reduce(x, ReduceKind::Sum, 0)->toDense(),
            (std::vector<int32_t>{std::numeric_limits<int32_t>::min(), 2}));
  EXPECT_EQ(reduce(x, ReduceKind::Max, 1)->toDense(),
            (std::vector<int32_t>{std::numeric_limits<int32_t>::max(), 7}));
  EXPECT_EQ(reduce(x, ReduceKind::Min, 0)->toDense(),
            (std::vector<int32_t>{1, -5}));
}

TEST(Reduce, BadDim) {
  auto x = *TiledMatrix<float>::zeros({2, 2}, {});
  auto r = reduce(x, ReduceKind::Sum, 2);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("dim"), std::string::npos);
  EXPECT_FALSE(reduce(x, ReduceKind::Max, -1));
}

} // namespace
