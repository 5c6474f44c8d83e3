//===- BF16Test.cpp - f32 -> bf16 rounding against an oracle --------------===//
//
// Bit patterns worked out by hand (ties both ways, max finite, overflow,
// NaN payloads, -0, subnormals), plus a sweep compared with the independent
// distance-in-double oracle of TestUtil.h.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/BF16.h"
#include "systile/Runtime/Conversion.h"

#include "TestUtil.h"
#include "gtest/gtest.h"

#include <random>

using namespace systile::rt;
using namespace systile::testutil;

namespace {

uint16_t conv(uint32_t f32bits) {
  return bf16::fromFloat(bitsFloat(f32bits)).bits();
}

TEST(BF16, HandPatterns) {
  EXPECT_EQ(conv(0x3f800000), 0x3f80); // 1.0 exact
  EXPECT_EQ(conv(0x3f807fff), 0x3f80); // just below the tie: down
  EXPECT_EQ(conv(0x3f808000), 0x3f80); // tie, kept lsb 0: stays (even)
  EXPECT_EQ(conv(0x3f808001), 0x3f81); // just above the tie: up
  EXPECT_EQ(conv(0x3f818000), 0x3f82); // tie, kept lsb 1: up to even
  EXPECT_EQ(conv(0xbf818000), 0xbf82); // same, negative
  EXPECT_EQ(conv(0xbf808000), 0xbf80);
  EXPECT_EQ(conv(0x3fffffff), 0x4000); // mantissa carry bumps the exponent
  // Largest finite bf16 is 0x7f7f (3.3895e38).
  EXPECT_EQ(conv(0x7f7f0000), 0x7f7f);
  EXPECT_EQ(conv(0x7f7f7fff), 0x7f7f);
  EXPECT_EQ(conv(0x7f7f8000), 0x7f80); // tie with odd lsb: rounds to inf
  EXPECT_EQ(conv(0x7f7fffff), 0x7f80); // FLT_MAX overflows to +inf
  EXPECT_EQ(conv(0xff7fffff), 0xff80); // -FLT_MAX to -inf
  EXPECT_EQ(conv(0x7f7e8000), 0x7f7e); // tie with even lsb stays finite
  EXPECT_EQ(conv(0x7f800000), 0x7f80); // +inf
  EXPECT_EQ(conv(0xff800000), 0xff80); // -inf
  EXPECT_EQ(conv(0x00000000), 0x0000); // +0
  EXPECT_EQ(conv(0x80000000), 0x8000); // -0 keeps its sign
  // Subnormals are kept (no flush), rounded like everything else.
  EXPECT_EQ(conv(0x00010000), 0x0001); // smallest bf16 subnormal, exact
  EXPECT_EQ(conv(0x000116c2), 0x0001); // 1e-40f -> 0x0001 (RFC 6)
  EXPECT_EQ(bf16::fromFloat(1e-40f).bits(), 0x0001);
  EXPECT_EQ(conv(0x00008000), 0x0000); // tie at the bottom: to even (0)
  EXPECT_EQ(conv(0x00008001), 0x0001);
  EXPECT_EQ(conv(0x00018000), 0x0002); // tie, odd lsb: up
  EXPECT_EQ(conv(0x00000001), 0x0000); // smallest f32 subnormal underflows
  EXPECT_EQ(conv(0x80000001), 0x8000); // ... to a signed zero
  EXPECT_EQ(conv(0x807fffff), 0x8080); // largest subnormal -> min normal
  EXPECT_EQ(conv(0x007f7fff), 0x007f); // largest bf16 subnormal
}

TEST(BF16, NaNStaysQuietNaNWithSign) {
  struct {
    uint32_t in;
    uint16_t out;
  } cases[] = {
      {0x7fc00000, 0x7fc0}, // default quiet NaN
      {0xffc00000, 0xffc0}, // negative quiet NaN
      {0x7f800001, 0x7fc0}, // signalling NaN, payload only in low bits
      {0xff800001, 0xffc0},
      {0x7fa12345, 0x7fe1}, // signalling NaN with high payload: kept, quieted
      {0xffd5aaaa, 0xffd5}, // quiet NaN: payload top bits kept
  };
  for (auto c : cases) {
    bf16 v = bf16::fromFloat(bitsFloat(c.in));
    EXPECT_EQ(v.bits(), c.out) << std::hex << c.in;
    EXPECT_TRUE(v.isNaN());
    EXPECT_TRUE(std::isnan(v.toFloat()));
    EXPECT_EQ(v.bits() & 0x0040, 0x0040);  // quiet bit
    EXPECT_EQ(v.bits() >> 15, c.in >> 31); // sign
  }
}

TEST(BF16, MatchesOracle) {
  auto check = [](uint32_t u) {
    float f = bitsFloat(u);
    if (std::isnan(f))
      return;
    ASSERT_EQ(bf16::fromFloat(f).bits(), oracleBF16(f)) << std::hex << u;
  };
  // Around every rounding boundary of every exponent, both kept-lsb parities
  // and both signs.
  for (uint32_t sign : {0u, 0x80000000u})
    for (uint32_t e = 0; e < 256; ++e)
      for (uint32_t hiMant : {0x00u, 0x01u, 0x02u, 0x3fu, 0x40u, 0x7eu, 0x7fu})
        for (uint32_t low : {0x0000u, 0x0001u, 0x7ffeu, 0x7fffu, 0x8000u,
                             0x8001u, 0xfffeu, 0xffffu})
          check(sign | (e << 23) | (hiMant << 16) | low);
  // A pseudo-random sweep of the whole f32 space.
  std::mt19937 rng(42);
  for (int i = 0; i < 400000; ++i)
    check(static_cast<uint32_t>(rng()));
}

TEST(BF16, WidensExactly) {
  for (uint32_t b = 0; b < 0x10000; ++b) {
    bf16 v = bf16::fromBits(static_cast<uint16_t>(b));
    float f = v.toFloat();
    ASSERT_EQ(floatBits(f), b << 16);
    if (!v.isNaN())
      ASSERT_EQ(bf16::fromFloat(f).bits(), b); // round trip is the identity
  }
}

TEST(BF16, TiledConversionsKeepTiling) {
  std::vector<float> dense = {
      1.0f, bitsFloat(0x3f818000), -0.0f, 1e-40f, 3.0e38f, 7.0f};
  auto x = *TiledMatrix<float>::fromDense({2, 3}, {2, 4, 4}, dense);
  x.fillPadding(std::nanf(""));
  TiledMatrix<bf16> t = truncToBF16(x);
  EXPECT_EQ(t.shape(), x.shape());
  EXPECT_EQ(t.geometry(), x.geometry());
  EXPECT_EQ(t.padKind(), PadKind::Zero);
  std::vector<bf16> td = t.toDense();
  for (size_t i = 0; i < dense.size(); ++i)
    EXPECT_EQ(td[i].bits(), oracleBF16(dense[i])) << i;
  for (int64_t off = 0; off < t.size(); ++off)
    if (!t.layout().locate(off).isLogical)
      EXPECT_EQ(t.storage()[off].bits(), 0);
  TiledMatrix<float> back = extToF32(t);
  std::vector<float> bd = back.toDense();
  for (size_t i = 0; i < dense.size(); ++i)
    EXPECT_EQ(floatBits(bd[i]), uint32_t(oracleBF16(dense[i])) << 16);
}

} // namespace
