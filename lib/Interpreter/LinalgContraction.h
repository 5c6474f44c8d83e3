//===- LinalgContraction.h - Matmul-family fast path ------------*- C++ -*-===//
//
// The contraction path of linalg execution: a structured op whose payload
// is a multiply-accumulate runs through the runtime's dense contraction
// (systile/Runtime/DenseContraction.h) with upstream's numerics. Private
// to lib/Interpreter; LinalgExec.cpp calls it.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_LIB_INTERPRETER_LINALGCONTRACTION_H
#define SYSTILE_LIB_INTERPRETER_LINALGCONTRACTION_H

#include "LinalgIterationSpace.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace systile::interp::linalg_exec {

/// When `op`'s payload is a multiply-accumulate the kernel runs
/// bit-exactly, runs it over `space` and returns true; false when the op
/// is not such a contraction (nothing was written); failure on an error
/// (emitted).
mlir::FailureOr<bool> tryContraction(mlir::linalg::LinalgOp op,
                                     IterationSpace &space, ExecContext &ctx);

} // namespace systile::interp::linalg_exec

#endif // SYSTILE_LIB_INTERPRETER_LINALGCONTRACTION_H
