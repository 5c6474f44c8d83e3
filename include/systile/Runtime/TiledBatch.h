//===- TiledBatch.h - Batches of matrices in hardware tile order -*- C++ -*-===//
//
// `TiledBatch<T>` holds a tiled tensor of any rank >= 2 (RFC 3): leading
// batch dimensions over matrices of one layout, in ONE contiguous storage
// that is batch-major, matrix b at b * padded rows * padded cols, so
// `storage()` can be copied to a device as is. The batch dimensions are
// not tiled; every matrix has the same mask and the batch one pad kind.
// An empty batch shape is a single matrix (rank 2), with the storage bits
// of a TiledMatrix of that layout.
//
// The per-matrix kernels of the runtime (elementwise, conversions, reduce,
// the matmul simulator) work on `matrix(b)`: a TiledMatrix view of matrix
// b's slots that reads, and (from a non-const batch) writes, the batch's
// storage in place. A view must not outlive the batch it came from, nor a
// move or a copy-on-write of it.
//
// Storage is owned or borrowed exactly as for TiledMatrix (TiledMatrix.h),
// with the same TiledStorage (TiledStorage.h):
// factories return an error when the storage cannot be allocated; `borrow`
// views storage-order data that lives elsewhere read-only, and every
// non-const accessor (data(), storage(), matrix(b), fillPadding()) first
// gives a borrowed batch storage of its own (copy on write; makeOwned() is
// the fallible form).
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_TILEDBATCH_H
#define SYSTILE_RUNTIME_TILEDBATCH_H

#include "systile/Runtime/TiledMatrix.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace systile::rt {

/// The leading (batch) dimensions of a tiled tensor; empty for a matrix.
using BatchShape = std::vector<int64_t>;

/// "2x3" ("" for an empty batch shape), for messages.
std::string toString(const BatchShape &batch);

template <typename T> class TiledBatch {
public:
  using value_type = T;

  /// A single 1x1 zero matrix in the default geometry (a placeholder).
  TiledBatch();
  /// Copies the storage; allocation failure goes through rt::allocate.
  TiledBatch(const TiledBatch &other) = default;
  TiledBatch &operator=(const TiledBatch &other) = default;
  /// Moves the storage, leaving `other` with none.
  TiledBatch(TiledBatch &&other) noexcept = default;
  TiledBatch &operator=(TiledBatch &&other) noexcept = default;

  /// All slots of every matrix zero, pad kind Zero.
  static Expected<TiledBatch> zeros(BatchShape batch, Shape shape,
                                    Geometry geometry = {});
  /// Storage allocated but not initialised (pad kind Undef).
  static Expected<TiledBatch> uninitialized(BatchShape batch,
                                            const Layout &layout);
  /// A copy with its own storage, or an error if it cannot be allocated.
  Expected<TiledBatch> clone() const;
  /// Packs a row-major N-D dense tensor of shape batch x rows x cols (that
  /// is, batch-major over row-major matrices); padding = zero. `threads`
  /// as for TiledMatrix::fromDense, per matrix.
  static Expected<TiledBatch> fromDense(BatchShape batch, Shape shape,
                                        Geometry geometry, const T *rowMajor,
                                        int threads = 1);
  /// Packs a row-major tensor of shape batch x cols x rows with its two
  /// minor dimensions swapped: slot (b, r, c) gets element (b, c, r).
  static Expected<TiledBatch> fromDenseTransposed(BatchShape batch,
                                                  Shape shape,
                                                  Geometry geometry,
                                                  const T *transposed,
                                                  int threads = 1);
  /// Adopts storage already in batch-major hardware order (size() slots).
  static Expected<TiledBatch> fromStorage(BatchShape batch, Shape shape,
                                          Geometry geometry,
                                          const std::vector<T> &storage,
                                          PadKind padKind);
  /// A read-only view of `numBytes` bytes of batch-major storage-order
  /// data, as TiledMatrix::borrow (misaligned data is copied instead).
  static Expected<TiledBatch>
  borrow(BatchShape batch, const Layout &layout, const void *bytes,
         size_t numBytes, PadKind padKind,
         std::shared_ptr<const void> keepAlive = nullptr);
  /// A single matrix (empty batch shape) taking over `matrix`'s storage:
  /// owned storage is moved, borrowed storage stays borrowed, a view is
  /// copied (through rt::allocate, as the copy constructor; the kernels
  /// return matrices that own their storage).
  static TiledBatch fromMatrix(TiledMatrix<T> matrix);
  /// The inverse of fromMatrix for a batch of one matrix (its storage moves
  /// into the result, leaving this batch empty); an error for a batch of
  /// several matrices.
  Expected<TiledMatrix<T>> releaseMatrix();

  /// This batch's storage, moved (no copy), read as `batch` matrices of
  /// `layout`: an error unless that is exactly as many storage slots. The
  /// caller vouches that the bits mean the same elements (a free relayout,
  /// Relayout.h). The pad kind is kept.
  Expected<TiledBatch> reshaped(BatchShape batch, const Layout &layout) &&;

  /// Writes the logical elements of every matrix, batch-major over
  /// row-major matrices (numMatrices() * rows * cols elements).
  void toDense(T *rowMajor) const;
  std::vector<T> toDense() const;

  const BatchShape &batchShape() const { return batch_; }
  /// The full logical shape: batch dims, rows, cols.
  std::vector<int64_t> fullShape() const;
  int64_t numMatrices() const { return numMatrices_; }
  /// The layout of each matrix.
  const Layout &layout() const { return layout_; }
  Shape shape() const { return layout_.logicalShape(); }
  const Geometry &geometry() const { return layout_.geometry(); }
  PadKind padKind() const { return padKind_; }
  void setPadKind(PadKind kind) { padKind_ = kind; }

  bool isBorrowed() const { return storage_.isBorrowed(); }
  Status makeOwned();

  /// The copy-ready batch-major storage (every padded slot of every
  /// matrix). The non-const forms make a borrowed batch own it first.
  Span<const T> storage() const { return {storage_.data(), storage_.size()}; }
  Span<T> storage() { return {writable(), storage_.size()}; }
  const T *data() const { return storage_.data(); }
  T *data() { return writable(); }
  int64_t size() const { return static_cast<int64_t>(storage_.size()); }

  /// Storage offset of slot (row, col) of matrix `matrix` (an index into
  /// the flattened batch). Precondition: in bounds.
  int64_t offset(int64_t matrix, int64_t row, int64_t col) const {
    return matrix * layout_.numElements() + layout_.offset(row, col);
  }
  /// A read-only view of matrix `b` (0 <= b < numMatrices()).
  TiledMatrix<T> matrix(int64_t b) const;
  /// A writable view of matrix `b`, writing into this batch's storage.
  TiledMatrix<T> matrix(int64_t b);

  /// Sets every padding slot of every matrix to `value`; the pad kind as
  /// TiledMatrix::fillPadding sets it.
  void fillPadding(T value);

private:
  TiledBatch(BatchShape batch, int64_t numMatrices, const Layout &layout,
             TiledStorage<T> storage);
  static Expected<TiledBatch> allocate(BatchShape batch, const Layout &layout,
                                       bool zeroFill);
  /// A batch of the shapes given, packed from `src` matrix by matrix with
  /// `assign` (TiledMatrix::assignFromDense or assignFromDenseTransposed);
  /// `what` names the factory in errors.
  static Expected<TiledBatch>
  pack(const char *what, BatchShape batch, Shape shape, Geometry geometry,
       const T *src, int threads,
       void (TiledMatrix<T>::*assign)(const T *, int));
  T *writable() { return storage_.writable(); }

  BatchShape batch_;
  int64_t numMatrices_ = 1;
  Layout layout_;
  TiledStorage<T> storage_;
  PadKind padKind_ = PadKind::Zero;
};

