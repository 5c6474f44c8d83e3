//===- ScalarOps.h - Lane-wise kernels of the arith/math models -*- C++ -*-===//
//
// What the arith and math execution models share: the numeric view of each
// element kind (a float kind's compute type and rounding, an integer
// kind's signed/unsigned views and two's-complement wrap), the operand
// broadcast of lane-wise ops (a one-element operand broadcasts against the
// others, see ExecutableOpInterface::supportsLanes), and typed loops over
// contiguous arrays, so a kernel is one inlined lambda per element with no
// per-element dispatch. Private to lib/Interpreter.
//
// Numerics follow upstream's lowering to LLVM on x86 (RFC 6): bf16 and f16
// are computed in f32 and rounded once per LLVM instruction, to nearest
// even; the sources are compiled with -ffp-contract=off.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_LIB_INTERPRETER_SCALAROPS_H
#define SYSTILE_LIB_INTERPRETER_SCALAROPS_H

#include "systile/Interpreter/ExecContext.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

namespace systile::interp::scalar {

//===----------------------------------------------------------------------===//
// Kinds
//===----------------------------------------------------------------------===//

template <ElementKind K>
inline constexpr bool isFloatKind =
    K == ElementKind::BF16 || K == ElementKind::F16 || K == ElementKind::F32 ||
    K == ElementKind::F64;
template <ElementKind K> inline constexpr bool isIntKind = !isFloatKind<K>;

/// f32 -> f16, round to nearest even (F16C on x86, as LLVM emits).
inline Half halfFromFloat(float f) { return Half::fromFloat(f); }
/// f64 -> f16 rounded once (LLVM's fptrunc f64 -> f16 is correctly rounded:
/// __truncdfhf2 or vcvtsd2sh).
inline Half halfFromDouble(double d) {
  _Float16 h = static_cast<_Float16>(d);
  Half r;
  std::memcpy(&r.bits, &h, 2);
  return r;
}

/// A float kind: storage T, compute type C (f32 for bf16/f16, as LLVM
/// promotes them), load (exact) and store (round to nearest even).
template <ElementKind K> struct FloatTraits;
template <> struct FloatTraits<ElementKind::F32> {
  using T = float;
  using C = float;
  static C load(T x) { return x; }
  static T store(C c) { return c; }
};
template <> struct FloatTraits<ElementKind::F64> {
  using T = double;
  using C = double;
  static C load(T x) { return x; }
  static T store(C c) { return c; }
};
template <> struct FloatTraits<ElementKind::BF16> {
  using T = rt::bf16;
  using C = float;
  static C load(T x) { return x.toFloat(); }
  static T store(C c) { return rt::bf16::fromFloat(c); }
};
template <> struct FloatTraits<ElementKind::F16> {
  using T = Half;
  using C = float;
  static C load(T x) { return x.toFloat(); }
  static T store(C c) { return halfFromFloat(c); }
};

/// An integer kind: storage T, signed view S and unsigned view U of its
/// bits (i1: 0/-1 and 0/1), and wrap (truncation to the kind's width).
template <ElementKind K> struct IntTraits {
  using T = typename StorageOf<K>::type;
  using S = std::make_signed_t<T>;
  using U = std::make_unsigned_t<T>;
  /// U widened past int, so that U * U never promotes to a signed int.
  using UW = std::conditional_t<(sizeof(U) < 4), uint32_t, U>;
  static constexpr unsigned width = sizeof(T) * 8;
  static constexpr S minS = std::numeric_limits<S>::min();
  static S sext(T x) { return static_cast<S>(x); }
  static U zext(T x) { return static_cast<U>(x); }
  static T wrap(uint64_t u) { return static_cast<T>(static_cast<U>(u)); }
};
template <> struct IntTraits<ElementKind::I1> {
  using T = uint8_t;
  using S = int8_t;
  using U = uint8_t;
  using UW = uint32_t;
  static constexpr unsigned width = 1;
  static constexpr S minS = -1;
  static S sext(T x) { return (x & 1) ? -1 : 0; }
  static U zext(T x) { return x & 1; }
  static T wrap(uint64_t u) { return static_cast<T>(u & 1); }
};

//===----------------------------------------------------------------------===//
// Shared float operations
//===----------------------------------------------------------------------===//

/// A quiet NaN from NaN operands.
template <typename C> C quietNaN(C a, C b) { return a + b; }

/// IEEE 754-2019 maximum/minimum (llvm.maximum/minimum): NaN-propagating,
/// -0 < +0.
struct MaximumF {
  template <typename C> static C apply(C a, C b) {
    if (std::isnan(a) || std::isnan(b))
      return quietNaN(a, b);
    if (a == b)
      return std::signbit(a) ? b : a;
    return a > b ? a : b;
  }
};
struct MinimumF {
  template <typename C> static C apply(C a, C b) {
    if (std::isnan(a) || std::isnan(b))
      return quietNaN(a, b);
    if (a == b)
      return std::signbit(a) ? a : b;
    return a < b ? a : b;
  }
};

//===----------------------------------------------------------------------===//
// Lane-wise operands
//===----------------------------------------------------------------------===//

/// The dense operands of a lane-wise op, taken from the frame (so a dead,
/// unshared operand can hold the result), and the shape they broadcast to.
struct LaneOperands {
  llvm::SmallVector<RtValue, 3> values;
  llvm::SmallVector<int64_t, 4> shape;
  int64_t numElements = 0;

