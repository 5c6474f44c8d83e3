//===- systile-opt.cpp - mlir-opt with the systile dialect ----------------===//
//
// The systile dialect, passes and pipeline, plus the upstream dialects and
// passes a user needs around them.
//
// The driver is upstream's MlirOptMain except for reading the input: a pipe
// or device is read by systile::openBoundedInputFile, which stops at the
// first NUL byte of a text input, so `systile-opt /dev/zero` is an error
// instead of a read that never ends, and writing the output: -o goes
// through systile::OutputFile, so a failed run leaves an existing file as
// it was (upstream's removes it), a device or FIFO is written through and a
// symbolic link keeps pointing at its (replaced) target, and verifying it:
// the input is parsed with verification off and verified by the first pass,
// systile::verifyInput, which checks what upstream's verifiers of nested ops
// trust before running them (systile/Support/VerifyInput.h).
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "systile/InitAll.h"
#include "systile/Support/FatalErrors.h"
#include "systile/Support/InputFile.h"
#include "systile/Support/OutputFile.h"
#include "systile/Support/Stack.h"
#include "systile/Support/PassStatistics.h"
#include "systile/Support/VerifyInput.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Process.h"
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
  // Verified by the pipeline's first pass instead of by the parser, unless
  // verification on parsing was turned off.
  if (config.shouldVerifyOnParsing()) {
    mlir::MlirOptMainConfig pipeline = config;
    config.verifyOnParsing(false);
    config.setPassPipelineSetupFn([pipeline](mlir::PassManager &pm) {
      pm.addPass(systile::createVerifyInputPass());
      return pipeline.setupPassPipeline(pm);
    });
  }
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
  llvm::Expected<std::unique_ptr<systile::OutputFile>> output =
      systile::OutputFile::open(outputFilename);
  if (!output) {
    llvm::errs() << llvm::toString(output.takeError()) << "\n";
    return mlir::failure();
  }
  if (mlir::failed(mlir::MlirOptMain((*output)->os(), std::move(input),
                                     registry, config)))
    return mlir::failure();
  if (llvm::Error err = (*output)->commit()) {
    llvm::errs() << llvm::toString(std::move(err)) << "\n";
    return mlir::failure();
  }
  return mlir::success();
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  // A failed allocation inside MLIR (the bytecode reader reserves room for
  // counts read from the file) is an error with status 1, not an abort; a
  // staged -o file is removed (systile/Support/FatalErrors.h).
  systile::exitOnFatalErrors("systile-opt");
  mlir::DialectRegistry registry;
  systile::registerAllDialects(registry);
  systile::registerAllPasses();
  // Debian's LLVM build compiles MLIR's own pass statistics out; after
  // MLIR's (empty) report, print the systile passes' counters of this run.
  auto [parsedInput, parsedOutput] = mlir::registerAndParseCLIOptions(
      argc, argv, "systile optimizer driver\n", registry);
  std::string inputFilename = parsedInput, outputFilename = parsedOutput;
  std::optional<systile::PassCounterReport> counters;
  if (passStatisticsRequested())
    counters.emplace();
  // On a stack of known size: the input's nesting limit is measured
  // against it (systile/Support/Stack.h).
  int code = systile::runOnToolStack([&] {
    return mlir::asMainReturnCode(run(inputFilename, outputFilename, registry));
  });
  if (counters)
    counters->print(llvm::errs());
  return code;
}
