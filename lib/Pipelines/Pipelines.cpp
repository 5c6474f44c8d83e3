//===- Pipelines.cpp - the systile pass pipeline --------------------------===//

#include "systile/Pipelines/Pipelines.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "systile/Conversion/Passes.h"
#include "systile/Dialect/Systile/Transforms/Passes.h"

using namespace mlir;

void systile::buildSystilePipeline(OpPassManager &pm,
                                   const SystilePipelineOptions &options) {
  OpPassManager &fpm = pm.nest<func::FuncOp>();
  ConvertLinalgToSystileOptions convert;
  convert.sublanes = options.sublanes;
  convert.lanes = options.lanes;
  convert.mxu = options.mxu;
  convert.precision = options.precision;
  fpm.addPass(createConvertLinalgToSystile(convert));
  fpm.addPass(createCanonicalizerPass());
  fpm.addPass(createSystileBlockMatmul());
  if (options.foldZeroTiles)
    fpm.addPass(createSystileFoldZeroTiles());
  fpm.addPass(createCanonicalizerPass());
  fpm.addPass(createCSEPass());
}

void systile::registerSystilePipelines() {
  PassPipelineRegistration<SystilePipelineOptions>(
      "systile-pipeline",
      "Lower linalg.matmul to mxu-blocked systile ops: "
      "convert-linalg-to-systile, canonicalize, systile-block-matmul, "
      "systile-fold-zero-tiles, canonicalize, cse (on each function)",
      buildSystilePipeline);
}
