//===- TiledStorage.cpp - Owned, borrowed and viewed tiled slots ----------===//

#include "systile/Runtime/TiledStorage.h"

#include <cstring>
#include <string>
#include <type_traits>
#include <utility>

namespace systile::rt {

template <typename T>
Expected<TiledStorage<T>> TiledStorage<T>::allocate(size_t n, bool zeroFill) {
  Expected<void *> p = tryAllocate(n, sizeof(T), "tiled storage");
  if (!p)
    return Error(p.error());
  if (zeroFill)
    std::memset(*p, 0, n * sizeof(T));
  return TiledStorage(static_cast<T *>(*p), n);
}

template <typename T> TiledStorage<T> TiledStorage<T>::zeroed(size_t n) {
  TiledStorage s(static_cast<T *>(rt::allocate(n, sizeof(T), "tiled storage")),
                 n);
  std::memset(s.owned_.get(), 0, n * sizeof(T));
  return s;
}

template <typename T>
TiledStorage<T>::TiledStorage(const TiledStorage &other)
    : TiledStorage(static_cast<T *>(
                       rt::allocate(other.size_, sizeof(T), "tiled storage")),
                   other.size_) {
  if (size_)
    std::memcpy(owned_.get(), other.data_, size_ * sizeof(T));
}

template <typename T>
TiledStorage<T> &TiledStorage<T>::operator=(const TiledStorage &other) {
  if (this != &other) {
    TiledStorage copy(other);
    *this = std::move(copy);
  }
  return *this;
}

template <typename T>
TiledStorage<T>::TiledStorage(TiledStorage &&other) noexcept
    : owned_(std::move(other.owned_)),
      data_(std::exchange(other.data_, nullptr)),
      keepAlive_(std::move(other.keepAlive_)),
      size_(std::exchange(other.size_, 0)),
      isView_(std::exchange(other.isView_, false)) {}

template <typename T>
TiledStorage<T> &TiledStorage<T>::operator=(TiledStorage &&other) noexcept {
  if (this != &other) {
    owned_ = std::move(other.owned_);
    data_ = std::exchange(other.data_, nullptr);
    keepAlive_ = std::move(other.keepAlive_);
    size_ = std::exchange(other.size_, 0);
    isView_ = std::exchange(other.isView_, false);
  }
  return *this;
}

template <typename T> Expected<TiledStorage<T>> TiledStorage<T>::clone() const {
  Expected<TiledStorage> copy = allocate(size_, /*zeroFill=*/false);
  if (copy && size_)
    std::memcpy(copy->owned_.get(), data_, size_ * sizeof(T));
  return copy;
}

template <typename T>
Expected<TiledStorage<T>>
TiledStorage<T>::borrow(const void *bytes, size_t numBytes,
                        std::shared_ptr<const void> keepAlive) {
  static_assert(std::is_trivially_copyable_v<T>);
  if (!bytes)
    return Error("borrow: no data");
  if (numBytes % sizeof(T) != 0)
    return Error("borrow: " + std::to_string(numBytes) +
                 " bytes are not a whole number of " +
                 std::to_string(sizeof(T)) + "-byte elements");
  const size_t n = numBytes / sizeof(T);
  if (reinterpret_cast<uintptr_t>(bytes) % alignof(T) == 0)
    return borrowAligned(static_cast<const T *>(bytes), n,
                         std::move(keepAlive));
  // Misaligned for T: an aligned copy of our own.
  Expected<TiledStorage> copy = allocate(n, /*zeroFill=*/false);
  if (copy)
    std::memcpy(copy->owned_.get(), bytes, numBytes);
  return copy;
}

template <typename T>
TiledStorage<T>
TiledStorage<T>::borrowAligned(const T *data, size_t n,
                               std::shared_ptr<const void> keepAlive) {
  TiledStorage s;
  s.data_ = data;
  s.keepAlive_ = std::move(keepAlive);
  s.size_ = n;
  return s;
}

template <typename T> TiledStorage<T> TiledStorage<T>::view(T *data, size_t n) {
  TiledStorage s;
  s.data_ = data;
  s.size_ = n;
  s.isView_ = true;
  return s;
}

template <typename T> void TiledStorage<T>::takeOwnership(T *storage) {
  if (size_)
    std::memcpy(storage, data_, size_ * sizeof(T));
  owned_.reset(storage);
  data_ = storage;
  keepAlive_.reset();
}

template <typename T> Status TiledStorage<T>::makeOwned() {
  if (owned_ || isView_)
    return Status::success();
  Expected<void *> p = tryAllocate(size_, sizeof(T), "tiled storage");
  if (!p)
    return Status::error(p.error());
  takeOwnership(static_cast<T *>(*p));
  return Status::success();
}

template class TiledStorage<float>;
template class TiledStorage<bf16>;
template class TiledStorage<int8_t>;
template class TiledStorage<int32_t>;
template class TiledStorage<double>;

} // namespace systile::rt
