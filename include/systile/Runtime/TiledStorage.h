//===- TiledStorage.h - The slots of a tiled matrix or batch ----*- C++ -*-===//
//
// `TiledStorage<T>` is the element buffer of a TiledMatrix (TiledMatrix.h)
// and a TiledBatch (TiledBatch.h): it knows how many slots it holds and who
// owns them, nothing about layouts. It is in one of three states:
//
// * owned: a 64-byte aligned buffer from rt::tryAllocate (Allocation.h),
//   freed with the storage;
// * borrowed: a read-only view of memory that lives elsewhere (an MLIR
//   constant's attribute, a mapped dense_resource blob), never written to.
//   `writable()` first copies it into owned storage (copy on write, through
//   rt::allocate as the copy constructor); the fallible makeOwned() does
//   that with an error instead. A `keepAlive` owner given to borrow() is
//   held until then;
// * a view: writable memory owned by someone else (one matrix of a batch),
//   written in place; the view must not outlive that memory.
//
// Copies (the copy constructor, clone()) always own their slots; a move
// takes the state over and leaves the source empty (no slots, data()
// null). The errors of the fallible functions are the allocator's message
// alone: the owners prefix it with what they describe ("matrix 5x7 in
// geometry ...: ").
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_TILEDSTORAGE_H
#define SYSTILE_RUNTIME_TILEDSTORAGE_H

#include "systile/Runtime/Allocation.h"
#include "systile/Runtime/BF16.h"
#include "systile/Runtime/Status.h"

#include <cstddef>
#include <cstdint>
#include <memory>

namespace systile::rt {

template <typename T> class TiledStorage {
public:
  /// Empty: no slots, data() null.
  TiledStorage() = default;
  /// An owned copy of the slots; allocation failure goes through
  /// rt::allocate.
  TiledStorage(const TiledStorage &other);
  TiledStorage &operator=(const TiledStorage &other);
  /// Takes `other`'s state over and leaves it empty.
  TiledStorage(TiledStorage &&other) noexcept;
  TiledStorage &operator=(TiledStorage &&other) noexcept;

  /// `n` owned slots, zero-filled on request (else uninitialised); an error
  /// if they cannot be allocated.
  static Expected<TiledStorage> allocate(size_t n, bool zeroFill);
  /// `n` owned zero slots, for callers that cannot fail (through
  /// rt::allocate, like the copy constructor).
  static TiledStorage zeroed(size_t n);
  /// An owned copy of the slots, or an error if it cannot be allocated.
  Expected<TiledStorage> clone() const;
  /// A read-only view of the `numBytes / sizeof(T)` elements at `bytes`
  /// (in T's in-memory representation), held with `keepAlive`. Data not
  /// aligned for T is copied into owned slots instead (isBorrowed() tells
  /// which happened). An error when `numBytes` is not a whole number of
  /// elements or `bytes` is null, or when the copy cannot be allocated.
  static Expected<TiledStorage>
  borrow(const void *bytes, size_t numBytes,
         std::shared_ptr<const void> keepAlive = nullptr);
  /// A read-only view of the `n` elements at `data` (aligned for T), held
  /// with `keepAlive` (null: the caller keeps the memory alive).
  static TiledStorage
  borrowAligned(const T *data, size_t n,
                std::shared_ptr<const void> keepAlive = nullptr);
  /// A writable view of the `n` elements at `data`, which the caller owns
  /// and keeps alive while the view lives; nothing is allocated.
  static TiledStorage view(T *data, size_t n);

  const T *data() const { return data_; }
  /// The slots for writing: a borrowed storage first copies them into
  /// owned ones.
  T *writable() {
    if (!owned_ && !isView_)
      takeOwnership(
          static_cast<T *>(rt::allocate(size_, sizeof(T), "tiled storage")));
    return const_cast<T *>(data_);
  }
  size_t size() const { return size_; }

  /// Whether the slots are a read-only view of memory this storage does not
  /// own (borrow()); a writable view() is not borrowed.
  bool isBorrowed() const { return data_ && !owned_ && !isView_; }
  /// Whether this is a writable view() of memory owned elsewhere.
  bool isView() const { return isView_; }
  /// Gives borrowed slots a copy to own (no-op for owned slots and views);
  /// an error with the allocator's message if the copy cannot be had.
  Status makeOwned();

private:
  /// Owns `storage` (size slots from the allocator), uninitialised.
  TiledStorage(T *storage, size_t size)
      : owned_(storage), data_(storage), size_(size) {}
  /// Copies the borrowed slots into `storage` (size_ slots) and owns it.
  void takeOwnership(T *storage);

  struct AlignedDelete {
    void operator()(T *p) const { rt::deallocate(p); }
  };

  /// The slots when owned; null when borrowed or a view.
  std::unique_ptr<T[], AlignedDelete> owned_;
  /// The slots: owned_.get(), or the borrowed or viewed memory.
  const T *data_ = nullptr;
  /// Keeps borrowed memory alive (may be null: the borrower guarantees it).
  std::shared_ptr<const void> keepAlive_;
  size_t size_ = 0;
  /// data_ is writable memory owned elsewhere (view()).
  bool isView_ = false;
};

extern template class TiledStorage<float>;
extern template class TiledStorage<bf16>;
extern template class TiledStorage<int8_t>;
extern template class TiledStorage<int32_t>;

} // namespace systile::rt

#endif // SYSTILE_RUNTIME_TILEDSTORAGE_H
