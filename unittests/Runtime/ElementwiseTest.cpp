//===- ElementwiseTest.cpp - Element-wise kernels vs a naive model --------===//
//
// Each kernel against a naive model written here: dense row-major inputs,
// one scalar expression per element, and the storage offsets of RFC 3
// computed from the formula. The inputs' padding holds garbage (so a kernel
// that read padding would show), and the result's padding must be +0 bit
// for bit, also where the operation maps 0 to non-zero (exp, a + 1).
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Elementwise.h"
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

TEST(LayoutCost, FormatAndBytes) {
  LayoutCost cost;
  // 3x5 f32 on (2, 4): padded 4x8 = 32 slots = 128 bytes; logical 60.
  cost.addPack(*Layout::get({3, 5}, kSmall), 4);
  cost.addUnpack(*Layout::get({3, 5}, kSmall), 4);
  cost.addUnpack(*Layout::get({2, 2}, kSmall), 2);
  EXPECT_EQ(cost.format(),
            "layout: packs=1 unpacks=2 packed_bytes=128 unpacked_bytes=68");
}

} // namespace
