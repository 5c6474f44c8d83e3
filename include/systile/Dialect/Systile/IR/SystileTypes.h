//===- SystileTypes.h - the tiled-tensor type -------------------*- C++ -*-===//
//
// !systile.tiled: logical shape, geometry (hence padded shape, mask and
// storage order) and pad kind of a tiled tensor.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_DIALECT_SYSTILE_IR_SYSTILETYPES_H
#define SYSTILE_DIALECT_SYSTILE_IR_SYSTILETYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"
#include "systile/Dialect/Systile/IR/SystileAttrs.h"
#include "systile/Runtime/Layout.h"
#include "systile/Runtime/Tiling.h"

#include <optional>
#include <string>
#include <vector>

#define GET_TYPEDEF_CLASSES
#include "systile/Dialect/Systile/IR/SystileTypes.h.inc"

namespace systile {
/// The runtime's view of a tiled type: its geometry, its logical shape and
/// their layout (the RFC 3 address map), the one conversion the passes and
/// the interpreter use.
inline rt::Geometry geometryOf(TiledType type) {
  return {type.getSublanes(), type.getLanes(), type.getMxu()};
}
/// The shape of each matrix (the two minor dimensions).
inline rt::Shape shapeOf(TiledType type) {
  return {type.getRows(), type.getCols()};
}
/// The batch dimensions (empty for a matrix), as rt::BatchShape holds them.
inline std::vector<int64_t> batchShapeOf(TiledType type) {
  return {type.getBatchShape().begin(), type.getBatchShape().end()};
}
/// rt::Layout::get(shapeOf(type), geometryOf(type)): the layout of each
/// matrix of the value. An error for a verified
/// type whose padded element count fits in int64 at its own element size
/// but not at the 8 bytes the runtime's layouts allow for.
rt::Expected<rt::Layout> layoutOf(TiledType type);

/// Bytes of one element of a type !systile.tiled accepts (f32, bf16, i8,
/// i32; all whole bytes).
inline int64_t elementBytes(mlir::Type elementType) {
  return elementType.getIntOrFloatBitWidth() / 8;
}
inline int64_t elementBytes(TiledType type) {
  return elementBytes(type.getElementType());
}
/// Bytes of the padded storage of the whole value (every matrix); exact in
/// int64 (the type's verifier checks).
inline int64_t storageBytes(TiledType type) {
  return type.getNumStorageElements() * elementBytes(type);
}
/// The first padding slot of `storage` (the type's whole storage, every
/// matrix) that is not all-zero bits, described for a diagnostic:
/// "padding slot (r, c)[ of matrix b] at storage offset N is not +0";
/// nothing when every padding slot is zero.
std::optional<std::string> describeNonZeroPadding(TiledType type,
                                                  const void *storage);
} // namespace systile

#endif // SYSTILE_DIALECT_SYSTILE_IR_SYSTILETYPES_H
