//===- Kernels.cpp - Element-wise and reference kernels -------------------===//
//
// Built with -ffp-contract=off (RFC 6): every `a * b + c` below is a rounded
// multiply followed by a rounded add, never an FMA.
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

#include <cmath>
#include <cstring>
#include <limits>

using namespace systile::interp;
namespace rt = systile::rt;

namespace {

llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(message);
}

uint32_t bitsOf(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof(u));
  return u;
}
float fromBits(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof(f));
  return f;
}
float quiet(float nan) { return fromBits(bitsOf(nan) | 0x00400000u); }

/// IEEE 754-2019 maximum/minimum (NaN-propagating, -0 < +0) and
/// maximumNumber/minimumNumber (a NaN operand is ignored).
float maximumF(float a, float b) {
  if (std::isnan(a))
    return quiet(a);
  if (std::isnan(b))
    return quiet(b);
  if (a == 0 && b == 0)
    return std::signbit(a) ? b : a;
  return a > b ? a : b;
}
float minimumF(float a, float b) {
  if (std::isnan(a))
    return quiet(a);
  if (std::isnan(b))
    return quiet(b);
  if (a == 0 && b == 0)
    return std::signbit(a) ? a : b;
  return a < b ? a : b;
}
float maxNumF(float a, float b) {
  if (std::isnan(a))
    return std::isnan(b) ? quiet(a) : b;
  if (std::isnan(b))
    return a;
  return maximumF(a, b);
}
float minNumF(float a, float b) {
  if (std::isnan(a))
    return std::isnan(b) ? quiet(a) : b;
  if (std::isnan(b))
    return a;
  return minimumF(a, b);
}

float applyFloat(FloatBinary op, float a, float b) {
  switch (op) {
  case FloatBinary::Add:
    return a + b;
  case FloatBinary::Sub:
    return a - b;
  case FloatBinary::Mul:
    return a * b;
  case FloatBinary::Div:
    return a / b;
  case FloatBinary::Maximum:
    return maximumF(a, b);
  case FloatBinary::Minimum:
    return minimumF(a, b);
  case FloatBinary::MaxNum:
    return maxNumF(a, b);
  case FloatBinary::MinNum:
    return minNumF(a, b);
  }
  return 0;
}

/// Correctly rounded (nearest, ties to even) integer -> bf16.
rt::bf16 intToBF16(int64_t v) {
  if (v == 0)
    return rt::bf16::fromFloat(0.0f);
  bool negative = v < 0;
  uint64_t mag = negative ? 0 - static_cast<uint64_t>(v) : uint64_t(v);
  int msb = 63 - __builtin_clzll(mag);
  int shift = msb - 7; // bf16 keeps 8 significant bits.
  if (shift > 0) {
    uint64_t kept = mag >> shift, rest = mag & ((uint64_t(1) << shift) - 1);
    uint64_t half = uint64_t(1) << (shift - 1);
    if (rest > half || (rest == half && (kept & 1)))
      ++kept;
    mag = kept << shift;
  }
  // mag now has at most 9 significant bits: exact in f32 and in bf16.
  float f = static_cast<float>(mag);
  return rt::bf16::fromFloat(negative ? -f : f);
}

template <typename T> T *out(DenseValue &v) { return v.mutableData<T>(); }

} // namespace

//===----------------------------------------------------------------------===//
// Element-wise
//===----------------------------------------------------------------------===//

DenseValue systile::interp::floatBinary(FloatBinary op, const DenseValue &a,
                                        const DenseValue &b) {
  DenseValue r = DenseValue::uninitialized(a.kind(), a.shape());
  int64_t n = a.numElements();
  if (a.kind() == ElementKind::F32) {
    const float *x = a.data<float>(), *y = b.data<float>();
    float *z = out<float>(r);
    switch (op) { // The common cases as plain loops the compiler vectorises.
    case FloatBinary::Add:
      for (int64_t i = 0; i < n; ++i)
        z[i] = x[i] + y[i];
      return r;
    case FloatBinary::Sub:
      for (int64_t i = 0; i < n; ++i)
        z[i] = x[i] - y[i];
      return r;
    case FloatBinary::Mul:
      for (int64_t i = 0; i < n; ++i)
        z[i] = x[i] * y[i];
      return r;
    default:
      for (int64_t i = 0; i < n; ++i)
        z[i] = applyFloat(op, x[i], y[i]);
      return r;
    }
  }
  const rt::bf16 *x = a.data<rt::bf16>(), *y = b.data<rt::bf16>();
  rt::bf16 *z = out<rt::bf16>(r);
  for (int64_t i = 0; i < n; ++i)
    z[i] = rt::bf16::fromFloat(applyFloat(op, x[i].toFloat(), y[i].toFloat()));
  return r;
}

