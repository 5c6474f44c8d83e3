//===- LinalgModels.cpp - Execution models of the linalg dialect ----------===//
//
// One model template, attached to every structured op of the dialect (the
// op list generated from LinalgStructuredOps.td, so no op name is written
// here): it runs the op through the LinalgOp interface (LinalgExec.h). And
// linalg.index, which reads the iteration point of the op whose payload is
// running. linalg.yield is a terminator and needs no model.
//
//===----------------------------------------------------------------------===//

#include "../LinalgExec.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;
using namespace systile::interp;

namespace {
LogicalResult executeStructured(Operation *op, ExecContext &ctx) {
  return linalg_exec::executeStructured(cast<linalg::LinalgOp>(op), ctx);
}

template <typename... Ops> void attachStructuredModels(MLIRContext &ctx) {
  (attachModel<Ops, executeStructured>(ctx), ...);
}
} // namespace

void systile::interp::registerLinalgExecutionModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, linalg::LinalgDialect *) {
    attachStructuredModels<
#define GET_OP_LIST
#include "mlir/Dialect/Linalg/IR/LinalgStructuredOps.cpp.inc"
        >(*ctx);
    // Lane-wise: in a batch linalg.index yields one index per lane.
    attachLaneModel<linalg::IndexOp, linalg_exec::executeIndex>(*ctx);
  });
}
