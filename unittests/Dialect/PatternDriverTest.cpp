//===- PatternDriverTest.cpp - the systile passes' greedy driver ----------===//
//
// Patterns that undo each other end the pass with an error naming them, in
// a bounded number of rewrites, instead of running until killed; a pattern
// set that converges is applied as usual.
//
//===----------------------------------------------------------------------===//

#include "../../lib/Dialect/Systile/Transforms/OpPatternDriver.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;

namespace {

constexpr const char *kModule = R"mlir(
func.func @f(%a: i32, %b: i32) -> i32 {
  %0 = arith.subi %a, %b : i32
  return %0 : i32
}
)mlir";

/// subi -> muli, the first half of a cycle.
struct SubToMul : public OpRewritePattern<arith::SubIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::SubIOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<arith::MulIOp>(op, op.getLhs(), op.getRhs());
    return success();
  }
};

/// muli -> subi, undoing SubToMul.
struct MulToSub : public OpRewritePattern<arith::MulIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::MulIOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<arith::SubIOp>(op, op.getLhs(), op.getRhs());
    return success();
  }
};

struct Fixture {
  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  std::string diagnostics;
  std::unique_ptr<ScopedDiagnosticHandler> handler;
  Fixture() {
    context.loadDialect<arith::ArithDialect, func::FuncDialect>();
    module = parseSourceString<ModuleOp>(kModule, &context);
    handler = std::make_unique<ScopedDiagnosticHandler>(
        &context, [this](Diagnostic &diag) {
          diagnostics += diag.str() + "\n";
          return success();
        });
  }
};

TEST(PatternDriver, CycleEndsWithAnErrorNamingThePatterns) {
  Fixture f;
  ASSERT_TRUE(f.module);
  RewritePatternSet patterns(&f.context);
  patterns.add<SubToMul, MulToSub>(&f.context);
  EXPECT_TRUE(failed(systile::applyOpPatterns(*f.module, std::move(patterns),
                                              "test-pass")));
  EXPECT_NE(f.diagnostics.find("test-pass did not converge"),
            std::string::npos)
      << f.diagnostics;
  EXPECT_NE(f.diagnostics.find("SubToMul"), std::string::npos)
      << f.diagnostics;
  EXPECT_NE(f.diagnostics.find("MulToSub"), std::string::npos)
      << f.diagnostics;
}

TEST(PatternDriver, ConvergingPatternsApplyWithoutDiagnostics) {
  Fixture f;
  ASSERT_TRUE(f.module);
  RewritePatternSet patterns(&f.context);
  patterns.add<SubToMul>(&f.context);
  EXPECT_TRUE(succeeded(systile::applyOpPatterns(*f.module,
                                                 std::move(patterns),
                                                 "test-pass")));
  EXPECT_TRUE(f.diagnostics.empty()) << f.diagnostics;
  int muls = 0;
  f.module->walk([&](arith::MulIOp) { ++muls; });
  EXPECT_EQ(muls, 1);
}

} // namespace
