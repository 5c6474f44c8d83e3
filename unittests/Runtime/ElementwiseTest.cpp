//===- ElementwiseTest.cpp - Element-wise kernels vs a naive model --------===//
//
// Each kernel, and element-wise programs (ElementwiseProgram.h: chunked,
// broadcasting, in place), against a naive model written here: dense row-major inputs,
// one scalar expression per element, and the storage offsets of RFC 3
// computed from the formula. The inputs' padding holds garbage (so a kernel
// that read padding would show), and the result's padding must be +0 bit
// for bit, also where the operation maps 0 to non-zero (exp, a + 1).
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Elementwise.h"
#include "systile/Runtime/ElementwiseProgram.h"
#include "systile/Runtime/LayoutCost.h"

#include "TestUtil.h"
#include "gtest/gtest.h"

#include <cmath>
#include <functional>
#include <limits>

using namespace systile::rt;
using namespace systile::testutil;

namespace {

const Geometry kSmall{2, 4, 4};

/// RFC 3's storage offset, from the formula.
int64_t rfcOffset(Shape shape, Geometry g, int64_t r, int64_t c) {
  int64_t paddedCols = (shape.cols + g.lanes - 1) / g.lanes * g.lanes;
  int64_t tilesPerRow = paddedCols / g.lanes;
  int64_t tile = (r / g.sublanes) * tilesPerRow + c / g.lanes;
  return tile * g.sublanes * g.lanes + (r % g.sublanes) * g.lanes + c % g.lanes;
}

int64_t paddedSize(Shape shape, Geometry g) {
  return (shape.rows + g.sublanes - 1) / g.sublanes * g.sublanes *
         ((shape.cols + g.lanes - 1) / g.lanes * g.lanes);
}

/// Values that exercise signs, zeros, NaN and infinities.
std::vector<float> sampleValues(int64_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(-4.0f, 4.0f);
  const float specials[] = {0.0f,
                            -0.0f,
                            std::numeric_limits<float>::infinity(),
                            -std::numeric_limits<float>::infinity(),
                            std::numeric_limits<float>::quiet_NaN(),
                            1.0f,
                            -1.0f,
                            1e-40f};
  std::vector<float> v(n);
  for (int64_t i = 0; i < n; ++i)
    v[i] = i % 5 == 3 ? specials[(i / 5) % 8] : dist(rng);
  return v;
}

/// A tiled matrix of `dense` whose padding holds garbage.
template <typename T>
TiledMatrix<T> withGarbage(Shape shape, const std::vector<T> &dense, T junk) {
  TiledMatrix<T> m = *TiledMatrix<T>::fromDense(shape, kSmall, dense);
  m.fillPadding(junk);
  return m;
}

/// Expected storage bits: f(r, c) at RFC offsets, zero padding.
template <typename T>
std::vector<T> expectedStorage(Shape shape,
                               const std::function<T(int64_t)> &f) {
  std::vector<T> out(paddedSize(shape, kSmall), T{});
  for (int64_t r = 0; r < shape.rows; ++r)
    for (int64_t c = 0; c < shape.cols; ++c)
      out[rfcOffset(shape, kSmall, r, c)] = f(r * shape.cols + c);
  return out;
}

template <typename T>
void expectBits(const TiledMatrix<T> &m, const std::vector<T> &expected) {
  ASSERT_EQ(m.size(), static_cast<int64_t>(expected.size()));
  EXPECT_EQ(m.padKind(), PadKind::Zero);
  for (size_t i = 0; i < expected.size(); ++i)
    EXPECT_EQ(std::memcmp(&m.data()[i], &expected[i], sizeof(T)), 0)
        << "storage offset " << i;
}

// The naive scalar model (independent of the runtime's helpers).
float naiveMaximum(float a, float b) {
  if (a != a || b != b)
    return a + b;
  if (a > b || (a == b && !std::signbit(a)))
    return a;
  return b;
}
float naiveMinimum(float a, float b) {
  if (a != a || b != b)
    return a + b;
  if (a < b || (a == b && std::signbit(a)))
    return a;
  return b;
}

TEST(Elementwise, BinaryF32AllOps) {
  Shape shape{3, 5};
  std::vector<float> a = sampleValues(15, 1), b = sampleValues(15, 2);
  TiledMatrix<float> ta = withGarbage(shape, a, 7.0f);
  TiledMatrix<float> tb = withGarbage(shape, b, -3.0f);
  struct Case {
    BinaryFn fn;
    std::function<float(float, float)> f;
  } cases[] = {
      {BinaryFn::Add, [](float x, float y) { return x + y; }},
      {BinaryFn::Sub, [](float x, float y) { return x - y; }},
      {BinaryFn::Mul, [](float x, float y) { return x * y; }},
      {BinaryFn::Div, [](float x, float y) { return x / y; }},
      {BinaryFn::Maximum, naiveMaximum},
      {BinaryFn::Minimum, naiveMinimum},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(toString(c.fn));
    auto r =
        binary<float>(c.fn, Operand<float>::of(ta), Operand<float>::of(tb));
    ASSERT_TRUE(r.ok()) << r.error();
    expectBits<float>(*r, expectedStorage<float>(shape, [&](int64_t i) {
      return c.f(a[i], b[i]);
    }));
  }
}

TEST(Elementwise, MaximumSignedZerosAndNaN) {
  EXPECT_TRUE(std::signbit(applyBinary(BinaryFn::Maximum, -0.0f, 0.0f)) ==
              false);
  EXPECT_TRUE(std::signbit(applyBinary(BinaryFn::Maximum, 0.0f, -0.0f)) ==
              false);
  EXPECT_TRUE(std::signbit(applyBinary(BinaryFn::Minimum, 0.0f, -0.0f)));
  EXPECT_TRUE(std::isnan(applyBinary(BinaryFn::Maximum, 1.0f, NAN)));
}

TEST(Elementwise, ScalarOperandsReluAndOneMinus) {
  Shape shape{5, 6};
  std::vector<float> a = sampleValues(30, 3);
  TiledMatrix<float> ta = withGarbage(shape, a, 9.0f);
  auto relu = binary<float>(BinaryFn::Maximum, Operand<float>::of(ta),
                            Operand<float>::splat(0.0f));
  ASSERT_TRUE(relu.ok());
  expectBits<float>(*relu, expectedStorage<float>(shape, [&](int64_t i) {
    return naiveMaximum(a[i], 0.0f);
  }));
  // 1 - x maps padding 0 to 1: it must not show.
  auto oneMinus = binary<float>(BinaryFn::Sub, Operand<float>::splat(1.0f),
                                Operand<float>::of(ta));
  ASSERT_TRUE(oneMinus.ok());
  expectBits<float>(*oneMinus, expectedStorage<float>(shape, [&](int64_t i) {
    return 1.0f - a[i];
  }));
}

TEST(Elementwise, UnaryExpTanhKeepPaddingZero) {
  Shape shape{3, 5};
  std::vector<float> a = sampleValues(15, 4);
  TiledMatrix<float> ta = withGarbage(shape, a, 0.0f);
  struct Case {
    UnaryFn fn;
    std::function<float(float)> f;
  } cases[] = {{UnaryFn::Exp, [](float x) { return ::expf(x); }},
               {UnaryFn::Tanh, [](float x) { return ::tanhf(x); }},
               {UnaryFn::Neg, [](float x) { return -x; }},
               {UnaryFn::Abs, [](float x) { return ::fabsf(x); }},
               {UnaryFn::Sqrt, [](float x) { return ::sqrtf(x); }}};
  for (const Case &c : cases) {
    SCOPED_TRACE(toString(c.fn));
    auto r = unary<float>(c.fn, ta);
    ASSERT_TRUE(r.ok()) << r.error();
    expectBits<float>(*r, expectedStorage<float>(
                              shape, [&](int64_t i) { return c.f(a[i]); }));
  }
}

TEST(Elementwise, BF16RoundsOncePerOp) {
  Shape shape{3, 5};
  std::vector<float> af = sampleValues(15, 5), bf = sampleValues(15, 6);
  std::vector<bf16> a, b;
  for (int i = 0; i < 15; ++i) {
    a.push_back(bf16::fromBits(oracleBF16(std::isnan(af[i]) ? 1.0f : af[i])));
    b.push_back(bf16::fromBits(oracleBF16(std::isnan(bf[i]) ? 2.0f : bf[i])));
  }
  TiledMatrix<bf16> ta = withGarbage(shape, a, bf16::fromBits(0x3f80));
  TiledMatrix<bf16> tb = withGarbage(shape, b, bf16::fromBits(0x4000));
  auto r =
      binary<bf16>(BinaryFn::Mul, Operand<bf16>::of(ta), Operand<bf16>::of(tb));
  ASSERT_TRUE(r.ok());
  expectBits<bf16>(*r, expectedStorage<bf16>(shape, [&](int64_t i) {
    float p = bf16BitsToFloat(a[i].bits()) * bf16BitsToFloat(b[i].bits());
    if (std::isnan(p))
      return bf16::fromBits(0x7fc0);
    return bf16::fromBits(oracleBF16(p));
  }));
  // exp of padding would be 1.0 (0x3f80).
  auto e = unary<bf16>(UnaryFn::Exp, ta);
  ASSERT_TRUE(e.ok());
  expectBits<bf16>(*e, expectedStorage<bf16>(shape, [&](int64_t i) {
    return bf16::fromBits(oracleBF16(::expf(bf16BitsToFloat(a[i].bits()))));
  }));
}

TEST(Elementwise, IntegersWrap) {
  Shape shape{3, 5};
  std::vector<int32_t> a, b;
  for (int i = 0; i < 15; ++i) {
    a.push_back(i == 0 ? std::numeric_limits<int32_t>::max() : i * 1000003);
    b.push_back(i == 0 ? 1 : -i * 7919);
  }
  TiledMatrix<int32_t> ta = withGarbage(shape, a, 5);
  TiledMatrix<int32_t> tb = withGarbage(shape, b, 6);
  auto add = binary<int32_t>(BinaryFn::Add, Operand<int32_t>::of(ta),
                             Operand<int32_t>::of(tb));
  ASSERT_TRUE(add.ok());
  expectBits<int32_t>(*add, expectedStorage<int32_t>(shape, [&](int64_t i) {
    return static_cast<int32_t>(static_cast<int64_t>(a[i]) + b[i]);
  }));
  EXPECT_EQ(add->at(0, 0), std::numeric_limits<int32_t>::min());
  std::vector<int8_t> c(15, int8_t(100));
  TiledMatrix<int8_t> tc = withGarbage(shape, c, int8_t(1));
  auto mul = binary<int8_t>(BinaryFn::Mul, Operand<int8_t>::of(tc),
                            Operand<int8_t>::splat(3));
  ASSERT_TRUE(mul.ok());
  expectBits<int8_t>(*mul, expectedStorage<int8_t>(shape, [](int64_t) {
    return static_cast<int8_t>(300 - 256);
  }));
  auto div = binary<int32_t>(BinaryFn::Div, Operand<int32_t>::of(ta),
                             Operand<int32_t>::of(tb));
  EXPECT_FALSE(div.ok());
}

TEST(Elementwise, SelectOfCompare) {
  Shape shape{3, 5};
  std::vector<float> a = sampleValues(15, 7);
  TiledMatrix<float> ta = withGarbage(shape, a, 2.0f);
  // ReLU as frontends write it: x ugt 0 ? x : 0 (NaN stays NaN).
  auto r = select<float>(CmpFn::UGT, Operand<float>::of(ta),
                         Operand<float>::splat(0.0f), Operand<float>::of(ta),
                         Operand<float>::splat(0.0f));
  ASSERT_TRUE(r.ok());
  expectBits<float>(*r, expectedStorage<float>(shape, [&](int64_t i) {
    bool t = a[i] != a[i] || a[i] > 0.0f;
    return t ? a[i] : 0.0f;
  }));
}

TEST(Elementwise, BroadcastRowAndColumn) {
  Shape rowShape{1, 5}, colShape{3, 1};
  std::vector<float> row = {1, 2, 3, 4, 5}, col = {10, 20, 30};
  TiledMatrix<float> tr = withGarbage(rowShape, row, 8.0f);
  TiledMatrix<float> tc = withGarbage(colShape, col, 8.0f);
  auto b0 = broadcast(tr, 0, 3);
  ASSERT_TRUE(b0.ok()) << b0.error();
  EXPECT_EQ(b0->shape(), (Shape{3, 5}));
  expectBits<float>(*b0, expectedStorage<float>(Shape{3, 5}, [&](int64_t i) {
    return row[i % 5];
  }));
  auto b1 = broadcast(tc, 1, 5);
  ASSERT_TRUE(b1.ok());
  expectBits<float>(*b1, expectedStorage<float>(Shape{3, 5}, [&](int64_t i) {
    return col[i / 5];
  }));
  EXPECT_FALSE(broadcast(tc, 0, 4).ok());
  EXPECT_FALSE(broadcast(tc, 2, 4).ok());
}

TEST(Elementwise, Splat) {
  auto s = splat(1.5f, Shape{3, 5}, kSmall);
  ASSERT_TRUE(s.ok());
  expectBits<float>(
      *s, expectedStorage<float>(Shape{3, 5}, [](int64_t) { return 1.5f; }));
  EXPECT_FALSE(splat(1.5f, Shape{0, 5}, kSmall).ok());
}

TEST(Elementwise, MismatchedOperandsAreErrors) {
  TiledMatrix<float> a = *TiledMatrix<float>::zeros({3, 5}, kSmall);
  TiledMatrix<float> b = *TiledMatrix<float>::zeros({3, 4}, kSmall);
  auto r = binary<float>(BinaryFn::Add, Operand<float>::of(a),
                         Operand<float>::of(b));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("differ in shape"), std::string::npos);
  auto s = binary<float>(BinaryFn::Add, Operand<float>::splat(1.0f),
                         Operand<float>::splat(2.0f));
  EXPECT_FALSE(s.ok());
}

