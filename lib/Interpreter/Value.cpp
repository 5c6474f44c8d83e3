//===- Value.cpp - Run-time values of the systile interpreter -------------===//
//
// Storage, printing, .npy conversion and ULP comparison of interpreter
// values. Floats print with std::to_chars' shortest round-trip form, so a
// printed result reads back bit for bit and FileCheck lines stay short.
//
//===----------------------------------------------------------------------===//

#include "systile/Interpreter/Value.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Format.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <functional>
#include <new>

using namespace systile::interp;
namespace rt = systile::rt;

const char *systile::interp::toString(ElementKind kind) {
  switch (kind) {
  case ElementKind::F32:
    return "f32";
  case ElementKind::BF16:
    return "bf16";
  case ElementKind::I8:
    return "i8";
  case ElementKind::I32:
    return "i32";
  }
  return "?";
}

size_t systile::interp::elementSize(ElementKind kind) {
  switch (kind) {
  case ElementKind::F32:
  case ElementKind::I32:
    return 4;
  case ElementKind::BF16:
    return 2;
  case ElementKind::I8:
    return 1;
  }
  return 1;
}

bool systile::interp::isFloat(ElementKind kind) {
  return kind == ElementKind::F32 || kind == ElementKind::BF16;
}

std::optional<ElementKind> systile::interp::getElementKind(mlir::Type type) {
  if (type.isF32())
    return ElementKind::F32;
  if (type.isBF16())
    return ElementKind::BF16;
  if (type.isSignlessInteger(8))
    return ElementKind::I8;
  if (type.isSignlessInteger(32))
    return ElementKind::I32;
  return std::nullopt;
}

NpyElement systile::interp::toNpyElement(ElementKind kind) {
  switch (kind) {
  case ElementKind::F32:
    return NpyElement::F32;
  case ElementKind::BF16:
    return NpyElement::BF16;
  case ElementKind::I8:
    return NpyElement::I8;
  case ElementKind::I32:
    return NpyElement::I32;
  }
  return NpyElement::F32;
}

ElementKind systile::interp::fromNpyElement(NpyElement element) {
  switch (element) {
  case NpyElement::F32:
    return ElementKind::F32;
  case NpyElement::BF16:
    return ElementKind::BF16;
  case NpyElement::I8:
    return ElementKind::I8;
  case NpyElement::I32:
    return ElementKind::I32;
  }
  return ElementKind::F32;
}

//===----------------------------------------------------------------------===//
// DenseValue
//===----------------------------------------------------------------------===//

namespace {
int64_t product(llvm::ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    if (__builtin_mul_overflow(n, d, &n) || n > (INT64_MAX >> 3))
      llvm::report_fatal_error("tensor too large: its size overflows int64");
  return n;
}

struct AlignedFree {
  void operator()(void *p) const { ::operator delete(p, std::align_val_t(64)); }
};
} // namespace

DenseValue DenseValue::uninitialized(ElementKind kind,
                                     llvm::ArrayRef<int64_t> shape) {
  DenseValue v;
  v.kind_ = kind;
  v.shape_.assign(shape.begin(), shape.end());
  v.numElements_ = product(shape);
  size_t bytes = std::max<size_t>(1, v.sizeInBytes());
  void *p = ::operator new(bytes, std::align_val_t(64), std::nothrow);
  if (!p) // Reported by the tool's fatal error handler as an error, exit 1.
    llvm::report_fatal_error("out of memory: cannot allocate " +
                             llvm::Twine(bytes) + " bytes for a " +
                             toString(kind) + " tensor");
  v.owner_ = std::shared_ptr<void>(p, AlignedFree());
  v.data_ = p;
  return v;
}

DenseValue DenseValue::zeros(ElementKind kind, llvm::ArrayRef<int64_t> shape) {
  DenseValue v = uninitialized(kind, shape);
  std::memset(v.mutableData<char>(), 0, v.sizeInBytes());
  return v;
}

