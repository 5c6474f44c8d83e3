//===- PipelineFuzzer.cpp - Fuzz systile-pipeline on parsed modules -------===//
//
// Runs systile-pipeline on every module that parses and verifies, in a small
// geometry (so that blocking produces few ops) picked by the input's last
// byte together with the precision and zero-tile folding. The pass manager's
// own verifier is off so that invalid IR left by a pass that succeeded is
// told apart from a pass rejecting its input: the module is verified once
// at the end, and invalid IR after a successful run is reported, unless
// upstream's canonicalizer alone makes the input invalid (a known upstream
// bug, docs/Fuzzing.md: it folds constant sizes into a tensor.insert_slice
// whose dynamic source it has made static; the tools report the verifier's
// error, exit 1).
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "systile/Pipelines/Pipelines.h"

using namespace systile::fuzz;


extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  nextInput();
  if (size == 0)
    return 0;
  uint8_t knobs = data[size - 1];
  mlir::OwningOpRef<mlir::ModuleOp> module = parse(data, size - 1);
  if (!module)
    return 0;

  // One pass manager per option combination, built on first use: building
  // one initializes every pass, and the canonicalizer's initialization
  // collects the patterns of every loaded op, which took most of each
  // input's time when it was done per input.
  static std::unique_ptr<mlir::PassManager> managers[16];
  static bool registered = (onContextRenewal([] {
                              for (auto &m : managers)
                                m.reset();
                            }),
                            true);
  (void)registered;
  std::unique_ptr<mlir::PassManager> &pm = managers[knobs & 15];
  if (!pm) {
    static const int64_t geometries[4][3] = {
        {1, 1, 1}, {2, 4, 4}, {4, 8, 8}, {8, 128, 128}};
    systile::SystilePipelineOptions options;
    const int64_t *g = geometries[knobs & 3];
    options.sublanes = g[0];
    options.lanes = g[1];
    options.mxu = g[2];
    options.precision =
        (knobs & 4) ? systile::Precision::BF16 : systile::Precision::F32;
    options.foldZeroTiles = (knobs & 8) != 0;
    pm = std::make_unique<mlir::PassManager>(&context());
    pm->enableVerifier(false);
    systile::buildSystilePipeline(*pm, options);
  }
  // A pass may reject its input (an unsupported shape, too many blocks)
  // with an error; what must not happen is invalid IR after a pass that
  // succeeded, a crash or a hang.
  mlir::OwningOpRef<mlir::ModuleOp> input = module->clone();
  if (mlir::succeeded(pm->run(*module)) && mlir::failed(mlir::verify(*module)) &&
      !canonicalizerBreaks(*input))
    fail("systile-pipeline succeeded but left invalid IR");
  return 0;
}
