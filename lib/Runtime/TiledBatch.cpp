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
  std::string what = batch.empty() ? "matrix " + layout.logicalShape().str()
                                   : "batch " + toString(batch) + " of " +
                                         layout.logicalShape().str() +
                                         " matrices";
  return what + " in geometry " + layout.geometry().str();
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
                          const Layout &layout, T *storage)
    : batch_(std::move(batch)), numMatrices_(numMatrices), layout_(layout),
      owned_(storage), data_(storage),
      size_(static_cast<size_t>(numMatrices * layout.numElements())) {}

template <typename T>
TiledBatch<T>::TiledBatch()
    : TiledBatch({}, 1, Layout(),
                 static_cast<T *>(rt::allocate(Layout().numElements(),
                                               sizeof(T), "tiled storage"))) {
  std::memset(owned_.get(), 0, size_ * sizeof(T));
}

template <typename T>
TiledBatch<T>::TiledBatch(const TiledBatch &other)
    : TiledBatch(other.batch_, other.numMatrices_, other.layout_,
                 static_cast<T *>(rt::allocate(other.size_, sizeof(T),
                                               "tiled storage"))) {
  if (size_)
    std::memcpy(owned_.get(), other.data_, size_ * sizeof(T));
  padKind_ = other.padKind_;
}

template <typename T>
TiledBatch<T> &TiledBatch<T>::operator=(const TiledBatch &other) {
  if (this != &other) {
    TiledBatch copy(other);
    *this = std::move(copy);
  }
  return *this;
}

template <typename T>
TiledBatch<T>::TiledBatch(TiledBatch &&other) noexcept
    : batch_(std::move(other.batch_)), numMatrices_(other.numMatrices_),
      layout_(other.layout_), owned_(std::move(other.owned_)),
      data_(std::exchange(other.data_, nullptr)),
      keepAlive_(std::move(other.keepAlive_)),
      size_(std::exchange(other.size_, 0)), padKind_(other.padKind_) {}

template <typename T>
TiledBatch<T> &TiledBatch<T>::operator=(TiledBatch &&other) noexcept {
  if (this != &other) {
    batch_ = std::move(other.batch_);
    numMatrices_ = other.numMatrices_;
    layout_ = other.layout_;
    owned_ = std::move(other.owned_);
    data_ = std::exchange(other.data_, nullptr);
    keepAlive_ = std::move(other.keepAlive_);
    size_ = std::exchange(other.size_, 0);
    padKind_ = other.padKind_;
  }
  return *this;
}

template <typename T>
Expected<TiledBatch<T>> TiledBatch<T>::allocate(BatchShape batch,
                                                const Layout &layout,
                                                bool zeroFill) {
  Expected<int64_t> count = countMatrices(batch, layout);
  if (!count)
    return Error(count.error());
  const size_t n = static_cast<size_t>(*count * layout.numElements());
  Expected<void *> p = tryAllocate(n, sizeof(T), "tiled storage");
  if (!p)
    return Error(describe(batch, layout) + ": " + p.error());
  if (zeroFill)
    std::memset(*p, 0, n * sizeof(T));
  return TiledBatch(std::move(batch), *count, layout, static_cast<T *>(*p));
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
  Expected<TiledBatch> copy = allocate(batch_, layout_, /*zeroFill=*/false);
  if (!copy)
    return copy;
  std::memcpy(copy->owned_.get(), data_, size_ * sizeof(T));
  copy->padKind_ = padKind_;
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
  if (storage.size() != b->size_)
    return Error("fromStorage: " + describe(b->batch_, *layout) + " has " +
                 std::to_string(b->size_) + " storage slots, got " +
                 std::to_string(storage.size()));
  std::memcpy(b->owned_.get(), storage.data(), b->size_ * sizeof(T));
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
  const size_t n = static_cast<size_t>(*count * layout.numElements());
  if (!bytes || numBytes != n * sizeof(T))
    return Error("borrow: " + describe(batch, layout) + " has " +
                 std::to_string(n) + " storage slots of " +
                 std::to_string(sizeof(T)) + " bytes, got " +
                 (bytes ? std::to_string(numBytes) + " bytes" : "no data"));
  if (reinterpret_cast<uintptr_t>(bytes) % alignof(T) != 0) {
    Expected<TiledBatch> b = allocate(std::move(batch), layout, false);
    if (b) {
      std::memcpy(b->owned_.get(), bytes, numBytes);
      b->padKind_ = padKind;
    }
    return b;
  }
  TiledBatch b(std::move(batch), *count, layout, nullptr);
  b.data_ = static_cast<const T *>(bytes);
  b.keepAlive_ = std::move(keepAlive);
  b.padKind_ = padKind;
  return b;
}

template <typename T>
TiledBatch<T> TiledBatch<T>::fromMatrix(TiledMatrix<T> m) {
  if (m.isView())
    m = TiledMatrix<T>(m);
  TiledBatch b({}, 1, m.layout_, m.owned_.release());
  b.data_ = m.data_;
  b.keepAlive_ = std::move(m.keepAlive_);
  b.padKind_ = m.padKind_;
  m.data_ = nullptr;
  m.size_ = 0;
  return b;
}

template <typename T> Expected<TiledMatrix<T>> TiledBatch<T>::releaseMatrix() {
  if (numMatrices_ != 1)
    return Error("a " + describe(batch_, layout_) +
                 " is not a single matrix");
  TiledMatrix<T> m(layout_, owned_.release());
  m.data_ = std::exchange(data_, nullptr);
  m.keepAlive_ = std::move(keepAlive_);
  m.padKind_ = padKind_;
  size_ = 0;
  return m;
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
  TiledMatrix<T> m(layout_, nullptr);
  m.data_ = data_ + b * layout_.numElements();
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

template <typename T> T *TiledBatch<T>::writable() {
  if (!owned_)
    takeOwnership(
        static_cast<T *>(rt::allocate(size_, sizeof(T), "tiled storage")));
  return owned_.get();
}

template <typename T> void TiledBatch<T>::takeOwnership(T *storage) {
  if (size_)
    std::memcpy(storage, data_, size_ * sizeof(T));
  owned_.reset(storage);
  data_ = storage;
  keepAlive_.reset();
}

template <typename T> Status TiledBatch<T>::makeOwned() {
  if (owned_)
    return Status::success();
  Expected<void *> p = tryAllocate(size_, sizeof(T), "tiled storage");
  if (!p)
    return Status::error(describe(batch_, layout_) + ": " + p.error());
  takeOwnership(static_cast<T *>(*p));
  return Status::success();
}

template class TiledBatch<float>;
template class TiledBatch<bf16>;
template class TiledBatch<int8_t>;
template class TiledBatch<int32_t>;

} // namespace systile::rt
