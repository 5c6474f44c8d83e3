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

/// How convert-linalg-to-systile turns a convolution into matmuls (RFC 5
/// and 6): one matmul over the im2col matrix (`K = KH*KW*C`, ordered
/// `(kh, kw, c)`), or one matmul per filter tap (`K = C`) accumulated in
/// row-major tap order.
enum class ConvStrategy { Im2col, Taps };

#define GEN_PASS_DECL
#include "systile/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "systile/Conversion/Passes.h.inc"

} // namespace systile

#endif // SYSTILE_CONVERSION_PASSES_H
