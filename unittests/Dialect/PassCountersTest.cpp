//===- PassCountersTest.cpp - per-instance pass counters ------------------===//
//
// The systile pass counters belong to pass instances and are collected by
// the report in scope: two runs under two reports count one matmul each,
// not a growing process-wide total, and runs outside any report are not
// counted anywhere.
//
//===----------------------------------------------------------------------===//

#include "systile/Dialect/Systile/IR/SystileOps.h"
#include "systile/Dialect/Systile/Transforms/Passes.h"
#include "systile/Support/PassStatistics.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace mlir;

namespace {

// One 3x6 @ 6x5 matmul on mxu = 4: 2 x 2 weight loads.
constexpr const char *kModule = R"mlir(
!A = !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>
!B = !systile.tiled<6x5xf32, #systile.geometry<2x4, mxu = 4>>
!C = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
func.func @f(%a: !A, %b: !B, %c: !C) -> !C {
  %d = systile.matmul %a, %b, %c : !A, !B -> !C
  return %d : !C
}
)mlir";

/// Blocks a fresh copy of kModule with a fresh pass manager.
void runBlockMatmul(MLIRContext &context) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(kModule, &context);
  ASSERT_TRUE(module);
  PassManager pm(&context);
  pm.nest<func::FuncOp>().addPass(systile::createSystileBlockMatmul());
  ASSERT_TRUE(succeeded(pm.run(*module)));
}

std::string printed(const systile::PassCounterReport &report) {
  std::string text;
  llvm::raw_string_ostream os(text);
  report.print(os);
  return text;
}

TEST(PassCounters, EachReportCountsItsOwnRuns) {
  MLIRContext context;
  context.loadDialect<systile::SystileDialect, func::FuncDialect>();
  for (int run = 0; run < 2; ++run) {
    systile::PassCounterReport report;
    runBlockMatmul(context);
    std::string text = printed(report);
    EXPECT_NE(text.find("(S) 1 matmuls-blocked"), std::string::npos) << text;
    EXPECT_NE(text.find("(S) 4 blocks-emitted"), std::string::npos) << text;
  }
  // Outside any report nothing accumulates: the next report starts empty.
  runBlockMatmul(context);
  systile::PassCounterReport empty;
  EXPECT_EQ(printed(empty).find("systile-block-matmul"), std::string::npos);
}

} // namespace
