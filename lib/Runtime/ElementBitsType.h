//===- ElementBitsType.h - An element size as an unsigned type --*- C++ -*-===//
//
// Internal to the runtime's copies (StridedCopy.cpp, Transpose.cpp), which
// move elements as bits: the dispatch from an element size to the unsigned
// integer type of that size, written once.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_LIB_RUNTIME_ELEMENTBITSTYPE_H
#define SYSTILE_LIB_RUNTIME_ELEMENTBITSTYPE_H

#include <cstddef>
#include <cstdint>

namespace systile::rt::detail {

/// Calls f(U()) with U the unsigned integer type of `elemSize` bytes (1, 2,
/// 4; 8 for any other size).
template <typename F> void withBitsType(size_t elemSize, F &&f) {
  switch (elemSize) {
  case 1:
    return f(uint8_t());
  case 2:
    return f(uint16_t());
  case 4:
    return f(uint32_t());
  default:
    return f(uint64_t());
  }
}

} // namespace systile::rt::detail

#endif // SYSTILE_LIB_RUNTIME_ELEMENTBITSTYPE_H