//===----------------------------------------------------------------------===//
// Element-wise programs
//===----------------------------------------------------------------------===//

Instruction binaryOp(BinaryFn fn, int dst, int a, int b) {
  Instruction in;
  in.kind = Instruction::Binary;
  in.binary = fn;
  in.dst = dst;
  in.a = a;
  in.b = b;
  return in;
}

/// max(x + row, 0): a bias add and a ReLU on x and a 1xN row.
ElementwiseProgram<float> biasRelu() {
  ElementwiseProgram<float> p;
  p.numInputs = 2;
  p.constants = {0.0f};
  p.numTemps = 2;
  p.code = {binaryOp(BinaryFn::Add, 3, 0, 1),
            binaryOp(BinaryFn::Maximum, 4, 3, 2)};
  p.result = 4;
  return p;
}

/// max((x + row) * col - s, 0) on x, a row, a column and a scalar.
ElementwiseProgram<float> biasScaleRelu() {
  ElementwiseProgram<float> p;
  p.numInputs = 4;
  p.constants = {0.0f};
  p.numTemps = 4;
  p.code = {binaryOp(BinaryFn::Add, 5, 0, 1), binaryOp(BinaryFn::Mul, 6, 5, 2),
            binaryOp(BinaryFn::Sub, 7, 6, 3),
            binaryOp(BinaryFn::Maximum, 8, 7, 4)};
  p.result = 8;
  return p;
}

