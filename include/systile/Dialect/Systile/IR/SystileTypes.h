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

#define GET_TYPEDEF_CLASSES
#include "systile/Dialect/Systile/IR/SystileTypes.h.inc"

#endif // SYSTILE_DIALECT_SYSTILE_IR_SYSTILETYPES_H
