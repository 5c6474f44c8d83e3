//===- TiledMatrix.h - A matrix stored in hardware tile order ---*- C++ -*-===//
//
// `TiledMatrix<T>` holds the padded storage of one matrix in the order of RFC
// section 3, so `storage()` can be copied to a device as is. Padding slots
// either hold zero (`PadKind::Zero`) or unspecified values (`PadKind::Undef`);
// every reader in the runtime masks, so the pad kind is information for the
// user (and the IR type), never a precondition for correct results.
//
// Supported element types: float, bf16, int8_t, int32_t.
//
// Storage comes from rt::tryAllocate (Allocation.h): every factory returns
// an error, not an abort, when the memory cannot be allocated (e.g. a 1x1
// matrix in a 1048576x1048576 geometry needs 4 TiB of storage). Only the
// copy constructor, which cannot fail, uses rt::allocate (the new-handler
// path of operator new); clone() is its fallible form.
//
// Owned or borrowed storage (a TiledStorage, TiledStorage.h). A matrix usually
// owns its storage. `borrow` makes a read-only view of storage-order data that
// lives elsewhere (an MLIR constant's attribute or a dense_resource blob mapped
// from the input file), so a constant of any size is held once. A borrowed
// matrix never writes to that memory: every non-const accessor (data(),
// storage(), at(), set(), fillPadding(), assignFromDense()) first gives it
// storage of its own (copy on write, through rt::allocate like the copy
// constructor; call the fallible makeOwned() first to get an error instead).
// Copies (the copy constructor, clone()) always own their storage. Whoever
// borrows keeps the memory alive while the matrix and anything moved from it
// live; a `keepAlive` owner passed to borrow() is held by the matrix to that
// end.
//
// Views. `view` makes a writable matrix over storage owned by someone else
// (one matrix of a TiledBatch, TiledBatch.h): the per-matrix kernels read
// it and write through it in place, never copying. Copies of a view own
// their storage; the view itself must not outlive the storage it shows.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_TILEDMATRIX_H
#define SYSTILE_RUNTIME_TILEDMATRIX_H

#include "systile/Runtime/BF16.h"
#include "systile/Runtime/Layout.h"
#include "systile/Runtime/Status.h"
#include "systile/Runtime/TiledStorage.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace systile::rt {

/// What the padding slots of a TiledMatrix hold.
enum class PadKind { Zero, Undef };

const char *toString(PadKind kind);

namespace detail {
/// "matrix 5x7 in geometry (2, 4, mxu = 4)": how the storage errors name a
/// matrix of `layout`.
std::string describeMatrix(const Layout &layout);
} // namespace detail

/// True for the element types the runtime supports.
template <typename T>
inline constexpr bool isTiledElement =
    std::is_same_v<T, float> || std::is_same_v<T, bf16> ||
    std::is_same_v<T, int8_t> || std::is_same_v<T, int32_t> ||
    std::is_same_v<T, double>;

/// A non-owning view of contiguous elements.
template <typename T> class Span {
public:
  Span() = default;
  Span(T *data, size_t size) : data_(data), size_(size) {}
  T *data() const { return data_; }
  size_t size() const { return size_; }
  size_t sizeInBytes() const { return size_ * sizeof(T); }
  bool empty() const { return size_ == 0; }
  T *begin() const { return data_; }
  T *end() const { return data_ + size_; }
  T &operator[](size_t i) const { return data_[i]; }

private:
  T *data_ = nullptr;
  size_t size_ = 0;
};

template <typename T> class TiledBatch;