TEST(ElementwiseProgram, BroadcastOperandsAnyChunkSize) {
  Shape shape{5, 7};
  std::vector<float> x = sampleValues(35, 11), row = sampleValues(7, 12),
                     col = sampleValues(5, 13), s = {0.75f};
  TiledMatrix<float> tx = withGarbage(shape, x, 5.0f);
  TiledMatrix<float> tr = withGarbage(Shape{1, 7}, row, 6.0f);
  TiledMatrix<float> tc = withGarbage(Shape{5, 1}, col, 7.0f);
  TiledMatrix<float> ts = withGarbage(Shape{1, 1}, s, 8.0f);
  ElementwiseProgram<float> p = biasScaleRelu();
  EXPECT_EQ(p.str({Broadcast::None, Broadcast::Row, Broadcast::Column,
                   Broadcast::Scalar}),
            "t0 = add(in0, in1[row]); t1 = mul(t0, in2[column]); "
            "t2 = sub(t1, in3[scalar]); t3 = maximum(t2, 0)");
  std::vector<float> want = expectedStorage<float>(shape, [&](int64_t i) {
    return naiveMaximum((x[i] + row[i % 7]) * col[i / 7] - s[0], 0.0f);
  });
  // One run per chunk, several runs, the whole matrix; normal and
  // non-temporal stores.
  for (int64_t chunk : {1, 5, 8, 1024})
    for (size_t streamingBytes : {size_t(0), SIZE_MAX}) {
      SCOPED_TRACE(std::to_string(chunk) + " " +
                   std::to_string(streamingBytes));
      TiledMatrix<float> r = withGarbage(shape, x, 3.0f);
      Status st = evaluate<float>(p, {&tx, &tr, &tc, &ts}, r,
                                  {chunk, streamingBytes});
      ASSERT_TRUE(st.ok()) << st.message();
      expectBits<float>(r, want);
    }
}

