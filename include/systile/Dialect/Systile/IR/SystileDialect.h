//===- SystileDialect.h - systile dialect -----------------------*- C++ -*-===//
//
// Declares the systile dialect class.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_DIALECT_SYSTILE_IR_SYSTILEDIALECT_H
#define SYSTILE_DIALECT_SYSTILE_IR_SYSTILEDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Dialect.h"

#include "systile/Dialect/Systile/IR/SystileDialect.h.inc"

#endif // SYSTILE_DIALECT_SYSTILE_IR_SYSTILEDIALECT_H
