//===- ElementwiseScalar.h - Scalar semantics of the kernels ----*- C++ -*-===//
//
// The per-element operations shared by the element-wise kernels
// (Elementwise.cpp) and the element-wise program evaluator
// (ElementwiseProgram.cpp), so both give the same bits: bf16 computed in f32
// and rounded once per op, llvm.maximum/minimum semantics, wrap-around
// integer arithmetic. Private to lib/Runtime; built with -ffp-contract=off.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_LIB_RUNTIME_ELEMENTWISESCALAR_H
#define SYSTILE_LIB_RUNTIME_ELEMENTWISESCALAR_H

#include "systile/Runtime/Elementwise.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>

namespace systile::rt::detail {

/// llvm.maximum / llvm.minimum: NaN-propagating (the quieted NaN operand,
/// as a + b gives it), -0 < +0.
inline float maximumF(float a, float b) {
  if (std::isnan(a) || std::isnan(b))
    return a + b;
  if (a == b)
    return std::signbit(a) ? b : a;
  return a > b ? a : b;
}

inline float minimumF(float a, float b) {
  if (std::isnan(a) || std::isnan(b))
    return a + b;
  if (a == b)
    return std::signbit(a) ? a : b;
  return a < b ? a : b;
}

template <typename T> constexpr bool isFloat() {
  return std::is_same_v<T, float> || std::is_same_v<T, bf16>;
}

/// Element <-> compute type: bf16 computes in f32 and rounds once.
template <typename T> float load(T v) {
  if constexpr (std::is_same_v<T, bf16>)
    return v.toFloat();
  else
    return v;
}
template <typename T> T store(float v) {
  if constexpr (std::is_same_v<T, bf16>)
    return bf16::fromFloat(v);
  else
    return v;
}

/// Integer semantics: wrap-around add/sub/mul, signed max/min.
/// Calls `with` with the float operation of `fn` as a lambda, so that the
/// caller's loop inlines (and vectorises) it instead of calling through a
/// pointer. Each element is what arith's op gives in f32 (RFC 6).
template <typename With>
[[gnu::always_inline]] inline void visitFloatBinary(BinaryFn fn, With &&with) {
  switch (fn) {
  case BinaryFn::Add:
    return with([](float x, float y) { return x + y; });
  case BinaryFn::Sub:
    return with([](float x, float y) { return x - y; });
  case BinaryFn::Mul:
    return with([](float x, float y) { return x * y; });
  case BinaryFn::Div:
    return with([](float x, float y) { return x / y; });
  case BinaryFn::Maximum:
    return with([](float x, float y) { return maximumF(x, y); });
  case BinaryFn::Minimum:
    return with([](float x, float y) { return minimumF(x, y); });
  }
}

template <typename T> T applyInt(BinaryFn fn, T a, T b) {
  using U = std::make_unsigned_t<T>;
  switch (fn) {
  case BinaryFn::Add:
    return static_cast<T>(
        static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
  case BinaryFn::Sub:
    return static_cast<T>(
        static_cast<U>(static_cast<U>(a) - static_cast<U>(b)));
  case BinaryFn::Mul:
    return static_cast<T>(
        static_cast<U>(static_cast<uint32_t>(a) * static_cast<uint32_t>(b)));
  case BinaryFn::Maximum:
    return std::max(a, b);
  case BinaryFn::Minimum:
  case BinaryFn::Div:
    break;
  }
  return std::min(a, b);
}

} // namespace systile::rt::detail

#endif // SYSTILE_LIB_RUNTIME_ELEMENTWISESCALAR_H