TEST(ElementwiseProgram, InPlaceContiguousAndGathered) {
  // 4x8 on 2x4 tiles has no padding (every chunk contiguous: operands read
  // and the result written in place); 3x6 has padding (gathered chunks).
  for (Shape shape : {Shape{4, 8}, Shape{3, 6}}) {
    SCOPED_TRACE(shape.str());
    int64_t n = shape.rows * shape.cols;
    std::vector<float> x = sampleValues(n, 21), row = sampleValues(shape.cols, 22);
    TiledMatrix<float> tx = withGarbage(shape, x, 4.0f);
    TiledMatrix<float> tr = withGarbage(Shape{1, shape.cols}, row, 4.0f);
    ElementwiseProgram<float> p = biasRelu();
    const float *storage = tx.data();
    Status st = evaluate<float>(p, {&tx, &tr}, tx, {8, std::nullopt});
    ASSERT_TRUE(st.ok()) << st.message();
    EXPECT_EQ(tx.data(), storage);
    expectBits<float>(tx, expectedStorage<float>(shape, [&](int64_t i) {
      return naiveMaximum(x[i] + row[i % shape.cols], 0.0f);
    }));
    // The result's instruction itself reads the storage it overwrites.
    ElementwiseProgram<float> q;
    q.numInputs = 2;
    q.numTemps = 1;
    q.code = {binaryOp(BinaryFn::Mul, 2, 0, 1)};
    q.result = 2;
    ASSERT_TRUE(evaluate<float>(q, {&tx, &tr}, tx, {8, std::nullopt}).ok());
    expectBits<float>(tx, expectedStorage<float>(shape, [&](int64_t i) {
      return naiveMaximum(x[i] + row[i % shape.cols], 0.0f) *
             row[i % shape.cols];
    }));
  }
}

