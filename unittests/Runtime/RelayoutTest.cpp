//===- RelayoutTest.cpp - Relayouts against a dense reference -------------===//
//
// Each relayout kernel runs on a packed batch; the expected result is the
// dense input permuted by plain index loops written here (not AxisSwap),
// packed again: the storage bits must be equal. Free relayouts must also
// keep the input's storage (the rvalue forms copy nothing).
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Relayout.h"

#include "gtest/gtest.h"

#include <cstring>
#include <type_traits>
#include <utility>
#include <vector>

using namespace systile::rt;

namespace {

const Geometry kGeometry{2, 4, 4};

/// Distinct values 1, 2, ... (exact in bf16 up to 256; i8 wraps, which
/// still tells neighbours apart).
template <typename T> std::vector<T> iota(size_t n) {
  std::vector<T> d(n);
  for (size_t i = 0; i < n; ++i) {
    const float v = static_cast<float>(i % 200 + 1);
    if constexpr (std::is_same_v<T, bf16>)
      d[i] = bf16::fromFloat(v);
    else
      d[i] = static_cast<T>(v);
  }
  return d;
}

template <typename T>
TiledBatch<T> packed(BatchShape batch, Shape shape, const std::vector<T> &d) {
  auto b = TiledBatch<T>::fromDense(std::move(batch), shape, kGeometry,
                                    d.data());
  EXPECT_TRUE(b) << b.error();
  return b.take();
}

/// `got`'s storage is the packing of `dense` as batch x shape.
template <typename T>
void expectPackingOf(const Expected<TiledBatch<T>> &got, BatchShape batch,
                     Shape shape, const std::vector<T> &dense) {
  ASSERT_TRUE(got) << got.error();
  EXPECT_EQ(got->batchShape(), batch);
  EXPECT_EQ(got->shape(), shape);
  TiledBatch<T> want = packed(batch, shape, dense);
  ASSERT_EQ(got->size(), want.size());
  const TiledBatch<T> &g = *got;
  EXPECT_EQ(std::memcmp(g.data(), std::as_const(want).data(),
                        want.size() * sizeof(T)),
            0);
}

/// [P, S, H*D] -> [P, H, S, D] by index loops.
template <typename T>
std::vector<T> splitHeadsDense(const std::vector<T> &in, int64_t p, int64_t s,
                               int64_t h, int64_t d) {
  std::vector<T> out(in.size());
  for (int64_t a = 0; a < p; ++a)
    for (int64_t i = 0; i < s; ++i)
      for (int64_t j = 0; j < h; ++j)
        for (int64_t k = 0; k < d; ++k)
          out[((a * h + j) * s + i) * d + k] = in[(a * s + i) * h * d + j * d + k];
  return out;
}

/// [P, R, C] -> [P, C, R] by index loops.
template <typename T>
std::vector<T> transposeDense(const std::vector<T> &in, int64_t p, int64_t r,
                              int64_t c) {
  std::vector<T> out(in.size());
  for (int64_t a = 0; a < p; ++a)
    for (int64_t i = 0; i < r; ++i)
      for (int64_t j = 0; j < c; ++j)
        out[(a * c + j) * r + i] = in[(a * r + i) * c + j];
  return out;
}

TEST(Relayout, ReshapeBatchKeepsStorage) {
  std::vector<float> d = iota<float>(2 * 3 * 3 * 5);
  TiledBatch<float> x = packed<float>({2, 3}, {3, 5}, d);
  expectPackingOf(reshapeBatch(x, {6}), {6}, {3, 5}, d);
  expectPackingOf(reshapeBatch(x, {3, 1, 2}), {3, 1, 2}, {3, 5}, d);
  const float *storage = std::as_const(x).data();
  auto moved = reshapeBatch(std::move(x), {6});
  ASSERT_TRUE(moved) << moved.error();
  EXPECT_EQ(std::as_const(*moved).data(), storage);
}

TEST(Relayout, ReshapeBatchRejectsOtherMatrixCounts) {
  TiledBatch<float> x = packed<float>({2, 3}, {3, 5}, iota<float>(90));
  auto bad = reshapeBatch(x, {4});
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("keeps the number of matrices"),
            std::string::npos)
      << bad.error();
  EXPECT_FALSE(reshapeBatch(x, {0, 6}));
}

