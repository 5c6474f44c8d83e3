//===- SystileDialect.cpp - systile dialect registration ------------------===//
//
// Registers the systile types, attributes and ops, and materialises
// constants produced by folding.
//
//===----------------------------------------------------------------------===//

#include "systile/Dialect/Systile/IR/SystileDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "systile/Dialect/Systile/IR/SystileOps.h"

using namespace mlir;
using namespace systile;

#include "systile/Dialect/Systile/IR/SystileDialect.cpp.inc"

void SystileDialect::initialize() {
  registerAttributes();
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "systile/Dialect/Systile/IR/SystileOps.cpp.inc"
      >();
}

Operation *SystileDialect::materializeConstant(OpBuilder &builder,
                                               Attribute value, Type type,
                                               Location loc) {
  if (auto tiled = dyn_cast<TiledType>(type)) {
    auto dense = dyn_cast<DenseElementsAttr>(value);
    if (!dense || dense.getType().getRank() != 1 ||
        dense.getType().getDimSize(0) != tiled.getNumStorageElements() ||
        dense.getElementType() != tiled.getElementType())
      return nullptr;
    return ConstantOp::create(builder, loc, tiled, dense);
  }
  // unpack(systile.constant) folds to a dense tensor constant.
  if (isa<RankedTensorType>(type))
    return arith::ConstantOp::materialize(builder, value, type, loc);
  return nullptr;
}
