//===- RunnerMain.h - The library behind systile-run ------------*- C++ -*-===//
//
// systileRunnerMain parses systile-run's command line, runs the entry
// function with the interpreter and reports, as upstream's MlirOptMain and
// JitRunnerMain do for their tools: the tool is a few lines around it and
// decides only the exit code. It never exits or aborts; every failure has
// been reported on stderr when it returns failure.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_INTERPRETER_RUNNERMAIN_H
#define SYSTILE_INTERPRETER_RUNNERMAIN_H

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/LLVM.h"

namespace systile::interp {

/// Runs systile-run with `argv`; `registry` must hold the dialects and
/// execution models of the programs to run (registerAllDialects plus
/// registerAllExecutionModels).
mlir::LogicalResult systileRunnerMain(int argc, char **argv,
                                      mlir::DialectRegistry &registry);

} // namespace systile::interp

#endif // SYSTILE_INTERPRETER_RUNNERMAIN_H
