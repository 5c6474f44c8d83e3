//===- ScalarOps.cpp - Lane-wise operands of the arith/math models --------===//
//
// Taking, checking and broadcasting the operands of a lane op, and its
// result storage (ScalarOps.h).
//
//===----------------------------------------------------------------------===//

#include "ScalarOps.h"

using namespace mlir;
using namespace systile::interp;
using namespace systile::interp::scalar;

FailureOr<LaneOperands> scalar::takeOperands(Operation *op, ExecContext &ctx) {
  LaneOperands ops;
  for (OpOperand &operand : op->getOpOperands()) {
    RtValue v = ctx.take(operand);
    if (!v.isDense())
      return ExecContext::opError(op)
             << " operand #" << operand.getOperandNumber() << " is a "
             << (v.isFunction() ? "function" : "tiled")
             << " value; it expects a dense one";
    ops.values.push_back(std::move(v));
  }
  if (ops.values.empty())
    return ExecContext::opError(op) << " has no operands";
  const DenseValue *largest = &ops[0];
  for (unsigned i = 1; i < ops.values.size(); ++i) {
    int64_t n = ops[i].numElements(), most = largest->numElements();
    // An empty operand wins over a one-element one (the result is empty),
    // and of equal sizes the higher rank (one lane beats a scalar).
    if (n > most || (n == 0 && most == 1) ||
        (n == most && ops[i].rank() > largest->rank()))
      largest = &ops[i];
  }
  ops.shape.assign(largest->shape().begin(), largest->shape().end());
  ops.numElements = largest->numElements();
  for (auto [i, v] : llvm::enumerate(ops.values)) {
    int64_t n = v.dense().numElements();
    if (n != ops.numElements && n != 1)
      return ExecContext::opError(op)
             << " operand #" << i << " has " << n
             << " elements, which neither matches the " << ops.numElements
             << " of the others nor broadcasts (1)";
  }
  return ops;
}

FailureOr<LaneOperands>
scalar::takeLaneOperands(Operation *op, ExecContext &ctx, Lanes accept) {
  FailureOr<LaneOperands> ops = takeOperands(op, ctx);
  if (failed(ops) || failed(checkSameKinds(op, *ops)))
    return failure();
  bool wantFloat = accept == Lanes::Float;
  if (isFloat(ops->kind(0)) != wantFloat) {
    (void)unsupportedKind(op, wantFloat ? "float" : "integer", ops->kind(0));
    return failure();
  }
  return ops;
}

LogicalResult scalar::checkSameKinds(Operation *op, const LaneOperands &ops,
                                     unsigned first) {
  for (unsigned i = first + 1; i < ops.values.size(); ++i)
    if (ops.kind(i) != ops.kind(first))
      return ExecContext::opError(op)
             << " operands #" << first << " and #" << i
             << " hold different element kinds (" << toString(ops.kind(first))
             << ", " << toString(ops.kind(i)) << ")";
  return success();
}

FailureOr<DenseValue> scalar::resultFor(Operation *op, ExecContext &ctx,
                                        LaneOperands &ops, ElementKind kind) {
  for (RtValue &v : ops.values) {
    const DenseValue &d = v.dense();
    // Element-wise loops read element i before writing it, so the result
    // may overwrite an operand of the same kind and size in place.
    if (d.kind() == kind && d.numElements() == ops.numElements && d.isUnique())
      return d.reshaped(ops.shape);
  }
  return ctx.allocate(op, kind, ops.shape);
}

FailureOr<ElementKind> scalar::resultKind(Operation *op, unsigned i) {
  return ExecContext::kindOf(op, op->getResult(i).getType());
}

LogicalResult scalar::unsupportedKind(Operation *op, StringRef what,
                                      ElementKind kind) {
  return ExecContext::opError(op)
         << " expects " << what << " operands, got " << toString(kind);
}

LogicalResult scalar::poison(Operation *op, const llvm::Twine &what,
                             int64_t index) {
  return ExecContext::opError(op) << ": " << what << " at element " << index
                                  << " (the result would be poison)";
}
