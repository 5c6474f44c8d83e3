//===- StackGuardTest.cpp - The interpreter never overflows its stack -----===//
//
// The interpreter recurses once per region it enters and per call, so a
// program may nest deeper than any fixed call-depth limit protects. The
// core checks the stack left at every region instead. Here a recursive
// function with the call limit lifted runs on a thread with a 4 MiB stack:
// a shallow recursion gives its result (computed by hand: depth n returns
// n), a deep one stops with the stack error naming the nesting, and neither
// crashes.
//
//===----------------------------------------------------------------------===//

#include "systile/InitAll.h"
#include "systile/Interpreter/Interpreter.h"

#include "gtest/gtest.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/thread.h"

#include <climits>
#include <optional>
#include <string>

using namespace mlir;
using namespace systile;
using namespace systile::interp;

namespace {

/// @main returns @down(N): N nested calls, each inside an scf.if region.
std::string program(int64_t n) {
  return R"mlir(
func.func @down(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %done = arith.cmpi eq, %n, %c0 : i32
  %r = scf.if %done -> i32 {
    scf.yield %c0 : i32
  } else {
    %m = arith.subi %n, %c1 : i32
    %s = func.call @down(%m) : (i32) -> i32
    %t = arith.addi %s, %c1 : i32
    scf.yield %t : i32
  }
  return %r : i32
}
func.func @main() -> tensor<i32> {
  %n = arith.constant )mlir" +
         std::to_string(n) + R"mlir( : i32
  %r = func.call @down(%n) : (i32) -> i32
  %t = tensor.from_elements %r : tensor<i32>
  return %t : tensor<i32>
}
)mlir";
}

struct Outcome {
  bool ok = false;
  int32_t value = 0;
  std::string diagnostics;
};

/// Runs @main of program(n) on a thread with a `stackBytes` stack.
Outcome runDeep(int64_t n, unsigned stackBytes) {
  Outcome out;
  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExecutionModels(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(program(n), &context);
  if (!module) {
    out.diagnostics = "parse failed";
    return out;
  }
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
    out.diagnostics += d.str() + "\n";
    return success();
  });
  InterpreterOptions options;
  options.maxCallDepth = UINT_MAX; // Only the stack check may stop it.
  options.threads = 1;
  llvm::thread worker(std::optional<unsigned>(stackBytes), [&] {
    Interpreter interpreter(*module, options);
    auto main = module->lookupSymbol<func::FuncOp>("main");
    FailureOr<llvm::SmallVector<RtValue>> results = interpreter.run(main, {});
    if (succeeded(results)) {
      out.ok = true;
      out.value = (*results)[0].dense().data<int32_t>()[0];
    }
  });
  worker.join();
  return out;
}

TEST(StackGuard, ShallowRecursionRuns) {
  Outcome out = runDeep(50, 4u << 20);
  ASSERT_TRUE(out.ok) << out.diagnostics;
  EXPECT_EQ(out.value, 50);
}

TEST(StackGuard, DeepRecursionIsAnErrorNotACrash) {
  Outcome out = runDeep(1000000, 4u << 20);
  EXPECT_FALSE(out.ok);
  EXPECT_NE(out.diagnostics.find("regions and calls nest too deeply for the "
                                 "interpreter's stack"),
            std::string::npos)
      << out.diagnostics;
}

} // namespace
