//===- Interpreter.h - Executes systile IR with the runtime -----*- C++ -*-===//
//
// The interpreter behind systile-run. It executes one function of a module
// op by op: func (call, return), arith constants and element-wise ops,
// tensor.empty, linalg.fill, linalg.matmul (upstream's sequential-k
// semantics) and every systile op. Tiled values live in runtime
// `rt::TiledMatrix`es and the systile ops call the runtime library, so the
// numerics are the runtime's (RFC section 6).
//
// A chain of systile.mxu_matmul ops that accumulate into each other on the
// same lhs and rhs (what systile-block-matmul emits for one matmul) is one
// "executed matmul": its utilisation figures are reported together, and
// when the chain reproduces a whole systile.matmul (every kb in increasing
// order for each nb, intermediate results used only by the chain) it runs
// as one `rt::simulateMatmul` call, which the runtime guarantees to be bit
// for bit the sequence of `rt::simulateMxuBlock` calls.
//
// Errors (an unsupported op, a call to a function without a body, a value
// the runtime rejects) are emitted as MLIR diagnostics on the op, never as
// crashes.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_INTERPRETER_INTERPRETER_H
#define SYSTILE_INTERPRETER_INTERPRETER_H

#include "systile/Interpreter/Value.h"
#include "systile/Runtime/Matmul.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

#include <memory>
#include <string>

namespace systile::interp {

struct InterpreterOptions {
  /// Skip all-zero weight blocks at run time (rt::MatmulOptions::
  /// skipZeroBlocks, RFC 7). Off by default: the results are then exactly
  /// the unskipped numerics, also for inf/NaN inputs and signed zeros.
  bool skipZeroBlocks = false;
  /// Worker threads of the matmul simulator; 0 = all hardware threads.
  int threads = 0;
  /// Run a whole chain of mxu_matmul ops as one simulateMatmul call when
  /// that is bit-identical (see the file comment). Off: one
  /// simulateMxuBlock call per op.
  bool fuseMxuChains = true;
  /// func.call nesting limit, so runaway recursion is an error, not a crash.
  unsigned maxCallDepth = 256;
};

/// The RFC 8 figures of one executed matmul.
struct MatmulRecord {
  /// The systile.matmul, or the first systile.mxu_matmul of a chain.
  mlir::Location loc;
  std::string opName;
  rt::MatmulStats stats;
};

class Interpreter {
public:
  Interpreter(mlir::ModuleOp module, InterpreterOptions options = {});
  ~Interpreter();

  /// Runs `function` on `args` (one per argument, matching its types).
  /// On failure a diagnostic has been emitted.
  mlir::FailureOr<llvm::SmallVector<RtValue>> run(mlir::func::FuncOp function,
                                                  llvm::ArrayRef<RtValue> args);

  /// The matmuls executed so far, in order of completion.
  llvm::ArrayRef<MatmulRecord> matmuls() const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

} // namespace systile::interp

#endif // SYSTILE_INTERPRETER_INTERPRETER_H
