//===- AllModels.cpp - Registers every dialect's execution models ---------===//

#include "systile/Interpreter/ExecContext.h"

void systile::interp::registerAllExecutionModels(
    mlir::DialectRegistry &registry) {
  registerArithExecutionModels(registry);
  registerMathExecutionModels(registry);
  registerFuncExecutionModels(registry);
  registerCfExecutionModels(registry);
  registerBuiltinExecutionModels(registry);
  registerScfExecutionModels(registry);
  registerTensorExecutionModels(registry);
  registerLinalgExecutionModels(registry);
  registerSystileExecutionModels(registry);
  registerSystileElementwiseExecutionModels(registry);
}
