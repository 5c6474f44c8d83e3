//===- Value.h - Run-time values of the systile interpreter -----*- C++ -*-===//
//
// What an SSA value holds while systile-run executes a function: a dense
// tensor or scalar (`DenseValue`, C-order elements of any rank) or a tiled
// tensor (`TiledValue`, a runtime `rt::TiledBatch` in hardware storage
// order). Both share their storage when copied, so binding one result to
// many uses copies no data; a value whose storage has a single owner may be
// updated in place by the op that consumes it last.
//
// Allocation is fallible and accounted against the run's memory budget
// (`MemoryBudget`, given in InterpreterOptions), so a user-sized tensor
// that does not fit is an error naming its size, never an abort.
//
// Also here: the stable text form of values (what `result #i:` lines
// print).
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_INTERPRETER_VALUE_H
#define SYSTILE_INTERPRETER_VALUE_H

#include "systile/Interpreter/ElementKind.h"
#include "systile/Runtime/TiledBatch.h"

#include "mlir/IR/Types.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <cassert>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>

namespace mlir {
class Operation;
} // namespace mlir

namespace systile::interp {

//===----------------------------------------------------------------------===//
// Memory budget
//===----------------------------------------------------------------------===//

/// Bytes of interpreter values alive at once, and the limit on them. A run
/// shares its budget (MemoryBudgetRef) with the storage reserved against
/// it, since values may outlive the interpreter that made them.
class MemoryBudget {
public:
  /// 0 = no limit.
  explicit MemoryBudget(uint64_t limit = 0) : limit_(limit) {}
  uint64_t limit() const { return limit_; }
  uint64_t live() const { return live_.load(std::memory_order_relaxed); }
  uint64_t peak() const { return peak_.load(std::memory_order_relaxed); }
  /// Reserves `bytes`; an error saying what was asked and what is left
  /// when that would exceed the limit.
  llvm::Error reserve(uint64_t bytes, llvm::StringRef what);
  void release(uint64_t bytes) {
    live_.fetch_sub(bytes, std::memory_order_relaxed);
  }
  /// Bytes that may still be reserved (UINT64_MAX: no limit).
  uint64_t available() const;

private:
  uint64_t limit_;
  std::atomic<uint64_t> live_{0}, peak_{0};
};

/// The budget storage is reserved against; null: not accounted, no limit.
using MemoryBudgetRef = std::shared_ptr<MemoryBudget>;

/// Checks that `bytes` of storage the runtime owns (tiled matrices) fit in
/// `budget` now, without keeping them reserved.
llvm::Error admit(const MemoryBudgetRef &budget, uint64_t bytes,
                  llvm::StringRef what);

/// "4.00 GiB", "12 bytes" (rt::formatBytes with two decimals).
std::string formatBytes(uint64_t bytes);

//===----------------------------------------------------------------------===//
// Dense values
//===----------------------------------------------------------------------===//

/// A dense, C-order tensor (rank >= 1) or a scalar (rank 0).
class DenseValue {
public:
  DenseValue() = default;
  /// New storage for product(shape) elements (zero-filled when `zero`),
  /// reserved against `budget` until it is freed. Errors on overflow, an
  /// exhausted budget or a failed allocation.
  static llvm::Expected<DenseValue>
  allocate(ElementKind kind, llvm::ArrayRef<int64_t> shape, bool zero = false,
           const MemoryBudgetRef &budget = nullptr);
  /// A scalar (rank 0) holding `value`'s bytes.
  template <typename T> static DenseValue scalar(ElementKind kind, T value) {
    DenseValue v;
    v.kind_ = kind;
    v.numElements_ = 1;
    auto storage = std::make_shared<T>(value);
    v.data_ = storage.get();
    v.owner_ = std::move(storage);
    v.writable_ = true;
    return v;
  }
  /// Shares `owner`'s memory; `data` must stay valid while `owner` lives and
  /// be aligned for the element type.
  static DenseValue adopt(ElementKind kind, llvm::ArrayRef<int64_t> shape,
                          std::shared_ptr<const void> owner, const void *data);
  /// The same storage viewed with another shape of as many elements.
  DenseValue reshaped(llvm::ArrayRef<int64_t> shape) const;