// A reshape keeps the dense row-major order: the same dense vector packed
// as the new shape (the flatten of an image, a column into a row, i8 too).
TEST(Relayout, ReshapeKeepsRowMajorOrder) {
  std::vector<float> d = iota<float>(18 * 5);
  TiledBatch<float> x = packed<float>({}, {18, 5}, d);
  expectPackingOf(reshape(x, {}, {2, 45}), {}, {2, 45}, d);
  expectPackingOf(reshape(x, {2}, {45, 1}), {2}, {45, 1}, d);
  expectPackingOf(reshape(x, {3, 2}, {3, 5}), {3, 2}, {3, 5}, d);
  std::vector<int8_t> q = iota<int8_t>(2 * 16);
  expectPackingOf(reshape(packed<int8_t>({2}, {16, 1}, q), {}, {2, 16}), {},
                  {2, 16}, q);
}

TEST(Relayout, ReshapeOfTheMatrixShapeIsFree) {
  std::vector<float> d = iota<float>(2 * 3 * 3 * 5);
  TiledBatch<float> x = packed<float>({2, 3}, {3, 5}, d);
  const float *storage = std::as_const(x).data();
  auto moved = reshape(std::move(x), {6}, {3, 5});
  ASSERT_TRUE(moved) << moved.error();
  EXPECT_EQ(std::as_const(*moved).data(), storage);
}

TEST(Relayout, ReshapeRejectsOtherElementCounts) {
  TiledBatch<float> x = packed<float>({}, {18, 5}, iota<float>(90));
  auto bad = reshape(x, {}, {2, 40});
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("keeps every element"), std::string::npos)
      << bad.error();
  EXPECT_FALSE(reshape(x, {0}, {2, 45}));
  EXPECT_FALSE(reshape(x, {}, {INT64_MAX, 2}));
  EXPECT_FALSE(reshape(x, {INT64_MAX}, {INT64_MAX, 1}));
}

TEST(Relayout, MergeRowsOfWholeTileRowsIsFree) {
  // 4-row matrices on 2-row tiles: [2, 3, 4, 5] -> [2, 12, 5], same bits.
  std::vector<int32_t> d = iota<int32_t>(2 * 3 * 4 * 5);
  TiledBatch<int32_t> x = packed<int32_t>({2, 3}, {4, 5}, d);
  expectPackingOf(mergeRows(x), {2}, {12, 5}, d);
  const int32_t *storage = std::as_const(x).data();
  auto moved = mergeRows(std::move(x));
  ASSERT_TRUE(moved) << moved.error();
  EXPECT_EQ(std::as_const(*moved).data(), storage);
  EXPECT_TRUE(isFreeRowRegroup(3, 4, 2));
}

TEST(Relayout, MergeRowsOfPartialTileRowsCopies) {
  // 3-row matrices pad to 4 rows; merged 3 x 3 = 9 rows pad to 10.
  std::vector<float> d = iota<float>(3 * 3 * 5);
  TiledBatch<float> x = packed<float>({3}, {3, 5}, d);
  EXPECT_FALSE(isFreeRowRegroup(3, 3, 2));
  expectPackingOf(mergeRows(x), {}, {9, 5}, d);
  expectPackingOf(mergeRows(std::move(x)), {}, {9, 5}, d);
}

TEST(Relayout, SplitRows) {
  std::vector<int8_t> d = iota<int8_t>(2 * 9 * 3);
  TiledBatch<int8_t> x = packed<int8_t>({2}, {9, 3}, d);
  expectPackingOf(splitRows(x, 3), {2, 3}, {3, 3}, d); // copies
  TiledBatch<int8_t> y = packed<int8_t>({2}, {8, 3}, iota<int8_t>(48));
  expectPackingOf(splitRows(y, 4), {2, 2}, {4, 3}, iota<int8_t>(48)); // free
  auto bad = splitRows(x, 4);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("expected a divisor of 9"), std::string::npos)
      << bad.error();
  EXPECT_FALSE(mergeRows(packed<int8_t>({}, {9, 3}, iota<int8_t>(27))));
}

