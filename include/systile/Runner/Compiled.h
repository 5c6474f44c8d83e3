//===- Compiled.h - systile-run --compile ------------------------*- C++ -*-===//
//
// Runs an entry function compiled by MLIR's ExecutionEngine: the module,
// already lowered to the LLVM dialect (systile-lower-to-llvm, with the
// entry's C interface), is JIT-compiled, the runtime's C interface
// (RunnerUtils.h) is bound in process, and the entry is called on dense
// inputs; its results come back as dense values.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNNER_COMPILED_H
#define SYSTILE_RUNNER_COMPILED_H

#include "systile/Interpreter/Value.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace mlir {
class ExecutionEngine;
} // namespace mlir

namespace systile::runner {

class CompiledEntry {
public:
  ~CompiledEntry();
  /// JIT-compiles `module` (LLVM dialect) for calling `entry`, whose
  /// signature before lowering was `type` (ranked tensors and scalars in,
  /// ranked tensors out). Errors: a signature it cannot call, a failure to
  /// translate or compile, a symbol that does not resolve. Large
  /// constants are bound to the bytes of their attributes, so the
  /// MLIRContext must outlive the entry. Aligned copies of constants are
  /// reserved against `budget` (bytes bound as they are past it).
  static llvm::Expected<std::unique_ptr<CompiledEntry>>
  compile(mlir::ModuleOp module, llvm::StringRef entry,
          mlir::FunctionType type, const interp::MemoryBudgetRef &budget);

  /// Calls the entry on `args` (dense values of its argument types); the
  /// results are copied out of the buffers the compiled code returned.
  /// An error of the runtime during the call fails the run with its message.
  llvm::Expected<llvm::SmallVector<interp::DenseValue>>
  run(llvm::ArrayRef<interp::DenseValue> args,
      const interp::MemoryBudgetRef &budget);

  /// The runtime's figures of the last run (systile_format_stats).
  std::string stats() const;

  /// The large constants bound to memory instead of being compiled: data
  /// the MLIRContext holds (some of it copied, once, to align it) and
  /// zero splats mapped to zero pages.
  struct BoundConstants {
    int64_t data = 0, dataBytes = 0, copies = 0, zeros = 0, zeroBytes = 0;
    /// Whether upstream's libmlir_c_runner_utils and libmlir_runner_utils
    /// were loaded: only for a program that calls one of their helpers.
    bool upstreamRunnerUtils = false;
  };
  const BoundConstants &boundConstants() const { return bound; }

private:
  CompiledEntry() = default;
  /// Memory large constants are bound to: aligned copies of weights, and
  /// read-only zero pages (declared first: it outlives the JIT).
  std::vector<std::shared_ptr<const void>> boundMemory;
  std::unique_ptr<mlir::ExecutionEngine> engine;
  BoundConstants bound;
  std::string name;
  mlir::FunctionType type;
};

} // namespace systile::runner

#endif // SYSTILE_RUNNER_COMPILED_H
