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
// contraction whose payload is a multiply-accumulate runs the blocked
// kernel of MatmulKernel.h instead. Private to lib/Interpreter.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_LIB_INTERPRETER_LINALGEXEC_H
#define SYSTILE_LIB_INTERPRETER_LINALGEXEC_H

#include "systile/Interpreter/ExecContext.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

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

/// Contraction fast path (LinalgContraction.cpp): when `op`'s payload is a
/// multiply-accumulate the kernel runs bit-exactly, runs it over `space`
/// and returns true; false when the op is not such a contraction (nothing
/// was written); failure on an error (emitted).
mlir::FailureOr<bool> tryContraction(mlir::linalg::LinalgOp op,
                                     IterationSpace &space, ExecContext &ctx);

/// Copies `count` elements of `elemSize` bytes from src[i * srcStride] to
/// dst[i * dstStride] (strides in elements; a zero source stride
/// broadcasts).
void stridedCopy(void *dst, int64_t dstStride, const void *src,
                 int64_t srcStride, int64_t count, size_t elemSize);

/// Copies the strided array src[sum_d i_d * strides[d]] over `extents`
/// into dst in C order (elements of `elemSize` bytes; a zero stride
/// broadcasts). A transposing copy (a source stride of 1 on some other
/// dimension than the last) goes in cache-sized 2-D blocks.
void gather(void *dst, const void *src, llvm::ArrayRef<int64_t> extents,
            llvm::ArrayRef<int64_t> strides, size_t elemSize);

} // namespace systile::interp::linalg_exec

#endif // SYSTILE_LIB_INTERPRETER_LINALGEXEC_H
