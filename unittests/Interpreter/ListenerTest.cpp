//===- ListenerTest.cpp - ExecutionListener around every executed op ------===//
//
// The interpreter core calls InterpreterOptions::listener before and after
// every op it executes: inside loop bodies and callees too (with the call
// depth), never for terminators, with null for values a model did not
// materialise (a fused mxu_matmul chain binds only its last result), and a
// listener's failure fails the op before its model runs.
//
//===----------------------------------------------------------------------===//

#include "systile/InitAll.h"
#include "systile/Interpreter/Interpreter.h"

#include "gtest/gtest.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <string>
#include <vector>

using namespace mlir;
using namespace systile::interp;

namespace {

const char *kModule = R"mlir(
#g = #systile.geometry<2x4, mxu = 4>
!a = !systile.tiled<2x8xf32, #g>
!b = !systile.tiled<8x4xf32, #g>
!c = !systile.tiled<2x4xf32, #g>
func.func @inc(%x: i32) -> i32 {
  %one = arith.constant 1 : i32
  %y = arith.addi %x, %one : i32
  return %y : i32
}
func.func @loop() -> i32 {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : index
  %init = arith.constant 10 : i32
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %init) -> i32 {
    %n = func.call @inc(%acc) : (i32) -> i32
    scf.yield %n : i32
  }
  return %r : i32
}
func.func @chain() -> tensor<2x4xf32> {
  %x = arith.constant dense<1.0> : tensor<2x8xf32>
  %w = arith.constant dense<2.0> : tensor<8x4xf32>
  %z = arith.constant dense<0.0> : tensor<2x4xf32>
  %a = systile.pack %x : tensor<2x8xf32> -> !a
  %b = systile.pack %w : tensor<8x4xf32> -> !b
  %c = systile.pack %z : tensor<2x4xf32> -> !c
  %0 = systile.mxu_matmul %a, %b, %c [0, 0] : !a, !b -> !c
  %1 = systile.mxu_matmul %a, %b, %0 [1, 0] : !a, !b -> !c
  %d = systile.unpack %1 : !c -> tensor<2x4xf32>
  return %d : tensor<2x4xf32>
}
func.func @divide() -> i32 {
  %a = arith.constant 7 : i32
  %z = arith.constant 0 : i32
  %q = arith.divsi %a, %z : i32
  return %q : i32
}
)mlir";

/// What the listener saw of one op execution.
struct Seen {
  std::string event, op;
  unsigned frame;
  std::vector<bool> present;
};

class Recorder final : public ExecutionListener {
public:
  LogicalResult beforeExecute(Operation *op, ArrayRef<const RtValue *> values,
                              unsigned frame) override {
    record("before", op, values, frame);
    if (op->getName().getStringRef() == refuse)
      return op->emitError() << "refused";
    return success();
  }
  LogicalResult afterExecute(Operation *op, ArrayRef<const RtValue *> values,
                             unsigned frame) override {
    record("after", op, values, frame);
    return success();
  }
  void executeFailed(Operation *op) override { record("failed", op, {}, 0); }

  std::vector<Seen> seen;
  std::string refuse;

  std::vector<Seen> named(StringRef name) const {
    std::vector<Seen> out;
    for (const Seen &s : seen)
      if (s.op == name)
        out.push_back(s);
    return out;
  }

private:
  void record(const char *event, Operation *op,
              ArrayRef<const RtValue *> values, unsigned frame) {
    Seen s{event, op->getName().getStringRef().str(), frame, {}};
    for (const RtValue *v : values)
      s.present.push_back(v != nullptr);
    seen.push_back(std::move(s));
  }
};

class Listener : public ::testing::Test {
protected:
  void SetUp() override {
    DialectRegistry registry;
    systile::registerAllDialects(registry);
    registerAllExecutionModels(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
    // The failure tests emit errors on purpose.
    context.getDiagEngine().registerHandler([](Diagnostic &) {});
    module = parseSourceString<ModuleOp>(kModule, &context);
    ASSERT_TRUE(module);
  }

  LogicalResult run(StringRef name, InterpreterOptions options = {}) {
    options.listener = &recorder;
    Interpreter interp(*module, options);
    return interp.run(module->lookupSymbol<func::FuncOp>(name), {});
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  Recorder recorder;
};

TEST_F(Listener, SeesLoopBodiesAndCalleesNeverTerminators) {
  ASSERT_TRUE(succeeded(run("loop")));
  std::vector<Seen> adds = recorder.named("arith.addi");
  ASSERT_EQ(adds.size(), 6u); // before + after, three iterations
  for (const Seen &s : adds) {
    EXPECT_EQ(s.frame, 2u); // @inc, called from @loop
    EXPECT_EQ(s.present, std::vector<bool>(s.event == "before" ? 2 : 1, true));
  }
  EXPECT_EQ(recorder.named("func.call").size(), 6u);
  EXPECT_EQ(recorder.named("scf.for").front().frame, 1u);
  EXPECT_TRUE(recorder.named("scf.yield").empty());
  EXPECT_TRUE(recorder.named("func.return").empty());
}

TEST_F(Listener, FusedChainMaterialisesOnlyItsLastResult) {
  ASSERT_TRUE(succeeded(run("chain")));
  std::vector<Seen> mm = recorder.named("systile.mxu_matmul");
  ASSERT_EQ(mm.size(), 4u);
  EXPECT_EQ(mm[0].present, std::vector<bool>({true, true, true}));
  EXPECT_EQ(mm[1].present, std::vector<bool>({false})); // after op 0
  EXPECT_EQ(mm[2].present, std::vector<bool>({true, true, false}));
  EXPECT_EQ(mm[3].present, std::vector<bool>({true}));
}

TEST_F(Listener, UnfusedChainMaterialisesEveryResult) {
  InterpreterOptions options;
  options.fuseMxuChains = false;
  ASSERT_TRUE(succeeded(run("chain", options)));
  for (const Seen &s : recorder.named("systile.mxu_matmul"))
    EXPECT_EQ(s.present, std::vector<bool>(s.event == "before" ? 3 : 1, true));
}

TEST_F(Listener, FailureOfTheListenerFailsTheOpBeforeItRuns) {
  recorder.refuse = "systile.pack";
  EXPECT_TRUE(failed(run("chain")));
  ASSERT_FALSE(recorder.seen.empty());
  EXPECT_EQ(recorder.seen.back().op, "systile.pack");
  EXPECT_EQ(recorder.seen.back().event, "before");
  EXPECT_TRUE(recorder.named("systile.mxu_matmul").empty());
}

TEST_F(Listener, FailedModelIsReported) {
  EXPECT_TRUE(failed(run("divide")));
  std::vector<Seen> div = recorder.named("arith.divsi");
  ASSERT_EQ(div.size(), 2u);
  EXPECT_EQ(div[0].event, "before");
  EXPECT_EQ(div[0].present, std::vector<bool>({true, true}));
  EXPECT_EQ(div[1].event, "failed");
}

} // namespace
