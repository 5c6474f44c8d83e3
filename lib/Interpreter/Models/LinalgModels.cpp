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
template <typename OpTy>
struct StructuredModel
    : public ExecutableOpInterface::ExternalModel<StructuredModel<OpTy>, OpTy> {
  LogicalResult execute(Operation *op, ExecContext &ctx) const {
    return linalg_exec::executeStructured(cast<linalg::LinalgOp>(op), ctx);
  }
};

struct IndexModel
    : public ExecutableOpInterface::ExternalModel<IndexModel, linalg::IndexOp> {
  LogicalResult execute(Operation *op, ExecContext &ctx) const {
    return linalg_exec::executeIndex(cast<linalg::IndexOp>(op), ctx);
  }
  /// Lane-wise: in a batch it yields one index per lane.
  bool supportsLanes(Operation *) const { return true; }
};

template <typename... Ops> void attachStructuredModels(MLIRContext *ctx) {
  (Ops::template attachInterface<StructuredModel<Ops>>(*ctx), ...);
}
} // namespace

void systile::interp::registerLinalgExecutionModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, linalg::LinalgDialect *) {
    attachStructuredModels<
#define GET_OP_LIST
#include "mlir/Dialect/Linalg/IR/LinalgStructuredOps.cpp.inc"
        >(ctx);
    linalg::IndexOp::attachInterface<IndexModel>(*ctx);
  });
}
