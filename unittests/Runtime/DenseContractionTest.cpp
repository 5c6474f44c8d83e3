//===- DenseContractionTest.cpp - The blocked kernel equals the naive loop ===//
//
// Every path the machine supports (AVX-512, AVX2, portable), and the
// multi-threaded entry point, give the bits of the naive sequential-k loop
// for every accumulator type, on shapes that exercise each tail (rows not a
// multiple of the register block, columns not a multiple of the vector
// width, k longer than one k block).
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/DenseContraction.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

using namespace systile::rt;
using namespace systile::rt::dense;

namespace {
const Isa kPaths[] = {Isa::AVX512, Isa::AVX2, Isa::Portable};

struct Shape {
  int64_t batch, m, n, k;
};

const Shape kShapes[] = {{1, 1, 1, 1},    {1, 7, 33, 300}, {2, 37, 70, 513},
                         {1, 9, 256, 40}, {3, 9, 1, 40},   {1, 70, 300, 260}};

template <typename T> std::vector<T> random(size_t count, std::mt19937 &gen) {
  std::uniform_real_distribution<double> dist(-1000, 1000);
  std::vector<T> v(count);
  for (T &x : v)
    x = static_cast<T>(static_cast<int64_t>(dist(gen) * 1e6)) /
        static_cast<T>(std::is_floating_point_v<T> ? 1e6 : 1);
  return v;
}

template <typename T> void checkAll() {
  std::mt19937 gen(7);
  for (const Shape &s : kShapes) {
    auto a = random<T>(s.batch * s.m * s.k, gen);
    auto b = random<T>(s.batch * s.k * s.n, gen);
    auto c = random<T>(s.batch * s.m * s.n, gen);
    std::vector<T> want = c;
    contractNaive(a.data(), b.data(), want.data(), s.batch, s.m, s.n, s.k);
    for (Isa v : kPaths) {
      if (!cpuSupports(v))
        continue;
      std::vector<T> got = c;
      contractWith(v, a.data(), b.data(), got.data(), s.batch, s.m, s.n, s.k);
      EXPECT_EQ(std::memcmp(got.data(), want.data(), got.size() * sizeof(T)), 0)
          << toString(v) << " " << s.batch << "x" << s.m << "x" << s.n << "x"
          << s.k;
    }
    std::vector<T> got = c;
    contract(a.data(), b.data(), got.data(), s.batch, s.m, s.n, s.k, 2);
    EXPECT_EQ(std::memcmp(got.data(), want.data(), got.size() * sizeof(T)), 0)
        << "threaded " << s.batch << "x" << s.m << "x" << s.n << "x" << s.k;
  }
}

TEST(DenseContraction, FloatMatchesNaiveLoop) { checkAll<float>(); }
TEST(DenseContraction, DoubleMatchesNaiveLoop) { checkAll<double>(); }
TEST(DenseContraction, Int32WrapsLikeNaiveLoop) { checkAll<uint32_t>(); }
TEST(DenseContraction, Int64WrapsLikeNaiveLoop) { checkAll<uint64_t>(); }

TEST(DenseContraction, NoFusedMultiplyAdd) {
  // fl(fl(a * b) + c) differs from fma(a, b, c) here: a * b = 1 + 2^-11
  // + 2^-24 is a tie between neighbours 2^-23 apart and rounds to the even
  // 1 + 2^-11, so the result is 2^-11; with FMA it would be 2^-11 + 2^-24.
  float a = 1.0f + 0x1p-12f, b = 1.0f + 0x1p-12f, c = -1.0f;
  float want = 0x1p-11f;
  for (Isa v : kPaths) {
    if (!cpuSupports(v))
      continue;
    // 2 x 40 so the vector path runs (and the tail for the last columns).
    std::vector<float> va(2, a), vb(40, b), vc(80, c);
    contractWith(v, va.data(), vb.data(), vc.data(), 1, 2, 40, 1);
    for (float x : vc)
      EXPECT_EQ(x, want) << toString(v);
  }
}
} // namespace

TEST(DenseContraction, RecordsItsPath) {
  std::vector<float> a(4, 1.0f), b(4, 1.0f), c(4, 0.0f);
  contract(a.data(), b.data(), c.data(), 1, 2, 2, 2, 1);
  EXPECT_EQ(lastKernelRun(KernelFamily::DenseContraction), contractionIsa());
  EXPECT_TRUE(cpuSupports(contractionIsa()));
}