TEST(Relayout, SplitAndMergeHeads) {
  // [2, S=3, H*D=2*5] -> [2, 2, 3, 5] and back, on 2x4 tiles (every shape
  // pads in both dimensions).
  std::vector<bf16> d = iota<bf16>(2 * 3 * 10);
  TiledBatch<bf16> x = packed<bf16>({2}, {3, 10}, d);
  std::vector<bf16> split = splitHeadsDense(d, 2, 3, 2, 5);
  auto heads = splitHeads(x, 2);
  expectPackingOf(heads, {2, 2}, {3, 5}, split);
  ASSERT_TRUE(heads);
  expectPackingOf(mergeHeads(*heads), {2}, {3, 10}, d);
  EXPECT_FALSE(splitHeads(x, 3));
  EXPECT_FALSE(mergeHeads(packed<bf16>({}, {3, 10}, d)));
}

TEST(Relayout, SplitHeadsWithoutBatch) {
  std::vector<float> d = iota<float>(5 * 12);
  TiledBatch<float> x = packed<float>({}, {5, 12}, d);
  expectPackingOf(splitHeads(x, 4), {4}, {5, 3}, splitHeadsDense(d, 1, 5, 4, 3));
}

TEST(Relayout, HeadsAcrossLaneTilesWithUndefinedPadding) {
  // D = 6 on 4-lane tiles: every head but the first starts inside a tile
  // and spans two; the input's padding (all ones) never reaches a result.
  std::vector<float> d = iota<float>(2 * 5 * 18);
  TiledBatch<float> x = packed<float>({2}, {5, 18}, d);
  x.fillPadding(1.0f);
  auto heads = splitHeads(x, 3);
  expectPackingOf(heads, {2, 3}, {5, 6}, splitHeadsDense(d, 2, 5, 3, 6));
  ASSERT_TRUE(heads);
  TiledBatch<float> h = std::move(*heads);
  h.fillPadding(1.0f);
  expectPackingOf(mergeHeads(h), {2}, {5, 18}, d);
}

/// The box of a dense [P, R, C] at (p0, r0, c0) of [p, r, c] by index loops.
template <typename T>
std::vector<T> boxDense(const std::vector<T> &in, int64_t R, int64_t C,
                        int64_t p0, int64_t r0, int64_t c0, int64_t p,
                        int64_t r, int64_t c) {
  std::vector<T> out;
  for (int64_t a = 0; a < p; ++a)
    for (int64_t i = 0; i < r; ++i)
      for (int64_t j = 0; j < c; ++j)
        out.push_back(in[((p0 + a) * R + r0 + i) * C + c0 + j]);
  return out;
}

TEST(Relayout, SliceIsTheBox) {
  std::vector<int32_t> d = iota<int32_t>(3 * 5 * 11);
  TiledBatch<int32_t> x = packed<int32_t>({3}, {5, 11}, d);
  x.fillPadding(1);
  // Columns across tiles, rows inside a tile, then every whole matrix of
  // the tail of the batch, then one element.
  expectPackingOf(slice(x, {0, 0, 3}, {3}, {5, 7}), {3}, {5, 7},
                  boxDense(d, 5, 11, 0, 0, 3, 3, 5, 7));
  expectPackingOf(slice(x, {1, 1, 2}, {2}, {3, 6}), {2}, {3, 6},
                  boxDense(d, 5, 11, 1, 1, 2, 2, 3, 6));
  expectPackingOf(slice(x, {1, 0, 0}, {2}, {5, 11}), {2}, {5, 11},
                  boxDense(d, 5, 11, 1, 0, 0, 2, 5, 11));
  expectPackingOf(slice(x, {2, 4, 10}, {1}, {1, 1}), {1}, {1, 1},
                  boxDense(d, 5, 11, 2, 4, 10, 1, 1, 1));
}

