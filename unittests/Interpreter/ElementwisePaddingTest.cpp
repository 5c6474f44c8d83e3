//===- ElementwisePaddingTest.cpp - Padding stays zero, in raw storage ----===//
//
// Runs tiled element-wise chains through the interpreter (the runtime
// kernels and the lane-wise region fallback) and inspects the *storage* of
// the results, which no IR op can read: every padding slot must be +0 bit
// for bit after exp (exp(0) = 1), sigmoid (1 / (1 + exp(-0)) = 0.5), an add
// with a broadcast bias and truncf, whether the input's padding was zero or
// garbage; every logical slot must equal the scalar expression computed
// here in f32. A second module covers what the chunked evaluation adds:
// inputs broadcast along unit dimensions (1xN, Mx1, 1x1) with garbage
// padding, a fused region, an integer region whose padding lanes would
// divide by zero, a region that is not lane-wise, the execution path each
// op takes, and results written in place into a dead input's storage.
//
//===----------------------------------------------------------------------===//

#include "systile/InitAll.h"
#include "systile/Dialect/Systile/IR/SystileOps.h"
#include "systile/Interpreter/Interpreter.h"

#include "../Runtime/TestUtil.h"
#include "gtest/gtest.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <cmath>
#include <functional>
#include <limits>

using namespace mlir;
using namespace systile;
using namespace systile::interp;

namespace {

const char *kModule = R"mlir(
!t = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
!u = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>, pad = undef>
!r = !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>>
!h = !systile.tiled<3x5xbf16, #systile.geometry<2x4, mxu = 4>>
func.func @chain(%x: tensor<3x5xf32>, %b: tensor<1x5xf32>)
    -> (!t, !t, !t, !t, !h, !h, !t) {
  %p = systile.pack %x : tensor<3x5xf32> -> !t
  %g = systile.fill_padding %p, 3.000000e+00 : f32 : !t -> !u
  %exp0 = systile.elementwise ins(%p : !t) -> !t {
  ^bb0(%a: f32):
    %e = math.exp %a : f32
    systile.yield %e : f32
  }
  %expg = systile.elementwise ins(%g : !u) -> !t {
  ^bb0(%a: f32):
    %e = math.exp %a : f32
    systile.yield %e : f32
  }
  %sig = systile.elementwise ins(%p : !t) -> !t {
  ^bb0(%a: f32):
    %one = arith.constant 1.0 : f32
    %n = arith.negf %a : f32
    %e = math.exp %n : f32
    %d = arith.addf %one, %e : f32
    %s = arith.divf %one, %d : f32
    systile.yield %s : f32
  }
  %tb = systile.pack %b : tensor<1x5xf32> -> !r
  %bb = systile.broadcast %tb dim = 0 : !r -> !t
  %add = systile.elementwise ins(%g, %bb : !u, !t) -> !t {
  ^bb0(%a: f32, %c: f32):
    %s = arith.addf %a, %c : f32
    systile.yield %s : f32
  }
  %h = systile.truncf %add : !t -> !h
  %h2 = systile.elementwise ins(%g : !u) -> !h {
  ^bb0(%a: f32):
    %t = arith.truncf %a : f32 to bf16
    systile.yield %t : bf16
  }
  %one = arith.constant 1.0 : f32
  %ones = systile.splat %one : !t
  return %exp0, %expg, %sig, %add, %h, %h2, %ones : !t, !t, !t, !t, !h, !h, !t
}
)mlir";

