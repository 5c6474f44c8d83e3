//===- ElementwisePaddingTest.cpp - Padding stays zero, in raw storage ----===//
//
// Runs tiled element-wise chains through the interpreter (the runtime
// kernels and the lane-wise region fallback) and inspects the *storage* of
// the results, which no IR op can read: every padding slot must be +0 bit
// for bit after exp (exp(0) = 1), sigmoid (1 / (1 + exp(-0)) = 0.5), an add
// with a broadcast bias and truncf, whether the input's padding was zero or
// garbage; every logical slot must equal the scalar expression computed
// here in f32.
//
//===----------------------------------------------------------------------===//

#include "systile/InitAll.h"
#include "systile/Interpreter/Interpreter.h"

#include "../Runtime/TestUtil.h"
#include "gtest/gtest.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <cmath>
#include <functional>

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
    const auto &m = std::get<rt::TiledMatrix<T>>(v.tiled().matrix);
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

} // namespace
