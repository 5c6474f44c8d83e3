//===- ScalarOps.h - The lane-op shell of the arith/math models -*- C++ -*-===//
//
// What the arith and math execution models share: the operand broadcast of
// lane-wise ops (a one-element operand broadcasts against the others, see
// ExecutableOpInterface::supportsLanes), typed loops over contiguous
// arrays, and the shell that turns a scalar function object of
// systile/Runtime/Scalar.h into a lane-wise model: the element kind is
// dispatched once, then the loop applies the inlined function per element.
// So a lane op is one line, e.g.
//
//   floatLanes<Lane<arith::AddFOp, sc::AddF>, ...>(ctx);
//
// and its meaning is the one the runtime's kernels apply (RFC 6). Private
// to lib/Interpreter.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_LIB_INTERPRETER_SCALAROPS_H
#define SYSTILE_LIB_INTERPRETER_SCALAROPS_H

#include "systile/Interpreter/ExecContext.h"
#include "systile/Runtime/Libm.h"
#include "systile/Runtime/Scalar.h"

#include <string>
#include <type_traits>

namespace systile::interp::scalar {

namespace sc = systile::rt::scalar;

template <ElementKind K>
inline constexpr bool isFloatKind = sc::isFloat<typename StorageOf<K>::type>;

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

/// The element kinds a lane op takes.
enum class Lanes { Float, Int };

/// Takes `op`'s operands; errors unless each is dense and has either one
/// element or as many as the largest.
mlir::FailureOr<LaneOperands> takeOperands(mlir::Operation *op,
                                           ExecContext &ctx);
/// takeOperands, checkSameKinds, and an error unless the kind is one of
/// `accept`.
mlir::FailureOr<LaneOperands> takeLaneOperands(mlir::Operation *op,
                                               ExecContext &ctx, Lanes accept);
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
// The lane-op shell
//===----------------------------------------------------------------------===//

/// The Why of a lane op without poison cases.
struct NoPoison {};

/// The value type `Fn` gives on lanes of T (T for a checked op).
template <typename T, typename Fn, bool ternary, bool checked, bool binary>
auto laneResult() {
  if constexpr (ternary)
    return std::invoke_result_t<Fn, T, T, T>();
  else if constexpr (checked)
    return T();
  else if constexpr (binary)
    return std::invoke_result_t<Fn, T, T>();
  else
    return std::invoke_result_t<Fn, T>();
}

/// Runs `fn` on the lanes of `ops` of storage type T into a result of T's
/// kind, or i1 when `fn` returns bool. By `fn`'s signature: T(T), T(T, T),
/// T(T, T, T), bool(T) and bool(T, T) (predicates), or bool(T, T, T &)
/// (false: poison, reported with Why()(a, b)).
template <typename T, typename Fn, typename Why>
mlir::LogicalResult mapLanes(mlir::Operation *op, ExecContext &ctx,
                             LaneOperands &ops, ElementKind kind, Fn fn) {
  constexpr bool ternary = std::is_invocable_v<Fn, T, T, T>;
  constexpr bool checked = !ternary && std::is_invocable_v<Fn, T, T, T &>;
  constexpr bool binary = !ternary && std::is_invocable_v<Fn, T, T>;
  using Result = decltype(laneResult<T, Fn, ternary, checked, binary>());
  constexpr bool predicate = std::is_same_v<Result, bool>;
  using Out = std::conditional_t<predicate, uint8_t, T>;
  mlir::FailureOr<DenseValue> out =
      resultFor(op, ctx, ops, predicate ? ElementKind::I1 : kind);
  if (failed(out))
    return mlir::failure();
  if constexpr (checked) {
    // A poison element is not written, so its operands are intact even
    // when the result shares an operand's storage.
    const DenseValue &x = ops[0], &y = ops[1];
    int64_t bad = map2Checked<T, T>(x, y, *out, fn);
    if (bad >= 0)
      return poison(op,
                    Why()(x.data<T>()[x.numElements() == 1 ? 0 : bad],
                          y.data<T>()[y.numElements() == 1 ? 0 : bad]),
                    bad);
  } else if constexpr (ternary) {
    map3<T, T, T, Out>(ops[0], ops[1], ops[2], *out, fn);
  } else if constexpr (binary) {
    map2<T, Out>(ops[0], ops[1], *out, fn);
  } else if constexpr (std::is_same_v<Fn, sc::Tanh> &&
                       std::is_same_v<T, float>) {
    // glibc's tanhf, vectorised where it is fdlibm's (Runtime/Libm.h).
    if (ops[0].numElements() == out->numElements())
      systile::rt::tanhLanes(ops[0].template data<float>(),
                    out->template mutableData<float>(), out->numElements());
    else
      map1<T, Out>(ops[0], *out, fn);
  } else {
    map1<T, Out>(ops[0], *out, fn);
  }
  return ctx.bindResult(op, std::move(*out));
}

/// The model of a lane op of `Accept` kinds: takes the operands (of one
/// kind), dispatches on the kind once and maps `Fn` over the lanes.
template <Lanes Accept, typename Fn, typename Why = NoPoison>
mlir::LogicalResult runLanes(mlir::Operation *op, ExecContext &ctx) {
  mlir::FailureOr<LaneOperands> ops = takeLaneOperands(op, ctx, Accept);
  if (failed(ops))
    return mlir::failure();
  constexpr bool wantFloat = Accept == Lanes::Float;
  ElementKind kind = ops->kind(0);
  return visitKind(kind, [&](auto tag) -> mlir::LogicalResult {
    constexpr ElementKind K = decltype(tag)::kind;
    if constexpr (isFloatKind<K> == wantFloat)
      return mapLanes<typename StorageOf<K>::type, Fn, Why>(op, ctx, *ops, kind,
                                                            Fn());
    else
      return mlir::failure(); // Excluded by takeLaneOperands.
  });
}

/// One lane op of a floatLanes/intLanes list: the op, the Scalar.h
/// function object of its lanes and (integers) what makes a lane poison.
template <typename OpT, typename Fn, typename Why = NoPoison> struct Lane {
  template <Lanes Accept> static void attach(mlir::MLIRContext &ctx) {
    attachLaneModel<OpT, runLanes<Accept, Fn, Why>>(ctx);
  }
};

/// Attaches the lane model of each listed op, on floats / on integers (so
/// a dialect's list states each op once).
template <typename... Ops> void floatLanes(mlir::MLIRContext &ctx) {
  (Ops::template attach<Lanes::Float>(ctx), ...);
}
template <typename... Ops> void intLanes(mlir::MLIRContext &ctx) {
  (Ops::template attach<Lanes::Int>(ctx), ...);
}

} // namespace systile::interp::scalar

#endif // SYSTILE_LIB_INTERPRETER_SCALAROPS_H
