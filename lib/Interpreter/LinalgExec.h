//===- LinalgExec.h - Running linalg structured ops -------------*- C++ -*-===//
//
// How systile-run executes any linalg structured op on tensors through the
// LinalgOp interface, with upstream's meaning (convert-linalg-to-loops):
// loops in iterator order, each output element updated by its points in
// increasing lexicographic order of the loop indices, the payload region
// evaluated per point with the inputs at their indexing maps and the
// current output value.
//
// The payload region runs through the interpreter once per batch of up to
// InterpreterOptions::maxLanes points that differ only in one "lane" loop
// (or several loops fused into one linear lane index); every SSA value of
// the region then holds one lane per point. The gathered lanes are handed
// over (ExecContext::runRegionConsuming), so lane-wise ops may compute in
// their storage. A
// contraction whose payload is a multiply-accumulate runs the runtime's
// dense contraction instead (LinalgContraction.h), a copy the runtime's
// strided gather. Private to lib/Interpreter.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_LIB_INTERPRETER_LINALGEXEC_H
#define SYSTILE_LIB_INTERPRETER_LINALGEXEC_H

#include "systile/Interpreter/ExecContext.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace systile::interp::linalg_exec {

/// What the payload's linalg.index ops read while a batch of points runs:
/// the outer loop values, and which loops the lanes enumerate.
struct PointState {
  llvm::ArrayRef<int64_t> point;    // every loop; lane loops hold 0
  llvm::ArrayRef<unsigned> laneDims; // innermost first
  llvm::ArrayRef<int64_t> ranges;
  int64_t laneStart = 0, numLanes = 0;
  /// Lane mode (rank-1 values) or one point at a time (rank-0 values).
  bool lanes = false;
};

/// The per-op slot (ExecContext::cached) through which a structured op
/// publishes its current PointState to the linalg.index ops of its body.
struct IndexSlot {
  const PointState *current = nullptr;
};

/// Runs `op` (a LinalgOp on tensors) and binds its results.
mlir::LogicalResult executeStructured(mlir::linalg::LinalgOp op,
                                      ExecContext &ctx);
/// Runs a linalg.index in the payload of the op that is executing.
mlir::LogicalResult executeIndex(mlir::linalg::IndexOp op, ExecContext &ctx);

} // namespace systile::interp::linalg_exec

#endif // SYSTILE_LIB_INTERPRETER_LINALGEXEC_H
