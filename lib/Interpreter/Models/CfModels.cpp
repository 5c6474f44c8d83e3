//===- CfModels.cpp - Execution models of the cf dialect ------------------===//
//
// cf.assert: a true condition does nothing; a false one is an error at the
// op's location carrying the assertion's message, which ends the run (as
// upstream's lowering aborts the program). torch-mlir guards index reads
// (nn.Embedding, gathers) with it. The branch ops need blocks, which the
// interpreter's single-block regions do not have: they stay without a
// model, a clear error.
//
//===----------------------------------------------------------------------===//

#include "systile/Interpreter/ExecContext.h"

#include "TensorScfSupport.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"

using namespace mlir;
using namespace systile::interp;

namespace {
LogicalResult executeAssert(cf::AssertOp op, ExecContext &ctx) {
  if (scalarInt(ctx, op.getArg()) != 0)
    return success();
  return op.emitError() << "assertion failed: " << op.getMsg();
}
} // namespace

void systile::interp::registerCfExecutionModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, cf::ControlFlowDialect *) {
    attachModel<cf::AssertOp, executeAssert>(*ctx);
  });
}
