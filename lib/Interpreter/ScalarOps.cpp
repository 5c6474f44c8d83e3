//===- ScalarOps.cpp - Lane-wise operands of the arith/math models --------===//

#include "ScalarOps.h"

using namespace mlir;
using namespace systile::interp;
using namespace systile::interp::scalar;

FailureOr<LaneOperands> scalar::takeOperands(Operation *op, ExecContext &ctx) {
  LaneOperands ops;
  for (OpOperand &operand : op->getOpOperands()) {
    RtValue v = ctx.take(operand);
    if (!v.isDense())
      return op->emitError() << "'" << op->getName() << "' operand #"
                             << operand.getOperandNumber()
                             << " is a tiled value; it expects a dense one";
    ops.values.push_back(std::move(v));
  }
  if (ops.values.empty())
    return op->emitError() << "'" << op->getName() << "' has no operands";
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
      return op->emitError()
             << "'" << op->getName() << "' operand #" << i << " has " << n
             << " elements, which neither matches the " << ops.numElements
             << " of the others nor broadcasts (1)";
  }
  return ops;
}

LogicalResult scalar::checkSameKinds(Operation *op, const LaneOperands &ops,
                                     unsigned first) {
  for (unsigned i = first + 1; i < ops.values.size(); ++i)
    if (ops.kind(i) != ops.kind(first))
      return op->emitError()
             << "'" << op->getName() << "' operands #" << first << " and #" << i
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
  return op->emitError() << "'" << op->getName() << "' expects " << what
                         << " operands, got " << toString(kind);
}

LogicalResult scalar::poison(Operation *op, const llvm::Twine &what,
                             int64_t index) {
  return op->emitError() << "'" << op->getName() << "': " << what
                         << " at element " << index
                         << " (the result would be poison)";
}