class ElementwisePadding : public ::testing::Test {
protected:
  void SetUp() override {
    DialectRegistry registry;
    registerAllDialects(registry);
    registerAllExecutionModels(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
    module = parseSourceString<ModuleOp>(kModule, &context);
    ASSERT_TRUE(module);
    for (int i = 0; i < 15; ++i)
      x[i] = static_cast<float>(i - 7) * 0.75f;
    for (int i = 0; i < 5; ++i)
      b[i] = static_cast<float>(i) - 2.5f;
  }

  FailureOr<SmallVector<RtValue>> run() {
    auto dx = DenseValue::allocate(ElementKind::F32, {3, 5});
    auto db = DenseValue::allocate(ElementKind::F32, {1, 5});
    if (!dx || !db)
      return failure();
    std::memcpy(dx->mutableData<float>(), x, sizeof(x));
    std::memcpy(db->mutableData<float>(), b, sizeof(b));
    Interpreter interp(*module);
    auto f = module->lookupSymbol<func::FuncOp>("chain");
    return interp.run(f, {RtValue(*dx), RtValue(*db)});
  }

  /// Every storage slot of `v`: padding is all-zero bits, logical slot
  /// (r, c) has the bits of expected(r * 5 + c).
  template <typename T>
  void expectStorage(const RtValue &v,
                     const std::function<T(int64_t)> &expected) {
    const auto &m = std::get<rt::TiledBatch<T>>(v.tiled().batch);
    for (int64_t off = 0; off < m.size(); ++off) {
      rt::Location loc = m.layout().locate(off);
      T got = m.data()[off];
      T want = loc.isLogical ? expected(loc.row * 5 + loc.col) : T{};
      EXPECT_EQ(std::memcmp(&got, &want, sizeof(T)), 0)
          << "storage offset " << off << " (" << loc.row << ", " << loc.col
          << ")" << (loc.isLogical ? "" : " padding");
    }
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  float x[15], b[5];
};

TEST_F(ElementwisePadding, ChainKeepsPaddingZero) {
  FailureOr<SmallVector<RtValue>> results = run();
  ASSERT_TRUE(succeeded(results));
  ASSERT_EQ(results->size(), 7u);
  auto exp = [&](int64_t i) { return ::expf(x[i]); };
  expectStorage<float>((*results)[0], exp);
  expectStorage<float>((*results)[1], exp);
  expectStorage<float>(
      (*results)[2], [&](int64_t i) { return 1.0f / (1.0f + ::expf(-x[i])); });
  auto add = [&](int64_t i) { return x[i] + b[i % 5]; };
  expectStorage<float>((*results)[3], add);
  expectStorage<rt::bf16>((*results)[4], [&](int64_t i) {
    return rt::bf16::fromBits(testutil::oracleBF16(add(i)));
  });
  expectStorage<rt::bf16>((*results)[5], [&](int64_t i) {
    return rt::bf16::fromBits(testutil::oracleBF16(x[i]));
  });
  expectStorage<float>((*results)[6], [](int64_t) { return 1.0f; });
}

const char *kBroadcastModule = R"mlir(
!t = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
!u = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>, pad = undef>
!r = !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>>
!ru = !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>, pad = undef>
!c = !systile.tiled<3x1xi32, #systile.geometry<2x4, mxu = 4>>
!ti = !systile.tiled<3x5xi32, #systile.geometry<2x4, mxu = 4>>
func.func @broadcasts(%x: tensor<3x5xf32>, %b: tensor<1x5xf32>, %d: tensor<3x1xi32>)
    -> (!t, !ti, !t) {
  %p = systile.pack %x : tensor<3x5xf32> -> !t
  %g = systile.fill_padding %p, 3.000000e+00 : f32 : !t -> !u
  %tb = systile.pack %b : tensor<1x5xf32> -> !r
  %gb = systile.fill_padding %tb, -2.000000e+00 : f32 : !r -> !ru
  %fused = systile.elementwise ins(%g, %gb : !u, !ru) -> !t {
  ^bb0(%a: f32, %c: f32):
    %zero = arith.constant 0.000000e+00 : f32
    %s = arith.addf %a, %c : f32
    %e = math.exp %s : f32
    %m = arith.maximumf %e, %zero : f32
    systile.yield %m : f32
  }
  %td = systile.pack %d : tensor<3x1xi32> -> !c
  %xi = systile.elementwise ins(%g : !u) -> !ti {
  ^bb0(%a: f32):
    %i = arith.fptosi %a : f32 to i32
    systile.yield %i : i32
  }
  %div = systile.elementwise ins(%xi, %td : !ti, !c) -> !ti {
  ^bb0(%a: i32, %e: i32):
    %q = arith.divsi %a, %e : i32
    systile.yield %q : i32
  }
  %branch = systile.elementwise ins(%p, %gb : !t, !ru) -> !t {
  ^bb0(%a: f32, %c: f32):
    %zero = arith.constant 0.000000e+00 : f32
    %lt = arith.cmpf olt, %a, %zero : f32
    %r = scf.if %lt -> f32 {
      scf.yield %c : f32
    } else {
      %one = arith.constant 1.000000e+00 : f32
      %s = arith.addf %a, %one : f32
      scf.yield %s : f32
    }
    systile.yield %r : f32
  }
  return %fused, %div, %branch : !t, !ti, !t
}
func.func @powers(%x: !t) -> !t {
  %y = systile.elementwise ins(%x : !t) -> !t {
  ^bb0(%a: f32):
    %k64 = arith.constant 4.471500e-02 : f64
    %c3 = arith.constant 3 : i64
    %cm2 = arith.constant -2 : i32
    %c0 = arith.constant 0 : i64
    %cube = math.fpowi %a, %c3 : f32, i64
    %k = arith.truncf %k64 : f64 to f32
    %m = arith.mulf %cube, %k : f32
    %inv = math.fpowi %a, %cm2 : f32, i32
    %s = arith.addf %m, %inv : f32
    %p0 = math.fpowi %a, %c0 : f32, i64
    %t = arith.addf %s, %p0 : f32
    systile.yield %t : f32
  }
  return %y : !t
}
func.func @wide(%x: !t) -> !systile.tiled<3x5xf64, #systile.geometry<2x4, mxu = 4>> {
  %w = systile.elementwise ins(%x : !t) -> !systile.tiled<3x5xf64, #systile.geometry<2x4, mxu = 4>> {
  ^bb0(%a: f32):
    %e = arith.extf %a : f32 to f64
    systile.yield %e : f64
  }
  %d = systile.elementwise ins(%w : !systile.tiled<3x5xf64, #systile.geometry<2x4, mxu = 4>>) -> !systile.tiled<3x5xf64, #systile.geometry<2x4, mxu = 4>> {
  ^bb0(%a: f64):
    %c = arith.constant 0.1 : f64
    %s = arith.subf %a, %c : f64
    %m = arith.mulf %s, %s : f64
    systile.yield %m : f64
  }
  return %d : !systile.tiled<3x5xf64, #systile.geometry<2x4, mxu = 4>>
}
func.func @relu(%x: !t, %b: !r) -> !t {
  %y = systile.elementwise ins(%x, %b : !t, !r) -> !t {
  ^bb0(%a: f32, %c: f32):
    %zero = arith.constant 0.000000e+00 : f32
    %s = arith.addf %a, %c : f32
    %m = arith.maximumf %s, %zero : f32
    systile.yield %m : f32
  }
  return %y : !t
}
)mlir";

