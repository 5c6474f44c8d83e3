//===- Value.cpp - Run-time values of the systile interpreter -------------===//
//
// Storage, budgeted allocation and printing of interpreter values. Floats
// print with std::to_chars' shortest round-trip form, so a printed result
// reads back bit for bit and FileCheck lines stay short.
//
//===----------------------------------------------------------------------===//

#include "systile/Interpreter/Value.h"

#include "mlir/IR/TypeUtilities.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/Format.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <functional>

using namespace systile::interp;
namespace rt = systile::rt;

//===----------------------------------------------------------------------===//
// Element kinds
//===----------------------------------------------------------------------===//

const char *systile::interp::toString(ElementKind kind) {
  static const char *names[] = {"i1",    "i8",   "i16", "i32", "i64",
                                "index", "bf16", "f16", "f32", "f64"};
  return names[static_cast<int>(kind)];
}

size_t systile::interp::elementSize(ElementKind kind) {
  return visitKind(kind, [](auto tag) { return sizeof(typename decltype(tag)::type); });
}

bool systile::interp::isFloat(ElementKind kind) {
  return kind == ElementKind::BF16 || kind == ElementKind::F16 ||
         kind == ElementKind::F32 || kind == ElementKind::F64;
}

unsigned systile::interp::bitWidth(ElementKind kind) {
  static const unsigned widths[] = {1, 8, 16, 32, 64, 64, 16, 16, 32, 64};
  return widths[static_cast<int>(kind)];
}

std::optional<ElementKind> systile::interp::getElementKind(mlir::Type type) {
  if (type.isF32())
    return ElementKind::F32;
  if (type.isBF16())
    return ElementKind::BF16;
  if (type.isF16())
    return ElementKind::F16;
  if (type.isF64())
    return ElementKind::F64;
  if (type.isIndex())
    return ElementKind::Index;
  if (auto i = mlir::dyn_cast<mlir::IntegerType>(type)) {
    switch (i.getWidth()) {
    case 1:
      return ElementKind::I1;
    case 8:
      return ElementKind::I8;
    case 16:
      return ElementKind::I16;
    case 32:
      return ElementKind::I32;
    case 64:
      return ElementKind::I64;
    }
  }
  return std::nullopt;
}

bool systile::interp::isUnsignedElement(mlir::Type type) {
  auto i = mlir::dyn_cast<mlir::IntegerType>(mlir::getElementTypeOrSelf(type));
  return i && i.isUnsigned();
}

const char *systile::interp::npyDescr(ElementKind kind, bool isUnsigned) {
  if (isUnsigned)
    switch (kind) {
    case ElementKind::I8:
      return "|u1";
    case ElementKind::I16:
      return "<u2";
    case ElementKind::I32:
      return "<u4";
    case ElementKind::I64:
      return "<u8";
    default:
      break;
    }
  static const char *descrs[] = {"|b1", "|i1", "<i2", "<i4", "<i8",
                                 "<i8", "<u2", "<f2", "<f4", "<f8"};
  return descrs[static_cast<int>(kind)];
}

//===----------------------------------------------------------------------===//
// Memory budget
//===----------------------------------------------------------------------===//

std::string systile::interp::formatBytes(uint64_t bytes) {
  return rt::formatBytes(bytes, /*decimals=*/2);
}

llvm::Error MemoryBudget::reserve(uint64_t bytes, llvm::StringRef what) {
  uint64_t now = live_.fetch_add(bytes, std::memory_order_relaxed) + bytes;
  if (limit_ && (now > limit_ || now < bytes)) {
    live_.fetch_sub(bytes, std::memory_order_relaxed);
    return llvm::createStringError(
        what + " needs " + formatBytes(bytes) + ", which exceeds the memory "
        "budget (" + formatBytes(limit_) + ", " + formatBytes(now - bytes) +
        " in use; raise it with --max-memory)");
  }
  uint64_t peak = peak_.load(std::memory_order_relaxed);
  while (now > peak &&
         !peak_.compare_exchange_weak(peak, now, std::memory_order_relaxed))
    ;
  return llvm::Error::success();
}

