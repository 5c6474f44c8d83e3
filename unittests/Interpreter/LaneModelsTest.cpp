//===- LaneModelsTest.cpp - Lane-wise arith/math models
//--------------------===//
//
// The arith and math models as a linalg payload region runs them: operands
// are rank-1 lane vectors or rank-0 scalars (a one-element operand
// broadcasts), results take the lanes' shape, and a dead operand's storage
// is reused. Driven through a minimal ExecContext, so no other dialect's
// models are involved.
//
//===----------------------------------------------------------------------===//

#include "systile/Interpreter/ExecContext.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/DenseMap.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

using namespace mlir;
using namespace systile::interp;

namespace {

/// Values in one map; every use is the last one when `lastUse` is set.
class FakeContext final : public ExecContext {
public:
  const RtValue &lookup(Value v) const override {
    return values.find(v)->second;
  }
  void bind(Value v, RtValue value) override { values[v] = std::move(value); }
  bool isLastUse(OpOperand &) const override { return lastUse; }
  RtValue take(OpOperand &operand) override {
    if (!lastUse)
      return values[operand.get()];
    RtValue v = std::move(values[operand.get()]);
    values.erase(operand.get());
    return v;
  }
  FailureOr<SmallVector<RtValue>>
  runRegionConsuming(Region &, MutableArrayRef<RtValue>) override {
    return failure();
  }
  FailureOr<SmallVector<RtValue>> call(func::FuncOp, ArrayRef<RtValue>,
                                       Operation *) override {
    return failure();
  }
  LogicalResult countIteration(Operation *, uint64_t) override {
    return success();
  }
  const InterpreterOptions &options() const override { return opts; }
  void recordMatmul(MatmulRecord) override {}
  LayoutStats &layoutStats() override { return layout; }

  bool lastUse = false;
  llvm::DenseMap<Value, RtValue> values;

protected:
  std::shared_ptr<void> &cacheSlot(Operation *op, const void *key) override {
    return cache[{op, key}];
  }

private:
  InterpreterOptions opts;
  LayoutStats layout;
  llvm::DenseMap<std::pair<Operation *, const void *>, std::shared_ptr<void>>
      cache;
};

template <typename T>
DenseValue lanes(ElementKind kind, std::vector<T> values) {
  auto v = DenseValue::allocate(kind, {static_cast<int64_t>(values.size())});
  EXPECT_TRUE(static_cast<bool>(v));
  std::memcpy(v->template mutableData<T>(), values.data(),
              values.size() * sizeof(T));
  return std::move(*v);
}

template <typename T> std::vector<T> contents(const RtValue &v) {
  const T *p = v.dense().data<T>();
  return std::vector<T>(p, p + v.dense().numElements());
}

class LaneModels : public ::testing::Test {
protected:
  void SetUp() override {
    DialectRegistry registry;
    registry
        .insert<func::FuncDialect, arith::ArithDialect, math::MathDialect>();
    registerArithExecutionModels(registry);
    registerMathExecutionModels(registry);
    context = std::make_unique<MLIRContext>(registry);
    context->loadAllAvailableDialects();
    module = parseSourceString<ModuleOp>(R"mlir(
      func.func @f(%a: f32, %b: f32, %c: i1, %i: i32, %j: i32) {
        %0 = arith.addf %a, %b : f32
        %1 = arith.select %c, %a, %b : f32
        %2 = arith.divsi %i, %j : i32
        %3 = math.exp %a : f32
        %4 = arith.cmpf olt, %a, %b : f32
        %5 = arith.sitofp %i : i32 to f32
        %6 = arith.constant 0.0 : f32
        %7 = arith.maximumf %a, %6 : f32
        return
      })mlir",
                                         context.get());
    ASSERT_TRUE(module);
    auto f = cast<func::FuncOp>(module->getBody()->front());
    for (Operation &op : f.getBody().front())
      ops.push_back(&op);
    args = f.getArguments();
  }

  /// Runs ops[i]; its result, or null on failure.
  const RtValue *run(unsigned i) {
    auto model = dyn_cast<ExecutableOpInterface>(ops[i]);
    EXPECT_TRUE(model && model.supportsLanes());
    if (failed(model.execute(ctx)))
      return nullptr;
    return &ctx.lookup(ops[i]->getResult(0));
  }

  std::unique_ptr<MLIRContext> context;
  OwningOpRef<ModuleOp> module;
  std::vector<Operation *> ops;
  Block::BlockArgListType args;
  FakeContext ctx;
};

TEST_F(LaneModels, ScalarBroadcastsAgainstLanes) {
  ctx.bind(args[0], lanes<float>(ElementKind::F32, {1, 2, 3, 4}));
  ctx.bind(args[1], DenseValue::scalar(ElementKind::F32, 10.0f));
  const RtValue *sum = run(0);
  ASSERT_TRUE(sum);
  EXPECT_EQ(sum->dense().shape(), llvm::ArrayRef<int64_t>({4}));
  EXPECT_EQ(contents<float>(*sum), (std::vector<float>{11, 12, 13, 14}));

  // Either side may be the scalar.
  ctx.bind(args[0], DenseValue::scalar(ElementKind::F32, 0.5f));
  ctx.bind(args[1], lanes<float>(ElementKind::F32, {1, -1}));
  const RtValue *cmp = run(4);
  ASSERT_TRUE(cmp);
  EXPECT_EQ(cmp->kind(), ElementKind::I1);
  EXPECT_EQ(contents<uint8_t>(*cmp), (std::vector<uint8_t>{1, 0}));
}

