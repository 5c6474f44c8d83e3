//===- Elementwise.h - Element-wise kernels over tiled storage --*- C++ -*-===//
//
// Single-operation kernels for systile.elementwise, and the kernels behind
// systile.broadcast and systile.splat (RFC section 5). A whole
// region (a chain of these operations, broadcast operands, in place) runs
// as one pass through ElementwiseProgram.h. Both apply each operation as
// Scalar.h defines it (visitUnary/visitBinary below), the definition the
// interpreter's arith and math models use too. They walk the storage in
// hardware order, one tile row (a contiguous run of `lanes` slots) at a
// time: the logical prefix of the run is computed in a plain loop the
// compiler vectorises, the rest of the run (padding) is written +0. So the
// result's padding is zero whatever the operation would give for a padding
// input: exp(0) = 1 never reaches padding.
//
// Bits (RFC section 6): each element is what the dense scalar op gives, as
// upstream's lowering runs it: f32 arithmetic rounded once per op (no FMA:
// this file is built with -ffp-contract=off); bf16 computed in f32 and
// rounded to nearest even once per op (as LLVM legalises bf16); maximumf /
// minimumf as llvm.maximum / llvm.minimum (NaN-propagating, -0 < +0; a NaN
// result is the quieted NaN operand, as x86's addss returns it); exp and
// tanh call glibc's expf / tanhf (what llvm.exp / llvm.tanh become);
// integer add/sub/mul wrap around (two's complement).
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_ELEMENTWISE_H
#define SYSTILE_RUNTIME_ELEMENTWISE_H

#include "systile/Runtime/Scalar.h"
#include "systile/Runtime/Status.h"
#include "systile/Runtime/TiledBatch.h"
#include "systile/Runtime/TiledMatrix.h"

namespace systile::rt {

/// Unary float operations (f32 and bf16): arith.negf, math.absf, math.exp,
/// math.tanh, math.sqrt.
enum class UnaryFn { Neg, Abs, Exp, Tanh, Sqrt };
/// Binary operations: arith.add/sub/mul/div (f32, bf16; add, sub and mul
/// also i8 and i32), arith.maximumf/minimumf (floats), arith.maxsi/minsi
/// (integers) as Maximum/Minimum.
enum class BinaryFn { Add, Sub, Mul, Div, Maximum, Minimum };
/// arith.cmpf predicates (O = ordered: false on NaN, U = unordered: true on
/// NaN), numbered as arith's.
using CmpFn = scalar::CmpFPredicate;

const char *toString(UnaryFn fn);
const char *toString(BinaryFn fn);
using scalar::toString;

/// Calls `with(op)` with the Scalar.h operation `fn` names on T, so that a
/// caller's loop inlines (and vectorises) a fixed operation.
template <typename T, typename With>
[[gnu::always_inline]] inline void visitUnary(UnaryFn fn, With &&with) {
  switch (fn) {
  case UnaryFn::Neg:
    return with(scalar::NegF());
  case UnaryFn::Abs:
    return with(scalar::AbsF());
  case UnaryFn::Exp:
    return with(scalar::Exp());
  case UnaryFn::Tanh:
    return with(scalar::Tanh());
  case UnaryFn::Sqrt:
    break;
  }
  return with(scalar::Sqrt());
}

/// As visitUnary; on integers Maximum/Minimum are maxsi/minsi (Div is no
/// integer kernel: callers reject it first).
template <typename T, typename With>
[[gnu::always_inline]] inline void visitBinary(BinaryFn fn, With &&with) {
  namespace s = scalar;
  if constexpr (s::isFloat<T>) {
    switch (fn) {
    case BinaryFn::Add:
      return with(s::AddF());
    case BinaryFn::Sub:
      return with(s::SubF());
    case BinaryFn::Mul:
      return with(s::MulF());
    case BinaryFn::Div:
      return with(s::DivF());
    case BinaryFn::Maximum:
      return with(s::MaximumF());
    case BinaryFn::Minimum:
      break;
    }
    return with(s::MinimumF());
  } else {
    switch (fn) {
    case BinaryFn::Add:
      return with(s::AddI());
    case BinaryFn::Sub:
      return with(s::SubI());
    case BinaryFn::Mul:
      return with(s::MulI());
    case BinaryFn::Maximum:
      return with(s::MaxSI());
    case BinaryFn::Div:
    case BinaryFn::Minimum:
      break;
    }
    return with(s::MinSI());
  }
}

/// An operand of a kernel: a tiled matrix, or one value for every slot.
template <typename T> struct Operand {
  const TiledMatrix<T> *matrix = nullptr;
  T scalar{};

  static Operand of(const TiledMatrix<T> &m) { return {&m, T{}}; }
  static Operand splat(T value) { return {nullptr, value}; }
};

/// fn(x) on every logical slot; floats only.
template <typename T>
Expected<TiledMatrix<T>> unary(UnaryFn fn, const TiledMatrix<T> &x);

/// fn(a, b) on every logical slot. At least one operand is a matrix; the
/// matrices share one logical shape and geometry.
template <typename T>
Expected<TiledMatrix<T>> binary(BinaryFn fn, Operand<T> a, Operand<T> b);

/// cmpf(pred, a, b) ? onTrue : onFalse on every logical slot (arith.cmpf
/// followed by arith.select); floats only. At least one operand is a
/// matrix; the matrices share one logical shape and geometry.
template <typename T>
Expected<TiledMatrix<T>> select(CmpFn pred, Operand<T> a, Operand<T> b,
                                Operand<T> onTrue, Operand<T> onFalse);

/// systile.broadcast: dim 0 repeats the 1xN row `v` down `count` rows; dim
/// 1 repeats the Mx1 column `v` along `count` columns.
template <typename T>
Expected<TiledMatrix<T>> broadcast(const TiledMatrix<T> &v, int dim,
                                   int64_t count);

/// systile.broadcast on a batch: `dim` indexes the full shape (batch
/// dimensions, rows, cols) and has size 1 in `v`; the result repeats it
/// `count` times (a matrix dimension per matrix as above; along a batch
/// dimension, copies of the matrices).
template <typename T>
Expected<TiledBatch<T>> broadcast(const TiledBatch<T> &v, int64_t dim,
                                  int64_t count);

/// systile.splat: `value` in every logical slot, padding zero.
template <typename T>
Expected<TiledMatrix<T>> splat(T value, Shape shape, Geometry geometry);

/// The scalar semantics the kernels apply on f32, for tests.
float applyUnary(UnaryFn fn, float x);
float applyBinary(BinaryFn fn, float a, float b);
bool applyCmp(CmpFn pred, float a, float b);

} // namespace systile::rt

#endif // SYSTILE_RUNTIME_ELEMENTWISE_H
