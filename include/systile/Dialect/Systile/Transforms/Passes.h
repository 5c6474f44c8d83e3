//===- Passes.h - systile transformation passes -----------------*- C++ -*-===//
//
// Declarations (generated from Passes.td) and registration of the systile
// transformation passes.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_DIALECT_SYSTILE_TRANSFORMS_PASSES_H
#define SYSTILE_DIALECT_SYSTILE_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace systile {
class PassCounter;

#define GEN_PASS_DECL
#include "systile/Dialect/Systile/Transforms/Passes.h.inc"

/// The patterns of systile-fuse-elementwise: fuse a single-use
/// systile.elementwise producer of the same shape into its consumer, and
/// fold systile.broadcast inputs. `fused`, if given, counts the fusions.
void populateElementwiseFusionPatterns(mlir::RewritePatternSet &patterns,
                                       PassCounter *fused = nullptr);

#define GEN_PASS_REGISTRATION
#include "systile/Dialect/Systile/Transforms/Passes.h.inc"

} // namespace systile

#endif // SYSTILE_DIALECT_SYSTILE_TRANSFORMS_PASSES_H
