//===- LinalgIterationSpace.h - Loops and operand addresses -----*- C++ -*-===//
//
// What one execution of a linalg structured op iterates over: the loop
// ranges from the run-time shapes and the linear address of every
// operand's element at an iteration point. Built by LinalgExec.cpp and
// read by the paths that run an op (LinalgContraction.h, the point
// runner). Private to lib/Interpreter.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_LIB_INTERPRETER_LINALGITERATIONSPACE_H
#define SYSTILE_LIB_INTERPRETER_LINALGITERATIONSPACE_H

#include "systile/Interpreter/ExecContext.h"

#include "mlir/Dialect/Utils/StructuredOpsUtils.h"

namespace systile::interp::linalg_exec {

/// Where an operand's element of an iteration point lives in its C-order
/// storage: base + sum over loops l of coef[l] * i_l (in elements).
struct Access {
  int64_t base = 0;
  llvm::SmallVector<int64_t, 6> coef;

  int64_t at(llvm::ArrayRef<int64_t> point) const {
    int64_t offset = base;
    for (auto [c, i] : llvm::zip_equal(coef, point))
      offset += c * i;
    return offset;
  }
};

/// One execution of a structured op: loop ranges (from the run-time shapes)
/// and how every operand (inputs, then inits) is addressed.
struct IterationSpace {
  llvm::SmallVector<int64_t, 6> ranges;
  llvm::SmallVector<mlir::utils::IteratorType, 6> iterators;
  llvm::SmallVector<Access, 4> access;
  /// Operand values in operand order; the inits' entries are the result
  /// buffers, written in place.
  llvm::SmallVector<DenseValue, 4> values;
  /// Per init: the shared value it stands for when its result buffer was
  /// allocated without copying it (the payload never reads it and the op
  /// writes every element); restored if the op turns out to have no
  /// points. Empty otherwise.
  llvm::SmallVector<DenseValue, 2> uncopiedInits;
  unsigned numInputs = 0;

  unsigned numLoops() const { return ranges.size(); }
  bool isEmpty() const {
    return llvm::any_of(ranges, [](int64_t r) { return r == 0; });
  }
};

} // namespace systile::interp::linalg_exec

#endif // SYSTILE_LIB_INTERPRETER_LINALGITERATIONSPACE_H
