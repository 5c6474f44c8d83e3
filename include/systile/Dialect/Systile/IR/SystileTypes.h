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

#define GET_TYPEDEF_CLASSES
#include "systile/Dialect/Systile/IR/SystileTypes.h.inc"

namespace systile {
/// The runtime's view of a tiled type: its geometry and its logical shape
/// (rt::Layout::get(shapeOf(t), geometryOf(t)) is its layout). The one
/// conversion the passes and the interpreter use.
inline rt::Geometry geometryOf(TiledType type) {
  return {type.getSublanes(), type.getLanes(), type.getMxu()};
}
inline rt::Shape shapeOf(TiledType type) {
  return {type.getRows(), type.getCols()};
}
} // namespace systile

#endif // SYSTILE_DIALECT_SYSTILE_IR_SYSTILETYPES_H