TEST(ElementwiseProgram, CompareSelectCopyAndFill) {
  Shape shape{3, 5};
  std::vector<float> x = sampleValues(15, 31), row = sampleValues(5, 32);
  TiledMatrix<float> tx = withGarbage(shape, x, 2.0f);
  TiledMatrix<float> tr = withGarbage(Shape{1, 5}, row, 2.0f);
  ElementwiseProgram<float> p;
  p.numInputs = 2;
  p.constants = {-1.0f};
  p.numTemps = 1;
  p.numMasks = 1;
  Instruction cmp;
  cmp.kind = Instruction::Cmp;
  cmp.cmp = CmpFn::UGT;
  cmp.dst = 0;
  cmp.a = 0;
  cmp.b = 1;
  Instruction sel;
  sel.kind = Instruction::Select;
  sel.dst = 3;
  sel.a = 0;
  sel.b = 0;
  sel.c = 2;
  p.code = {cmp, sel};
  p.result = 3;
  TiledMatrix<float> r = *TiledMatrix<float>::zeros(shape, kSmall);
  ASSERT_TRUE(evaluate<float>(p, {&tx, &tr}, r).ok());
  expectBits<float>(r, expectedStorage<float>(shape, [&](int64_t i) {
    bool unordered = x[i] != x[i] || row[i % 5] != row[i % 5];
    return unordered || x[i] > row[i % 5] ? x[i] : -1.0f;
  }));
  // No code: the result is an input (the broadcast row, materialised) or a
  // constant (padding still zero).
  p.code.clear();
  p.numTemps = p.numMasks = 0;
  p.result = 1;
  ASSERT_TRUE(evaluate<float>(p, {&tx, &tr}, r).ok());
  expectBits<float>(r, expectedStorage<float>(
                           shape, [&](int64_t i) { return row[i % 5]; }));
  p.result = 2;
  ASSERT_TRUE(evaluate<float>(p, {&tx, &tr}, r).ok());
  expectBits<float>(r, expectedStorage<float>(
                           shape, [&](int64_t) { return -1.0f; }));
}