class ElementwiseBroadcast : public ElementwisePadding {
protected:
  void SetUp() override {
    ElementwisePadding::SetUp();
    module = parseSourceString<ModuleOp>(kBroadcastModule, &context);
    ASSERT_TRUE(module);
  }

  systile::ElementwiseOp opNamed(StringRef function, unsigned index) {
    SmallVector<systile::ElementwiseOp> ops;
    module->lookupSymbol<func::FuncOp>(function).walk(
        [&](systile::ElementwiseOp op) { ops.push_back(op); });
    return ops[index];
  }

  RtValue tiled(const float *values, int64_t rows, int64_t cols) {
    auto m = rt::TiledMatrix<float>::fromDense({rows, cols}, {2, 4, 4},
                                               values);
    return RtValue(m.take());
  }
};

TEST_F(ElementwiseBroadcast, PaddingZeroAndNoPaddingLaneEvaluated) {
  auto dx = DenseValue::allocate(ElementKind::F32, {3, 5});
  auto db = DenseValue::allocate(ElementKind::F32, {1, 5});
  auto dd = DenseValue::allocate(ElementKind::I32, {3, 1});
  ASSERT_TRUE(dx && db && dd);
  std::memcpy(dx->mutableData<float>(), x, sizeof(x));
  std::memcpy(db->mutableData<float>(), b, sizeof(b));
  // Divisors of both signs; the column's padding rows hold 0.
  const int32_t d[3] = {2, -3, 5};
  std::memcpy(dd->mutableData<int32_t>(), d, sizeof(d));
  Interpreter interp(*module);
  auto f = module->lookupSymbol<func::FuncOp>("broadcasts");
  auto results = interp.run(f, {RtValue(*dx), RtValue(*db), RtValue(*dd)});
  ASSERT_TRUE(succeeded(results));
  expectStorage<float>((*results)[0], [&](int64_t i) {
    return std::max(::expf(x[i] + b[i % 5]), 0.0f);
  });
  expectStorage<int32_t>((*results)[1], [&](int64_t i) {
    return static_cast<int32_t>(x[i]) / d[i / 5]; // C++ truncates, as divsi
  });
  expectStorage<float>((*results)[2], [&](int64_t i) {
    return x[i] < 0.0f ? b[i % 5] : x[i] + 1.0f;
  });
}

