//===- MathModels.cpp - Execution models of the math dialect -----------===//
//
// PLACEHOLDER: the math execution models are being written.
//
//===----------------------------------------------------------------------===//

#include "systile/Interpreter/ExecContext.h"

#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;

void systile::interp::registerMathExecutionModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *, math::MathDialect *) {});
}