  ElementKind kind() const { return kind_; }
  llvm::ArrayRef<int64_t> shape() const { return shape_; }
  int64_t rank() const { return static_cast<int64_t>(shape_.size()); }
  int64_t numElements() const { return numElements_; }
  size_t sizeInBytes() const { return numElements_ * elementSize(kind_); }
  bool isNull() const { return data_ == nullptr; }

  const void *rawData() const { return data_; }
  template <typename T> const T *data() const {
    return static_cast<const T *>(data_);
  }
  /// Writable access: only for the value's producer before it is shared,
  /// or for a consumer that holds the only reference (`isUnique`).
  template <typename T> T *mutableData() const {
    return static_cast<T *>(const_cast<void *>(data_));
  }
  /// Whether this value owns writable storage that nobody else references,
  /// so its last consumer may update it in place.
  bool isUnique() const {
    return writable_ && owner_ && owner_.use_count() == 1;
  }
  /// A copy with storage of its own, reserved against `budget`.
  llvm::Expected<DenseValue>
  clone(const MemoryBudgetRef &budget = nullptr) const;

private:
  ElementKind kind_ = ElementKind::F32;
  llvm::SmallVector<int64_t, 4> shape_;
  int64_t numElements_ = 0;
  std::shared_ptr<const void> owner_;
  const void *data_ = nullptr;
  bool writable_ = false;
};

/// Element `i` of `v` converted to double / int64 (integers sign-extended;
/// i1 is 0 or 1).
double loadAsDouble(const DenseValue &v, int64_t i);
int64_t loadAsInt(const DenseValue &v, int64_t i);

//===----------------------------------------------------------------------===//
// Tiled values
//===----------------------------------------------------------------------===//

using TiledMatrixVariant =
    std::variant<rt::TiledMatrix<float>, rt::TiledMatrix<rt::bf16>,
                 rt::TiledMatrix<int8_t>, rt::TiledMatrix<int32_t>,
                 rt::TiledMatrix<double>>;
using TiledBatchVariant =
    std::variant<rt::TiledBatch<float>, rt::TiledBatch<rt::bf16>,
                 rt::TiledBatch<int8_t>, rt::TiledBatch<int32_t>,
                 rt::TiledBatch<double>>;

/// A tiled tensor held by the runtime: a batch of matrices of one layout in
/// batch-major storage (a rank-2 tensor is a batch of one matrix with an
/// empty batch shape).
struct TiledValue {
  TiledBatchVariant batch;

  /// A single matrix, taking over its storage.
  template <typename T> static TiledValue of(rt::TiledMatrix<T> matrix) {
    return {rt::TiledBatch<T>::fromMatrix(std::move(matrix))};
  }

  ElementKind kind() const;
  /// The shape and layout of each matrix.
  rt::Shape shape() const;
  const rt::Layout &layout() const;
  const rt::BatchShape &batchShape() const;
  int64_t numMatrices() const;
  /// The full shape: batch dimensions, rows, cols.
  llvm::SmallVector<int64_t, 4> fullShape() const;
  /// A read-only view of matrix `b` (0 <= b < numMatrices()); valid while
  /// this value lives.
  TiledMatrixVariant matrix(int64_t b = 0) const;
};
/// What one SSA value holds.
class RtValue {
public:
  RtValue() = default;
  RtValue(DenseValue dense) : dense_(std::move(dense)), isDense_(true) {}
  RtValue(TiledValue tiled)
      : tiled_(std::make_shared<const TiledValue>(std::move(tiled))) {}
  template <typename T>
  RtValue(rt::TiledMatrix<T> matrix)
      : RtValue(TiledValue::of(std::move(matrix))) {}
  template <typename T>
  RtValue(rt::TiledBatch<T> batch) : RtValue(TiledValue{std::move(batch)}) {}

