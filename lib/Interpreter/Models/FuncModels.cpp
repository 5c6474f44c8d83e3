//===- FuncModels.cpp - Execution models of the func dialect --------------===//
//
// func.call runs the callee in a new frame (ExecContext::call, which limits
// the nesting depth); func.constant gives the function it names as a
// value, which func.call_indirect calls the same way; func.return is a
// terminator and needs no model.
//
//===----------------------------------------------------------------------===//

#include "systile/Interpreter/ExecContext.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace systile::interp;

namespace {
/// Runs `callee` on `operands`' values and binds `op`'s results.
LogicalResult callAndBind(Operation *op, func::FuncOp callee,
                          ValueRange operands, ExecContext &ctx) {
  SmallVector<RtValue> args;
  for (Value v : operands)
    args.push_back(ctx.lookup(v));
  FailureOr<SmallVector<RtValue>> results = ctx.call(callee, args, op);
  if (failed(results))
    return failure();
  for (auto [r, v] : llvm::zip(op->getResults(), *results))
    ctx.bind(r, std::move(v));
  return success();
}

LogicalResult executeCall(func::CallOp call, ExecContext &ctx) {
  auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      call, call.getCalleeAttr());
  if (!callee)
    return call.emitError() << "no function @" << call.getCallee();
  return callAndBind(call, callee, call.getOperands(), ctx);
}

/// func.constant: the function it names, as a value.
LogicalResult executeConstant(func::ConstantOp op, ExecContext &ctx) {
  auto fn = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      op, op.getValueAttr());
  if (!fn)
    return op.emitError() << "no function @" << op.getValue();
  ctx.bind(op.getResult(), RtValue::function(fn));
  return success();
}

/// func.call_indirect: calls the function its callee value holds (whose
/// type the verifier matched to the call's).
LogicalResult executeCallIndirect(func::CallIndirectOp call,
                                  ExecContext &ctx) {
  const RtValue &callee = ctx.lookup(call.getCallee());
  auto fn = dyn_cast_or_null<func::FuncOp>(callee.function());
  if (!fn)
    return call.emitError() << "the callee is not a function value";
  return callAndBind(call, fn, call.getCalleeOperands(), ctx);
}
} // namespace

void systile::interp::registerFuncExecutionModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, func::FuncDialect *) {
    attachModel<func::CallOp, executeCall>(*ctx);
    attachModel<func::ConstantOp, executeConstant>(*ctx);
    attachModel<func::CallIndirectOp, executeCallIndirect>(*ctx);
  });
}
