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
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  systile::registerAllDialects(registry);
  systile::registerAllPasses();
  // Debian's LLVM build compiles MLIR's own pass statistics out; after
  // MLIR's (empty) report, print the systile passes' counters.
  bool statistics = llvm::any_of(
      llvm::ArrayRef<char *>(argv + 1, argv + argc), [](llvm::StringRef arg) {
        return arg.ltrim('-').starts_with("mlir-pass-statistics") &&
               !arg.contains("-display");
      });
  mlir::LogicalResult result =
      mlir::MlirOptMain(argc, argv, "systile optimizer driver\n", registry);
  if (statistics)
    systile::printPassStatistics(llvm::errs());
  return mlir::asMainReturnCode(result);
}