TEST(ElementwiseProgram, CompareSelectPairsAndSharedMasks) {
  // A Cmp whose mask only the next Select reads runs as one loop; a mask
  // two Selects read does not. Both against the model, in place over the
  // first input too (the result's storage is then an operand of the pair),
  // with every special value (sampleValues) and OLT/UGE/UNO.
  Shape shape{9, 13};
  std::vector<float> x = sampleValues(117, 51), y = sampleValues(117, 52);
  for (CmpFn fn : {CmpFn::OLT, CmpFn::UGE, CmpFn::UNO}) {
    auto model = [&](float a, float b) {
      bool unordered = a != a || b != b;
      switch (fn) {
      case CmpFn::OLT:
        return !unordered && a < b;
      case CmpFn::UGE:
        return unordered || a >= b;
      default:
        return unordered;
      }
    };
    ElementwiseProgram<float> p;
    p.numInputs = 2;
    p.numTemps = 3;
    p.numMasks = 1;
    Instruction cmp;
    cmp.kind = Instruction::Cmp;
    cmp.cmp = fn;
    cmp.dst = 0;
    cmp.a = 0;
    cmp.b = 1;
    Instruction sel;
    sel.kind = Instruction::Select;
    sel.a = 0;
    sel.dst = 2; // t0 = m ? x : y
    sel.b = 0;
    sel.c = 1;
    Instruction sel2 = sel; // t1 = m ? y : x (the mask read twice)
    sel2.dst = 3;
    sel2.b = 1;
    sel2.c = 0;
    p.code = {cmp, sel, sel2, binaryOp(BinaryFn::Sub, 4, 2, 3)};
    p.result = 4;
    auto want = expectedStorage<float>(shape, [&](int64_t i) {
      bool m = model(x[i], y[i]);
      return (m ? x[i] : y[i]) - (m ? y[i] : x[i]);
    });
    TiledMatrix<float> tx = withGarbage(shape, x, 3.0f);
    TiledMatrix<float> ty = withGarbage(shape, y, 3.0f);
    TiledMatrix<float> r = *TiledMatrix<float>::zeros(shape, kSmall);
    ASSERT_TRUE(evaluate<float>(p, {&tx, &ty}, r).ok());
    expectBits<float>(r, want);
    // The pair alone, as the result, into a fresh matrix and in place.
    p.code = {cmp, sel};
    p.numTemps = 1;
    p.result = 2;
    auto pairWant = expectedStorage<float>(shape, [&](int64_t i) {
      return model(x[i], y[i]) ? x[i] : y[i];
    });
    for (int64_t chunk : {int64_t(8), int64_t(64)}) {
      TiledMatrix<float> fresh = *TiledMatrix<float>::zeros(shape, kSmall);
      ASSERT_TRUE(evaluate<float>(p, {&tx, &ty}, fresh, {chunk, std::nullopt})
                      .ok());
      expectBits<float>(fresh, pairWant);
      TiledMatrix<float> self = withGarbage(shape, x, 3.0f);
      ASSERT_TRUE(
          evaluate<float>(p, {&self, &ty}, self, {chunk, std::nullopt}).ok());
      expectBits<float>(self, pairWant);
    }
  }
}