TEST_F(ElementwiseBroadcast, ExecutionPaths) {
  EXPECT_EQ(describeElementwiseExecution(opNamed("broadcasts", 0)),
            "element-wise program, 1024-slot chunks: t0 = add(in0, in1[row]); "
            "t1 = exp(t0); t2 = maximum(t1, 0)");
  EXPECT_EQ(describeElementwiseExecution(opNamed("broadcasts", 1)),
            "region runner, chunks of logical slots as lanes");
  EXPECT_EQ(describeElementwiseExecution(opNamed("broadcasts", 2)),
            "region runner, chunks of logical slots as lanes");
  EXPECT_EQ(describeElementwiseExecution(opNamed("broadcasts", 3)),
            "region runner, one slot at a time (an op is not lane-wise)");
}

/// GELU's forms: a truncf of an f64 constant folds into an f32 constant,
/// and fpowi by a constant becomes powi's multiplications (r = 1, r *= x
/// per set bit, x squared in between, 1 / r for a negative exponent), so
/// the region runs as an element-wise program with fpowi's bits.
TEST_F(ElementwiseBroadcast, ConstantPowersAndFoldedTruncfRunAsAProgram) {
  EXPECT_EQ(describeElementwiseExecution(opNamed("powers", 0)),
            "element-wise program, 1024-slot chunks: t0 = mul(1, in0); "
            "t1 = mul(in0, in0); t2 = mul(t0, t1); t3 = mul(t2, 0.044715); "
            "t4 = mul(in0, in0); t5 = mul(1, t4); t6 = div(1, t5); "
            "t7 = add(t3, t6); t8 = add(t7, 1)");
  Interpreter interp(*module);
  auto f = module->lookupSymbol<func::FuncOp>("powers");
  auto results = interp.run(f, {tiled(x, 3, 5)});
  ASSERT_TRUE(succeeded(results));
  const float k = static_cast<float>(4.4715e-2); // RNE, as truncf
  expectStorage<float>((*results)[0], [&](int64_t i) {
    const float v = x[i];
    const float cube = (1.0f * v) * (v * v);
    const float inverseSquare = 1.0f / (1.0f * (v * v));
    return (cube * k + inverseSquare) + 1.0f;
  });
}

/// torch's LayerNorm variance in f64: the widening is a conversion kernel,
/// the squared deviation an f64 program (same operations in double).
TEST_F(ElementwiseBroadcast, F64RegionsRunAsKernels) {
  EXPECT_EQ(describeElementwiseExecution(opNamed("wide", 0)), "extf kernel");
  EXPECT_EQ(describeElementwiseExecution(opNamed("wide", 1)),
            "element-wise program, 1024-slot chunks: t0 = sub(in0, 0.1); "
            "t1 = mul(t0, t0)");
  Interpreter interp(*module);
  auto f = module->lookupSymbol<func::FuncOp>("wide");
  auto results = interp.run(f, {tiled(x, 3, 5)});
  ASSERT_TRUE(succeeded(results));
  expectStorage<double>((*results)[0], [&](int64_t i) {
    const double d = static_cast<double>(x[i]) - 0.1;
    return d * d;
  });
}

TEST_F(ElementwiseBroadcast, InPlaceOnlyWhenTheInputIsHandedOver) {
  auto f = module->lookupSymbol<func::FuncOp>("relu");
  Interpreter interp(*module);
  auto check = [&](const RtValue &v) {
    expectStorage<float>(v, [&](int64_t i) {
      return std::max(x[i] + b[i % 5], 0.0f);
    });
  };
  // The caller keeps x: the result has storage of its own, x is intact.
  RtValue tx = tiled(x, 3, 5), tb = tiled(b, 1, 5);
  const void *storage =
      std::get<rt::TiledBatch<float>>(tx.tiled().batch).data();
  auto kept = interp.run(f, {tx, tb});
  ASSERT_TRUE(succeeded(kept));
  check((*kept)[0]);
  EXPECT_NE(std::get<rt::TiledBatch<float>>((*kept)[0].tiled().batch).data(),
            storage);
  expectStorage<float>(tx, [&](int64_t i) { return x[i]; });
  // Handed over: x dies at the op, which writes the result into it.
  SmallVector<RtValue> args = {std::move(tx), tb};
  auto moved = interp.runConsuming(f, args);
  ASSERT_TRUE(succeeded(moved));
  check((*moved)[0]);
  EXPECT_EQ(std::get<rt::TiledBatch<float>>((*moved)[0].tiled().batch).data(),
            storage);
}

} // namespace