TEST(Relayout, SliceRejectsBoxesOutside) {
  TiledBatch<float> x = packed<float>({3}, {5, 11}, iota<float>(3 * 5 * 11));
  EXPECT_FALSE(slice(x, {0, 0, 5}, {3}, {5, 7}));   // columns 5..12 of 11
  EXPECT_FALSE(slice(x, {-1, 0, 0}, {1}, {5, 11})); // a negative offset
  EXPECT_FALSE(slice(x, {3, 0, 0}, {1}, {5, 11}));  // past the batch
  EXPECT_FALSE(slice(x, {0, 0}, {3}, {5, 11}));     // an offset short
  EXPECT_FALSE(slice(x, {0, 0, 0}, {}, {5, 11}));   // another rank
}

TEST(Relayout, TransposeMinor) {
  std::vector<float> d = iota<float>(2 * 3 * 5 * 7);
  TiledBatch<float> x = packed<float>({2, 3}, {5, 7}, d);
  expectPackingOf(transposeMinor(x), {2, 3}, {7, 5}, transposeDense(d, 6, 5, 7));
}

/// transposeMinor in geometry g against the dense transpose, for element
/// type T: tile by tile where lanes % sublanes == 0, by the gather
/// otherwise.
template <typename T>
void expectTransposeIn(Geometry g, BatchShape batch, Shape shape) {
  int64_t n = shape.rows * shape.cols;
  for (int64_t b : batch)
    n *= b;
  std::vector<T> d(static_cast<size_t>(n));
  auto value = [](int64_t v) {
    if constexpr (std::is_same_v<T, bf16>)
      return bf16::fromFloat(static_cast<float>(v));
    else
      return static_cast<T>(v);
  };
  for (int64_t i = 0; i < n; ++i)
    d[i] = value(i % 113 - 56);
  auto x = TiledBatch<T>::fromDense(batch, shape, g, d.data());
  ASSERT_TRUE(x) << x.error();
  x->fillPadding(value(1)); // never read
  auto t = transposeMinor(*x);
  ASSERT_TRUE(t) << t.error();
  const int64_t matrices = n / (shape.rows * shape.cols);
  std::vector<T> want = transposeDense(d, matrices, shape.rows, shape.cols);
  auto w = TiledBatch<T>::fromDense(batch, {shape.cols, shape.rows}, g,
                                    want.data());
  ASSERT_TRUE(w) << w.error();
  ASSERT_EQ(t->size(), w->size());
  EXPECT_EQ(std::memcmp(std::as_const(*t).data(), std::as_const(*w).data(),
                        w->size() * sizeof(T)),
            0)
      << g.str() << " " << shape.str();
  EXPECT_EQ(t->padKind(), PadKind::Zero);
}

TEST(Relayout, TransposeMinorInEveryGeometry) {
  for (Geometry g : {Geometry{2, 4, 4}, Geometry{8, 128, 128},
                     Geometry{4, 16, 16}, Geometry{3, 4, 4}, Geometry{1, 1, 1}})
    for (Shape s : {Shape{5, 7}, Shape{130, 9}, Shape{8, 256}, Shape{1, 1}}) {
      expectTransposeIn<float>(g, {2}, s);
      expectTransposeIn<bf16>(g, {}, s);
      expectTransposeIn<int8_t>(g, {3}, s);
    }
}

TEST(Relayout, CopiesHaveZeroPaddingFromAnyInput) {
  // Undefined padding (here all ones) never reaches the result.
  TiledBatch<int32_t> x = packed<int32_t>({}, {3, 5}, iota<int32_t>(15));
  x.fillPadding(1);
  auto t = transposeMinor(x);
  ASSERT_TRUE(t) << t.error();
  EXPECT_EQ(t->padKind(), PadKind::Zero);
  expectPackingOf(t, {}, {5, 3}, transposeDense(iota<int32_t>(15), 1, 3, 5));
}

} // namespace
