//===- ScalarTest.cpp - Edge cases of the scalar numerics (Scalar.h) ------===//
//
// The cases where arith/math semantics differ from the naive C++ operator,
// with the expected bits derived by hand: signed zeros and NaNs of
// maximumf/minimumf/maxnumf, bf16 round-to-nearest-even ties, integer
// division rounding and poison, i1 as a one-bit integer.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Scalar.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

using namespace systile::rt;
namespace sc = systile::rt::scalar;

namespace {

uint32_t bitsOf(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof(u));
  return u;
}

TEST(ScalarTest, MaximumMinimumOrderSignedZeros) {
  // -0 < +0 whichever operand comes first.
  EXPECT_EQ(bitsOf(sc::MaximumF()(-0.0f, 0.0f)), 0x00000000u);
  EXPECT_EQ(bitsOf(sc::MaximumF()(0.0f, -0.0f)), 0x00000000u);
  EXPECT_EQ(bitsOf(sc::MinimumF()(0.0f, -0.0f)), 0x80000000u);
  EXPECT_EQ(bitsOf(sc::MinimumF()(-0.0f, 0.0f)), 0x80000000u);
}

TEST(ScalarTest, MaximumPropagatesNaNMaxnumIgnoresIt) {
  EXPECT_TRUE(std::isnan(sc::MaximumF()(1.0f, NAN)));
  EXPECT_TRUE(std::isnan(sc::MinimumF()(NAN, 1.0f)));
  EXPECT_EQ(sc::MaxNumF()(NAN, 1.0f), 1.0f);
  EXPECT_EQ(sc::MinNumF()(1.0f, NAN), 1.0f);
  // Of equal operands maxnum returns the first: +0 then -0 gives +0.
  EXPECT_EQ(bitsOf(sc::MaxNumF()(0.0f, -0.0f)), 0x00000000u);
  EXPECT_EQ(bitsOf(sc::MaxNumF()(-0.0f, 0.0f)), 0x80000000u);
}

TEST(ScalarTest, SignOpsKeepNaNPayloads) {
  // A signalling NaN's payload survives negf/absf (no arithmetic).
  float snan;
  uint32_t u = 0x7f800001u;
  std::memcpy(&snan, &u, sizeof(snan));
  EXPECT_EQ(bitsOf(sc::NegF()(snan)), 0xff800001u);
  EXPECT_EQ(bitsOf(sc::AbsF()(sc::NegF()(snan))), 0x7f800001u);
  EXPECT_EQ(sc::NegF()(bf16::fromBits(0x7f81)).bits(), 0xff81u);
}

TEST(ScalarTest, BF16AddRoundsOnceToNearestEven) {
  // 1 + 2^-8 is halfway between bf16's 1 and 1 + 2^-7: ties to even (1).
  bf16 one = bf16::fromFloat(1.0f), tiny = bf16::fromFloat(0x1p-8f);
  EXPECT_EQ(sc::AddF()(one, tiny).bits(), 0x3f80u);
  // 1 + 3 * 2^-8 is halfway between 1 + 2^-7 and 1 + 2^-6: to the even 1 + 2^-6.
  bf16 three = bf16::fromFloat(0x1.8p-7f);
  EXPECT_EQ(sc::AddF()(one, three).bits(), 0x3f82u);
}

TEST(ScalarTest, CmpFOrderedAndUnordered) {
  using P = sc::CmpFPredicate;
  EXPECT_FALSE(sc::CmpF<P::OEQ>()(NAN, NAN));
  EXPECT_TRUE(sc::CmpF<P::UEQ>()(NAN, 1.0f));
  EXPECT_TRUE(sc::CmpF<P::ONE>()(1.0f, 2.0f));
  EXPECT_FALSE(sc::CmpF<P::ONE>()(1.0f, NAN));
  EXPECT_TRUE(sc::CmpF<P::OEQ>()(-0.0f, 0.0f));
  EXPECT_STREQ(sc::toString(P::UNO), "uno");
}

TEST(ScalarTest, SignedDivisionRoundingAndPoison) {
  int32_t r = 0;
  EXPECT_TRUE(sc::DivSI()(int32_t(-7), int32_t(2), r));
  EXPECT_EQ(r, -3); // Toward zero.
  EXPECT_TRUE(sc::FloorDivSI()(int32_t(-7), int32_t(2), r));
  EXPECT_EQ(r, -4);
  EXPECT_TRUE(sc::CeilDivSI()(int32_t(-7), int32_t(2), r));
  EXPECT_EQ(r, -3);
  EXPECT_TRUE(sc::RemSI()(int32_t(-7), int32_t(2), r));
  EXPECT_EQ(r, -1); // The dividend's sign.
  EXPECT_FALSE(sc::DivSI()(int32_t(1), int32_t(0), r));
  EXPECT_FALSE(sc::DivSI()(INT32_MIN, int32_t(-1), r)); // Overflow.
  int8_t q = 0;
  EXPECT_TRUE(sc::DivUI()(int8_t(-1), int8_t(16), q));
  EXPECT_EQ(q, 15); // 255 / 16 unsigned.
}

TEST(ScalarTest, WrapShiftsAndI1) {
  EXPECT_EQ(sc::AddI()(int8_t(127), int8_t(1)), int8_t(-128));
  EXPECT_EQ(sc::MulI()(int8_t(-128), int8_t(-1)), int8_t(-128));
  int32_t r = 0;
  EXPECT_FALSE(sc::ShLI()(int32_t(1), int32_t(32), r));
  EXPECT_TRUE(sc::ShRSI()(int32_t(-8), int32_t(1), r));
  EXPECT_EQ(r, -4);
  // i1 (uint8_t): 1 + 1 wraps to 0; as a signed value 1 is -1 < 0.
  EXPECT_EQ(sc::AddI()(uint8_t(1), uint8_t(1)), 0);
  EXPECT_TRUE(sc::CmpI<sc::CmpIPredicate::slt>()(uint8_t(1), uint8_t(0)));
  EXPECT_EQ((sc::convertInt<int32_t, true>(uint8_t(1))), -1);
  EXPECT_EQ((sc::convertInt<int32_t, false>(uint8_t(1))), 1);
}

TEST(ScalarTest, FloatToIntRangeIsPoison) {
  int8_t r = 0;
  EXPECT_TRUE((sc::floatToInt<int8_t, true>(-128.9f, r)));
  EXPECT_EQ(r, -128);
  EXPECT_FALSE((sc::floatToInt<int8_t, true>(128.0f, r)));
  EXPECT_FALSE((sc::floatToInt<int8_t, true>(NAN, r)));
}

} // namespace