DenseValue DenseValue::adopt(ElementKind kind, llvm::ArrayRef<int64_t> shape,
                             std::shared_ptr<const void> owner,
                             const void *data) {
  DenseValue v;
  v.kind_ = kind;
  v.shape_.assign(shape.begin(), shape.end());
  v.numElements_ = product(shape);
  v.owner_ = std::move(owner);
  v.data_ = data;
  return v;
}

DenseValue systile::interp::denseFromNpy(NpyArray &&array) {
  ElementKind kind = fromNpyElement(array.element);
  size_t align = elementSize(kind);
  if (reinterpret_cast<uintptr_t>(array.data) % align == 0) {
    const void *data = array.data;
    std::shared_ptr<const void> owner(
        array.buffer.release(), [](const void *p) {
          delete static_cast<const llvm::MemoryBuffer *>(p);
        });
    return DenseValue::adopt(kind, array.shape, std::move(owner), data);
  }
  DenseValue v = DenseValue::uninitialized(kind, array.shape);
  std::memcpy(v.mutableData<char>(), array.data, v.sizeInBytes());
  return v;
}

//===----------------------------------------------------------------------===//
// TiledValue
//===----------------------------------------------------------------------===//

namespace {
template <typename T> constexpr ElementKind kindOf() {
  if constexpr (std::is_same_v<T, float>)
    return ElementKind::F32;
  else if constexpr (std::is_same_v<T, rt::bf16>)
    return ElementKind::BF16;
  else if constexpr (std::is_same_v<T, int8_t>)
    return ElementKind::I8;
  else
    return ElementKind::I32;
}
} // namespace

ElementKind TiledValue::kind() const {
  return std::visit(
      [](const auto &m) {
        using T = typename std::decay_t<decltype(m)>::value_type;
        return kindOf<T>();
      },
      matrix);
}

rt::Shape TiledValue::shape() const {
  return std::visit([](const auto &m) { return m.shape(); }, matrix);
}

const rt::Layout &TiledValue::layout() const {
  return std::visit(
      [](const auto &m) -> const rt::Layout & { return m.layout(); }, matrix);
}

DenseValue systile::interp::toDense(const TiledValue &tiled) {
  rt::Shape s = tiled.shape();
  DenseValue v = DenseValue::uninitialized(tiled.kind(), {s.rows, s.cols});
  std::visit(
      [&](const auto &m) {
        using T = typename std::decay_t<decltype(m)>::value_type;
        m.toDense(v.mutableData<T>());
      },
      tiled.matrix);
  return v;
}

llvm::Expected<TiledValue> systile::interp::packDense(const DenseValue &dense,
                                                      rt::Geometry geometry) {
  if (dense.rank() != 2)
    return llvm::createStringError("cannot pack a rank-" +
                                   std::to_string(dense.rank()) +
                                   " value; tiled tensors are rank 2");
  rt::Shape shape{dense.shape()[0], dense.shape()[1]};
  auto pack = [&](auto tag) -> llvm::Expected<TiledValue> {
    using T = decltype(tag);
    auto m = rt::TiledMatrix<T>::fromDense(shape, geometry, dense.data<T>());
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
  }
  return llvm::createStringError("unknown element kind");
}

DenseValue systile::interp::asDense(const RtValue &value) {
  return value.isDense() ? value.dense() : toDense(value.tiled());
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

namespace {
std::string formatFloat(float f) {
  if (std::isnan(f))
    return std::signbit(f) ? "-nan" : "nan";
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof(buf), f);
  return std::string(buf, r.ptr);
}

uint32_t floatBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof(u));
  return u;
}
} // namespace

std::string systile::interp::formatElement(ElementKind kind,
                                           const void *element) {
  switch (kind) {
  case ElementKind::F32: {
    float f;
    std::memcpy(&f, element, sizeof(f));
    return formatFloat(f);
  }
  case ElementKind::BF16: {
    uint16_t bits;
    std::memcpy(&bits, element, sizeof(bits));
    return formatFloat(rt::bf16::fromBits(bits).toFloat());
  }
  case ElementKind::I8:
    return std::to_string(int(*static_cast<const int8_t *>(element)));
  case ElementKind::I32: {
    int32_t i;
    std::memcpy(&i, element, sizeof(i));
    return std::to_string(i);
  }
  }
  return "?";
}

