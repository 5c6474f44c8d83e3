//===- Stack.h - A known stack for the tools' recursion ---------*- C++ -*-===//
//
// MLIR's parser, verifier, printer and passes, and systile's interpreter,
// recurse once per nested region (and the interpreter once per call), so
// how deep an input may nest depends on the stack. The tools run their work
// on a thread with a stack of kToolStackBytes, whatever `ulimit -s` says,
// and the limits that guard that recursion (kMaxInputNesting before
// parsing, the interpreter's stack check at every region and call) are
// measured against it.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_SUPPORT_STACK_H
#define SYSTILE_SUPPORT_STACK_H

#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstddef>

namespace systile {

/// The stack of the thread a tool's work runs on (virtual memory: only the
/// pages a deep input reaches are ever touched).
constexpr unsigned kToolStackBytes = 256u << 20;

/// Runs `work` on a thread with a kToolStackBytes stack and returns its
/// result (the tool's exit code).
int runOnToolStack(llvm::function_ref<int()> work);

/// Bytes of stack left below the caller's frame on the calling thread, or
/// SIZE_MAX when the thread's stack bounds are unknown.
size_t remainingStackBytes();

} // namespace systile

#endif // SYSTILE_SUPPORT_STACK_H
