//===- ArithModels.cpp - Execution models of the arith dialect -----------===//
//
// PLACEHOLDER: the arith execution models are being written.
//
//===----------------------------------------------------------------------===//

#include "systile/Interpreter/ExecContext.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;

void systile::interp::registerArithExecutionModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *, arith::ArithDialect *) {});
}
