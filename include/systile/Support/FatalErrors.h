//===- FatalErrors.h - Fatal errors end a tool with status 1 ----*- C++ -*-===//
//
// LLVM's fatal errors and failed allocations (e.g. MLIR's bytecode reader
// reserving room for a count read from a malformed file, under a memory
// limit) abort by default. The tools turn them into an error message and
// exit status 1, like every other rejected input.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_SUPPORT_FATALERRORS_H
#define SYSTILE_SUPPORT_FATALERRORS_H

namespace systile {

/// Installs LLVM fatal-error and bad-alloc handlers that print
/// "`tool`: error: <reason>", run the interrupt handlers (removing the files
/// registered with llvm::sys::RemoveFileOnSignal, such as staged outputs)
/// and exit with status 1. `tool` must outlive the process (a literal).
void exitOnFatalErrors(const char *tool);

} // namespace systile

#endif // SYSTILE_SUPPORT_FATALERRORS_H