  const DenseValue &operator[](unsigned i) const { return values[i].dense(); }
  ElementKind kind(unsigned i) const { return values[i].dense().kind(); }
};

/// Takes `op`'s operands; errors unless each is dense and has either one
/// element or as many as the largest.
mlir::FailureOr<LaneOperands> takeOperands(mlir::Operation *op,
                                           ExecContext &ctx);
/// Errors unless operands [first, end) all have `op`'s kind of operand
/// `first` (what the verifier guarantees for the types).
mlir::LogicalResult checkSameKinds(mlir::Operation *op, const LaneOperands &ops,
                                   unsigned first = 0);
/// A result of `kind` and the operands' shape: the storage of an operand
/// nobody else references when one fits, else a new allocation.
mlir::FailureOr<DenseValue> resultFor(mlir::Operation *op, ExecContext &ctx,
                                      LaneOperands &ops, ElementKind kind);
/// The element kind of `op`'s result `i`.
mlir::FailureOr<ElementKind> resultKind(mlir::Operation *op, unsigned i = 0);
/// Emits "'op' expects <what> operands, got <kind>" and fails.
mlir::LogicalResult unsupportedKind(mlir::Operation *op, llvm::StringRef what,
                                    ElementKind kind);
/// Emits "'op': <what> at element i (...)" plus "(the result would be
/// poison)" and fails.
mlir::LogicalResult poison(mlir::Operation *op, const llvm::Twine &what,
                           int64_t index);

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

/// z[i] = f(x[i]) over `n` elements (x broadcasts when it has one).
template <typename TIn, typename TOut, typename F>
void map1(const DenseValue &x, DenseValue &z, F f) {
  const TIn *a = x.data<TIn>();
  TOut *out = z.mutableData<TOut>();
  int64_t n = z.numElements();
  if (x.numElements() == n) {
    for (int64_t i = 0; i < n; ++i)
      out[i] = f(a[i]);
    return;
  }
  TOut v = f(a[0]);
  for (int64_t i = 0; i < n; ++i)
    out[i] = v;
}

/// z[i] = f(x[i], y[i]); a one-element operand broadcasts.
template <typename TIn, typename TOut, typename F>
void map2(const DenseValue &x, const DenseValue &y, DenseValue &z, F f) {
  const TIn *a = x.data<TIn>(), *b = y.data<TIn>();
  TOut *out = z.mutableData<TOut>();
  int64_t n = z.numElements();
  bool fullA = x.numElements() == n, fullB = y.numElements() == n;
  if (fullA && fullB) {
    for (int64_t i = 0; i < n; ++i)
      out[i] = f(a[i], b[i]);
  } else if (fullB) {
    TIn s = a[0];
    for (int64_t i = 0; i < n; ++i)
      out[i] = f(s, b[i]);
  } else if (fullA) {
    TIn s = b[0];
    for (int64_t i = 0; i < n; ++i)
      out[i] = f(a[i], s);
  } else {
    TOut v = f(a[0], b[0]);
    for (int64_t i = 0; i < n; ++i)
      out[i] = v;
  }
}

/// Like map2 for ops with poison cases: `f(a, b, out)` returns false for a
/// poison element; returns the index of the first one, or -1.
template <typename TIn, typename TOut, typename F>
int64_t map2Checked(const DenseValue &x, const DenseValue &y, DenseValue &z,
                    F f) {
  const TIn *a = x.data<TIn>(), *b = y.data<TIn>();
  TOut *out = z.mutableData<TOut>();
  int64_t n = z.numElements();
  int64_t sa = x.numElements() == n ? 1 : 0, sb = y.numElements() == n ? 1 : 0;
  for (int64_t i = 0; i < n; ++i)
    if (!f(a[i * sa], b[i * sb], out[i]))
      return i;
  return -1;
}

/// z[i] = f(x[i], y[i], w[i]) with any operand broadcasting (strided by 0).
template <typename T0, typename T1, typename T2, typename TOut, typename F>
void map3(const DenseValue &x, const DenseValue &y, const DenseValue &w,
          DenseValue &z, F f) {
  const T0 *a = x.data<T0>();
  const T1 *b = y.data<T1>();
  const T2 *c = w.data<T2>();
  TOut *out = z.mutableData<TOut>();
  int64_t n = z.numElements();
  int64_t sa = x.numElements() == n ? 1 : 0, sb = y.numElements() == n ? 1 : 0,
          sc = w.numElements() == n ? 1 : 0;
  if (sa && sb && sc) {
    for (int64_t i = 0; i < n; ++i)
      out[i] = f(a[i], b[i], c[i]);
    return;
  }
  for (int64_t i = 0; i < n; ++i)
    out[i] = f(a[i * sa], b[i * sb], c[i * sc]);
}

//===----------------------------------------------------------------------===//
// Models
//===----------------------------------------------------------------------===//

/// The execution model of a lane-wise op run by `Run` (one instantiation
/// per op and kernel).
template <typename OpTy,
          mlir::LogicalResult (*Run)(mlir::Operation *, ExecContext &)>
struct LaneModel
    : public ExecutableOpInterface::ExternalModel<LaneModel<OpTy, Run>, OpTy> {
  mlir::LogicalResult execute(mlir::Operation *op, ExecContext &ctx) const {
    return Run(op, ctx);
  }
  bool supportsLanes(mlir::Operation *) const { return true; }
};

/// Binds `value` to `op`'s result `i`; succeeds.
inline mlir::LogicalResult bindResult(mlir::Operation *op, ExecContext &ctx,
                                      DenseValue value, unsigned i = 0) {
  ctx.bind(op->getResult(i), RtValue(std::move(value)));
  return mlir::success();
}

/// A float op of two operands: `Fn::apply(a, b)` on the values in the
/// compute type (f32 for bf16/f16), rounded once to the element type.
template <typename Fn>
mlir::LogicalResult runFloatBinary(mlir::Operation *op, ExecContext &ctx) {
  mlir::FailureOr<LaneOperands> ops = takeOperands(op, ctx);
  if (failed(ops) || failed(checkSameKinds(op, *ops)))
    return mlir::failure();
  ElementKind kind = ops->kind(0);
  if (!isFloat(kind))
    return unsupportedKind(op, "float", kind);
  mlir::FailureOr<DenseValue> out = resultFor(op, ctx, *ops, kind);
  if (failed(out))
    return mlir::failure();
  visitKind(kind, [&](auto tag) {
    constexpr ElementKind K = decltype(tag)::kind;
    if constexpr (isFloatKind<K>) {
      using Tr = FloatTraits<K>;
      using T = typename Tr::T;
      map2<T, T>((*ops)[0], (*ops)[1], *out, [](T a, T b) {
        return Tr::store(Fn::apply(Tr::load(a), Tr::load(b)));
      });
    }
  });
  return bindResult(op, ctx, std::move(*out));
}

} // namespace systile::interp::scalar

#endif // SYSTILE_LIB_INTERPRETER_SCALAROPS_H
