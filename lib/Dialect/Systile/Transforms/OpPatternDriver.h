//===- OpPatternDriver.h - greedy driver of the systile passes --*- C++ -*-===//
//
// How the systile rewrite passes apply their patterns: greedily, without
// region simplification. The passes rewrite ops; block merging and dead
// block arguments are left to the user's own canonicalize (as the pipeline
// does), which also keeps them cheap on many small functions.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_LIB_DIALECT_SYSTILE_TRANSFORMS_OPPATTERNDRIVER_H
#define SYSTILE_LIB_DIALECT_SYSTILE_TRANSFORMS_OPPATTERNDRIVER_H

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace systile {

/// Applies `patterns` greedily to the ops under `root`, without region
/// simplification; failure when the driver does not converge.
inline mlir::LogicalResult applyOpPatterns(mlir::Operation *root,
                                           mlir::RewritePatternSet &&patterns) {
  mlir::GreedyRewriteConfig config;
  config.setRegionSimplificationLevel(
      mlir::GreedySimplifyRegionLevel::Disabled);
  return mlir::applyPatternsGreedily(root, std::move(patterns), config);
}

} // namespace systile

#endif // SYSTILE_LIB_DIALECT_SYSTILE_TRANSFORMS_OPPATTERNDRIVER_H
