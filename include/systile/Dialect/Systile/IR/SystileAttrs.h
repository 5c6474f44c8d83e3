//===- SystileAttrs.h - systile attributes and enums ------------*- C++ -*-===//
//
// The geometry attribute and the pad-kind / precision / reduce-kind enums.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_DIALECT_SYSTILE_IR_SYSTILEATTRS_H
#define SYSTILE_DIALECT_SYSTILE_IR_SYSTILEATTRS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"

#include "systile/Dialect/Systile/IR/SystileEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "systile/Dialect/Systile/IR/SystileAttrs.h.inc"

#endif // SYSTILE_DIALECT_SYSTILE_IR_SYSTILEATTRS_H
