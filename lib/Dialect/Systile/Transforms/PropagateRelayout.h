//===- PropagateRelayout.h - relayout patterns of propagate-layout -*- C++ -*-===//
//
// The rewrites of systile-propagate-layout that keep a value tiled across
// the reshapes and transposes a transformer makes (PropagateRelayout.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_LIB_DIALECT_SYSTILE_TRANSFORMS_PROPAGATERELAYOUT_H
#define SYSTILE_LIB_DIALECT_SYSTILE_TRANSFORMS_PROPAGATERELAYOUT_H

#include "systile/Support/PassStatistics.h"

#include "mlir/IR/PatternMatch.h"

namespace systile {

/// Adds the patterns that push a systile.unpack down through a reshape or
/// transpose by turning it into a relayout op; `relayoutsTiled` counts
/// each rewrite.
void populateRelayoutPropagationPatterns(mlir::RewritePatternSet &patterns,
                                         PassCounter &relayoutsTiled);

} // namespace systile

#endif // SYSTILE_LIB_DIALECT_SYSTILE_TRANSFORMS_PROPAGATERELAYOUT_H