DenseValue systile::interp::negF(const DenseValue &a) {
  DenseValue r = DenseValue::uninitialized(a.kind(), a.shape());
  int64_t n = a.numElements();
  if (a.kind() == ElementKind::F32) {
    for (int64_t i = 0; i < n; ++i)
      out<float>(r)[i] = fromBits(bitsOf(a.data<float>()[i]) ^ 0x80000000u);
  } else {
    for (int64_t i = 0; i < n; ++i)
      out<rt::bf16>(r)[i] =
          rt::bf16::fromBits(a.data<rt::bf16>()[i].bits() ^ 0x8000u);
  }
  return r;
}

namespace {
template <typename T>
llvm::Error intLoop(IntBinary op, const T *x, const T *y, T *z, int64_t n) {
  using U = std::make_unsigned_t<T>;
  for (int64_t i = 0; i < n; ++i) {
    T a = x[i], b = y[i];
    U ua = static_cast<U>(a), ub = static_cast<U>(b);
    switch (op) {
    case IntBinary::Add:
      z[i] = static_cast<T>(static_cast<U>(ua + ub));
      break;
    case IntBinary::Sub:
      z[i] = static_cast<T>(static_cast<U>(ua - ub));
      break;
    case IntBinary::Mul:
      z[i] = static_cast<T>(static_cast<U>(uint32_t(ua) * uint32_t(ub)));
      break;
    case IntBinary::MaxS:
      z[i] = a > b ? a : b;
      break;
    case IntBinary::MinS:
      z[i] = a < b ? a : b;
      break;
    case IntBinary::MaxU:
      z[i] = ua > ub ? a : b;
      break;
    case IntBinary::MinU:
      z[i] = ua < ub ? a : b;
      break;
    case IntBinary::And:
      z[i] = static_cast<T>(ua & ub);
      break;
    case IntBinary::Or:
      z[i] = static_cast<T>(ua | ub);
      break;
    case IntBinary::Xor:
      z[i] = static_cast<T>(ua ^ ub);
      break;
    case IntBinary::DivS:
    case IntBinary::RemS:
      if (b == 0)
        return fail("division by zero at element " + llvm::Twine(i));
      if (a == std::numeric_limits<T>::min() && b == -1)
        return fail("signed division overflow (" + llvm::Twine(int64_t(a)) +
                    " / -1) at element " + llvm::Twine(i));
      z[i] =
          op == IntBinary::DivS ? static_cast<T>(a / b) : static_cast<T>(a % b);
      break;
    }
  }
  return llvm::Error::success();
}
} // namespace

llvm::Expected<DenseValue> systile::interp::intBinary(IntBinary op,
                                                      const DenseValue &a,
                                                      const DenseValue &b) {
  DenseValue r = DenseValue::uninitialized(a.kind(), a.shape());
  llvm::Error err =
      a.kind() == ElementKind::I8
          ? intLoop<int8_t>(op, a.data<int8_t>(), b.data<int8_t>(),
                            out<int8_t>(r), a.numElements())
          : intLoop<int32_t>(op, a.data<int32_t>(), b.data<int32_t>(),
                             out<int32_t>(r), a.numElements());
  if (err)
    return std::move(err);
  return r;
}

namespace {
double floatAt(const DenseValue &v, int64_t i) {
  return v.kind() == ElementKind::F32 ? v.data<float>()[i]
                                      : v.data<rt::bf16>()[i].toFloat();
}
int64_t intAt(const DenseValue &v, int64_t i) {
  return v.kind() == ElementKind::I8 ? v.data<int8_t>()[i]
                                     : v.data<int32_t>()[i];
}
} // namespace

