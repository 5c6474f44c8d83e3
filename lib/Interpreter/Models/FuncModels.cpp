//===- FuncModels.cpp - Execution models of the func dialect --------------===//
//
// func.call runs the callee in a new frame (ExecContext::call, which limits
// the nesting depth); func.return is a terminator and needs no model.
//
//===----------------------------------------------------------------------===//

#include "systile/Interpreter/ExecContext.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace systile::interp;

namespace {
struct CallModel
    : public ExecutableOpInterface::ExternalModel<CallModel, func::CallOp> {
  LogicalResult execute(Operation *op, ExecContext &ctx) const {
    auto call = cast<func::CallOp>(op);
    auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        op, call.getCalleeAttr());
    if (!callee)
      return op->emitError() << "no function @" << call.getCallee();
    SmallVector<RtValue> args;
    for (Value v : call.getOperands())
      args.push_back(ctx.lookup(v));
    FailureOr<SmallVector<RtValue>> results = ctx.call(callee, args, op);
    if (failed(results))
      return failure();
    for (auto [r, v] : llvm::zip(call.getResults(), *results))
      ctx.bind(r, std::move(v));
    return success();
  }
};
} // namespace

void systile::interp::registerFuncExecutionModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, func::FuncDialect *) {
    func::CallOp::attachInterface<CallModel>(*ctx);
  });
}
