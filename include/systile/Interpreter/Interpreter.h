//===- Interpreter.h - Executes MLIR programs with the runtime --*- C++ -*-===//
//
// The interpreter behind systile-run. It runs a function of a module op by
// op: each op's ExecutableOpInterface model (attached per dialect, see
// ExecContext.h) computes its results; this core holds the frames, calls,
// regions and the release of dead values. Tiled values live in runtime
// `rt::TiledMatrix`es and the systile ops call the runtime library, so the
// numerics are the runtime's (RFC section 6); upstream ops keep upstream's
// meaning (docs/Interpreter.md says which bits each op gives).
//
// Errors (an op without a model, a call to a function without a body, a
// value that exceeds the memory budget) are MLIR diagnostics on the op,
// never crashes; the library never exits.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_INTERPRETER_INTERPRETER_H
#define SYSTILE_INTERPRETER_INTERPRETER_H

#include "systile/Interpreter/ExecContext.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <memory>

namespace systile::interp {

class Interpreter {
public:
  /// The module's context must have the execution models registered
  /// (registerAllExecutionModels on its registry).
  Interpreter(mlir::ModuleOp module, InterpreterOptions options = {});
  ~Interpreter();

  /// Runs `function` on `args` (one per argument; each must match its
  /// type, dynamic dimensions bind to the value's). On failure a
  /// diagnostic has been emitted. A systile.constant's value is not
  /// copied: tiled values (results included) may view its attribute's data
  /// or its dense_resource blob (e.g. mapped from a bytecode file), which
  /// the MLIRContext owns. Keep the context alive, and leave the blob
  /// unreplaced, while such values live.
  mlir::FailureOr<llvm::SmallVector<RtValue>> run(mlir::func::FuncOp function,
                                                  llvm::ArrayRef<RtValue> args);
  /// As run, but moves `args` into the function (leaving them null): the
  /// function's frame then holds their only references (unless the caller
  /// kept copies), so each argument is freed after its last use and may be
  /// updated in place by the op that uses it last (e.g. a
  /// systile.elementwise result written into its dead input).
  mlir::FailureOr<llvm::SmallVector<RtValue>>
  runConsuming(mlir::func::FuncOp function, llvm::MutableArrayRef<RtValue> args);

  /// The matmuls executed so far, in order of completion.
  llvm::ArrayRef<MatmulRecord> matmuls() const;
  /// Packs and unpacks executed so far (RFC 8 layout cost).
  const LayoutStats &layout() const;

  class Impl;

private:
  std::unique_ptr<Impl> impl;
};

} // namespace systile::interp

#endif // SYSTILE_INTERPRETER_INTERPRETER_H