llvm::Expected<DenseValue>
systile::interp::castElements(Cast op, const DenseValue &a, ElementKind to) {
  ElementKind from = a.kind();
  auto unsupported = [&]() {
    return fail(llvm::Twine("unsupported conversion from ") + toString(from) +
                " to " + toString(to));
  };
  DenseValue r = DenseValue::uninitialized(to, a.shape());
  int64_t n = a.numElements();
  switch (op) {
  case Cast::ExtF:
    if (from != ElementKind::BF16 || to != ElementKind::F32)
      return unsupported();
    for (int64_t i = 0; i < n; ++i)
      out<float>(r)[i] = a.data<rt::bf16>()[i].toFloat();
    return r;
  case Cast::TruncF:
    if (from != ElementKind::F32 || to != ElementKind::BF16)
      return unsupported();
    for (int64_t i = 0; i < n; ++i)
      out<rt::bf16>(r)[i] = rt::bf16::fromFloat(a.data<float>()[i]);
    return r;
  case Cast::SIToFP:
    if (isFloat(from) || !isFloat(to))
      return unsupported();
    for (int64_t i = 0; i < n; ++i) {
      int64_t v = intAt(a, i);
      if (to == ElementKind::F32) // int32 -> float rounds to nearest even.
        out<float>(r)[i] = static_cast<float>(static_cast<int32_t>(v));
      else
        out<rt::bf16>(r)[i] = intToBF16(v);
    }
    return r;
  case Cast::FPToSI: {
    if (!isFloat(from) || isFloat(to))
      return unsupported();
    double lo = to == ElementKind::I8 ? -128.0 : -2147483648.0;
    double hi = to == ElementKind::I8 ? 127.0 : 2147483647.0;
    for (int64_t i = 0; i < n; ++i) {
      double v = std::trunc(floatAt(a, i));
      if (!(v >= lo && v <= hi))
        return fail("arith.fptosi: element " + llvm::Twine(i) + " (" +
                    formatElementAt(a, i) + ") is not representable in " +
                    toString(to) + " (the result would be poison)");
      if (to == ElementKind::I8)
        out<int8_t>(r)[i] = static_cast<int8_t>(v);
      else
        out<int32_t>(r)[i] = static_cast<int32_t>(v);
    }
    return r;
  }
  case Cast::ExtSI:
  case Cast::ExtUI:
    if (from != ElementKind::I8 || to != ElementKind::I32)
      return unsupported();
    for (int64_t i = 0; i < n; ++i) {
      int8_t v = a.data<int8_t>()[i];
      out<int32_t>(r)[i] =
          op == Cast::ExtSI ? int32_t(v) : int32_t(static_cast<uint8_t>(v));
    }
    return r;
  case Cast::TruncI:
    if (from != ElementKind::I32 || to != ElementKind::I8)
      return unsupported();
    for (int64_t i = 0; i < n; ++i)
      out<int8_t>(r)[i] = static_cast<int8_t>(
          static_cast<uint8_t>(a.data<int32_t>()[i] & 0xff));
    return r;
  }
  return unsupported();
}

//===----------------------------------------------------------------------===//
// Constants and fill
//===----------------------------------------------------------------------===//

llvm::Expected<DenseValue>
systile::interp::denseAttrValue(mlir::Attribute attr, ElementKind kind,
                                llvm::ArrayRef<int64_t> shape) {
  auto dense = llvm::dyn_cast<mlir::DenseIntOrFPElementsAttr>(attr);
  if (!dense)
    return fail("unsupported constant attribute (systile-run reads dense<...> "
                "integer and float literals; dense_resource and sparse "
                "constants are not supported)");
  DenseValue v = DenseValue::uninitialized(kind, shape);
  llvm::ArrayRef<char> raw = dense.getRawData();
  size_t size = elementSize(kind);
  if (dense.isSplat()) {
    if (raw.size() < size)
      return fail("malformed splat constant");
    char *dst = out<char>(v);
    for (int64_t i = 0; i < v.numElements(); ++i)
      std::memcpy(dst + i * size, raw.data(), size);
  } else {
    if (raw.size() != v.sizeInBytes())
      return fail("constant holds " + llvm::Twine(raw.size()) +
                  " bytes, expected " + llvm::Twine(v.sizeInBytes()));
    std::memcpy(out<char>(v), raw.data(), raw.size());
  }
  return v;
}

llvm::Expected<DenseValue> systile::interp::constantValue(mlir::Attribute attr,
                                                          mlir::Type type) {
  mlir::Type elementType = mlir::getElementTypeOrSelf(type);
  std::optional<ElementKind> kind = getElementKind(elementType);
  if (!kind)
    return fail("unsupported element type; systile-run computes with f32, "
                "bf16, i8 and i32");
  if (auto tensor = llvm::dyn_cast<mlir::RankedTensorType>(type)) {
    if (!tensor.hasStaticShape())
      return fail("dynamic shapes are not supported");
    return denseAttrValue(attr, *kind, tensor.getShape());
  }
  if (llvm::isa<mlir::ShapedType>(type))
    return fail("only scalars and ranked tensors are supported");
  DenseValue v = DenseValue::uninitialized(*kind, {});
  if (auto f = llvm::dyn_cast<mlir::FloatAttr>(attr)) {
    uint64_t bits = f.getValue().bitcastToAPInt().getZExtValue();
    if (*kind == ElementKind::F32)
      out<uint32_t>(v)[0] = static_cast<uint32_t>(bits);
    else
      out<rt::bf16>(v)[0] = rt::bf16::fromBits(static_cast<uint16_t>(bits));
    return v;
  }
  if (auto i = llvm::dyn_cast<mlir::IntegerAttr>(attr)) {
    int64_t value = i.getValue().getSExtValue();
    if (*kind == ElementKind::I8)
      out<int8_t>(v)[0] = static_cast<int8_t>(value);
    else
      out<int32_t>(v)[0] = static_cast<int32_t>(value);
    return v;
  }
  return fail("unsupported scalar constant attribute");
}

