//===- Relayout.cpp - Layout changes of batched tiled values --------------===//
//
// A copying relayout walks the result's logical slots in row-major order
// and reads each from the input slot that AxisSwap (or, for a reshape, the
// same dense index) names; padding is zero. A free relayout is the input's
// storage under the result's shape.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Relayout.h"
#include "systile/Runtime/Transpose.h"

#include "TileAccess.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>

namespace systile::rt {

namespace {

/// "[2x3] 4x5" for messages: the batch shape and the matrix shape.
template <typename T> std::string describe(const TiledBatch<T> &x) {
  std::string batch = toString(x.batchShape());
  return (batch.empty() ? "" : batch + " batch of ") + x.shape().str() +
         (batch.empty() ? " matrix" : " matrices");
}

/// Row `rowIn`, columns [colIn, colIn + count), of matrix `mIn` of `in`
/// into row `rowOut` of matrix `mOut` of `out` from column `colOut`, a
/// lane run at a time through `buffer` (at least `count` elements).
template <typename T>
void copyRowSegment(const TiledBatch<T> &in, int64_t mIn, int64_t rowIn,
                    int64_t colIn, TiledBatch<T> &out, int64_t mOut,
                    int64_t rowOut, int64_t colOut, int64_t count,
                    T *buffer) {
  detail::readRowSegment(in.layout(), in.data() + in.offset(mIn, 0, 0), rowIn,
                         colIn, colIn + count, buffer);
  detail::writeRowSegment(out.layout(), out.data() + out.offset(mOut, 0, 0),
                          rowOut, colOut, colOut + count, buffer);
}

/// A batch of `batch` x `shape` matrices in `x`'s geometry whose dense
/// element k is `x`'s dense element `swap.sourceIndex(k)` (element k
/// without a swap); padding zero.
template <typename T>
Expected<TiledBatch<T>> gather(const TiledBatch<T> &x, BatchShape batch,
                               Shape shape, std::optional<AxisSwap> swap) {
  Expected<TiledBatch<T>> out =
      TiledBatch<T>::zeros(std::move(batch), shape, x.geometry());
  if (!out)
    return out;
  const int64_t inCols = x.shape().cols;
  const int64_t inMatrix = x.layout().numLogicalElements();
  if (out->numMatrices() * out->layout().numLogicalElements() !=
      x.numMatrices() * inMatrix)
    return Error("relayout: the " + describe(*out) + " do not hold the " +
                 describe(x) + "'s elements");
  const T *src = x.data();
  T *dst = out->data();
  int64_t k = 0;
  for (int64_t m = 0; m < out->numMatrices(); ++m)
    for (int64_t r = 0; r < shape.rows; ++r)
      for (int64_t c = 0; c < shape.cols; ++c, ++k) {
        const int64_t s = swap ? swap->sourceIndex(k) : k;
        const int64_t in = s % inMatrix;
        dst[out->offset(m, r, c)] =
            src[x.offset(s / inMatrix, in / inCols, in % inCols)];
      }
  return out;
}

/// A relayout that moves no dense element: free (the storage moved) when
/// `isFree`, a gather otherwise.
template <typename T>
Expected<TiledBatch<T>> regroup(TiledBatch<T> &&x, BatchShape batch,
                                Shape shape, bool isFree) {
  if (!isFree)
    return gather(x, std::move(batch), shape, std::nullopt);
  Expected<Layout> layout = Layout::get(shape, x.geometry());
  if (!layout)
    return Error(layout.error());
  TiledBatch<T> moved = std::move(x);
  return std::move(moved).reshaped(std::move(batch), *layout);
}

template <typename T>
Expected<TiledBatch<T>> regroup(const TiledBatch<T> &x, BatchShape batch,
                                Shape shape, bool isFree) {
  if (!isFree)
    return gather(x, std::move(batch), shape, std::nullopt);
  Expected<TiledBatch<T>> copy = x.clone();
  if (!copy)
    return copy;
  return regroup(copy.take(), std::move(batch), shape, true);
}

/// The batch shape of a batch-reshape result, checked to keep the number
/// of matrices.
template <typename T>
Expected<BatchShape> checkBatchReshape(const TiledBatch<T> &x,
                                       BatchShape batch) {
  int64_t n = 1;
  for (int64_t d : batch) {
    if (d < 1 || n > x.numMatrices() / d)
      return Error("reshapeBatch: batch shape " + toString(batch) +
                   " does not hold the " + std::to_string(x.numMatrices()) +
                   " matrices of the " + describe(x));
    n *= d;
  }
  if (n != x.numMatrices())
    return Error("reshapeBatch: batch shape " + toString(batch) + " has " +
                 std::to_string(n) + " matrices, the " + describe(x) +
                 " has " + std::to_string(x.numMatrices()) +
                 "; a batch reshape keeps the number of matrices");
  return batch;
}

/// The innermost batch dimension of `x`, or an error naming `what`.
template <typename T>
Expected<int64_t> innermostBatch(const TiledBatch<T> &x, const char *what) {
  if (x.batchShape().empty())
    return Error(std::string(what) + ": the " + describe(x) +
                 " has no batch dimension to merge");
  return x.batchShape().back();
}

/// The shapes of mergeRows(x): [.., B, R, C] -> [.., B*R, C].
struct RowRegroup {
  BatchShape batch;
  Shape shape;
  bool isFree;
};

template <typename T> Expected<RowRegroup> mergedRows(const TiledBatch<T> &x) {
  Expected<int64_t> groups = innermostBatch(x, "mergeRows");
  if (!groups)
    return Error(groups.error());
  int64_t rows;
  if (__builtin_mul_overflow(*groups, x.shape().rows, &rows))
    return Error("mergeRows: the merged row count of the " + describe(x) +
                 " overflows int64");
  BatchShape batch(x.batchShape().begin(), x.batchShape().end() - 1);
  return RowRegroup{std::move(batch), {rows, x.shape().cols},
                    isFreeRowRegroup(*groups, x.shape().rows,
                                     x.geometry().sublanes)};
}

template <typename T>
Expected<RowRegroup> splitRowShapes(const TiledBatch<T> &x, int64_t rows) {
  if (rows < 1 || x.shape().rows % rows != 0)
    return Error("splitRows: " + std::to_string(rows) +
                 " rows per matrix do not divide the " + describe(x) +
                 "; expected a divisor of " + std::to_string(x.shape().rows));
  const int64_t groups = x.shape().rows / rows;
  BatchShape batch = x.batchShape();
  batch.push_back(groups);
  return RowRegroup{std::move(batch), {rows, x.shape().cols},
                    isFreeRowRegroup(groups, rows, x.geometry().sublanes)};
}

/// The regroups by an lvalue (copied when free) or an rvalue batch (its
/// storage moved when free).
template <typename T, typename Batch>
Expected<TiledBatch<T>> reshapeBatchOf(Batch &&x, BatchShape batch) {
  Expected<BatchShape> b = checkBatchReshape(x, std::move(batch));
  if (!b)
    return Error(b.error());
  const Shape shape = x.shape();
  return regroup(std::forward<Batch>(x), b.take(), shape, true);
}

template <typename T, typename Batch>
Expected<TiledBatch<T>> regroupRows(Batch &&x, Expected<RowRegroup> g) {
  if (!g)
    return Error(g.error());
  return regroup(std::forward<Batch>(x), std::move(g->batch), g->shape,
                 g->isFree);
}

} // namespace

template <typename T>
Expected<TiledBatch<T>> reshapeBatch(const TiledBatch<T> &x,
                                     BatchShape batch) {
  return reshapeBatchOf<T>(x, std::move(batch));
}

template <typename T>
Expected<TiledBatch<T>> reshapeBatch(TiledBatch<T> &&x, BatchShape batch) {
  return reshapeBatchOf<T>(std::move(x), std::move(batch));
}

namespace {
/// Whether `batch` x `shape` holds exactly `x`'s elements (no overflow).
template <typename T>
bool holdsElements(const TiledBatch<T> &x, const BatchShape &batch,
                   Shape shape) {
  int64_t n = 1;
  if (shape.rows < 1 || shape.cols < 1 ||
      __builtin_mul_overflow(shape.rows, shape.cols, &n))
    return false;
  for (int64_t d : batch)
    if (d < 1 || __builtin_mul_overflow(n, d, &n))
      return false;
  return n == x.numMatrices() * x.layout().numLogicalElements();
}

template <typename T, typename Batch>
Expected<TiledBatch<T>> reshapeOf(Batch &&x, BatchShape batch, Shape shape) {
  if (!holdsElements<T>(x, batch, shape))
    return Error("reshape: " + toString(batch) + (batch.empty() ? "" : " x ") +
                 shape.str() + " does not hold the " + describe<T>(x) +
                 "'s elements; a reshape keeps every element");
  if (shape == x.shape())
    return reshapeBatchOf<T>(std::forward<Batch>(x), std::move(batch));
  return gather<T>(x, std::move(batch), shape, std::nullopt);
}
} // namespace

template <typename T>
Expected<TiledBatch<T>> reshape(const TiledBatch<T> &x, BatchShape batch,
                                Shape shape) {
  return reshapeOf<T>(x, std::move(batch), shape);
}

template <typename T>
Expected<TiledBatch<T>> reshape(TiledBatch<T> &&x, BatchShape batch,
                                Shape shape) {
  return reshapeOf<T>(std::move(x), std::move(batch), shape);
}

template <typename T>
Expected<TiledBatch<T>> mergeRows(const TiledBatch<T> &x) {
  return regroupRows<T>(x, mergedRows(x));
}

template <typename T> Expected<TiledBatch<T>> mergeRows(TiledBatch<T> &&x) {
  Expected<RowRegroup> g = mergedRows(x);
  return regroupRows<T>(std::move(x), std::move(g));
}

template <typename T>
Expected<TiledBatch<T>> splitRows(const TiledBatch<T> &x, int64_t rows) {
  return regroupRows<T>(x, splitRowShapes(x, rows));
}

template <typename T>
Expected<TiledBatch<T>> splitRows(TiledBatch<T> &&x, int64_t rows) {
  Expected<RowRegroup> g = splitRowShapes(x, rows);
  return regroupRows<T>(std::move(x), std::move(g));
}

template <typename T>
Expected<TiledBatch<T>> splitHeads(const TiledBatch<T> &x, int64_t heads) {
  const Shape in = x.shape();
  if (heads < 1 || in.cols % heads != 0)
    return Error("splitHeads: " + std::to_string(heads) +
                 " heads do not divide the columns of the " + describe(x) +
                 "; expected a divisor of " + std::to_string(in.cols));
  const int64_t headDim = in.cols / heads;
  BatchShape batch = x.batchShape();
  batch.push_back(heads);
  // Head h of row s is the row's columns [h*D, (h+1)*D): one row segment
  // each (AxisSwap::splitHeads is the same map, element by element).
  Expected<TiledBatch<T>> out =
      TiledBatch<T>::zeros(std::move(batch), {in.rows, headDim}, x.geometry());
  if (!out)
    return out;
  std::vector<T> buffer(static_cast<size_t>(headDim));
  for (int64_t m = 0; m < x.numMatrices(); ++m)
    for (int64_t h = 0; h < heads; ++h)
      for (int64_t r = 0; r < in.rows; ++r)
        copyRowSegment(x, m, r, h * headDim, *out, m * heads + h, r, 0,
                       headDim, buffer.data());
  return out;
}

template <typename T>
Expected<TiledBatch<T>> mergeHeads(const TiledBatch<T> &x) {
  Expected<int64_t> heads = innermostBatch(x, "mergeHeads");
  if (!heads)
    return Error(heads.error());
  const Shape in = x.shape();
  int64_t cols;
  if (__builtin_mul_overflow(*heads, in.cols, &cols))
    return Error("mergeHeads: the merged column count of the " + describe(x) +
                 " overflows int64");
  BatchShape batch(x.batchShape().begin(), x.batchShape().end() - 1);
  // The inverse of splitHeads' row segments.
  Expected<TiledBatch<T>> out =
      TiledBatch<T>::zeros(std::move(batch), {in.rows, cols}, x.geometry());
  if (!out)
    return out;
  std::vector<T> buffer(static_cast<size_t>(in.cols));
  for (int64_t m = 0; m < out->numMatrices(); ++m)
    for (int64_t h = 0; h < *heads; ++h)
      for (int64_t r = 0; r < in.rows; ++r)
        copyRowSegment(x, m * *heads + h, r, 0, *out, m, r, h * in.cols,
                       in.cols, buffer.data());
  return out;
}

/// A transpose of the two minor dimensions one input tile at a time: the
/// tile's S rows x L columns become L rows x S columns of the result, one
/// run of S elements in a result tile row each, so the blocked transpose
/// (Transpose.h) moves them. Needs L % S == 0 (then every run stays in a
/// tile row and every tile's rows start a result tile row); nullopt
/// otherwise.
template <typename T>
std::optional<Expected<TiledBatch<T>>> transposeTiles(const TiledBatch<T> &x) {
  const Geometry g = x.geometry();
  if (g.lanes % g.sublanes != 0)
    return std::nullopt;
  const Shape in = x.shape();
  Expected<Layout> layout = Layout::get({in.cols, in.rows}, g);
  if (!layout)
    return Expected<TiledBatch<T>>(Error(layout.error()));
  Expected<TiledBatch<T>> out =
      TiledBatch<T>::uninitialized(x.batchShape(), *layout);
  if (!out)
    return out;
  out->fillPadding(T());
  const Layout &li = x.layout(), &lo = out->layout();
  const int64_t ni = li.numElements(), no = lo.numElements();
  // Result rows c0, c0 + 1, ...: `lanes` apart inside a tile, a tile row
  // of tiles apart every `sublanes` rows.
  const dense::RowSpacing rows{g.lanes, g.sublanes,
                               lo.tileCols() * g.sublanes * g.lanes};
  const T *src = x.data();
  T *dst = out->data();
  for (int64_t m = 0; m < x.numMatrices(); ++m)
    for (int64_t r0 = 0; r0 < in.rows; r0 += g.sublanes)
      for (int64_t c0 = 0; c0 < in.cols; c0 += g.lanes)
        dense::transpose(dst + m * no + lo.offset(c0, r0), rows,
                         src + m * ni + li.offset(r0, c0), g.lanes,
                         std::min(g.lanes, in.cols - c0),
                         std::min(g.sublanes, in.rows - r0), sizeof(T));
  return out;
}

template <typename T>
Expected<TiledBatch<T>> transposeMinor(const TiledBatch<T> &x) {
  if (auto tiles = transposeTiles(x))
    return std::move(*tiles);
  const Shape in = x.shape();
  return gather(x, x.batchShape(), {in.cols, in.rows},
                AxisSwap::transpose(x.numMatrices(), in.rows, in.cols));
}

namespace {

/// Whether every matrix of `x` is the rows `window` reads; the error if
/// not.
template <typename T>
std::optional<Error> checkWindowInput(const TiledBatch<T> &x,
                                      const ConvWindow &window,
                                      const char *what) {
  if (std::string why = window.check(); !why.empty())
    return Error(std::string(what) + ": " + why);
  if (x.shape().rows != window.inputRows())
    return Error(std::string(what) + ": the input is a " + describe(x) +
                 ", whose matrices are not N*H*W = " +
                 std::to_string(window.inputRows()) + " rows");
  return std::nullopt;
}

/// Copies channels [0, C) of row `src` of matrix `m` of `x` (or `padValue`
/// everywhere when there is none) to columns [col, col + C) of row `row` of
/// matrix `m` of `out`.
template <typename T>
void copyRow(const TiledBatch<T> &x, int64_t m, std::optional<int64_t> src,
             TiledBatch<T> &out, int64_t row, int64_t col, T padValue) {
  const int64_t channels = x.shape().cols;
  const int64_t lanes = out.geometry().lanes;
  T *dst = out.data();
  const T *in = x.data();
  int64_t c = 0;
  while (c < channels) {
    // The run of channels that stays inside one tile row of both sides:
    // contiguous in both storages.
    const int64_t inRun = lanes - c % x.geometry().lanes;
    const int64_t outRun = lanes - (col + c) % lanes;
    const int64_t run = std::min({channels - c, inRun, outRun});
    T *d = dst + out.offset(m, row, col + c);
    if (src) {
      const T *s = in + x.offset(m, *src, c);
      std::copy(s, s + run, d);
    } else {
      std::fill(d, d + run, padValue);
    }
    c += run;
  }
}

} // namespace

template <typename T>
Expected<TiledBatch<T>> im2col(const TiledBatch<T> &x,
                               const ConvWindow &window, T padValue) {
  if (std::optional<Error> bad = checkWindowInput(x, window, "im2col"))
    return *bad;
  const int64_t channels = x.shape().cols;
  if (window.taps() > (int64_t(1) << 40) / channels)
    return Error("im2col: KH*KW*C is too large");
  Expected<TiledBatch<T>> out = TiledBatch<T>::zeros(
      x.batchShape(), {window.outputRows(), window.taps() * channels},
      x.geometry());
  if (!out)
    return out;
  for (int64_t m = 0; m < x.numMatrices(); ++m)
    for (int64_t r = 0; r < window.outputRows(); ++r)
      for (int64_t kh = 0; kh < window.kernelH; ++kh)
        for (int64_t kw = 0; kw < window.kernelW; ++kw)
          copyRow(x, m, window.sourceRow(r, kh, kw), *out, r,
                  (kh * window.kernelW + kw) * channels, padValue);
  return out;
}

template <typename T>
Expected<TiledBatch<T>> convTap(const TiledBatch<T> &x,
                                const ConvWindow &window, int64_t kh,
                                int64_t kw, T padValue) {
  if (std::optional<Error> bad = checkWindowInput(x, window, "window"))
    return *bad;
  if (kh < 0 || kh >= window.kernelH || kw < 0 || kw >= window.kernelW)
    return Error("window: tap (" + std::to_string(kh) + ", " +
                 std::to_string(kw) + ") is outside the " +
                 std::to_string(window.kernelH) + "x" +
                 std::to_string(window.kernelW) + " kernel");
  if (window.isIdentity())
    return x.clone();
  Expected<TiledBatch<T>> out = TiledBatch<T>::zeros(
      x.batchShape(), {window.outputRows(), x.shape().cols}, x.geometry());
  if (!out)
    return out;
  for (int64_t m = 0; m < x.numMatrices(); ++m)
    for (int64_t r = 0; r < window.outputRows(); ++r)
      copyRow(x, m, window.sourceRow(r, kh, kw), *out, r, 0, padValue);
  return out;
}

template <typename T>
Expected<TiledBatch<T>> slice(const TiledBatch<T> &x,
                              const std::vector<int64_t> &offsets,
                              BatchShape batch, Shape shape) {
  const BatchShape &in = x.batchShape();
  const size_t rank = in.size() + 2;
  if (offsets.size() != rank || batch.size() != in.size())
    return Error("slice: " + std::to_string(offsets.size()) +
                 " offsets and a rank-" + std::to_string(batch.size() + 2) +
                 " box for the " + describe(x));
  std::vector<int64_t> extent(in), size(batch);
  extent.push_back(x.shape().rows);
  extent.push_back(x.shape().cols);
  size.push_back(shape.rows);
  size.push_back(shape.cols);
  for (size_t d = 0; d < rank; ++d)
    if (offsets[d] < 0 || size[d] < 0 || offsets[d] > extent[d] ||
        size[d] > extent[d] - offsets[d])
      return Error("slice: dimension " + std::to_string(d) + " (offset " +
                   std::to_string(offsets[d]) + ", size " +
                   std::to_string(size[d]) + ") leaves the " + describe(x));
  Expected<TiledBatch<T>> out =
      TiledBatch<T>::zeros(std::move(batch), shape, x.geometry());
  if (!out)
    return out;
  const int64_t r0 = offsets[rank - 2], c0 = offsets[rank - 1];
  std::vector<T> buffer(static_cast<size_t>(shape.cols));
  std::vector<int64_t> index(in.size(), 0); // the result matrix's batch index
  for (int64_t m = 0; m < out->numMatrices(); ++m) {
    int64_t source = 0; // the input matrix, row-major over its batch
    for (size_t d = 0; d < in.size(); ++d)
      source = source * in[d] + index[d] + offsets[d];
    for (int64_t r = 0; r < shape.rows; ++r)
      copyRowSegment(x, source, r0 + r, c0, *out, m, r, 0, shape.cols,
                     buffer.data());
    for (size_t d = in.size(); d-- > 0;) // the next batch index
      if (++index[d] < size[d])
        break;
      else
        index[d] = 0;
  }
  return out;
}

#define SYSTILE_INSTANTIATE_RELAYOUT(T)                                        \
  template Expected<TiledBatch<T>> reshapeBatch(const TiledBatch<T> &,         \
                                                BatchShape);                   \
  template Expected<TiledBatch<T>> reshapeBatch(TiledBatch<T> &&, BatchShape); \
  template Expected<TiledBatch<T>> mergeRows(const TiledBatch<T> &);           \
  template Expected<TiledBatch<T>> mergeRows(TiledBatch<T> &&);                \
  template Expected<TiledBatch<T>> splitRows(const TiledBatch<T> &, int64_t);  \
  template Expected<TiledBatch<T>> splitRows(TiledBatch<T> &&, int64_t);       \
  template Expected<TiledBatch<T>> splitHeads(const TiledBatch<T> &, int64_t); \
  template Expected<TiledBatch<T>> mergeHeads(const TiledBatch<T> &);          \
  template Expected<TiledBatch<T>> transposeMinor(const TiledBatch<T> &);      \
  template Expected<TiledBatch<T>> reshape(const TiledBatch<T> &, BatchShape,  \
                                           Shape);                             \
  template Expected<TiledBatch<T>> reshape(TiledBatch<T> &&, BatchShape,       \
                                           Shape);                             \
  template Expected<TiledBatch<T>> slice(                                      \
      const TiledBatch<T> &, const std::vector<int64_t> &, BatchShape, Shape); \
  template Expected<TiledBatch<T>> im2col(const TiledBatch<T> &,               \
                                          const ConvWindow &, T);              \
  template Expected<TiledBatch<T>> convTap(                                    \
      const TiledBatch<T> &, const ConvWindow &, int64_t, int64_t, T);

SYSTILE_INSTANTIATE_RELAYOUT(float)
SYSTILE_INSTANTIATE_RELAYOUT(bf16)
SYSTILE_INSTANTIATE_RELAYOUT(int8_t)
SYSTILE_INSTANTIATE_RELAYOUT(int32_t)
SYSTILE_INSTANTIATE_RELAYOUT(double)

} // namespace systile::rt