uint64_t MemoryBudget::available() const {
  return limit_ ? limit_ - std::min(limit_, live()) : UINT64_MAX;
}

llvm::Error systile::interp::admit(const MemoryBudgetRef &budget,
                                   uint64_t bytes, llvm::StringRef what) {
  if (!budget)
    return llvm::Error::success();
  if (llvm::Error e = budget->reserve(bytes, what))
    return e;
  budget->release(bytes);
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// DenseValue
//===----------------------------------------------------------------------===//

namespace {
/// product(shape), or nullopt when it or its byte size overflows.
std::optional<int64_t> elementCount(llvm::ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    if (d < 0 || __builtin_mul_overflow(n, d, &n) || n > (INT64_MAX >> 4))
      return std::nullopt;
  return n;
}

std::string shapeString(llvm::ArrayRef<int64_t> shape, ElementKind kind) {
  std::string s;
  for (int64_t d : shape)
    s += std::to_string(d) + "x";
  return "a tensor<" + s + toString(kind) + ">";
}

/// Frees budgeted storage and gives its bytes back to the budget.
struct BudgetedFree {
  uint64_t bytes;
  MemoryBudgetRef budget;
  void operator()(void *p) const {
    rt::deallocate(p);
    if (budget)
      budget->release(bytes);
  }
};
} // namespace

llvm::Expected<DenseValue> DenseValue::allocate(ElementKind kind,
                                                llvm::ArrayRef<int64_t> shape,
                                                bool zero,
                                                const MemoryBudgetRef &budget) {
  std::optional<int64_t> count = elementCount(shape);
  if (!count)
    return llvm::createStringError(shapeString(shape, kind) +
                                   " is too large: its size overflows int64");
  DenseValue v;
  v.kind_ = kind;
  v.shape_.assign(shape.begin(), shape.end());
  v.numElements_ = *count;
  uint64_t bytes = std::max<uint64_t>(64, (v.sizeInBytes() + 63) & ~63ull);
  if (budget)
    if (llvm::Error e = budget->reserve(bytes, shapeString(shape, kind)))
      return std::move(e);
  // aligned_alloc returns null on failure; operator new would call the
  // tool's out-of-memory handler, which aborts.
  // rt::tryAllocate: 64-byte aligned, and a freed block is reused by the
  // next request of its size (aligned_alloc's are not).
  rt::Expected<void *> allocated = rt::tryAllocate(bytes, 1, "tensor");
  void *p = allocated ? *allocated : nullptr;
  if (!p) {
    if (budget)
      budget->release(bytes);
    return llvm::createStringError("out of memory: cannot allocate " +
                                   formatBytes(bytes) + " for " +
                                   shapeString(shape, kind));
  }
  if (zero)
    std::memset(p, 0, v.sizeInBytes());
  v.owner_ = std::shared_ptr<void>(p, BudgetedFree{bytes, budget});
  v.data_ = p;
  v.writable_ = true;
  return v;
}

DenseValue DenseValue::adopt(ElementKind kind, llvm::ArrayRef<int64_t> shape,
                             std::shared_ptr<const void> owner,
                             const void *data) {
  DenseValue v;
  v.kind_ = kind;
  v.shape_.assign(shape.begin(), shape.end());
  v.numElements_ = elementCount(shape).value_or(0);
  v.owner_ = std::move(owner);
  v.data_ = data;
  return v;
}

DenseValue DenseValue::reshaped(llvm::ArrayRef<int64_t> shape) const {
  DenseValue v = *this;
  v.shape_.assign(shape.begin(), shape.end());
  return v;
}

llvm::Expected<DenseValue>
DenseValue::clone(const MemoryBudgetRef &budget) const {
  auto copy = allocate(kind_, shape_, /*zero=*/false, budget);
  if (copy && numElements_)
    std::memcpy(copy->mutableData<char>(), data_, sizeInBytes());
  return copy;
}

double systile::interp::loadAsDouble(const DenseValue &v, int64_t i) {
  return visitKind(v.kind(), [&](auto tag) -> double {
    using T = typename decltype(tag)::type;
    T x = v.data<T>()[i];
    if constexpr (std::is_same_v<T, rt::bf16> || std::is_same_v<T, Half>)
      return x.toFloat();
    else
      return static_cast<double>(x);
  });
}

int64_t systile::interp::loadAsInt(const DenseValue &v, int64_t i) {
  return visitKind(v.kind(), [&](auto tag) -> int64_t {
    using T = typename decltype(tag)::type;
    T x = v.data<T>()[i];
    if constexpr (std::is_same_v<T, rt::bf16> || std::is_same_v<T, Half>)
      return static_cast<int64_t>(x.toFloat());
    else
      return static_cast<int64_t>(x);
  });
}

//===----------------------------------------------------------------------===//
// TiledValue
//===----------------------------------------------------------------------===//

namespace {
template <typename T> constexpr ElementKind tiledKindOf() {
  if constexpr (std::is_same_v<T, float>)
    return ElementKind::F32;
  else if constexpr (std::is_same_v<T, rt::bf16>)
    return ElementKind::BF16;
  else if constexpr (std::is_same_v<T, int8_t>)
    return ElementKind::I8;
  else if constexpr (std::is_same_v<T, double>)
    return ElementKind::F64;
  else
    return ElementKind::I32;
}
} // namespace

ElementKind TiledValue::kind() const {
  return std::visit(
      [](const auto &m) {
        using T = typename std::decay_t<decltype(m)>::value_type;
        return tiledKindOf<T>();
      },
      batch);
}

rt::Shape TiledValue::shape() const {
  return std::visit([](const auto &m) { return m.shape(); }, batch);
}

const rt::Layout &TiledValue::layout() const {
  return std::visit(
      [](const auto &m) -> const rt::Layout & { return m.layout(); }, batch);
}

const rt::BatchShape &TiledValue::batchShape() const {
  return std::visit(
      [](const auto &m) -> const rt::BatchShape & { return m.batchShape(); },
      batch);
}

int64_t TiledValue::numMatrices() const {
  return std::visit([](const auto &m) { return m.numMatrices(); }, batch);
}

llvm::SmallVector<int64_t, 4> TiledValue::fullShape() const {
  llvm::SmallVector<int64_t, 4> s(batchShape().begin(), batchShape().end());
  s.push_back(shape().rows);
  s.push_back(shape().cols);
  return s;
}

TiledMatrixVariant TiledValue::matrix(int64_t b) const {
  return std::visit(
      [&](const auto &m) { return TiledMatrixVariant(m.matrix(b)); }, batch);
}

llvm::Expected<DenseValue>
systile::interp::toDense(const TiledValue &tiled,
                         const MemoryBudgetRef &budget) {
  auto v = DenseValue::allocate(tiled.kind(), tiled.fullShape(),
                                /*zero=*/false, budget);
  if (!v)
    return v.takeError();
  std::visit(
      [&](const auto &m) {
        using T = typename std::decay_t<decltype(m)>::value_type;
        m.toDense(v->mutableData<T>());
      },
      tiled.batch);
  return v;
}

llvm::Expected<TiledValue>
systile::interp::packDense(const DenseValue &dense, rt::Geometry geometry,
                           bool transpose, int threads,
                           const MemoryBudgetRef &budget) {
  if (dense.rank() < 2)
    return llvm::createStringError("cannot pack a rank-" +
                                   std::to_string(dense.rank()) +
                                   " value; tiled tensors have rank >= 2");
  llvm::ArrayRef<int64_t> full = dense.shape();
  rt::BatchShape batch(full.begin(), full.end() - 2);
  rt::Shape shape{full[full.size() - 2], full.back()};
  if (transpose)
    std::swap(shape.rows, shape.cols);
  rt::Expected<rt::Layout> layout = rt::Layout::get(shape, geometry);
  if (!layout)
    return llvm::createStringError(layout.error());
  // numElements(dense) fits in int64, so the matrix count does too; the
  // storage size is checked by the runtime.
  uint64_t bytes = 0;
  if (__builtin_mul_overflow(
          static_cast<uint64_t>(layout->numElements()),
          static_cast<uint64_t>(dense.numElements() /
                                layout->numLogicalElements()) *
              elementSize(dense.kind()),
          &bytes))
    bytes = UINT64_MAX;
  auto pack = [&](auto tag) -> llvm::Expected<TiledValue> {
    using T = decltype(tag);
    // Tiled storage is owned by the runtime; the reservation is an
    // admission check only.
    if (llvm::Error e = admit(budget, bytes, "tiled storage"))
      return std::move(e);
    auto m = transpose ? rt::TiledBatch<T>::fromDenseTransposed(
                             batch, shape, geometry, dense.data<T>(), threads)
                       : rt::TiledBatch<T>::fromDense(
                             batch, shape, geometry, dense.data<T>(), threads);
    if (!m)
      return llvm::createStringError(m.error());
    return TiledValue{m.take()};
  };
  switch (dense.kind()) {
  case ElementKind::F32:
    return pack(float());
  case ElementKind::BF16:
    return pack(rt::bf16());
  case ElementKind::I8:
    return pack(int8_t());
  case ElementKind::I32:
    return pack(int32_t());
  case ElementKind::F64:
    return pack(double());
  default:
    return llvm::createStringError(std::string("cannot pack ") +
                                   toString(dense.kind()) +
                                   " elements (tiled tensors hold f32, bf16, "
                                   "f64, i8 or i32)");
  }
}

llvm::Expected<DenseValue>
systile::interp::asDense(const RtValue &value, const MemoryBudgetRef &budget) {
  if (value.isDense())
    return value.dense();
  if (!value.isTiled())
    return llvm::createStringError("a function value has no elements");
  return toDense(value.tiled(), budget);
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

namespace {
template <typename F> std::string formatFloat(F f) {
  if (std::isnan(f))
    return std::signbit(f) ? "-nan" : "nan";
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof(buf), f);
  return std::string(buf, r.ptr);
}
} // namespace

std::string systile::interp::formatElement(ElementKind kind,
                                           const void *element,
                                           bool isUnsigned) {
  return visitKind(kind, [&](auto tag) -> std::string {
    using T = typename decltype(tag)::type;
    T x;
    std::memcpy(&x, element, sizeof(T));
    if constexpr (std::is_same_v<T, rt::bf16> || std::is_same_v<T, Half>)
      return formatFloat(x.toFloat());
    else if constexpr (std::is_floating_point_v<T>)
      return formatFloat(x);
    else if (isUnsigned)
      return std::to_string(static_cast<std::make_unsigned_t<T>>(x));
    else
      return std::to_string(static_cast<int64_t>(x));
  });
}

std::string systile::interp::formatElementAt(const DenseValue &value,
                                             int64_t index, bool isUnsigned) {
  return formatElement(value.kind(),
                       value.data<char>() + index * elementSize(value.kind()),
                       isUnsigned);
}

std::string systile::interp::formatBits(const DenseValue &value,
                                        int64_t index) {
  if (!isFloat(value.kind()))
    return formatElementAt(value, index);
  size_t size = elementSize(value.kind());
  uint64_t bits = 0;
  std::memcpy(&bits, value.data<char>() + index * size, size);
  std::string s;
  llvm::raw_string_ostream os(s);
  os << llvm::format_hex(bits, 2 + 2 * size);
  return s;
}

void systile::interp::printDense(llvm::raw_ostream &os, const DenseValue &value,
                                 int64_t limit, bool isUnsigned) {
  if (limit > 0 && value.numElements() > limit) {
    os << "<" << value.numElements() << " elements not printed>";
    return;
  }
  if (value.rank() == 0) {
    os << formatElementAt(value, 0, isUnsigned);
    return;
  }
  llvm::ArrayRef<int64_t> shape = value.shape();
  int64_t index = 0;
  // Recursive descent over dimensions, C order.
  std::function<void(size_t)> print = [&](size_t dim) {
    os << '[';
    for (int64_t i = 0; i < shape[dim]; ++i) {
      if (i)
        os << ", ";
      if (dim + 1 == shape.size())
        os << formatElementAt(value, index++, isUnsigned);
      else
        print(dim + 1);
    }
    os << ']';
  };
  print(0);
}
