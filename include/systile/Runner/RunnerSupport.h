//===- RunnerSupport.h - systile-run's input and output pieces --*- C++ -*-===//
//
// What RunnerMain needs besides the interpreter: its error line, reading a
// .npy file as a value of a function's argument type, the memory-size
// syntax, the --compare-after pipeline, and outputs that are staged in
// temporary files and committed all together.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNNER_RUNNERSUPPORT_H
#define SYSTILE_RUNNER_RUNNERSUPPORT_H

#include "systile/Interpreter/Value.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace systile::runner {

using interp::DenseValue;
using interp::MemoryBudgetRef;
using interp::RtValue;

/// Prints "systile-run: error: <message>" on stderr, after whatever stdout
/// holds so far, and returns failure.
mlir::LogicalResult reportError(const llvm::Twine &message);

/// Whether values of `type` travel as .npy: ranked tensors (dynamic
/// dimensions too) and tiled tensors of f32/bf16/i8/i32, and such scalars.
bool isExchangeable(mlir::Type type);

/// Reads `path` as a value of `type` (a tiled type is packed from the
/// file's dense matrix; a dynamic dimension takes the file's size). `what`
/// names the argument or result in messages. The data must fit in what
/// `budget` has left, which is checked on the header before it is read.
llvm::Expected<RtValue> readValue(llvm::StringRef path, mlir::Type type,
                                  const std::string &what,
                                  const MemoryBudgetRef &budget);

/// "512M", "8G", "1073741824", "0"; empty: 3/4 of physical memory.
std::optional<uint64_t> parseMemorySize(llvm::StringRef text);

/// `type` as MLIR prints it.
std::string typeStr(mlir::Type type);

/// "@a, @b" or "none".
std::string listFunctions(mlir::ModuleOp module);

/// Parses a textual pipeline, anchored ("builtin.module(...)") or not,
/// against the registered passes and runs it on `module`.
mlir::LogicalResult runPassPipeline(mlir::ModuleOp module, llvm::StringRef text,
                                    std::string &message);

/// The type a result prints with: its static type, or for a tensor with
/// dynamic dimensions the run-time shape.
std::string resultTypeStr(mlir::Type type, const DenseValue &value);

} // namespace systile::runner

#endif // SYSTILE_RUNNER_RUNNERSUPPORT_H
