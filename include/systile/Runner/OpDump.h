//===- OpDump.h - Operands and results of chosen ops as .npy ----*- C++ -*-===//
//
// systile-run --dump-op=NAME --dump-dir=DIR: an ExecutionListener that
// writes the operands and results of every execution of the ops named NAME
// into DIR, for debugging a program op by op and for checking each op
// against an independent model (examples/pytorch recomputes every dumped
// matmul with RFC 6). It knows no op: it works for any op systile-run
// executes.
//
// DIR/manifest.jsonl holds one JSON object per execution, in order:
//
//   {"seq": 3, "op": "systile.mxu_matmul", "loc": "model.mlir:57:14",
//    "attrs": {"kb": 1, "nb": 0, "precision": "#systile.precision<f32>"},
//    "operands": [VALUE, ...], "results": [VALUE, ...]}
//
// `seq` counts the dumped executions from 0; `attrs` are the op's
// attributes (integers, floats, booleans and strings as JSON values, any
// other attribute in its printed form, large elements attributes elided).
// A VALUE is
//
//   {"file": "000003.systile.mxu_matmul.operand0.npy", "dtype": "<f4",
//    "type": "!systile.tiled<2x256xf32>", "shape": [2, 256],
//    "tiled": {"sublanes": 8, "lanes": 128, "mxu": 128}, "from": [2, 0]}
//
// The file is `<seq, 6 digits>.<op name>.operand<i>.npy` (or `result<i>`)
// in systile-run's .npy conventions (bf16 as `<u2` bit patterns, ...): a
// tiled value as its logical dense matrix (padding is not written) with its
// geometry in "tiled", a dense tensor or scalar as it is. A value whose
// contents (element type, shape and bytes) equal those of a value already
// written is not written again: "file" names the earlier file, so a matmul
// chain's operands are written once. "file" is null when the value is not
// materialised (see ExecutionListener: the earlier ops of a fused
// systile.mxu_matmul chain bind no result). "from": [s, i] says the operand
// is result i of dumped execution s, so chains can be followed. An
// execution whose op failed has "failed": true and no results.
//
// Operands are written before the op executes, so a failing op leaves its
// inputs behind. Files of an earlier dump in DIR (manifest.jsonl and names
// of the form above) are removed when the dump starts; nothing else in DIR
// is touched.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNNER_OPDUMP_H
#define SYSTILE_RUNNER_OPDUMP_H

#include "systile/Interpreter/ExecContext.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>

namespace systile::runner {

using interp::ExecutionListener;
using interp::RtValue;

class OpDump final : public ExecutionListener {
public:
  /// A dump of the ops named in `opNames` into `dir` (created when
  /// missing). Errors when `dir` cannot be created or written.
  static llvm::Expected<std::unique_ptr<OpDump>>
  create(llvm::StringRef dir, llvm::ArrayRef<std::string> opNames);
  ~OpDump() override;

  mlir::LogicalResult beforeExecute(mlir::Operation *op,
                                    llvm::ArrayRef<const RtValue *> operands,
                                    unsigned frame) override;
  mlir::LogicalResult afterExecute(mlir::Operation *op,
                                   llvm::ArrayRef<const RtValue *> results,
                                   unsigned frame) override;
  void executeFailed(mlir::Operation *op) override;

  /// Closes the manifest; an error when it could not be written whole.
  llvm::Error finish();

  uint64_t numExecutions() const { return seq; }
  uint64_t numFilesWritten() const { return filesWritten; }
  uint64_t numBytesWritten() const { return bytesWritten; }
  llvm::StringRef directory() const { return dir; }
  std::string manifestPath() const;

private:
  OpDump(std::string dir, llvm::ArrayRef<std::string> opNames,
         std::unique_ptr<llvm::raw_fd_ostream> manifest);

  /// Whether executions of `op` are dumped (its name was asked for).
  bool dumps(mlir::Operation *op) const;
  /// Writes `values` (`op`'s operands or results, after `role`) and lists
  /// them under "<role>s" in the pending entry.
  mlir::LogicalResult describe(mlir::Operation *op,
                               llvm::ArrayRef<const RtValue *> values,
                               mlir::ValueRange irValues, llvm::StringRef role,
                               unsigned frame);
  llvm::Expected<std::string> store(const RtValue &value, std::string name,
                                    llvm::json::Object &entry);
  mlir::LogicalResult writeLine(mlir::Operation *op);

  std::string dir;
  llvm::StringSet<> names;
  std::unique_ptr<llvm::raw_fd_ostream> manifest;
  /// Why the manifest could not be written (empty: it could).
  std::string manifestError;
  /// The entry of the execution under way (between before and after).
  llvm::json::Object pending;
  uint64_t seq = 0;
  uint64_t filesWritten = 0, bytesWritten = 0;
  /// Content key (descr, shape, hash) -> the file holding those contents.
  llvm::StringMap<std::string> written;
  /// (value, frame) -> (seq, result index) of the execution defining it.
  llvm::DenseMap<std::pair<void *, unsigned>, std::pair<uint64_t, unsigned>>
      producers;
};

} // namespace systile::runner

#endif // SYSTILE_RUNNER_OPDUMP_H
