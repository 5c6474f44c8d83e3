//===- BuiltinModels.cpp - Execution models of builtin ops ----------------===//
//
// builtin.unrealized_conversion_cast between integer types that differ in
// signedness only (`tensor<4xui8>` to `tensor<4xi8>` and back): what
// StableHLO's legalisation to linalg leaves at the boundaries of a function
// on unsigned integers, since arith computes on signless ones. The bits
// are the same, so the result is the operand's value, shared. Any other
// unrealized cast (a type conversion a pipeline did not finish) has no
// run-time meaning and is an error naming both types.
//
//===----------------------------------------------------------------------===//

#include "systile/Interpreter/ExecContext.h"

#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace systile::interp;

namespace {
/// Whether `from` and `to` hold the same bits: the same shape (or both
/// scalars) and integer elements of one width, whatever their signedness.
bool sameBits(Type from, Type to) {
  auto fromShaped = dyn_cast<ShapedType>(from);
  auto toShaped = dyn_cast<ShapedType>(to);
  if (bool(fromShaped) != bool(toShaped))
    return false;
  if (fromShaped &&
      (fromShaped.getTypeID() != toShaped.getTypeID() ||
       !fromShaped.hasRank() || !toShaped.hasRank() ||
       fromShaped.getShape() != toShaped.getShape()))
    return false;
  auto a = dyn_cast<IntegerType>(getElementTypeOrSelf(from));
  auto b = dyn_cast<IntegerType>(getElementTypeOrSelf(to));
  return a && b && a.getWidth() == b.getWidth();
}

LogicalResult executeCast(UnrealizedConversionCastOp op, ExecContext &ctx) {
  if (op.getInputs().size() != 1 || op.getOutputs().size() != 1 ||
      !sameBits(op.getInputs()[0].getType(), op.getOutputs()[0].getType())) {
    InFlightDiagnostic d = op.emitError()
                           << "builtin.unrealized_conversion_cast from (";
    llvm::interleaveComma(op.getInputs().getTypes(), d);
    d << ") to (";
    llvm::interleaveComma(op.getOutputs().getTypes(), d);
    d << ") has no run-time meaning: systile-run executes only a cast "
         "between integer types of one width and shape that differ in "
         "signedness (as StableHLO's legalisation leaves for unsigned "
         "integers)";
    return d;
  }
  ctx.bind(op.getOutputs()[0], ctx.lookup(op.getInputs()[0]));
  return success();
}
} // namespace

void systile::interp::registerBuiltinExecutionModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, BuiltinDialect *) {
    attachModel<UnrealizedConversionCastOp, executeCast>(*ctx);
  });
}
