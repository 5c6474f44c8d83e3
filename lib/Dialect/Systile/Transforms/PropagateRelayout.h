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

/// The tiled value `tiled` (of the reshape's source shape) reshaped as the
/// tensor.collapse_shape or expand_shape `reshape` reshapes its source, as
/// the relayout op that expresses it: systile.reshape_batch (batch
/// dimensions only), merge_rows / split_rows, or else systile.reshape.
/// Built at `b`'s insertion point.
mlir::Value relayoutOfReshape(mlir::OpBuilder &b, mlir::Operation *reshape,
                              mlir::Value tiled);

/// Whether relayoutOfReshape's op for `reshape` is free (moves nothing) in
/// a geometry of `sublanes` sublanes.
bool isFreeReshape(mlir::Operation *reshape, int64_t sublanes);

/// Whether relayoutOfReshape's op for `reshape` is merge_rows or
/// split_rows (one batch dimension with the rows, the lanes kept), free or
/// a copy.
bool isRowRegroup(mlir::Operation *reshape);

} // namespace systile

#endif // SYSTILE_LIB_DIALECT_SYSTILE_TRANSFORMS_PROPAGATERELAYOUT_H