  /// A function value (func.constant's result, called by
  /// func.call_indirect): the func.func it names.
  static RtValue function(mlir::Operation *fn) {
    RtValue v;
    v.function_ = fn;
    return v;
  }

  bool isDense() const { return isDense_; }
  bool isTiled() const { return tiled_ != nullptr; }
  bool isFunction() const { return function_ != nullptr; }
  mlir::Operation *function() const { return function_; }
  const DenseValue &dense() const { return dense_; }
  const TiledValue &tiled() const { return *tiled_; }
  /// Whether this is the only reference to a tiled value's matrix and the
  /// matrix owns its storage, so that it may be updated in place. A
  /// borrowed matrix (a constant, a view of another value's storage) is
  /// never: its first write would copy it and drop what kept the old
  /// storage alive, while the same op still reads that storage as an
  /// operand.
  bool isUniqueTiled() const {
    return tiled_ && tiled_.use_count() == 1 &&
           std::visit([](const auto &b) { return !b.isBorrowed(); },
                      tiled_->batch);
  }
  /// The tiled matrix for in-place update; only when isUniqueTiled().
  TiledValue &mutableTiled() { return const_cast<TiledValue &>(*tiled_); }
  /// The element kind of a dense or tiled value (not of a function).
  ElementKind kind() const {
    assert(!function_ && "a function value has no element kind");
    return isDense_ ? dense_.kind() : tiled_->kind();
  }

private:
  DenseValue dense_;
  std::shared_ptr<const TiledValue> tiled_;
  mlir::Operation *function_ = nullptr;
  bool isDense_ = false;
};

/// The logical elements of a tiled value as a dense C-order tensor of its
/// full shape (reserved against `budget`).
llvm::Expected<DenseValue> toDense(const TiledValue &tiled,
                                   const MemoryBudgetRef &budget = nullptr);
/// Packs a dense value of rank >= 2 into a tiled one of `geometry` (padding
/// zero; the leading dimensions are the batch), swapping its two minor
/// dimensions first when `transpose` (on `threads` threads, 0: all).
/// Errors on a rank or element-type mismatch or when the storage is not
/// admitted by `budget`.
llvm::Expected<TiledValue> packDense(const DenseValue &dense,
                                     rt::Geometry geometry,
                                     bool transpose = false, int threads = 1,
                                     const MemoryBudgetRef &budget = nullptr);
/// A dense view of a value: itself, or the logical elements of a tiled one
/// (reserved against `budget`).
llvm::Expected<DenseValue> asDense(const RtValue &value,
                                   const MemoryBudgetRef &budget = nullptr);

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

/// The shortest decimal that reads back as the same value ("1", "0.1",
/// "-0", "1e+10", "inf", "nan"); integers in decimal (i1 as 0/1). bf16 and
/// f16 print the shortest f32 decimal of their (exact) f32 value.
/// With `isUnsigned`, an integer prints as unsigned (a `ui8` 255, not -1).
std::string formatElement(ElementKind kind, const void *element,
                          bool isUnsigned = false);
/// Element `index` (C order) of `value`, formatted.
std::string formatElementAt(const DenseValue &value, int64_t index,
                            bool isUnsigned = false);
/// Raw bits in hex ("0x3fc00000") for floats, the value for integers.
std::string formatBits(const DenseValue &value, int64_t index);

/// Prints `value` as nested brackets, e.g. "[[1, 2], [3, 4]]", or a scalar
/// as "1.5". With `limit` > 0 and more elements than that, prints
/// "<N elements not printed>" instead.
/// `isUnsigned`: integers print as unsigned.
void printDense(llvm::raw_ostream &os, const DenseValue &value,
                int64_t limit = 0, bool isUnsigned = false);

} // namespace systile::interp

#endif // SYSTILE_INTERPRETER_VALUE_H
