//===- TensorModels.cpp - Execution models of the tensor dialect -----------===//
//
// PLACEHOLDER: the tensor execution models are being written.
//
//===----------------------------------------------------------------------===//

#include "systile/Interpreter/ExecContext.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

void systile::interp::registerTensorExecutionModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *, tensor::TensorDialect *) {});
}
