//===- FatalErrorsTest.cpp - Fatal errors end a tool with status 1 --------===//
//
// The tools install systile::exitOnFatalErrors; the bytecode mutants that
// used to reach it (a failed 4.3 GB reservation, "SmallVector unable to
// grow") are now refused before MLIR's reader runs, so the handlers are
// tested here, each in a child process.
//
//===----------------------------------------------------------------------===//

#include "systile/Support/FatalErrors.h"

#include "llvm/Support/ErrorHandling.h"

#include <gtest/gtest.h>

namespace {

TEST(FatalErrors, FailedAllocationIsAnErrorWithStatusOne) {
  EXPECT_EXIT(
      {
        systile::exitOnFatalErrors("tool");
        llvm::report_bad_alloc_error("Allocation failed");
      },
      ::testing::ExitedWithCode(1), "^tool: error: Allocation failed\n$");
}

TEST(FatalErrors, FatalErrorIsAnErrorWithStatusOne) {
  EXPECT_EXIT(
      {
        systile::exitOnFatalErrors("tool");
        llvm::reportFatalUsageError("SmallVector unable to grow");
      },
      ::testing::ExitedWithCode(1),
      "^tool: error: SmallVector unable to grow\n$");
}

} // namespace
