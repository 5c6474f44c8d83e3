//===- RegionFolder.h - Fold a scalar region to an attribute ----*- C++ -*-===//
//
// Evaluates a single-block scalar region (the body of a systile.elementwise
// or of a linalg.generic) for constant block arguments, op by op with each
// op's own folder, so a constant computation becomes a constant with the
// bits the ops define. Used by the elementwise fold and by layout
// propagation (a mask built from linalg.index becomes a constant).
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_DIALECT_SYSTILE_IR_REGIONFOLDER_H
#define SYSTILE_DIALECT_SYSTILE_IR_REGIONFOLDER_H

#include "mlir/IR/Block.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace systile {

class RegionFolder {
public:
  /// The value of an op the folders cannot give (linalg.index), or null.
  using LeafFn = llvm::function_ref<mlir::Attribute(mlir::Operation &)>;

  explicit RegionFolder(mlir::Block &block) : block(block) {}

  /// The attribute yielded for block arguments `args`, or null when some
  /// op does not fold. Constants from above are read in place.
  mlir::Attribute run(llvm::ArrayRef<mlir::Attribute> args, LeafFn leaf = {});

private:
  mlir::Attribute operandValue(mlir::Value v) const;
  mlir::LogicalResult foldOne(mlir::Operation &op, LeafFn leaf);

  mlir::Block &block;
  llvm::DenseMap<mlir::Value, mlir::Attribute> values;
};

} // namespace systile

#endif // SYSTILE_DIALECT_SYSTILE_IR_REGIONFOLDER_H
