//===- ConversionTest.cpp - Quantize / dequantize -------------------------===//
//
// RFC 6 quantization: ties to even, the division in f32 (cases where the
// exact quotient lies on the other side of a tie), saturation, NaN, and the
// tiling kept with zero padding whatever the operand's padding holds.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Conversion.h"

#include "TestUtil.h"
#include "gtest/gtest.h"

#include <limits>

using namespace systile::rt;
using namespace systile::testutil;

namespace {

TEST(Quantize, TiesToEven) {
  EXPECT_EQ(quantizeValue(0.5f, 1.0f, 0), 0);
  EXPECT_EQ(quantizeValue(1.5f, 1.0f, 0), 2);
  EXPECT_EQ(quantizeValue(2.5f, 1.0f, 0), 2);
  EXPECT_EQ(quantizeValue(3.5f, 1.0f, 0), 4);
  EXPECT_EQ(quantizeValue(-0.5f, 1.0f, 0), 0);
  EXPECT_EQ(quantizeValue(-1.5f, 1.0f, 0), -2);
  EXPECT_EQ(quantizeValue(-2.5f, 1.0f, 0), -2);
  EXPECT_EQ(quantizeValue(2.4999998f, 1.0f, 0), 2);
  EXPECT_EQ(quantizeValue(2.5000002f, 1.0f, 0), 3);
  // Scale 0.5: 1.25 / 0.5 = 2.5 -> 2; 1.75 / 0.5 = 3.5 -> 4.
  EXPECT_EQ(quantizeValue(1.25f, 0.5f, 0), 2);
  EXPECT_EQ(quantizeValue(1.75f, 0.5f, 0), 4);
  // The zero point is added after rounding: 2.5 -> 2, + 3 = 5 (not 6).
  EXPECT_EQ(quantizeValue(2.5f, 1.0f, 3), 5);
  EXPECT_EQ(quantizeValue(2.5f, 1.0f, -3), -1);
}

TEST(Quantize, DivisionIsInF32) {
  // x / 0.1f rounds in f32 to exactly k + 0.5, while the exact quotient is
  // on the other side of the tie (values found offline with exact
  // rationals): an implementation dividing in double would differ.
  const float tenth = bitsFloat(1036831949); // 0.1f
  // 0.45000002f / 0.1f: exact 4.50000011 (would give 5), f32 4.5 -> 4.
  EXPECT_EQ(quantizeValue(bitsFloat(1055286887), tenth, 0), 4);
  // 2.6500001f / 0.1f: exact 26.50000056 (would give 27), f32 26.5 -> 26.
  EXPECT_EQ(quantizeValue(bitsFloat(1076468122), tenth, 0), 26);
  // 0.35f / 0.1f: exact 3.4999999 (would give 3), f32 3.5 -> 4.
  EXPECT_EQ(quantizeValue(bitsFloat(1051931443), tenth, 0), 4);
}

TEST(Quantize, SaturatesAndHandlesNaN) {
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_EQ(quantizeValue(127.0f, 1.0f, 0), 127);
  EXPECT_EQ(quantizeValue(127.5f, 1.0f, 0), 127); // 128 clamps
  EXPECT_EQ(quantizeValue(1000.0f, 1.0f, 0), 127);
  EXPECT_EQ(quantizeValue(-128.0f, 1.0f, 0), -128);
  EXPECT_EQ(quantizeValue(-128.5f, 1.0f, 0), -128);
  EXPECT_EQ(quantizeValue(-1e30f, 1.0f, 0), -128);
  EXPECT_EQ(quantizeValue(3e38f, 1e-30f, 0), 127); // quotient overflows
  EXPECT_EQ(quantizeValue(inf, 1.0f, 0), 127);
  EXPECT_EQ(quantizeValue(-inf, 1.0f, 0), -128);
  EXPECT_EQ(quantizeValue(std::nanf(""), 1.0f, 0), 0);
  EXPECT_EQ(quantizeValue(std::nanf(""), 1.0f, -17), -17);
  EXPECT_EQ(quantizeValue(-std::nanf(""), 0.25f, 99), 99);
  // Saturation after the zero point: 120 + 10 -> 127; -120 - 10 -> -128.
  EXPECT_EQ(quantizeValue(120.0f, 1.0f, 10), 127);
  EXPECT_EQ(quantizeValue(-120.0f, 1.0f, -10), -128);
  EXPECT_EQ(quantizeValue(-200.0f, 1.0f, 127), -73);
}

TEST(Quantize, Dequantize) {
  EXPECT_EQ(dequantizeValue(5, 0.5f, 3), 1.0f);
  EXPECT_EQ(dequantizeValue(-128, 0.25f, 127), -63.75f);
  EXPECT_EQ(dequantizeValue(127, 0.1f, -128), 255.0f * 0.1f);
  EXPECT_EQ(floatBits(dequantizeValue(3, 0.1f, 3)), 0u); // +0
}

TEST(Quantize, TiledKeepsTilingAndIgnoresPadding) {
  std::vector<float> dense = {0.5f,     1.5f,          2.5f, -2.5f, 1000.0f,
                              -1000.0f, std::nanf(""), 0.0f, 3.0f};
  auto x = *TiledMatrix<float>::fromDense({3, 3}, {2, 4, 4}, dense);
  x.fillPadding(1e30f);
  auto q = quantize(x, 1.0f, 1);
  ASSERT_TRUE(q) << q.error();
  EXPECT_EQ(q->shape(), x.shape());
  EXPECT_EQ(q->geometry(), x.geometry());
  EXPECT_EQ(q->padKind(), PadKind::Zero);
  EXPECT_EQ(q->toDense(),
            (std::vector<int8_t>{1, 3, 3, -1, 127, -128, 1, 1, 4}));
  for (int64_t off = 0; off < q->size(); ++off)
    if (!q->layout().locate(off).isLogical)
      EXPECT_EQ(q->storage()[off], 0);
  q->fillPadding(int8_t(-100));
  auto d = dequantize(*q, 0.5f, 1);
  ASSERT_TRUE(d) << d.error();
  EXPECT_EQ(d->toDense(), (std::vector<float>{0.0f, 1.0f, 1.0f, -1.0f, 63.0f,
                                              -64.5f, 0.0f, 0.0f, 1.5f}));
  EXPECT_EQ(d->padKind(), PadKind::Zero);
}

TEST(Quantize, BadParameters) {
  auto x = *TiledMatrix<float>::zeros({2, 2}, {2, 4, 4});
  for (float s : {0.0f, -1.0f, std::numeric_limits<float>::infinity(),
                  std::nanf(""), -0.0f}) {
    auto q = quantize(x, s, 0);
    EXPECT_FALSE(q) << s;
    if (!q)
      EXPECT_NE(q.error().find("scale"), std::string::npos);
  }
  EXPECT_FALSE(quantize(x, 1.0f, 128));
  EXPECT_FALSE(quantize(x, 1.0f, -129));
  auto q = *TiledMatrix<int8_t>::zeros({2, 2}, {2, 4, 4});
  EXPECT_FALSE(dequantize(q, 0.0f, 0));
  EXPECT_FALSE(dequantize(q, 1.0f, 300));
  EXPECT_TRUE(dequantize(q, 1e-30f, -128));
}

} // namespace