std::string systile::interp::formatElementAt(const DenseValue &value,
                                             int64_t index) {
  return formatElement(value.kind(),
                       value.data<char>() + index * elementSize(value.kind()));
}

std::string systile::interp::formatBits(const DenseValue &value,
                                        int64_t index) {
  std::string s;
  llvm::raw_string_ostream os(s);
  switch (value.kind()) {
  case ElementKind::F32:
    os << llvm::format_hex(floatBits(value.data<float>()[index]), 10);
    break;
  case ElementKind::BF16:
    os << llvm::format_hex(value.data<rt::bf16>()[index].bits(), 6);
    break;
  default:
    os << formatElementAt(value, index);
  }
  return s;
}

void systile::interp::printDense(llvm::raw_ostream &os, const DenseValue &value,
                                 int64_t limit) {
  if (limit > 0 && value.numElements() > limit) {
    os << "<" << value.numElements() << " elements not printed>";
    return;
  }
  if (value.rank() == 0) {
    os << formatElementAt(value, 0);
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
        os << formatElementAt(value, index++);
      else
        print(dim + 1);
    }
    os << ']';
  };
  print(0);
}

//===----------------------------------------------------------------------===//
// Comparison
//===----------------------------------------------------------------------===//

namespace {
/// Maps float bits to a line where consecutive representable values are
/// consecutive integers (-0 is -1, +0 is 0).
int64_t orderedFloat(uint32_t bits, unsigned width) {
  uint32_t signBit = 1u << (width - 1);
  if (bits & signBit)
    return -static_cast<int64_t>(bits & (signBit - 1)) - 1;
  return bits;
}
} // namespace

std::string Comparison::maxUlpStr() const {
  return infiniteUlp ? "inf" : std::to_string(maxUlp);
}

Comparison systile::interp::compare(const DenseValue &actual,
                                    const DenseValue &expected) {
  Comparison c;
  c.numElements = actual.numElements();
  auto note = [&](int64_t i, bool differs, uint64_t ulp, bool infinite) {
    if (!differs)
      return;
    ++c.numDiffering;
    bool worse = infinite
                     ? !c.infiniteUlp
                     : (!c.infiniteUlp && (ulp > c.maxUlp || c.worstIndex < 0));
    if (worse) {
      c.worstIndex = i;
      c.maxUlp = ulp;
      c.infiniteUlp = infinite;
    }
  };
  auto floats = [&](auto getBits, unsigned width) {
    uint32_t expMask = width == 32 ? 0x7f800000u : 0x7f80u;
    uint32_t absMask = width == 32 ? 0x7fffffffu : 0x7fffu;
    for (int64_t i = 0; i < c.numElements; ++i) {
      uint32_t a = getBits(actual, i), e = getBits(expected, i);
      bool aNaN = (a & absMask) > expMask, eNaN = (e & absMask) > expMask;
      if (aNaN || eNaN) {
        note(i, aNaN != eNaN, 0, /*infinite=*/true);
        continue;
      }
      int64_t d = orderedFloat(a, width) - orderedFloat(e, width);
      note(i, a != e, static_cast<uint64_t>(d < 0 ? -d : d), false);
    }
  };
  switch (actual.kind()) {
  case ElementKind::F32:
    floats([](const DenseValue &v,
              int64_t i) { return floatBits(v.data<float>()[i]); },
           32);
    break;
  case ElementKind::BF16:
    floats([](const DenseValue &v,
              int64_t i) { return uint32_t(v.data<rt::bf16>()[i].bits()); },
           16);
    break;
  case ElementKind::I8:
  case ElementKind::I32:
    for (int64_t i = 0; i < c.numElements; ++i) {
      int64_t a = actual.kind() == ElementKind::I8 ? actual.data<int8_t>()[i]
                                                   : actual.data<int32_t>()[i];
      int64_t e = actual.kind() == ElementKind::I8
                      ? expected.data<int8_t>()[i]
                      : expected.data<int32_t>()[i];
      note(i, a != e, static_cast<uint64_t>(a > e ? a - e : e - a), false);
    }
    break;
  }
  return c;
}