template <typename T> class TiledMatrix {
  static_assert(isTiledElement<T>,
                "TiledMatrix supports float, bf16, int8_t, int32_t and double");

public:
  using value_type = T;

  /// A 1x1 zero matrix in the default geometry (a placeholder; the
  /// factories below build real matrices).
  TiledMatrix();
  /// Copies the storage; allocation failure goes through rt::allocate.
  TiledMatrix(const TiledMatrix &other) = default;
  TiledMatrix &operator=(const TiledMatrix &other) = default;
  /// Moves the storage, leaving `other` with none.
  TiledMatrix(TiledMatrix &&other) noexcept = default;
  TiledMatrix &operator=(TiledMatrix &&other) noexcept = default;

  /// All slots zero (logical and padding), pad kind Zero.
  static Expected<TiledMatrix> zeros(Shape shape, Geometry geometry = {});
  /// Storage allocated but not initialised (pad kind Undef): for producers
  /// that write every slot themselves. An error if it cannot be allocated.
  static Expected<TiledMatrix> uninitialized(const Layout &layout);
  /// A copy with its own storage, or an error if it cannot be allocated.
  Expected<TiledMatrix> clone() const;
  /// Packs a row-major dense matrix of `shape` (rows*cols elements);
  /// padding = zero. Tile rows are split over `threads` threads (0: all
  /// hardware threads) when the matrix is large enough to pay for them.
  static Expected<TiledMatrix> fromDense(Shape shape, Geometry geometry,
                                         const T *rowMajor, int threads = 1);
  static Expected<TiledMatrix> fromDense(Shape shape, Geometry geometry,
                                         const std::vector<T> &rowMajor);
  /// Packs the transpose of a row-major dense `shape.cols x shape.rows`
  /// matrix into a `shape` matrix in one copy: slot (r, c) gets element
  /// (c, r) of `transposed`; padding = zero. What `systile.pack ...
  /// transpose` does, e.g. for an [out, in] weight. Tile columns are split
  /// over `threads` threads (0: all hardware threads) when the matrix is
  /// large enough to pay for them.
  static Expected<TiledMatrix> fromDenseTransposed(Shape shape,
                                                   Geometry geometry,
                                                   const T *transposed,
                                                   int threads = 1);
  /// Adopts storage that is already in hardware order (numElements() slots).
  static Expected<TiledMatrix> fromStorage(Shape shape, Geometry geometry,
                                           const std::vector<T> &storage,
                                           PadKind padKind);
  /// A read-only view of `numBytes` bytes of storage-order data at `bytes`
  /// (layout.numElements() elements of T, in T's in-memory representation),
  /// without a copy. The memory must stay valid and unchanged while the
  /// matrix (or one moved from it) lives; `keepAlive`, if given, is held
  /// until then. Data not aligned for T is copied into owned storage instead
  /// (isBorrowed() tells which happened). An error when `numBytes` is not
  /// the storage size, or when the fallback copy cannot be allocated.
  static Expected<TiledMatrix>
  borrow(const Layout &layout, const void *bytes, size_t numBytes,
         PadKind padKind, std::shared_ptr<const void> keepAlive = nullptr);
  /// A writable view of the layout.numElements() slots at `storage`, which
  /// the caller owns and keeps alive while the view lives. Writes go to
  /// `storage`; nothing is allocated.
  static TiledMatrix view(const Layout &layout, T *storage, PadKind padKind);

  /// Overwrites every slot from a row-major dense matrix of this matrix's
  /// logical shape; padding becomes zero. The fast path behind fromDense,
  /// usable without an allocation; `threads` as for fromDense.
  void assignFromDense(const T *rowMajor, int threads = 1);
  /// Overwrites every slot from the row-major transpose (shape.cols x
  /// shape.rows) as fromDenseTransposed does; padding becomes zero.
  void assignFromDenseTransposed(const T *transposed, int threads = 1);
  /// Writes the logical elements, row-major, to `rowMajor` (rows*cols
  /// elements); padding is ignored.
  void toDense(T *rowMajor) const;
  std::vector<T> toDense() const;

  const Layout &layout() const { return layout_; }
  Shape shape() const { return layout_.logicalShape(); }
  Shape paddedShape() const { return layout_.paddedShape(); }
  const Geometry &geometry() const { return layout_.geometry(); }
  Mask mask() const { return layout_.mask(); }
  PadKind padKind() const { return padKind_; }
  /// Declares what the padding holds, e.g. after writing through data().
  void setPadKind(PadKind kind) { padKind_ = kind; }

  /// Whether the storage is a read-only view of memory the matrix does not
  /// own (borrow()); a writable view() is not borrowed.
  bool isBorrowed() const { return storage_.isBorrowed(); }
  /// Whether this is a writable view() of storage owned elsewhere.
  bool isView() const { return storage_.isView(); }
  /// Gives a borrowed matrix a copy of its storage to own (no-op when it
  /// owns it already); an error if the copy cannot be allocated.
  Status makeOwned();

  /// The copy-ready storage in hardware order (all padded slots). The
  /// non-const forms make a borrowed matrix own its storage first.
  Span<const T> storage() const { return {storage_.data(), storage_.size()}; }
  Span<T> storage() { return {writable(), storage_.size()}; }
  const T *data() const { return storage_.data(); }
  T *data() { return writable(); }
  int64_t size() const { return static_cast<int64_t>(storage_.size()); }

  /// Element (row, col) of the padded shape.
  /// Precondition: layout().inPaddedBounds(row, col).
  T at(int64_t row, int64_t col) const {
    return storage_.data()[layout_.offset(row, col)];
  }
  T &at(int64_t row, int64_t col) {
    return writable()[layout_.offset(row, col)];
  }
  /// Checked read: an error outside the padded shape.
  Expected<T> get(int64_t row, int64_t col) const;
  /// Checked write of a logical element: an error outside the logical shape.
  Status set(int64_t row, int64_t col, T value);

  /// Sets every padding slot to `value`. The pad kind becomes Zero if the
  /// value is +0 (all bits zero), Undef otherwise.
  void fillPadding(T value);

private:
  friend class TiledBatch<T>;
  /// A matrix of `layout` over `storage` (layout.numElements() slots).
  TiledMatrix(const Layout &layout, TiledStorage<T> storage)
      : layout_(layout), storage_(std::move(storage)) {}
  /// Allocates the storage, zero-filled on request (else uninitialized).
  static Expected<TiledMatrix> allocate(const Layout &layout, bool zeroFill);
  /// The storage borrow() makes of the `n` slots at `bytes` (copied when
  /// misaligned); errors name the owner as `what` (describeMatrix).
  static Expected<TiledStorage<T>>
  borrowStorage(const std::string &what, size_t n, const void *bytes,
                size_t numBytes, std::shared_ptr<const void> keepAlive);
  /// The storage for writing (copied first when borrowed).
  T *writable() { return storage_.writable(); }

  Layout layout_;
  TiledStorage<T> storage_;
  PadKind padKind_ = PadKind::Zero;
};

extern template class TiledMatrix<float>;
extern template class TiledMatrix<bf16>;
extern template class TiledMatrix<int8_t>;
extern template class TiledMatrix<int32_t>;

/// The element type name used in messages: "f32", "f64", "bf16", "i8",
/// "i32".
template <typename T> constexpr const char *elementTypeName() {
  if constexpr (std::is_same_v<T, float>)
    return "f32";
  else if constexpr (std::is_same_v<T, double>)
    return "f64";
  else if constexpr (std::is_same_v<T, bf16>)
    return "bf16";
  else if constexpr (std::is_same_v<T, int8_t>)
    return "i8";
  else
    return "i32";
}

} // namespace systile::rt

#endif // SYSTILE_RUNTIME_TILEDMATRIX_H
