//===- systile-opt.cpp - mlir-opt with the systile dialect ----------------===//
//
// The systile dialect, passes and pipeline, plus the upstream dialects and
// passes a user needs around them.
//
// The driver is upstream's MlirOptMain except for reading the input: a pipe
// or device is read by systile::openBoundedInputFile, which stops at the
// first NUL byte of a text input, so `systile-opt /dev/zero` is an error
// instead of a read that never ends. As upstream, a failed run writes no
// output file and removes an existing one named by -o.
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "systile/InitAll.h"
#include "systile/Support/InputFile.h"
#include "systile/Support/PassStatistics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>

#include <optional>

/// Whether `--mlir-pass-statistics` was given, read from the parsed command
/// line (not from argv).
static bool passStatisticsRequested() {
  auto &options = llvm::cl::getRegisteredOptions();
  auto it = options.find("mlir-pass-statistics");
  return it != options.end() && it->second->getNumOccurrences() > 0;
}

/// What MlirOptMain(argc, argv, ...) does after parsing the options, with
/// the bounded input reader.
static mlir::LogicalResult run(llvm::StringRef inputFilename,
                               llvm::StringRef outputFilename,
                               mlir::DialectRegistry &registry) {
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
  // --show-dialects and --list-passes print and return before any input.
  if (config.shouldShowDialects() || config.shouldListPasses())
    return mlir::MlirOptMain(llvm::outs(), llvm::MemoryBuffer::getMemBuffer(""),
                             registry, config);
  if (inputFilename == "-" &&
      llvm::sys::Process::FileDescriptorIsDisplayed(fileno(stdin)))
    llvm::errs() << "(processing input from stdin now, hit ctrl-c/ctrl-d to "
                    "interrupt)\n";
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input =
      systile::openBoundedInputFile(inputFilename, &error);
  if (!input) {
    llvm::errs() << error << "\n";
    return mlir::failure();
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFilename, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return mlir::failure();
  }
  if (mlir::failed(
          mlir::MlirOptMain(output->os(), std::move(input), registry, config)))
    return mlir::failure();
  output->keep();
  return mlir::success();
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  mlir::DialectRegistry registry;
  systile::registerAllDialects(registry);
  systile::registerAllPasses();
  // Debian's LLVM build compiles MLIR's own pass statistics out; after
  // MLIR's (empty) report, print the systile passes' counters of this run.
  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "systile optimizer driver\n", registry);
  std::optional<systile::PassCounterReport> counters;
  if (passStatisticsRequested())
    counters.emplace();
  mlir::LogicalResult result = run(inputFilename, outputFilename, registry);
  if (counters)
    counters->print(llvm::errs());
  return mlir::asMainReturnCode(result);
}
