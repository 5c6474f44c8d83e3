//===- TiledBatch.cpp - Batches of tiled matrices in one storage ----------===//
//
// Every per-matrix operation runs on a TiledMatrix view of one matrix's
// slots, so the batch adds only the storage bookkeeping and the batch-major
// walk over matrices.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/TiledBatch.h"

#include <cstring>
#include <limits>
#include <utility>

namespace systile::rt {

std::string toString(const BatchShape &batch) {
  std::string s;
  for (int64_t d : batch)
    s += (s.empty() ? "" : "x") + std::to_string(d);
  return s;
}

/// "batch 2x3 of 5x7 matrices in geometry (...)" or "matrix 5x7 in ...".
static std::string describe(const BatchShape &batch, const Layout &layout) {
  if (batch.empty())
    return detail::describeMatrix(layout);
  return "batch " + toString(batch) + " of " + layout.logicalShape().str() +
         " matrices in geometry " + layout.geometry().str();
}

/// The number of matrices of `batch`, or an error for a dimension < 1 or a
/// storage size (of `layout` matrices) that does not fit in int64.
static Expected<int64_t> countMatrices(const BatchShape &batch,
                                       const Layout &layout) {
  int64_t n = 1;
  const int64_t limit =
      std::numeric_limits<int64_t>::max() / layout.numElements();
  for (int64_t d : batch) {
    if (d < 1)
      return Error("batch shape " + toString(batch) +
                   ": every batch dimension must be >= 1");
    if (n > limit / d)
      return Error(describe(batch, layout) +
                   ": the storage size overflows int64");
    n *= d;
  }
  return n;
}

template <typename T>
TiledBatch<T>::TiledBatch(BatchShape batch, int64_t numMatrices,
                          const Layout &layout, TiledStorage<T> storage)
    : batch_(std::move(batch)), numMatrices_(numMatrices), layout_(layout),
      storage_(std::move(storage)) {}

template <typename T>
TiledBatch<T>::TiledBatch()
    : TiledBatch({}, 1, Layout(),
                 TiledStorage<T>::zeroed(
                     static_cast<size_t>(Layout().numElements()))) {}

template <typename T>
Expected<TiledBatch<T>> TiledBatch<T>::allocate(BatchShape batch,
                                                const Layout &layout,
                                                bool zeroFill) {
  Expected<int64_t> count = countMatrices(batch, layout);
  if (!count)
    return Error(count.error());
  Expected<TiledStorage<T>> s = TiledStorage<T>::allocate(
      static_cast<size_t>(*count * layout.numElements()), zeroFill);
  if (!s)
    return Error(describe(batch, layout) + ": " + s.error());
  return TiledBatch(std::move(batch), *count, layout, s.take());
}

template <typename T>
Expected<TiledBatch<T>> TiledBatch<T>::zeros(BatchShape batch, Shape shape,
                                             Geometry geometry) {
  Expected<Layout> layout = Layout::get(shape, geometry);
  if (!layout)
    return Error(layout.error());
  return allocate(std::move(batch), *layout, /*zeroFill=*/true);
}

template <typename T>
Expected<TiledBatch<T>> TiledBatch<T>::uninitialized(BatchShape batch,
                                                     const Layout &layout) {
  Expected<TiledBatch> b = allocate(std::move(batch), layout, false);
  if (b)
    b->padKind_ = PadKind::Undef;
  return b;
}

template <typename T> Expected<TiledBatch<T>> TiledBatch<T>::clone() const {
  Expected<TiledStorage<T>> s = storage_.clone();
  if (!s)
    return Error(describe(batch_, layout_) + ": " + s.error());
  TiledBatch copy(batch_, numMatrices_, layout_, s.take());
  copy.padKind_ = padKind_;
  return copy;
}

template <typename T>
Expected<TiledBatch<T>>
TiledBatch<T>::pack(const char *what, BatchShape batch, Shape shape,
                    Geometry geometry, const T *src, int threads,
                    void (TiledMatrix<T>::*assign)(const T *, int)) {
  Expected<Layout> layout = Layout::get(shape, geometry);
  if (!layout)
    return Error(layout.error());
  if (!src)
    return Error(std::string(what) + ": null data pointer");
  Expected<TiledBatch> b = uninitialized(std::move(batch), *layout);
  if (!b)
    return b;
  const int64_t stride = b->layout_.numLogicalElements();
  for (int64_t i = 0; i < b->numMatrices_; ++i) {
    TiledMatrix<T> view = b->matrix(i);
    (view.*assign)(src + i * stride, threads);
  }
  b->padKind_ = PadKind::Zero;
  return b;
}

template <typename T>
Expected<TiledBatch<T>>
TiledBatch<T>::fromDense(BatchShape batch, Shape shape, Geometry geometry,
                         const T *src, int threads) {
  return pack("fromDense", std::move(batch), shape, geometry, src, threads,
              &TiledMatrix<T>::assignFromDense);
}

template <typename T>
Expected<TiledBatch<T>>
TiledBatch<T>::fromDenseTransposed(BatchShape batch, Shape shape,
                                   Geometry geometry, const T *src,
                                   int threads) {
  return pack("fromDenseTransposed", std::move(batch), shape, geometry, src,
              threads, &TiledMatrix<T>::assignFromDenseTransposed);
}

template <typename T>
Expected<TiledBatch<T>>
TiledBatch<T>::fromStorage(BatchShape batch, Shape shape, Geometry geometry,
                           const std::vector<T> &storage, PadKind padKind) {
  Expected<Layout> layout = Layout::get(shape, geometry);
  if (!layout)
    return Error(layout.error());
  Expected<TiledBatch> b = allocate(std::move(batch), *layout, false);
  if (!b)
    return b;
  if (storage.size() != b->storage_.size())
    return Error("fromStorage: " + describe(b->batch_, *layout) + " has " +
                 std::to_string(b->storage_.size()) + " storage slots, got " +
                 std::to_string(storage.size()));
  std::memcpy(b->writable(), storage.data(), storage.size() * sizeof(T));
  b->padKind_ = padKind;
  return b;
}

template <typename T>
Expected<TiledBatch<T>>
TiledBatch<T>::borrow(BatchShape batch, const Layout &layout,
                      const void *bytes, size_t numBytes, PadKind padKind,
                      std::shared_ptr<const void> keepAlive) {
  Expected<int64_t> count = countMatrices(batch, layout);
  if (!count)
    return Error(count.error());
  Expected<TiledStorage<T>> s = TiledMatrix<T>::borrowStorage(
      describe(batch, layout),
      static_cast<size_t>(*count * layout.numElements()), bytes, numBytes,
      std::move(keepAlive));
  if (!s)
    return Error(s.error());
  TiledBatch b(std::move(batch), *count, layout, s.take());
  b.padKind_ = padKind;
  return b;
}

template <typename T>
TiledBatch<T> TiledBatch<T>::fromMatrix(TiledMatrix<T> m) {
  if (m.isView())
    m = TiledMatrix<T>(m);
  TiledBatch b({}, 1, m.layout_, std::move(m.storage_));
  b.padKind_ = m.padKind_;
  return b;
}

template <typename T> Expected<TiledMatrix<T>> TiledBatch<T>::releaseMatrix() {
  if (numMatrices_ != 1)
    return Error("a " + describe(batch_, layout_) +
                 " is not a single matrix");
  TiledMatrix<T> m(layout_, std::move(storage_));
  m.padKind_ = padKind_;
  return m;
}

template <typename T>
Expected<TiledBatch<T>> TiledBatch<T>::reshaped(BatchShape batch,
                                                const Layout &layout) && {
  Expected<int64_t> count = countMatrices(batch, layout);
  if (!count)
    return Error(count.error());
  const size_t n = static_cast<size_t>(*count * layout.numElements());
  if (n != storage_.size())
    return Error("reshaped: the " + describe(batch, layout) + " has " +
                 std::to_string(n) + " storage slots, the " +
                 describe(batch_, layout_) + " has " +
                 std::to_string(storage_.size()));
  TiledBatch b(std::move(*this));
  b.batch_ = std::move(batch);
  b.numMatrices_ = *count;
  b.layout_ = layout;
  return b;
}

template <typename T> void TiledBatch<T>::toDense(T *out) const {
  const int64_t stride = layout_.numLogicalElements();
  for (int64_t i = 0; i < numMatrices_; ++i)
    matrix(i).toDense(out + i * stride);
}

template <typename T> std::vector<T> TiledBatch<T>::toDense() const {
  std::vector<T> out(
      static_cast<size_t>(numMatrices_ * layout_.numLogicalElements()));
  toDense(out.data());
  return out;
}

template <typename T> std::vector<int64_t> TiledBatch<T>::fullShape() const {
  std::vector<int64_t> s = batch_;
  s.push_back(shape().rows);
  s.push_back(shape().cols);
  return s;
}

template <typename T> TiledMatrix<T> TiledBatch<T>::matrix(int64_t b) const {
  const int64_t n = layout_.numElements();
  TiledMatrix<T> m(layout_, TiledStorage<T>::borrowAligned(
                                storage_.data() + b * n, size_t(n)));
  m.padKind_ = padKind_;
  return m;
}

template <typename T> TiledMatrix<T> TiledBatch<T>::matrix(int64_t b) {
  return TiledMatrix<T>::view(layout_, writable() + b * layout_.numElements(),
                              padKind_);
}

template <typename T> void TiledBatch<T>::fillPadding(T value) {
  for (int64_t i = 0; i < numMatrices_; ++i) {
    TiledMatrix<T> m = matrix(i);
    m.fillPadding(value);
    padKind_ = m.padKind();
  }
}

template <typename T> Status TiledBatch<T>::makeOwned() {
  Status s = storage_.makeOwned();
  if (!s)
    return Status::error(describe(batch_, layout_) + ": " + s.message());
  return s;
}

template class TiledBatch<float>;
template class TiledBatch<bf16>;
template class TiledBatch<int8_t>;
template class TiledBatch<int32_t>;
template class TiledBatch<double>;

} // namespace systile::rt
