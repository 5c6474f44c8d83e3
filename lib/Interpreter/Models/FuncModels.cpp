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
LogicalResult executeCall(func::CallOp call, ExecContext &ctx) {
  auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      call, call.getCalleeAttr());
  if (!callee)
    return call.emitError() << "no function @" << call.getCallee();
  SmallVector<RtValue> args;
  for (Value v : call.getOperands())
    args.push_back(ctx.lookup(v));
  FailureOr<SmallVector<RtValue>> results = ctx.call(callee, args, call);
  if (failed(results))
    return failure();
  for (auto [r, v] : llvm::zip(call.getResults(), *results))
    ctx.bind(r, std::move(v));
  return success();
}
} // namespace

void systile::interp::registerFuncExecutionModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, func::FuncDialect *) {
    attachModel<func::CallOp, executeCall>(*ctx);
  });
}
