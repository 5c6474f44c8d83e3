//===- TransposedPackTest.cpp - fromDenseTransposed and fromDense ---------===//
//
// The one-copy transposed pack against a naive model: transpose the dense
// input element by element, then place every element with RFC 3's address
// formula written out here (padding zero). Shapes straddle tile edges in
// several geometries, for every element type; both packs split over
// threads.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/TiledMatrix.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <vector>

using namespace systile::rt;

namespace {

/// RFC 3 storage of the `rows x cols` row-major `dense`, padding zero.
template <typename T>
std::vector<T> naiveStorage(const std::vector<T> &dense, int64_t rows,
                            int64_t cols, Geometry g) {
  int64_t s = g.sublanes, l = g.lanes;
  int64_t paddedRows = (rows + s - 1) / s * s;
  int64_t paddedCols = (cols + l - 1) / l * l;
  int64_t tilesPerRow = paddedCols / l;
  std::vector<T> out(static_cast<size_t>(paddedRows * paddedCols), T());
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c) {
      int64_t tile = (r / s) * tilesPerRow + c / l;
      int64_t offset = tile * s * l + (r % s) * l + c % l;
      out[offset] = dense[r * cols + c];
    }
  return out;
}

template <typename T> T valueAt(int64_t i) {
  if constexpr (std::is_same_v<T, bf16>)
    return bf16::fromBits(static_cast<uint16_t>(0x3f80 + i % 977));
  else
    return static_cast<T>(i % 113 - 56);
}

template <typename T> void checkTransposedPack() {
  for (Geometry g : {Geometry{2, 4, 4}, Geometry{8, 128, 128},
                     Geometry{3, 5, 7}, Geometry{1, 1, 1}})
    for (Shape shape : {Shape{1, 1}, Shape{3, 5}, Shape{5, 3}, Shape{2, 4},
                        Shape{9, 129}, Shape{17, 33}, Shape{1, 7}}) {
      int64_t rows = shape.rows, cols = shape.cols;
      // The input is the cols x rows transpose of the result.
      std::vector<T> input(static_cast<size_t>(rows * cols));
      for (int64_t i = 0; i < rows * cols; ++i)
        input[i] = valueAt<T>(i);
      std::vector<T> transposed(input.size());
      for (int64_t r = 0; r < rows; ++r)
        for (int64_t c = 0; c < cols; ++c)
          transposed[r * cols + c] = input[c * rows + r];
      auto m = TiledMatrix<T>::fromDenseTransposed(shape, g, input.data());
      ASSERT_TRUE(m) << m.error();
      EXPECT_EQ(m->padKind(), PadKind::Zero);
      std::vector<T> expect = naiveStorage(transposed, rows, cols, g);
      std::vector<T> got(m->storage().begin(), m->storage().end());
      ASSERT_EQ(got.size(), expect.size());
      for (size_t i = 0; i < got.size(); ++i)
        ASSERT_TRUE(got[i] == expect[i]) << "storage offset " << i << " of "
                                         << shape.str() << " in " << g.str();
      EXPECT_TRUE(m->toDense() == transposed);
    }
}

TEST(TransposedPack, MatchesNaiveModelF32) { checkTransposedPack<float>(); }
TEST(TransposedPack, MatchesNaiveModelBF16) { checkTransposedPack<bf16>(); }
TEST(TransposedPack, MatchesNaiveModelI8) { checkTransposedPack<int8_t>(); }
TEST(TransposedPack, MatchesNaiveModelI32) { checkTransposedPack<int32_t>(); }

TEST(TransposedPack, ThreadsSplitTileColumns) {
  // 1030 x 700 f32 on 8x128 tiles: about 2.9 MiB of storage, so two and
  // three threads each take a share of the 6 tile columns (the last one
  // ragged) and the padding rows of the last tile row.
  const int64_t rows = 1030, cols = 700;
  std::vector<float> input(static_cast<size_t>(rows * cols));
  for (int64_t i = 0; i < rows * cols; ++i)
    input[i] = valueAt<float>(i);
  std::vector<float> transposed(input.size());
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c)
      transposed[r * cols + c] = input[c * rows + r];
  Geometry g{8, 128, 128};
  std::vector<float> expect = naiveStorage(transposed, rows, cols, g);
  for (int threads : {2, 3, 0}) {
    auto m = TiledMatrix<float>::fromDenseTransposed({rows, cols}, g,
                                                     input.data(), threads);
    ASSERT_TRUE(m) << m.error();
    std::vector<float> got(m->storage().begin(), m->storage().end());
    ASSERT_EQ(got.size(), expect.size());
    for (size_t i = 0; i < got.size(); ++i)
      ASSERT_EQ(got[i], expect[i]) << "offset " << i << ", " << threads
                                   << " threads";
  }
}

TEST(TransposedPack, HandExample) {
  // The 3x2 input [[1, 2], [3, 4], [5, 6]] is the transpose of the 2x3
  // result [[1, 3, 5], [2, 4, 6]]; on 2x4 tiles the storage is one tile:
  // row 0 = 1 3 5 0, row 1 = 2 4 6 0.
  std::vector<int32_t> input = {1, 2, 3, 4, 5, 6};
  auto m = TiledMatrix<int32_t>::fromDenseTransposed({2, 3}, {2, 4, 4},
                                                     input.data());
  ASSERT_TRUE(m) << m.error();
  std::vector<int32_t> got(m->storage().begin(), m->storage().end());
  EXPECT_EQ(got, (std::vector<int32_t>{1, 3, 5, 0, 2, 4, 6, 0}));
}

TEST(TransposedPack, Errors) {
  std::vector<float> input(6);
  EXPECT_FALSE(
      TiledMatrix<float>::fromDenseTransposed({0, 3}, {}, input.data()));
  EXPECT_FALSE(
      TiledMatrix<float>::fromDenseTransposed({2, 3}, {2, 0, 4}, input.data()));
  EXPECT_FALSE(TiledMatrix<float>::fromDenseTransposed({2, 3}, {}, nullptr));
}

} // namespace

TEST(DensePack, ThreadsSplitTileRows) {
  // fromDense with 1, 2, 3 and all threads against the same naive
  // placement: 1030 x 700 (2.9 MiB, the last tile row part padding) and
  // 2050 x 2100 (about 17 MiB: streaming stores, ragged tile column).
  for (Shape shape : {Shape{1030, 700}, Shape{2050, 2100}}) {
    std::vector<float> dense(static_cast<size_t>(shape.rows * shape.cols));
    for (size_t i = 0; i < dense.size(); ++i)
      dense[i] = valueAt<float>(static_cast<int64_t>(i));
    Geometry g{8, 128, 128};
    std::vector<float> expect = naiveStorage(dense, shape.rows, shape.cols, g);
    for (int threads : {1, 2, 3, 0}) {
      auto m = TiledMatrix<float>::fromDense(shape, g, dense.data(), threads);
      ASSERT_TRUE(m) << m.error();
      EXPECT_EQ(m->padKind(), PadKind::Zero);
      std::vector<float> got(m->storage().begin(), m->storage().end());
      ASSERT_EQ(got.size(), expect.size());
      for (size_t i = 0; i < got.size(); ++i)
        ASSERT_EQ(got[i], expect[i]) << "offset " << i << " of "
                                     << shape.str() << ", " << threads
                                     << " threads";
    }
  }
}
