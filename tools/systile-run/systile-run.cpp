//===- systile-run.cpp - Executes MLIR programs with the systile runtime --===//
//
// A thin tool over systileRunnerMain (lib/Runner/RunnerMain.cpp, where the
// command line is documented): it registers the dialects and execution
// models, offers systile's and upstream's passes to --compare-after, and
// decides the exit code, 0 on success and 1 on any error.
//
//===----------------------------------------------------------------------===//

#include "systile/InitAll.h"
#include "systile/Pipelines/Pipelines.h"
#include "systile/Interpreter/ExecContext.h"
#include "systile/Runner/RunnerMain.h"
#include "systile/Runtime/Allocation.h"
#include "systile/Support/FatalErrors.h"
#include "systile/Support/Stack.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <unistd.h>

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  // Internal fatal errors and failed allocations inside LLVM exit with
  // status 1 and a message, like every other error, rather than aborting.
  // Staged --output files are removed first (they are registered with
  // RemoveFileOnSignal), so nothing half-written is left beside an output.
  systile::exitOnFatalErrors("systile-run");
  // Freed tensors stay in the heap, on huge pages: fresh 4 KiB pages cost
  // about a millisecond per MiB on these VMs (measured: tiled bias + ReLU on
  // 4096x4096 f32, 0.08x -> 0.47x memcpy when freed memory is kept).
  systile::rt::configureRunOnceHeap();

  mlir::DialectRegistry registry;
  systile::registerAllDialects(registry);
  systile::interp::registerAllExecutionModels(registry);
  systile::runner::RunnerConfig config;
  config.registerPasses = systile::registerAllPasses;
  // A named callable: RunnerConfig holds a function_ref, which must not
  // outlive what it refers to.
  auto lowerToLLVM = [](mlir::ModuleOp module, std::string &message) {
    mlir::PassManager pm(module->getContext());
    if (mlir::failed(systile::buildLowerToLLVMPipeline(pm))) {
      message = "cannot build the systile-lower-to-llvm pipeline";
      return mlir::failure();
    }
    return pm.run(module);
  };
  config.lowerToLLVM = lowerToLLVM;
  // On a stack of known size: parsing and the interpreter check their
  // recursion against it (systile/Support/Stack.h).
  int rc = systile::runOnToolStack([&] {
    return mlir::failed(systile::runner::systileRunnerMain(argc, argv,
                                                           registry, config))
               ? 1
               : 0;
  });
  llvm::outs().flush();
  llvm::errs().flush();
  // Everything is written and the values are freed; skip the static
  // destructors of the MLIR and LLVM libraries, which cost more than
  // interpreting a small program.
  std::fflush(nullptr);
  _exit(rc);
}
