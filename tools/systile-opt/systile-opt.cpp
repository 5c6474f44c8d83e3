//===- systile-opt.cpp - mlir-opt with the systile dialect ----------------===//
//
// The systile dialect, passes and pipeline, plus the upstream dialects and
// passes a user needs around them.
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "systile/InitAll.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  systile::registerAllDialects(registry);
  systile::registerAllPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "systile optimizer driver\n", registry));
}
