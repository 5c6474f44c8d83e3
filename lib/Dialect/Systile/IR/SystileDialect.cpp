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
    // A systile.constant's own value (dense or dense_resource) comes back
    // here when the folder re-materialises it.
    auto elements = dyn_cast<ElementsAttr>(value);
    if (!isa_and_present<DenseElementsAttr, DenseResourceElementsAttr>(
            elements) ||
        elements.getShapedType().getRank() != 1 ||
        elements.getShapedType().getDimSize(0) !=
            tiled.getNumStorageElements() ||
        elements.getElementType() != tiled.getElementType())
      return nullptr;
    return ConstantOp::create(builder, loc, tiled, elements);
  }
  // unpack(systile.constant) folds to a dense tensor constant.
  if (isa<RankedTensorType>(type))
    return arith::ConstantOp::materialize(builder, value, type, loc);
  return nullptr;
}
