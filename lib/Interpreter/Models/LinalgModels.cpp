//===- LinalgModels.cpp - Execution models of the linalg dialect -----------===//
//
// PLACEHOLDER: the linalg execution models are being written.
//
//===----------------------------------------------------------------------===//

#include "systile/Interpreter/ExecContext.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;

void systile::interp::registerLinalgExecutionModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *, linalg::LinalgDialect *) {});
}