/// Applies `kernel` (const TiledMatrix<In> & -> Expected<TiledMatrix<Out>>,
/// a per-matrix runtime kernel) to every matrix of `x`, into one batch of
/// `x`'s batch shape; pad kind Zero when every result's is. A single matrix
/// keeps the kernel's result storage (no copy). An error when the kernel
/// fails or returns matrices of different layouts.
template <typename Out, typename In, typename F>
Expected<TiledBatch<Out>> mapMatrices(const TiledBatch<In> &x, F &&kernel) {
  Expected<TiledMatrix<Out>> first = kernel(x.matrix(0));
  if (!first)
    return Error(first.error());
  if (x.batchShape().empty())
    return TiledBatch<Out>::fromMatrix(first.take());
  const Layout layout = first->layout();
  Expected<TiledBatch<Out>> out =
      TiledBatch<Out>::uninitialized(x.batchShape(), layout);
  if (!out)
    return out;
  PadKind pad = PadKind::Zero;
  for (int64_t b = 0; b < x.numMatrices(); ++b) {
    Expected<TiledMatrix<Out>> r =
        b == 0 ? std::move(first) : kernel(x.matrix(b));
    if (!r)
      return Error(r.error());
    if (r->layout() != layout)
      return Error("internal error: a per-matrix kernel returned matrices "
                   "of different layouts");
    const TiledMatrix<Out> &m = *r;
    std::copy(m.data(), m.data() + m.size(), out->data() + b * m.size());
    if (m.padKind() == PadKind::Undef)
      pad = PadKind::Undef;
  }
  out->setPadKind(pad);
  return out;
}

extern template class TiledBatch<float>;
extern template class TiledBatch<bf16>;
extern template class TiledBatch<int8_t>;
extern template class TiledBatch<int32_t>;

} // namespace systile::rt

#endif // SYSTILE_RUNTIME_TILEDBATCH_H