TEST_F(LaneModels, ConstantsAreScalarsInEveryLane) {
  ctx.bind(args[0], lanes<float>(ElementKind::F32, {-1, 2, -0.0f}));
  const RtValue *zero = run(6);
  ASSERT_TRUE(zero);
  EXPECT_EQ(zero->dense().rank(), 0);
  const RtValue *relu = run(7);
  ASSERT_TRUE(relu);
  EXPECT_EQ(contents<float>(*relu), (std::vector<float>{0, 2, 0}));
  EXPECT_FALSE(std::signbit(contents<float>(*relu)[2]));
}

TEST_F(LaneModels, OneLaneKeepsItsRank) {
  ctx.bind(args[0], DenseValue::scalar(ElementKind::F32, 1.0f));
  ctx.bind(args[1], lanes<float>(ElementKind::F32, {2}));
  const RtValue *sum = run(0);
  ASSERT_TRUE(sum);
  EXPECT_EQ(sum->dense().shape(), llvm::ArrayRef<int64_t>({1}));
  EXPECT_EQ(contents<float>(*sum), (std::vector<float>{3}));
}

TEST_F(LaneModels, SelectMixesScalarsAndLanes) {
  ctx.bind(args[0], lanes<float>(ElementKind::F32, {1, 2, 3, 4}));
  ctx.bind(args[1], DenseValue::scalar(ElementKind::F32, -1.0f));
  ctx.bind(args[2], lanes<uint8_t>(ElementKind::I1, {1, 0, 0, 1}));
  const RtValue *r = run(1);
  ASSERT_TRUE(r);
  EXPECT_EQ(contents<float>(*r), (std::vector<float>{1, -1, -1, 4}));
  // A scalar condition with lanes on both sides.
  ctx.bind(args[1], lanes<float>(ElementKind::F32, {5, 6, 7, 8}));
  ctx.bind(args[2], DenseValue::scalar<uint8_t>(ElementKind::I1, 0));
  r = run(1);
  ASSERT_TRUE(r);
  EXPECT_EQ(contents<float>(*r), (std::vector<float>{5, 6, 7, 8}));
}

TEST_F(LaneModels, CastsKeepTheLanes) {
  ctx.bind(args[3], lanes<int32_t>(ElementKind::I32, {-3, 16777217}));
  const RtValue *r = run(5);
  ASSERT_TRUE(r);
  EXPECT_EQ(contents<float>(*r), (std::vector<float>{-3, 16777216}));
}

TEST_F(LaneModels, DeadUnsharedOperandHoldsTheResult) {
  ctx.lastUse = true;
  ctx.bind(args[0], lanes<float>(ElementKind::F32, {0, 1}));
  const void *storage = ctx.lookup(args[0]).dense().rawData();
  const RtValue *r = run(3);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->dense().rawData(), storage);
  EXPECT_EQ(contents<float>(*r)[0], 1.0f);
}

TEST_F(LaneModels, SharedOperandIsNotOverwritten) {
  ctx.lastUse = true;
  DenseValue a = lanes<float>(ElementKind::F32, {0, 1});
  DenseValue keep = a; // Another reference: not unique.
  ctx.bind(args[0], a);
  const RtValue *r = run(3);
  ASSERT_TRUE(r);
  EXPECT_NE(r->dense().rawData(), keep.rawData());
  EXPECT_EQ(contents<float>(RtValue(keep)), (std::vector<float>{0, 1}));
}

TEST_F(LaneModels, PoisonNamesTheLane) {
  std::string message;
  ScopedDiagnosticHandler handler(context.get(), [&](Diagnostic &d) {
    message = d.str();
    return success();
  });
  ctx.bind(args[3], lanes<int32_t>(ElementKind::I32, {4, 5, 6}));
  ctx.bind(args[4], DenseValue::scalar<int32_t>(ElementKind::I32, 0));
  EXPECT_EQ(run(2), nullptr);
  EXPECT_EQ(message, "'arith.divsi': division by zero (4 / 0) at element 0 "
                     "(the result would be poison)");
}

TEST_F(LaneModels, MismatchedLaneCountsAreAnError) {
  std::string message;
  ScopedDiagnosticHandler handler(context.get(), [&](Diagnostic &d) {
    message = d.str();
    return success();
  });
  ctx.bind(args[0], lanes<float>(ElementKind::F32, {1, 2, 3}));
  ctx.bind(args[1], lanes<float>(ElementKind::F32, {1, 2}));
  EXPECT_EQ(run(0), nullptr);
  EXPECT_EQ(message, "'arith.addf' operand #1 has 2 elements, which neither "
                     "matches the 3 of the others nor broadcasts (1)");
}

} // namespace
