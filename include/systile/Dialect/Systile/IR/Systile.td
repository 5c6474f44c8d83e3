//===- Systile.td - systile dialect umbrella ---------------*- tablegen -*-===//
//
// Includes every ODS file of the dialect, for the generators that need the
// whole dialect at once (ops, docs).
//
//===----------------------------------------------------------------------===//
#ifndef SYSTILE_DIALECT_SYSTILE_IR_SYSTILE_TD
#define SYSTILE_DIALECT_SYSTILE_IR_SYSTILE_TD
include "systile/Dialect/Systile/IR/SystileDialect.td"
include "systile/Dialect/Systile/IR/SystileAttrs.td"
include "systile/Dialect/Systile/IR/SystileTypes.td"
include "systile/Dialect/Systile/IR/SystileOps.td"
#endif // SYSTILE_DIALECT_SYSTILE_IR_SYSTILE_TD
