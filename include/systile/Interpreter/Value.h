//===- Value.h - Run-time values of the systile interpreter -----*- C++ -*-===//
//
// What an SSA value holds while systile-run executes a function: a dense
// tensor or scalar (`DenseValue`, C-order elements) or a tiled tensor
// (`TiledValue`, a runtime `rt::TiledMatrix` in hardware storage order).
// Both are immutable once built and cheap to copy (shared storage), so the
// interpreter can bind one result to many uses without copying data.
//
// Also here: the stable text form of values (what `result #i:` lines
// print), the conversions from and to .npy arrays, and the element-wise
// comparison with a ULP distance used by --expect and --compare-after.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_INTERPRETER_VALUE_H
#define SYSTILE_INTERPRETER_VALUE_H

#include "systile/Interpreter/Npy.h"
#include "systile/Runtime/TiledMatrix.h"

#include "mlir/IR/Types.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>

namespace systile::interp {

/// Element types the interpreter computes with.
enum class ElementKind { F32, BF16, I8, I32 };

const char *toString(ElementKind kind);
size_t elementSize(ElementKind kind);
bool isFloat(ElementKind kind);
/// f32, bf16, i8 or i32 (signless integers); nullopt for anything else.
std::optional<ElementKind> getElementKind(mlir::Type type);
NpyElement toNpyElement(ElementKind kind);
ElementKind fromNpyElement(NpyElement element);

/// A dense, C-order tensor (rank >= 1) or a scalar (rank 0).
class DenseValue {
public:
  DenseValue() = default;
  /// New storage for product(shape) elements, zero-filled.
  static DenseValue zeros(ElementKind kind, llvm::ArrayRef<int64_t> shape);
  /// Uninitialised storage, for results that overwrite every element.
  static DenseValue uninitialized(ElementKind kind,
                                  llvm::ArrayRef<int64_t> shape);
  /// Shares `owner`'s memory; `data` must stay valid while `owner` lives and
  /// be aligned for the element type.
  static DenseValue adopt(ElementKind kind, llvm::ArrayRef<int64_t> shape,
                          std::shared_ptr<const void> owner, const void *data);

  ElementKind kind() const { return kind_; }
  llvm::ArrayRef<int64_t> shape() const { return shape_; }
  int64_t rank() const { return static_cast<int64_t>(shape_.size()); }
  int64_t numElements() const { return numElements_; }
  size_t sizeInBytes() const { return numElements_ * elementSize(kind_); }

  const void *rawData() const { return data_; }
  template <typename T> const T *data() const {
    return static_cast<const T *>(data_);
  }
  /// Writable access, only for the value's producer before it is shared.
  template <typename T> T *mutableData() {
    return static_cast<T *>(const_cast<void *>(data_));
  }

private:
  ElementKind kind_ = ElementKind::F32;
  llvm::SmallVector<int64_t, 2> shape_;
  int64_t numElements_ = 0;
  std::shared_ptr<const void> owner_;
  const void *data_ = nullptr;
};

using TiledMatrixVariant =
    std::variant<rt::TiledMatrix<float>, rt::TiledMatrix<rt::bf16>,
                 rt::TiledMatrix<int8_t>, rt::TiledMatrix<int32_t>>;

/// A tiled tensor held by the runtime.
struct TiledValue {
  TiledMatrixVariant matrix;

  ElementKind kind() const;
  rt::Shape shape() const;
  const rt::Layout &layout() const;
};

/// What one SSA value holds.
class RtValue {
public:
  RtValue() = default;
  RtValue(DenseValue dense) : dense_(std::move(dense)), isDense_(true) {}
  RtValue(TiledValue tiled)
      : tiled_(std::make_shared<const TiledValue>(std::move(tiled))) {}
  template <typename T>
  RtValue(rt::TiledMatrix<T> matrix) : RtValue(TiledValue{std::move(matrix)}) {}

  bool isDense() const { return isDense_; }
  bool isTiled() const { return tiled_ != nullptr; }
  const DenseValue &dense() const { return dense_; }
  const TiledValue &tiled() const { return *tiled_; }
  ElementKind kind() const { return isDense_ ? dense_.kind() : tiled_->kind(); }

private:
  DenseValue dense_;
  std::shared_ptr<const TiledValue> tiled_;
  bool isDense_ = false;
};

/// The logical elements of a tiled value as a dense C-order matrix.
DenseValue toDense(const TiledValue &tiled);
/// Packs a rank-2 dense value into a tiled one of `geometry` (padding zero).
/// Errors on a rank or element-type mismatch.
llvm::Expected<TiledValue> packDense(const DenseValue &dense,
                                     rt::Geometry geometry);
/// A dense view of a value: itself, or the logical elements of a tiled one.
DenseValue asDense(const RtValue &value);

/// Wraps a parsed .npy array (sharing its buffer when the data is aligned).
DenseValue denseFromNpy(NpyArray &&array);

/// The shortest decimal that reads back as the same value ("1", "0.1",
/// "-0", "1e+10", "inf", "nan"); integers in decimal. bf16 prints the
/// shortest f32 decimal of its (exact) f32 value.
std::string formatElement(ElementKind kind, const void *element);
/// Element `index` (C order) of `value`, formatted.
std::string formatElementAt(const DenseValue &value, int64_t index);
/// Raw bits in hex ("0x3fc00000") for floats, the value for integers.
std::string formatBits(const DenseValue &value, int64_t index);

/// Prints `value` as nested brackets, e.g. "[[1, 2], [3, 4]]", or a scalar
/// as "1.5". With `limit` > 0 and more elements than that, prints
/// "<N elements not printed>" instead.
void printDense(llvm::raw_ostream &os, const DenseValue &value,
                int64_t limit = 0);

/// Element-wise comparison of two values of one element kind and shape.
struct Comparison {
  int64_t numElements = 0;
  /// Elements whose bits differ (two NaNs count as equal).
  int64_t numDiffering = 0;
  /// Largest distance in units in the last place: the number of
  /// representable values between the two (+0 and -0 are neighbours) for
  /// floats, |a - b| for integers. A NaN against a non-NaN is infinite.
  uint64_t maxUlp = 0;
  bool infiniteUlp = false;
  /// C-order index of the first element with the largest distance, or -1.
  int64_t worstIndex = -1;

  /// "0", "12", "inf".
  std::string maxUlpStr() const;
  bool exceeds(uint64_t tolerance) const {
    return infiniteUlp || maxUlp > tolerance;
  }
};

/// Precondition: same kind and number of elements.
Comparison compare(const DenseValue &actual, const DenseValue &expected);

} // namespace systile::interp

#endif // SYSTILE_INTERPRETER_VALUE_H
