//===- ElementKind.h - Element types of interpreter values ------*- C++ -*-===//
//
// The one list of element types systile-run computes with and exchanges as
// .npy: their storage types, sizes, names and .npy descr strings, and a
// visitor that turns a run-time kind into a compile-time one.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_INTERPRETER_ELEMENTKIND_H
#define SYSTILE_INTERPRETER_ELEMENTKIND_H

#include "systile/Runtime/BF16.h"
#include "systile/Runtime/F16.h"

#include "mlir/IR/Types.h"

#include <cstddef>
#include <cstdint>
#include <optional>

namespace systile::interp {

//===----------------------------------------------------------------------===//
// Element kinds
//===----------------------------------------------------------------------===//

/// Element types the interpreter computes with. `I1` is stored as one byte
/// holding 0 or 1, `Index` as int64_t, `F16` as its bit pattern.
enum class ElementKind { I1, I8, I16, I32, I64, Index, BF16, F16, F32, F64 };

/// IEEE half precision, stored as bits (the runtime's f16).
using Half = rt::f16;

/// The storage type of each kind.
template <ElementKind K> struct StorageOf;
template <> struct StorageOf<ElementKind::I1> { using type = uint8_t; };
template <> struct StorageOf<ElementKind::I8> { using type = int8_t; };
template <> struct StorageOf<ElementKind::I16> { using type = int16_t; };
template <> struct StorageOf<ElementKind::I32> { using type = int32_t; };
template <> struct StorageOf<ElementKind::I64> { using type = int64_t; };
template <> struct StorageOf<ElementKind::Index> { using type = int64_t; };
template <> struct StorageOf<ElementKind::BF16> { using type = rt::bf16; };
template <> struct StorageOf<ElementKind::F16> { using type = Half; };
template <> struct StorageOf<ElementKind::F32> { using type = float; };
template <> struct StorageOf<ElementKind::F64> { using type = double; };

/// A compile-time element kind, passed to visitors.
template <ElementKind K> struct KindTag {
  static constexpr ElementKind kind = K;
  using type = typename StorageOf<K>::type;
};

/// Calls `f(KindTag<K>{})` for the run-time kind `k`.
template <typename F> decltype(auto) visitKind(ElementKind k, F &&f) {
  switch (k) {
  case ElementKind::I1:
    return f(KindTag<ElementKind::I1>{});
  case ElementKind::I8:
    return f(KindTag<ElementKind::I8>{});
  case ElementKind::I16:
    return f(KindTag<ElementKind::I16>{});
  case ElementKind::I32:
    return f(KindTag<ElementKind::I32>{});
  case ElementKind::I64:
    return f(KindTag<ElementKind::I64>{});
  case ElementKind::Index:
    return f(KindTag<ElementKind::Index>{});
  case ElementKind::BF16:
    return f(KindTag<ElementKind::BF16>{});
  case ElementKind::F16:
    return f(KindTag<ElementKind::F16>{});
  case ElementKind::F32:
    return f(KindTag<ElementKind::F32>{});
  case ElementKind::F64:
    break;
  }
  return f(KindTag<ElementKind::F64>{});
}

const char *toString(ElementKind kind);
size_t elementSize(ElementKind kind);
bool isFloat(ElementKind kind);
/// Bit width of the MLIR type (1 for i1, 64 for index).
unsigned bitWidth(ElementKind kind);
/// The kind of an MLIR element type; nullopt for anything else. Integers
/// of every signedness share the kinds of their width (`ui8` is stored as
/// `I8`): arith computes on signless integers only, so a signed or
/// unsigned one only travels (function boundaries, tensor ops, the casts
/// StableHLO's legalisation leaves), and its signedness matters where it
/// is read, printed or written (isUnsignedElement).
std::optional<ElementKind> getElementKind(mlir::Type type);
/// Whether the element type of `type` (a shaped type's, or `type` itself)
/// is an unsigned integer (`ui8` ...): printed and written as unsigned.
bool isUnsignedElement(mlir::Type type);
/// The .npy descr a kind travels as ("<f4", "<u2" for bf16 bit patterns,
/// "|b1", "|i1", "<i2", "<i4", "<i8" (index too), "<f2", "<f8"); with
/// `isUnsigned`, an integer kind's unsigned descr ("|u1", "<u2", "<u4",
/// "<u8").
const char *npyDescr(ElementKind kind, bool isUnsigned = false);

} // namespace systile::interp

#endif // SYSTILE_INTERPRETER_ELEMENTKIND_H
