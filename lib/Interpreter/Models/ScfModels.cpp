//===- ScfModels.cpp - Execution models of the scf dialect -----------===//
//
// PLACEHOLDER: the scf execution models are being written.
//
//===----------------------------------------------------------------------===//

#include "systile/Interpreter/ExecContext.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

void systile::interp::registerScfExecutionModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *, scf::SCFDialect *) {});
}
