//===- MatmulTransposedRhsTest.cpp - Matmuls reading a transposed rhs -----===//
//
// MatmulOptions::rhsTransposed: the rhs is stored N x K and read as the
// K x N weight. Every kernel path (so the AVX2/FMA, AVX-512, bf16 pair and
// vpdpbusd kernels where the machine has them) is compared bit for bit with
// the naive RFC 6 model of TestUtil.h run on the untransposed weight, on
// odd shapes at small and default geometries, both precisions, with and
// without skipped zero blocks; plus the mxu_matmul decomposition, int8 and
// the shape errors.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Matmul.h"

#include "TestUtil.h"
#include "gtest/gtest.h"

#include <random>

using namespace systile::rt;
using namespace systile::testutil;

namespace {

struct Dims {
  int64_t M, K, N;
};

/// The N x K transpose of a K x N row-major matrix.
template <typename T>
std::vector<T> transposed(const std::vector<T> &b, int64_t K, int64_t N) {
  std::vector<T> t(b.size());
  for (int64_t k = 0; k < K; ++k)
    for (int64_t j = 0; j < N; ++j)
      t[j * K + k] = b[k * N + j];
  return t;
}

template <typename A, typename B>
void checkFloatCase(std::mt19937 &rng, Geometry g, Dims d, Precision prec) {
  std::vector<A> a = asOperand<A>(randomFloats(rng, size_t(d.M * d.K)));
  std::vector<float> weight = randomFloats(rng, size_t(d.K * d.N));
  if (d.K > g.mxu)
    std::fill(weight.begin(), weight.begin() + g.mxu * d.N, -0.0f);
  std::vector<B> b = asOperand<B>(weight);
  std::vector<float> c = randomFloats(rng, size_t(d.M * d.N));
  auto lhs = *TiledMatrix<A>::fromDense({d.M, d.K}, g, a);
  auto rhsT = *TiledMatrix<B>::fromDense({d.N, d.K}, g, transposed(b, d.K, d.N));
  auto acc = *TiledMatrix<float>::fromDense({d.M, d.N}, g, c);
  if constexpr (std::is_same_v<B, float>)
    rhsT.fillPadding(std::numeric_limits<float>::infinity());
  else
    rhsT.fillPadding(bf16::fromBits(0xff80));
  const std::vector<float> want = naiveMatmulF32(
      d.M, d.K, d.N, widen(a), widen(b), c, g.mxu, prec == Precision::BF16);
  const int64_t nb = (d.N + g.mxu - 1) / g.mxu;
  for (KernelPath path : availableKernelPaths())
    for (int threads : {1, 2})
      for (bool skip : {false, true}) {
        MatmulOptions o;
        o.path = path;
        o.threads = threads;
        o.skipZeroBlocks = skip;
        o.rhsTransposed = true;
        const std::string what =
            std::string(toString(path)) + " " + g.str() + " " +
            std::to_string(d.M) + "x" + std::to_string(d.K) + "x" +
            std::to_string(d.N) + " " + toString(prec) +
            " threads=" + std::to_string(threads) + (skip ? " skip" : "");
        auto r = simulateMatmul(lhs, rhsT, acc, prec, o);
        ASSERT_TRUE(r) << what << ": " << r.error();
        std::vector<float> got = r->result.toDense();
        ASSERT_EQ(got.size(), want.size());
        for (size_t i = 0; i < got.size(); ++i)
          ASSERT_EQ(got[i], want[i]) << what << " element " << i;
        if (!skip)
          for (size_t i = 0; i < got.size(); ++i)
            ASSERT_EQ(floatBits(got[i]), floatBits(want[i])) << what;
        EXPECT_EQ(r->stats.skippedLoads, skip && d.K > g.mxu ? nb : 0) << what;
      }
}

TEST(MatmulTransposedRhs, FloatMatchesModelOnEveryPath) {
  std::mt19937 rng(11);
  const std::pair<Geometry, Dims> cases[] = {
      {{2, 4, 4}, {1, 1, 1}},      {{2, 4, 4}, {5, 9, 7}},
      {{2, 4, 4}, {31, 37, 29}},   {{2, 4, 4}, {3, 61, 5}},
      {{3, 5, 7}, {13, 23, 11}},   {{}, {3, 5, 7}},
      {{}, {37, 300, 41}},         {{}, {129, 131, 257}}};
  for (const auto &[g, d] : cases)
    for (Precision p : {Precision::F32, Precision::BF16}) {
      checkFloatCase<float, float>(rng, g, d, p);
      checkFloatCase<bf16, bf16>(rng, g, d, p);
      checkFloatCase<float, bf16>(rng, g, d, p);
    }
}

TEST(MatmulTransposedRhs, Int8MatchesModelOnEveryPath) {
  std::mt19937 rng(12);
  std::uniform_int_distribution<int> i8(-128, 127);
  for (Geometry g : {Geometry{2, 4, 4}, Geometry{}})
    for (Dims d : {Dims{1, 1, 1}, Dims{5, 9, 7}, Dims{13, 300, 17}}) {
      std::vector<int8_t> a(d.M * d.K), b(d.K * d.N);
      std::vector<int32_t> c(d.M * d.N);
      for (auto &x : a)
        x = int8_t(i8(rng));
      for (auto &x : b)
        x = int8_t(i8(rng));
      for (auto &x : c)
        x = i8(rng) * 1000;
      auto lhs = *TiledMatrix<int8_t>::fromDense({d.M, d.K}, g, a);
      auto rhsT = *TiledMatrix<int8_t>::fromDense({d.N, d.K}, g,
                                                  transposed(b, d.K, d.N));
      auto acc = *TiledMatrix<int32_t>::fromDense({d.M, d.N}, g, c);
      rhsT.fillPadding(int8_t(127));
      const std::vector<int32_t> want = naiveMatmulI8(d.M, d.K, d.N, a, b, c);
      for (KernelPath path : availableKernelPaths()) {
        MatmulOptions o;
        o.path = path;
        o.rhsTransposed = true;
        auto r = simulateMatmul(lhs, rhsT, acc, Precision::F32, o);
        ASSERT_TRUE(r) << r.error();
        EXPECT_EQ(r->result.toDense(), want)
            << toString(path) << " " << g.str() << " " << d.M << "x" << d.K
            << "x" << d.N;
      }
    }
}

TEST(MatmulTransposedRhs, MxuBlockSequenceReproducesMatmul) {
  std::mt19937 rng(13);
  const Geometry g{2, 4, 4};
  const Dims d{6, 10, 7}; // k blocks 4, 4, 2; n blocks 4, 3
  std::vector<float> a = randomFloats(rng, size_t(d.M * d.K));
  std::vector<float> b = randomFloats(rng, size_t(d.K * d.N));
  std::vector<float> c = randomFloats(rng, size_t(d.M * d.N));
  auto lhs = *TiledMatrix<float>::fromDense({d.M, d.K}, g, a);
  auto rhsT = *TiledMatrix<float>::fromDense({d.N, d.K}, g,
                                             transposed(b, d.K, d.N));
  TiledMatrix<float> cur = *TiledMatrix<float>::fromDense({d.M, d.N}, g, c);
  MatmulOptions o;
  o.rhsTransposed = true;
  for (int64_t nb = 0; nb < 2; ++nb)
    for (int64_t kb = 0; kb < 3; ++kb) {
      auto r = simulateMxuBlock(lhs, rhsT, cur, kb, nb, Precision::F32, o);
      ASSERT_TRUE(r) << r.error();
      cur = std::move(r->result);
    }
  const std::vector<float> want =
      naiveMatmulF32(d.M, d.K, d.N, a, b, c, g.mxu, false);
  const std::vector<float> got = cur.toDense();
  for (size_t i = 0; i < got.size(); ++i)
    ASSERT_EQ(floatBits(got[i]), floatBits(want[i])) << "element " << i;
  // Block indices range over the weight (K x N), not the stored N x K.
  auto bad = simulateMxuBlock(lhs, rhsT, cur, 0, 2, Precision::F32, o);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("nb = 2 is out of range: N = 7"),
            std::string::npos)
      << bad.error();
}

TEST(MatmulTransposedRhs, ShapeErrorsNameTheWeight) {
  const Geometry g{2, 4, 4};
  auto lhs = *TiledMatrix<float>::zeros({3, 5}, g);
  auto acc = *TiledMatrix<float>::zeros({3, 6}, g);
  MatmulOptions o;
  o.rhsTransposed = true;
  // A 5x6 rhs is a 6x5 weight: K = 6 != 5.
  auto rhs = *TiledMatrix<float>::zeros({5, 6}, g);
  auto r = simulateMatmul(lhs, rhs, acc, Precision::F32, o);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find(
                "lhs has 5 columns but the transposed rhs has 6 columns"),
            std::string::npos)
      << r.error();
  // A 6x5 rhs is the 5x6 weight: valid.
  auto rhsT = *TiledMatrix<float>::zeros({6, 5}, g);
  EXPECT_TRUE(simulateMatmul(lhs, rhsT, acc, Precision::F32, o));
}

} // namespace
