//===- LibmTest.cpp - glibc's tanhf over many lanes -----------------------===//
//
// The reference is this process's libm tanhf, called per element: tanhLanes
// must give its bits whatever the path. The vector form itself is compared
// with it on every path this machine has, over a sweep of the whole float
// range (every 509th bit pattern) and dense runs around each branch
// threshold; on a libm whose tanhf is not fdlibm's the form is expected to
// differ, and tanhLanes to fall back to the libm.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Libm.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <cstring>
#include <vector>

using namespace systile::rt;

namespace {

float fromBits(uint32_t b) {
  float f;
  std::memcpy(&f, &b, sizeof f);
  return f;
}
uint32_t bitsOf(float f) {
  uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  return b;
}

/// The first lane whose bits differ from tanhf's, or -1.
int64_t firstMismatch(const std::vector<float> &x, const std::vector<float> &y) {
  for (size_t i = 0; i < x.size(); ++i)
    if (bitsOf(y[i]) != bitsOf(std::tanh(x[i])))
      return static_cast<int64_t>(i);
  return -1;
}

std::vector<float> sweep() {
  std::vector<float> x;
  for (uint64_t b = 0; b < (uint64_t(1) << 32); b += 509)
    x.push_back(fromBits(static_cast<uint32_t>(b)));
  // Around |x| = 2^-55, 1, 22 and |2x| = 2^-25, 0.5 ln2, 1.5 ln2, 23 ln2,
  // 56 ln2 (k's branches in expm1f), infinity; both signs.
  for (uint32_t t : {0x24000000u, 0x3f800000u, 0x41b00000u, 0x32800000u,
                     0x3e317218u, 0x3f051592u, 0x40ff0000u, 0x419b4000u,
                     0x7f800000u})
    for (uint32_t d = 0; d < 4096; ++d)
      for (uint32_t sign : {0u, 0x80000000u})
        x.push_back(fromBits(((t - 2048) + d) | sign));
  x.push_back(fromBits(0x7fc12345)); // a quiet NaN with a payload
  x.push_back(fromBits(0xff812345)); // a negative signalling NaN
  return x;
}

std::vector<Isa> paths() {
  std::vector<Isa> p = {Isa::Portable};
  if (cpuSupports(Isa::AVX2))
    p.push_back(Isa::AVX2);
  if (cpuSupports(Isa::AVX512))
    p.push_back(Isa::AVX512);
  return p;
}

TEST(Libm, TanhLanesHasTheLibmBitsOnEveryPath) {
  const std::vector<float> x = sweep();
  for (Isa isa : {Isa::Auto, Isa::Portable, Isa::AVX2, Isa::AVX512}) {
    std::vector<float> y(x.size());
    tanhLanes(x.data(), y.data(), static_cast<int64_t>(x.size()), isa);
    int64_t bad = firstMismatch(x, y);
    EXPECT_EQ(bad, -1) << toString(isa) << ": x = " << x[bad > 0 ? bad : 0];
  }
}

TEST(Libm, VectorFormIsFdlibmTanhf) {
  if (!tanhVectorMatchesLibm())
    GTEST_SKIP() << "this libm's tanhf is not fdlibm's; tanhLanes calls it "
                    "per lane (checked above)";
  const std::vector<float> x = sweep();
  std::string checked;
  for (Isa isa : paths())
    checked += std::string(checked.empty() ? "" : " ") + toString(isa);
  std::printf("[ info     ] tanh paths checked on this machine: %s\n",
              checked.c_str());
  for (Isa isa : paths()) {
    std::vector<float> y(x.size());
    tanhVectorForm(x.data(), y.data(), static_cast<int64_t>(x.size()), isa);
    int64_t bad = firstMismatch(x, y);
    EXPECT_EQ(bad, -1) << toString(isa) << ": x = " << x[bad > 0 ? bad : 0]
                       << " (bits " << std::hex << bitsOf(x[bad > 0 ? bad : 0])
                       << ")";
  }
}

/// Every float, on the widest path: about 90 s on one core, so off by
/// default (run it with --gtest_also_run_disabled_tests after a glibc or
/// compiler change; docs/Interpreter.md has the last result).
TEST(Libm, DISABLED_VectorFormOnEveryFloat) {
  if (!tanhVectorMatchesLibm())
    GTEST_SKIP() << "this libm's tanhf is not fdlibm's";
  const Isa isa = resolveIsa(Isa::Auto, {Isa::AVX512, Isa::AVX2});
  constexpr uint64_t kBlock = 1 << 20;
  std::vector<float> x(kBlock), y(kBlock);
  uint64_t mismatches = 0;
  for (uint64_t b0 = 0; b0 < (uint64_t(1) << 32); b0 += kBlock) {
    for (uint64_t i = 0; i < kBlock; ++i)
      x[i] = fromBits(static_cast<uint32_t>(b0 + i));
    tanhVectorForm(x.data(), y.data(), kBlock, isa);
    for (uint64_t i = 0; i < kBlock; ++i)
      mismatches += bitsOf(y[i]) != bitsOf(std::tanh(x[i]));
  }
  EXPECT_EQ(mismatches, 0u) << "on " << toString(isa);
}

TEST(Libm, TailsAndInPlace) {
  for (int64_t n : {0, 1, 7, 8, 9, 15, 16, 17, 31, 33, 1000}) {
    std::vector<float> x(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i)
      x[i] = -3.0f + 0.37f * float(i % 17) + 1e-3f * float(i);
    for (Isa isa : {Isa::Auto, Isa::Portable, Isa::AVX2, Isa::AVX512}) {
      std::vector<float> y(x.size(), 42.0f), z = x;
      tanhLanes(x.data(), y.data(), n, isa);
      EXPECT_EQ(firstMismatch(x, y), -1) << "n = " << n;
      tanhLanes(z.data(), z.data(), n, isa); // in place
      EXPECT_EQ(firstMismatch(x, z), -1) << "n = " << n << " in place";
    }
  }
}

TEST(Libm, HandValues) {
  // tanh(0) = 0 with its sign, tanh(+-inf) = +-1, tanh(x) = +-1 for
  // |x| >= 22, tanh(x) = x for tiny x, NaN stays NaN.
  const std::vector<float> x = {0.0f, -0.0f, INFINITY, -INFINITY, 22.0f,
                                -30.0f, 1e-20f, NAN};
  std::vector<float> y(64);
  std::vector<float> xs(64, 0.5f);
  std::copy(x.begin(), x.end(), xs.begin());
  tanhLanes(xs.data(), y.data(), 64);
  EXPECT_EQ(bitsOf(y[0]), 0u);
  EXPECT_EQ(bitsOf(y[1]), 0x80000000u);
  EXPECT_EQ(y[2], 1.0f);
  EXPECT_EQ(y[3], -1.0f);
  EXPECT_EQ(y[4], 1.0f);
  EXPECT_EQ(y[5], -1.0f);
  EXPECT_EQ(y[6], 1e-20f);
  EXPECT_TRUE(std::isnan(y[7]));
  // tanh(0.5) = 0.46211715726... within an ulp.
  EXPECT_NEAR(y[8], 0.46211715726000974f, 6e-8f);
}

} // namespace
