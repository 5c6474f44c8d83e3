//===- Systile.td - systile dialect umbrella ---------------*- tablegen -*-===//
#ifndef SYSTILE_DIALECT_SYSTILE_IR_SYSTILE_TD
#define SYSTILE_DIALECT_SYSTILE_IR_SYSTILE_TD
include "systile/Dialect/Systile/IR/SystileDialect.td"
include "systile/Dialect/Systile/IR/SystileAttrs.td"
include "systile/Dialect/Systile/IR/SystileTypes.td"
include "systile/Dialect/Systile/IR/SystileOps.td"
#endif // SYSTILE_DIALECT_SYSTILE_IR_SYSTILE_TD