TEST(ElementwiseProgram, BF16RoundsOncePerOpAndIntegersWrap) {
  Shape shape{3, 5};
  std::vector<float> xf = sampleValues(15, 41), yf = sampleValues(5, 42);
  std::vector<bf16> x, y;
  for (float v : xf)
    x.push_back(bf16::fromFloat(v));
  for (float v : yf)
    y.push_back(bf16::fromFloat(v));
  TiledMatrix<bf16> tx = withGarbage(shape, x, bf16::fromFloat(1.0f));
  TiledMatrix<bf16> ty = withGarbage(Shape{1, 5}, y, bf16::fromFloat(1.0f));
  ElementwiseProgram<bf16> p;
  p.numInputs = 2;
  p.numTemps = 2;
  p.code = {binaryOp(BinaryFn::Add, 2, 0, 1), binaryOp(BinaryFn::Mul, 3, 2, 0)};
  p.result = 3;
  TiledMatrix<bf16> r = *TiledMatrix<bf16>::zeros(shape, kSmall);
  ASSERT_TRUE(evaluate<bf16>(p, {&tx, &ty}, r).ok());
  expectBits<bf16>(r, expectedStorage<bf16>(shape, [&](int64_t i) {
    float a = x[i].toFloat(), s = oracleRoundBF16(a + y[i % 5].toFloat());
    return bf16::fromBits(oracleBF16(s * a));
  }));

  std::vector<int32_t> xi = {INT32_MAX, -5, 7, 0, 3, -1, 2, 9, -9, 4, 1, 6, 8, -2, 5};
  std::vector<int32_t> ci = {1, -3, 10};
  TiledMatrix<int32_t> ti = withGarbage(shape, xi, 99);
  TiledMatrix<int32_t> tc = withGarbage(Shape{3, 1}, ci, 99);
  ElementwiseProgram<int32_t> q;
  q.numInputs = 2;
  q.numTemps = 2;
  q.code = {binaryOp(BinaryFn::Add, 2, 0, 1),
            binaryOp(BinaryFn::Maximum, 3, 2, 1)};
  q.result = 3;
  TiledMatrix<int32_t> ri = *TiledMatrix<int32_t>::zeros(shape, kSmall);
  ASSERT_TRUE(evaluate<int32_t>(q, {&ti, &tc}, ri).ok());
  expectBits<int32_t>(ri, expectedStorage<int32_t>(shape, [&](int64_t i) {
    int64_t sum = int64_t(xi[i]) + ci[i / 5];
    int32_t wrapped = static_cast<int32_t>(static_cast<uint32_t>(sum));
    return std::max(wrapped, ci[i / 5]);
  }));
}

TEST(ElementwiseProgram, InvalidProgramsAndOperandsAreErrors) {
  TiledMatrix<float> a = *TiledMatrix<float>::zeros({3, 5}, kSmall);
  TiledMatrix<float> wide = *TiledMatrix<float>::zeros({3, 4}, kSmall);
  TiledMatrix<float> other = *TiledMatrix<float>::zeros({3, 5}, Geometry{});
  TiledMatrix<float> r = *TiledMatrix<float>::zeros({3, 5}, kSmall);
  ElementwiseProgram<float> p;
  p.numInputs = 1;
  p.numTemps = 1;
  p.code = {binaryOp(BinaryFn::Add, 1, 0, 2)}; // reads unwritten t1
  p.result = 1;
  EXPECT_FALSE(evaluate<float>(p, {&a}, r).ok());
  p.code = {binaryOp(BinaryFn::Add, 1, 0, 0)};
  ASSERT_TRUE(evaluate<float>(p, {&a}, r).ok());
  EXPECT_FALSE(evaluate<float>(p, {&a, &a}, r).ok());
  Status shape = evaluate<float>(p, {&wide}, r);
  ASSERT_FALSE(shape.ok());
  EXPECT_NE(shape.message().find("does not broadcast"), std::string::npos);
  EXPECT_FALSE(evaluate<float>(p, {&other}, r).ok());
  ElementwiseProgram<int32_t> q;
  q.numInputs = 1;
  q.numTemps = 1;
  q.code = {binaryOp(BinaryFn::Div, 1, 0, 0)};
  q.result = 1;
  EXPECT_FALSE(q.validate().ok());
}

