//===- systile-opt.cpp - mlir-opt with the systile dialect ----------------===//
//
// The systile dialect, passes and pipeline, plus the upstream dialects and
// passes a user needs around them.
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "systile/InitAll.h"
#include "systile/Support/PassStatistics.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

/// Whether `--mlir-pass-statistics` was given, read from the parsed command
/// line (not from argv).
static bool passStatisticsRequested() {
  auto &options = llvm::cl::getRegisteredOptions();
  auto it = options.find("mlir-pass-statistics");
  return it != options.end() && it->second->getNumOccurrences() > 0;
}

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  systile::registerAllDialects(registry);
  systile::registerAllPasses();
  auto [input, output] = mlir::registerAndParseCLIOptions(
      argc, argv, "systile optimizer driver\n", registry);
  // Debian's LLVM build compiles MLIR's own pass statistics out; after
  // MLIR's (empty) report, print the systile passes' counters of this run.
  std::optional<systile::PassCounterReport> counters;
  if (passStatisticsRequested())
    counters.emplace();
  mlir::LogicalResult result =
      mlir::MlirOptMain(argc, argv, input, output, registry);
  if (counters)
    counters->print(llvm::errs());
  return mlir::asMainReturnCode(result);
}
