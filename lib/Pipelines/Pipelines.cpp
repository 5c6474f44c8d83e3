//===- Pipelines.cpp - the systile pass pipeline --------------------------===//
//
// systile-pipeline: the passes from linalg.matmul to mxu-blocked, zero-tile
// folded systile ops, nested on each function.
//
//===----------------------------------------------------------------------===//

#include "systile/Pipelines/Pipelines.h"
#include "mlir/Conversion/TosaToArith/TosaToArith.h"
#include "mlir/Conversion/TosaToLinalg/TosaToLinalg.h"
#include "mlir/Conversion/TosaToTensor/TosaToTensor.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tosa/Transforms/Passes.h"
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
  // A call is a boundary of layout propagation (a tiled value would be
  // unpacked before it and packed again in the callee): inline first. No
  // nested pipeline, so the callees are inlined as they are.
  if (options.inlineCalls)
    pm.addPass(createInlinerPass({}, [](OpPassManager &) {}));
  OpPassManager &fpm = pm.nest<func::FuncOp>();
  // A dynamic batch becomes a loop over static chunks of rows, which lower.
  if (options.dynamicBatchRows != 0) {
    SystileDynamicBatchOptions batch;
    batch.rows = options.dynamicBatchRows;
    fpm.addPass(createSystileDynamicBatch(batch));
  }
  // Opt-in: BatchNorm's constant scale and shift become the convolution's
  // filter and bias before the convolution is lowered (changes bits).
  if (options.foldBatchNorm)
    fpm.addPass(createSystileFoldBatchNorm());
  // Relayout chains in one canonical form, and row permutations moved past
  // the row-wise ops, before the contractions are lowered.
  if (options.propagateLayout)
    fpm.addPass(createSystileNormalizeViews());
  fpm.addPass(createConvertLinalgToSystile(options.convertOptions()));
  fpm.addPass(createCanonicalizerPass(canonicalize));
  if (options.propagateLayout) {
    fpm.addPass(createSystilePropagateLayout());
    // A bias add and the activation after it become one op: one pass over
    // the activation instead of one per element-wise op.
    fpm.addPass(createSystileFuseElementwise());
  }
  // A weight packed inside a loop body is loop-invariant (systile.pack is
  // Pure): pack it once, before the loop.
  fpm.addPass(createLoopInvariantCodeMotionPass());
  fpm.addPass(createSystileBlockMatmul());
  if (options.foldZeroTiles)
    fpm.addPass(createSystileFoldZeroTiles());
  fpm.addPass(createCanonicalizerPass(canonicalize));
  fpm.addPass(createCSEPass());
}

void systile::buildSystileTosaPipeline(OpPassManager &pm,
                                       const SystilePipelineOptions &options) {
  // Upstream's TOSA -> linalg sequence, validation included, exactly as
  // mlir-opt's tosa-to-linalg-pipeline builds it.
  tosa::TosaValidationOptions validation;
  validation.strictOpSpecAlignment = false;
  validation.allowInvalidOpDatatypeCombinations = false;
  tosa::addTosaToLinalgPasses(pm, TosaToLinalgOptions(),
                              TosaToLinalgNamedOptions(), validation);
  OpPassManager &fpm = pm.nest<func::FuncOp>();
  fpm.addPass(createTosaToTensorPass());
  fpm.addPass(createTosaToArithPass());
  // tosa-to-tensor leaves the tosa.const_shape operands of tosa.reshape
  // dead; canonicalize erases them with the other dead constants.
  fpm.addPass(createCanonicalizerPass());
  buildSystilePipeline(pm, options);
}

/// The passes of systile-lower-to-llvm, as upstream's textual pipeline.
static constexpr const char *kLowerToLLVM =
    "systile-count-loop-steps,"
    "systile-expand-unlowered-ops,"
    "convert-elementwise-to-linalg,"
    "one-shot-bufferize{bufferize-function-boundaries "
    "function-boundary-type-conversion=identity-layout-map "
    "allow-return-allocs-from-loops},"
    "generate-runtime-verification,"
    "convert-systile-to-runtime,"
    "buffer-deallocation-pipeline,"
    "func.func(systile-free-after-last-use),"
    "convert-bufferization-to-memref,"
    "func.func(convert-linalg-to-loops),"
    "systile-insert-runtime-checks,"
    "math-expand-ops{ops=clampf},"
    "arith-expand,"
    "convert-math-to-llvm{approximate-log1p=false},"
    "convert-math-to-funcs,"
    "convert-math-to-libm,"
    "expand-strided-metadata,"
    "lower-affine,"
    "convert-scf-to-cf,"
    "convert-to-llvm,"
    "reconcile-unrealized-casts";

llvm::StringRef systile::getLowerToLLVMPipeline() { return kLowerToLLVM; }

LogicalResult systile::buildLowerToLLVMPipeline(OpPassManager &pm) {
  return parsePassPipeline(kLowerToLLVM, pm);
}

void systile::registerSystilePipelines() {
  PassPipelineRegistration<>(
      "systile-lower-to-llvm",
      "Bufferize a program with systile ops and lower it to the LLVM "
      "dialect, runtime ops as calls of libsystile_runner_utils: "
      "convert-elementwise-to-linalg, one-shot-bufferize (function "
      "boundaries, identity layouts, allocations returned from loops), "
      "generate-runtime-verification, "
      "convert-systile-to-runtime, buffer-deallocation-pipeline, "
      "systile-free-after-last-use (upstream's "
      "optimize-allocation-liveness where every alias is known), "
      "convert-bufferization-to-memref, "
      "convert-linalg-to-loops, systile-insert-runtime-checks, "
      "arith-expand, convert-math-to-llvm "
      "(exact log1p), convert-math-to-funcs, convert-math-to-libm, "
      "expand-strided-metadata, lower-affine, convert-scf-to-cf, "
      "convert-to-llvm, reconcile-unrealized-casts",
      [](OpPassManager &pm) { (void)buildLowerToLLVMPipeline(pm); });
  PassPipelineRegistration<SystilePipelineOptions>(
      "systile-tosa-pipeline",
      "TOSA to mxu-blocked systile ops in one run: upstream's "
      "tosa-to-linalg-pipeline passes, "
      "tosa-to-tensor, tosa-to-arith, canonicalize, then systile-pipeline "
      "with the same options",
      buildSystileTosaPipeline);
  PassPipelineRegistration<SystilePipelineOptions>(
      "systile-pipeline",
      "Lower linalg contractions to mxu-blocked systile ops: "
      "[systile-fold-batchnorm,] convert-linalg-to-systile, canonicalize, systile-propagate-layout, "
      "systile-fuse-elementwise, loop-invariant-code-motion, systile-block-matmul, "
      "systile-fold-zero-tiles, canonicalize, cse (on each function)",
      buildSystilePipeline);
}