llvm::Expected<DenseValue>
systile::interp::fill(const DenseValue &scalar, ElementKind kind,
                      llvm::ArrayRef<int64_t> shape) {
  DenseValue one = scalar;
  if (scalar.kind() != kind) {
    Cast cast;
    if (scalar.kind() == ElementKind::F32 && kind == ElementKind::BF16)
      cast = Cast::TruncF;
    else if (scalar.kind() == ElementKind::BF16 && kind == ElementKind::F32)
      cast = Cast::ExtF;
    else if (scalar.kind() == ElementKind::I8 && kind == ElementKind::I32)
      cast = Cast::ExtSI;
    else if (scalar.kind() == ElementKind::I32 && kind == ElementKind::I8)
      cast = Cast::TruncI;
    else
      return fail(llvm::Twine("cannot fill a ") + toString(kind) +
                  " tensor with a " + toString(scalar.kind()) + " value");
    auto converted = castElements(cast, scalar, kind);
    if (!converted)
      return converted.takeError();
    one = *converted;
  }
  DenseValue v = DenseValue::uninitialized(kind, shape);
  size_t size = elementSize(kind);
  char *dst = out<char>(v);
  for (int64_t i = 0; i < v.numElements(); ++i)
    std::memcpy(dst + i * size, one.rawData(), size);
  return v;
}

//===----------------------------------------------------------------------===//
// linalg.matmul
//===----------------------------------------------------------------------===//

namespace {
std::vector<float> widenFloat(const DenseValue &v) {
  std::vector<float> w(v.numElements());
  for (int64_t i = 0; i < v.numElements(); ++i)
    w[i] = static_cast<float>(floatAt(v, i));
  return w;
}
} // namespace

llvm::Expected<DenseValue>
systile::interp::referenceMatmul(const DenseValue &a, const DenseValue &b,
                                 const DenseValue &c) {
  if (a.rank() != 2 || b.rank() != 2 || c.rank() != 2)
    return fail("operands must be rank 2");
  int64_t m = a.shape()[0], k = a.shape()[1], n = b.shape()[1];
  if (b.shape()[0] != k || c.shape()[0] != m || c.shape()[1] != n)
    return fail("operand shapes do not form a matmul");
  DenseValue r = DenseValue::uninitialized(c.kind(), c.shape());
  std::memcpy(out<char>(r), c.rawData(), c.sizeInBytes());

  if (isFloat(a.kind()) && isFloat(b.kind()) && c.kind() == ElementKind::F32) {
    std::vector<float> wa, wb;
    const float *pa = a.data<float>(), *pb = b.data<float>();
    if (a.kind() == ElementKind::BF16) {
      wa = widenFloat(a);
      pa = wa.data();
    }
    if (b.kind() == ElementKind::BF16) {
      wb = widenFloat(b);
      pb = wb.data();
    }
    float *pr = out<float>(r);
    // i, then k, then j: each (i, j) still sees k in increasing order, and
    // the inner loop runs along rows of B and the result.
    for (int64_t i = 0; i < m; ++i) {
      float *row = pr + i * n;
      for (int64_t kk = 0; kk < k; ++kk) {
        float x = pa[i * k + kk];
        const float *brow = pb + kk * n;
        for (int64_t j = 0; j < n; ++j) {
          float product = x * brow[j];
          row[j] = row[j] + product;
        }
      }
    }
    return r;
  }
  if (a.kind() == ElementKind::I8 && b.kind() == ElementKind::I8 &&
      c.kind() == ElementKind::I32) {
    const int8_t *pa = a.data<int8_t>(), *pb = b.data<int8_t>();
    uint32_t *pr = out<uint32_t>(r);
    for (int64_t i = 0; i < m; ++i) {
      uint32_t *row = pr + i * n;
      for (int64_t kk = 0; kk < k; ++kk) {
        uint32_t x = static_cast<uint32_t>(int32_t(pa[i * k + kk]));
        const int8_t *brow = pb + kk * n;
        for (int64_t j = 0; j < n; ++j)
          row[j] += x * static_cast<uint32_t>(int32_t(brow[j]));
      }
    }
    return r;
  }
  return fail(llvm::Twine("unsupported element types ") + toString(a.kind()) +
              " x " + toString(b.kind()) + " -> " + toString(c.kind()) +
              " (supported: f32/bf16 x f32/bf16 -> f32, i8 x i8 -> i32)");
}
