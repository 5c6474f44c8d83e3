//===- RunnerMain.h - The library behind systile-run ------------*- C++ -*-===//
//
// systileRunnerMain parses systile-run's command line, runs the entry
// function with the interpreter and reports, as upstream's MlirOptMain and
// JitRunnerMain do for their tools: the tool is a few lines around it and
// decides only the exit code. It never exits or aborts; every failure has
// been reported on stderr when it returns failure.
//
// The library registers nothing itself: the tool hands it the dialect
// registry of the programs to run and, in a RunnerConfig (after upstream's
// JitRunnerConfig), what --compare-after needs to build and run a pass
// pipeline.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNNER_RUNNERMAIN_H
#define SYSTILE_RUNNER_RUNNERMAIN_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>

namespace systile::runner {

/// What the tool provides for --compare-after. Both callbacks run only
/// when --compare-after is given, so a plain run pays for no pass registry.
struct RunnerConfig {
  /// Registers the passes and pipelines a --compare-after pipeline may name
  /// (e.g. systile::registerAllPasses), before the pipeline is parsed.
  llvm::function_ref<void()> registerPasses = nullptr;
  /// Applies the --compare-after pipeline `pipeline` to `module` (a clone of
  /// the input); on failure, `message` says why. Null: runPassPipeline
  /// (RunnerSupport.h), which parses it against the registered passes.
  llvm::function_ref<mlir::LogicalResult(
      mlir::ModuleOp module, llvm::StringRef pipeline, std::string &message)>
      transform = nullptr;
  /// Lowers `module` to the LLVM dialect for --compile (systile-lower-to-llvm);
  /// on failure, `message` says why (diagnostics are reported as they come).
  /// Null: --compile is an error.
  llvm::function_ref<mlir::LogicalResult(mlir::ModuleOp module,
                                         std::string &message)>
      lowerToLLVM = nullptr;
};

/// Runs systile-run with `argv`; `registry` must hold the dialects and
/// execution models of the programs to run (registerAllDialects plus
/// registerAllExecutionModels).
mlir::LogicalResult systileRunnerMain(int argc, char **argv,
                                      mlir::DialectRegistry &registry,
                                      const RunnerConfig &config = {});

} // namespace systile::runner

#endif // SYSTILE_RUNNER_RUNNERMAIN_H
