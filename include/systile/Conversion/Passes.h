//===- Passes.h - conversions into systile ----------------------*- C++ -*-===//
//
// Declarations (generated from Passes.td) and registration of the
// conversion passes into systile.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_CONVERSION_PASSES_H
#define SYSTILE_CONVERSION_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"
#include "systile/Dialect/Systile/IR/SystileOps.h"
#include "systile/Runtime/Tiling.h"

namespace systile {

#define GEN_PASS_DECL
#include "systile/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "systile/Conversion/Passes.h.inc"

} // namespace systile

#endif // SYSTILE_CONVERSION_PASSES_H