TEST(ElementwiseProgram, LargeMatricesOnDefaultTiles) {
  // The default 8x128 tiles, 8 MiB and more of result: one matrix without
  // padding (contiguous chunks: the row read from its expanded copy, the
  // result written straight to storage) and one with padding rows and
  // columns (gathered chunks); normal and non-temporal stores.
  for (Shape shape : {Shape{2048, 1024}, Shape{1500, 1500}})
  for (size_t streamingBytes : {size_t(0), SIZE_MAX}) {
    SCOPED_TRACE(shape.str() + " " + std::to_string(streamingBytes));
    int64_t n = shape.rows * shape.cols;
    std::vector<float> x(n), row(shape.cols);
    for (int64_t i = 0; i < n; ++i)
      x[i] = static_cast<float>(i % 29) * 0.37f - 5.0f;
    for (int64_t c = 0; c < shape.cols; ++c)
      row[c] = static_cast<float>(c % 7) * 0.5f - 1.25f;
    TiledMatrix<float> tx = *TiledMatrix<float>::fromDense(shape, {}, x);
    TiledMatrix<float> tr =
        *TiledMatrix<float>::fromDense({1, shape.cols}, {}, row);
    TiledMatrix<float> r = *TiledMatrix<float>::uninitialized(tx.layout());
    ElementwiseProgram<float> p = biasRelu();
    ASSERT_TRUE(evaluate<float>(p, {&tx, &tr}, r, {kDefaultChunkSlots,
                                                   streamingBytes})
                    .ok());
    int64_t bad = 0;
    for (int64_t off = 0; off < r.size(); ++off) {
      Location loc = r.layout().locate(off);
      float want = loc.isLogical
                       ? naiveMaximum(x[loc.row * shape.cols + loc.col] +
                                          row[loc.col],
                                      0.0f)
                       : 0.0f;
      bad += std::memcmp(&r.data()[off], &want, 4) != 0;
    }
    EXPECT_EQ(bad, 0);
  }
}

TEST(ElementwiseProgram, ChunkWalkCoversLogicalSlotsOnce) {
  Shape shape{5, 7};
  Layout layout = *Layout::get(shape, kSmall);
  std::vector<float> storage(layout.numElements(), 9.0f);
  std::vector<int> seen(layout.numElements(), 0);
  int64_t last = -1;
  Status st = forEachChunk(layout, 6, storage.data(), sizeof(float),
                           [&](const Chunk &chunk) {
    EXPECT_LE(chunk.slots, 6);
    int64_t slots = 0;
    bool contiguous = true;
    for (const LogicalRun &run : chunk) {
      EXPECT_GT(run.offset, last);
      contiguous &= &run == chunk.runs ||
                    (&run)[-1].offset + (&run)[-1].count == run.offset;
      last = run.offset;
      for (int64_t k = 0; k < run.count; ++k) {
        EXPECT_EQ(rfcOffset(shape, kSmall, run.row, run.col + k),
                  run.offset + k);
        ++seen[run.offset + k];
      }
      slots += run.count;
    }
    EXPECT_EQ(slots, chunk.slots);
    EXPECT_EQ(contiguous, chunk.contiguous);
    return Status::success();
  });
  ASSERT_TRUE(st.ok());
  for (int64_t off = 0; off < layout.numElements(); ++off) {
    Location loc = layout.locate(off);
    EXPECT_EQ(seen[off], loc.isLogical ? 1 : 0) << off;
    if (!loc.isLogical)
      EXPECT_EQ(storage[off], 0.0f) << "padding " << off;
  }
}

TEST(LayoutCost, FormatAndBytes) {
  LayoutCost cost;
  // 3x5 f32 on (2, 4): padded 4x8 = 32 slots = 128 bytes; logical 60.
  cost.addPack(*Layout::get({3, 5}, kSmall), 4);
  cost.addUnpack(*Layout::get({3, 5}, kSmall), 4);
  cost.addUnpack(*Layout::get({2, 2}, kSmall), 2);
  EXPECT_EQ(cost.format(),
            "layout: packs=1 unpacks=2 packed_bytes=128 unpacked_bytes=68 "
            "relayouts=0 relayout_bytes=0");
}

} // namespace
