//===- FatalErrors.cpp - Fatal errors end a tool with status 1 ------------===//

#include "systile/Support/FatalErrors.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <unistd.h>

void systile::exitOnFatalErrors(const char *tool) {
  auto onFatal = [](void *toolName, const char *reason, bool) {
    llvm::errs() << static_cast<const char *>(toolName) << ": error: "
                 << reason << "\n";
    llvm::errs().flush();
    llvm::sys::RunInterruptHandlers();
    _exit(1);
  };
  void *name = const_cast<char *>(tool);
  llvm::install_fatal_error_handler(onFatal, name);
  llvm::install_bad_alloc_error_handler(onFatal, name);
}
