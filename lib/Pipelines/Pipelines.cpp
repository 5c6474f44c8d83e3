//===- Pipelines.cpp - the systile pass pipeline --------------------------===//
//
// systile-pipeline: the passes from linalg.matmul to mxu-blocked, zero-tile
// folded systile ops, nested on each function.
//
//===----------------------------------------------------------------------===//

#include "systile/Pipelines/Pipelines.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"
#include "systile/Conversion/Passes.h"
#include "systile/Dialect/Systile/Transforms/Passes.h"

using namespace mlir;

void systile::buildSystilePipeline(OpPassManager &pm,
                                   const SystilePipelineOptions &options) {
  // The folds this pipeline needs are op folds and patterns (pack of a
  // constant, pack/unpack pairs, dead packs); region simplification (block
  // merging, dead block arguments) is left to the user's own canonicalize,
  // which saves a third of the pipeline's time on many small functions.
  GreedyRewriteConfig canonicalize;
  canonicalize.setRegionSimplificationLevel(
      GreedySimplifyRegionLevel::Disabled);
  OpPassManager &fpm = pm.nest<func::FuncOp>();
  fpm.addPass(createConvertLinalgToSystile(options.convertOptions()));
  fpm.addPass(createCanonicalizerPass(canonicalize));
  if (options.propagateLayout)
    fpm.addPass(createSystilePropagateLayout());
  fpm.addPass(createSystileBlockMatmul());
  if (options.foldZeroTiles)
    fpm.addPass(createSystileFoldZeroTiles());
  fpm.addPass(createCanonicalizerPass(canonicalize));
  fpm.addPass(createCSEPass());
}

void systile::registerSystilePipelines() {
  PassPipelineRegistration<SystilePipelineOptions>(
      "systile-pipeline",
      "Lower linalg.matmul to mxu-blocked systile ops: "
      "convert-linalg-to-systile, canonicalize, systile-propagate-layout, "
      "systile-block-matmul, "
      "systile-fold-zero-tiles, canonicalize, cse (on each function)",
      buildSystilePipeline);
}
