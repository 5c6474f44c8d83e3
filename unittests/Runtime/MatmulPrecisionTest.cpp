//===- MatmulPrecisionTest.cpp - bf16_3x, bf16_6x and flushed bf16 --------===//
//
// The multi-pass precisions and flushSubnormals against a naive model
// written here from RFC 6's definition (split, the passes in their order,
// zeroNonFinite, fl32(C + R)) on top of TestUtil.h's naive blocked matmul
// and its double-based bf16 rounding oracle; bit for bit on every kernel
// path, both thread counts, with and without fused exact products, small
// and default geometries. Plus hand-derived cases for each step of the
// definition and the RFC 8 figures of the passes.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Matmul.h"

#include "TestUtil.h"
#include "gtest/gtest.h"

#include <cmath>
#include <limits>
#include <random>

using namespace systile::rt;
using namespace systile::testutil;

namespace {

/// bf16(x) by the oracle (NaN stays NaN); with `flush`, a subnormal result
/// becomes a zero of its sign.
float modelBF16(float x, bool flush) {
  if (std::isnan(x))
    return x;
  const float r = oracleRoundBF16(x);
  if (flush && std::fabs(r) < std::ldexp(1.0f, -126))
    return std::copysign(0.0f, r);
  return r;
}

/// split(x, n) of every element: parts[0] high, then mid / low.
std::vector<std::vector<float>> modelSplit(const std::vector<float> &x, int n,
                                           bool flush) {
  std::vector<std::vector<float>> parts(n, std::vector<float>(x.size()));
  for (size_t i = 0; i < x.size(); ++i) {
    float r = x[i];
    for (int p = 0; p < n; ++p) {
      parts[p][i] = modelBF16(r, flush);
      r = r - parts[p][i];
    }
  }
  return parts;
}

/// RFC 6 for bf16_3x / bf16_6x: the passes written out as the spec lists
/// them; dot(a, b, R) is the naive blocked matmul of bf16 values.
std::vector<float> modelMultiPass(int64_t M, int64_t K, int64_t N,
                                  const std::vector<float> &a,
                                  const std::vector<float> &b,
                                  const std::vector<float> &c, int64_t mxu,
                                  Precision p, bool flush) {
  const bool six = p == Precision::BF16_6X;
  auto A = modelSplit(a, six ? 3 : 2, flush);
  auto B = modelSplit(b, six ? 3 : 2, flush);
  const auto &ah = A[0], &bh = B[0];
  auto dot = [&](const std::vector<float> &x, const std::vector<float> &y,
                 const std::vector<float> &r) {
    return naiveMatmulF32(M, K, N, x, y, r, mxu, /*bf16Precision=*/false);
  };
  std::vector<float> R(static_cast<size_t>(M * N), 0.0f);
  if (six) {
    const auto &am = A[1], &al = A[2], &bm = B[1], &bl = B[2];
    R = dot(am, bm, R);
    R = dot(al, bh, R);
    R = dot(ah, bl, R);
    R = dot(am, bh, R);
    R = dot(ah, bm, R);
  } else {
    const auto &al = A[1], &bl = B[1];
    R = dot(al, bh, R);
    R = dot(ah, bl, R);
  }
  for (float &x : R)
    if (!(std::fabs(x) < std::numeric_limits<float>::infinity()))
      x = 0.0f;
  R = dot(ah, bh, R);
  std::vector<float> d(R.size());
  for (size_t i = 0; i < d.size(); ++i)
    d[i] = c[i] + R[i];
  return d;
}

/// The model of any float precision (bf16 and f32 through TestUtil.h).
std::vector<float> model(int64_t M, int64_t K, int64_t N,
                         const std::vector<float> &a,
                         const std::vector<float> &b,
                         const std::vector<float> &c, int64_t mxu, Precision p,
                         bool flush) {
  if (passCount(p) > 1)
    return modelMultiPass(M, K, N, a, b, c, mxu, p, flush);
  if (p == Precision::BF16 && flush) {
    auto fa = modelSplit(a, 1, true)[0], fb = modelSplit(b, 1, true)[0];
    return naiveMatmulF32(M, K, N, fa, fb, c, mxu, false);
  }
  return naiveMatmulF32(M, K, N, a, b, c, mxu, p == Precision::BF16);
}

std::vector<float> transpose(const std::vector<float> &b, int64_t K,
                             int64_t N) {
  std::vector<float> t(b.size());
  for (int64_t k = 0; k < K; ++k)
    for (int64_t n = 0; n < N; ++n)
      t[n * K + k] = b[k * N + n];
  return t;
}

struct Case {
  Geometry g;
  int64_t M, K, N;
};

/// n values +-m * 2^e, m uniform in [1/2, 1), e uniform in [-12, 12]: no
/// element near zero, so that every part of a split has an exponent the
/// bf16 pair kernel (vdpbf16ps) computes exactly, and the simulator picks
/// it where the CPU has it.
std::vector<float> randomAwayFromZero(std::mt19937 &rng, size_t n) {
  std::uniform_real_distribution<float> mant(0.5f, 1.0f);
  std::uniform_int_distribution<int> expo(-12, 12), sign(0, 1);
  std::vector<float> v(n);
  for (float &x : v)
    x = std::ldexp(sign(rng) ? -mant(rng) : mant(rng), expo(rng));
  return v;
}

/// Which data a case runs on.
enum class Data {
  /// randomFloats, with one subnormal element, so that flushing shows.
  WithSubnormal,
  /// randomAwayFromZero, so that the bf16 pair kernel runs.
  AwayFromZero,
};

/// One random case of operand types A x B, every path, thread count, fused
/// or not, flushed or not, rhs transposed or not, in place or not.
template <typename A, typename B>
void checkCase(std::mt19937 &rng, Case cs, Precision p,
               Data data = Data::WithSubnormal) {
  const int64_t M = cs.M, K = cs.K, N = cs.N;
  auto gen = data == Data::AwayFromZero ? randomAwayFromZero : randomFloats;
  std::vector<A> ad = asOperand<A>(gen(rng, size_t(M * K)));
  std::vector<B> bd = asOperand<B>(gen(rng, size_t(K * N)));
  std::vector<float> c = randomFloats(rng, size_t(M * N));
  if (data == Data::WithSubnormal)
    ad[0] = asOperand<A>({std::ldexp(1.5f, -130)})[0];
  const std::vector<float> a = widen(ad), b = widen(bd);
  auto lhs = TiledMatrix<A>::fromDense({M, K}, cs.g, ad);
  auto rhs = TiledMatrix<B>::fromDense({K, N}, cs.g, bd);
  auto rhsT =
      TiledMatrix<B>::fromDense({N, K}, cs.g, asOperand<B>(transpose(b, K, N)));
  auto acc = TiledMatrix<float>::fromDense({M, N}, cs.g, c);
  ASSERT_TRUE(lhs && rhs && rhsT && acc);
  // Padding never enters, whatever its parts split into: poison it.
  const float inf = std::numeric_limits<float>::infinity();
  lhs->fillPadding(asOperand<A>({std::nanf("")})[0]);
  rhs->fillPadding(asOperand<B>({inf})[0]);
  rhsT->fillPadding(asOperand<B>({-inf})[0]);
  acc->fillPadding(std::nanf(""));
  for (bool flush : {false, true}) {
    const std::vector<float> want = model(M, K, N, a, b, c, cs.g.mxu, p, flush);
    for (KernelPath path : availableKernelPaths())
      for (int threads : {1, 2})
        for (bool fuse : {true, false})
          for (bool transposed : {false, true}) {
            MatmulOptions o;
            o.path = path;
            o.threads = threads;
            o.fuseExactProducts = fuse;
            o.flushSubnormals = flush;
            o.rhsTransposed = transposed;
            const std::string what =
                std::string(toString(path)) + " " + cs.g.str() + " " +
                std::to_string(M) + "x" + std::to_string(K) + "x" +
                std::to_string(N) + " " + toString(p) +
                (flush ? " flushed" : "") + (fuse ? "" : " unfused") +
                (transposed ? " rhs^T" : "") + " threads " +
                std::to_string(threads);
            const TiledMatrix<B> &w = transposed ? *rhsT : *rhs;
            auto r = simulateMatmul(*lhs, w, *acc, p, o);
            ASSERT_TRUE(r) << what << ": " << r.error();
            EXPECT_EQ(r->result.padKind(), PadKind::Zero) << what;
            expectBitsEqual(r->result.toDense(), want, what);
            TiledMatrix<float> consumed = *acc;
            const float *storage = consumed.data();
            auto in = simulateMatmulInPlace(*lhs, w, std::move(consumed), p, o);
            ASSERT_TRUE(in) << what << ": " << in.error();
            EXPECT_EQ(in->result.data(), storage) << what;
            for (int64_t off = 0; off < in->result.size(); ++off)
              if (!in->result.layout().locate(off).isLogical)
                ASSERT_EQ(floatBits(in->result.storage()[off]), 0u) << what;
            expectBitsEqual(in->result.toDense(), want, what + " in place");
          }
  }
}

const Case kCases[] = {{{2, 4, 4}, 1, 1, 1},
                       {{2, 4, 4}, 3, 6, 5},
                       {{2, 4, 4}, 5, 13, 9},
                       {{8, 128, 128}, 3, 5, 7},
                       {{8, 128, 128}, 37, 300, 41}};

TEST(MatmulPrecision, MultiPassMatchesModelOnEveryPath) {
  std::mt19937 rng(31);
  for (Precision p : {Precision::BF16_3X, Precision::BF16_6X})
    for (const Case &cs : kCases) {
      checkCase<float, float>(rng, cs, p);
      checkCase<bf16, float>(rng, cs, p);
    }
  checkCase<float, bf16>(rng, kCases[2], Precision::BF16_6X);
  checkCase<bf16, bf16>(rng, kCases[2], Precision::BF16_3X);
}

TEST(MatmulPrecision, MultiPassOnPairKernelMatchesModel) {
  std::mt19937 rng(34);
  for (Precision p : {Precision::BF16_3X, Precision::BF16_6X})
    for (const Case &cs : {kCases[2], kCases[4]}) {
      checkCase<float, float>(rng, cs, p, Data::AwayFromZero);
      checkCase<bf16, float>(rng, cs, p, Data::AwayFromZero);
    }
  checkCase<float, float>(rng, kCases[4], Precision::BF16, Data::AwayFromZero);
}

TEST(MatmulPrecision, MultiPassWithLargeLhsMatchesModel) {
  // The six parts' f32 panels of a 600 x 1200 lhs exceed the simulator's
  // 8 MiB bound for packing A whole, so unfused runs pack it per row chunk.
  std::mt19937 rng(35);
  checkCase<float, float>(rng, {{8, 128, 128}, 600, 1200, 20},
                          Precision::BF16_6X);
}

TEST(MatmulPrecision, FlushedBF16MatchesModelOnEveryPath) {
  std::mt19937 rng(32);
  for (const Case &cs : kCases)
    checkCase<float, float>(rng, cs, Precision::BF16);
  checkCase<bf16, bf16>(rng, kCases[2], Precision::BF16);
}

/// D = A x B + C for 1 x K x 1 dense data by the simulator, default paths.
float run1(const std::vector<float> &a, const std::vector<float> &b, float c,
           Precision p, bool flush = false,
           KernelPath path = KernelPath::Auto) {
  const int64_t K = static_cast<int64_t>(a.size());
  const Geometry g{2, 4, 4};
  auto lhs = TiledMatrix<float>::fromDense({1, K}, g, a);
  auto rhs = TiledMatrix<float>::fromDense({K, 1}, g, b);
  auto acc = TiledMatrix<float>::fromDense({1, 1}, g, {c});
  MatmulOptions o;
  o.flushSubnormals = flush;
  o.path = path;
  auto r = simulateMatmul(*lhs, *rhs, *acc, p, o);
  EXPECT_TRUE(r) << r.error();
  return r ? r->result.toDense()[0] : 0.0f;
}

TEST(MatmulPrecision, RoundedLowPartHand) {
  // x = 1 + 2^-8 + 2^-17 + 2^-23. ah = bf16(x) = 1 + 2^-7 (2^-8 is half an
  // ulp, and more follows). r = x - ah = -(2^-8 - 2^-17 - 2^-23), whose
  // bf16 (ulp 2^-16 there) rounds to -(2^-8 - 2^-16): the low part is
  // rounded. With b = 1 (bl = 0), bf16_3x gives ah + al = 1 + 2^-8 + 2^-16.
  // bf16_6x: am = -(2^-8 - 2^-16), r = -2^-17 + 2^-23, al = that (exact),
  // and ah + am + al = x exactly. bf16: 1 + 2^-7. f32: x.
  const float x = 1.0f + 0x1p-8f + 0x1p-17f + 0x1p-23f;
  for (KernelPath path : availableKernelPaths()) {
    EXPECT_EQ(run1({x}, {1.0f}, 0.0f, Precision::BF16_3X, false, path),
              1.0f + 0x1p-8f + 0x1p-16f);
    EXPECT_EQ(run1({x}, {1.0f}, 0.0f, Precision::BF16_6X, false, path), x);
    EXPECT_EQ(run1({x}, {1.0f}, 0.0f, Precision::BF16, false, path),
              1.0f + 0x1p-7f);
    EXPECT_EQ(run1({x}, {1.0f}, 0.0f, Precision::F32, false, path), x);
  }
  // Symmetric in the operands: a = 1, b = x.
  EXPECT_EQ(run1({1.0f}, {x}, 0.0f, Precision::BF16_3X),
            1.0f + 0x1p-8f + 0x1p-16f);
  // C is added last, to the whole R: 2^16 + (1 + 2^-8 + 2^-16) rounds (ulp
  // 2^-7) to 2^16 + 1 + 2^-7. Were C the passes' accumulator, 2^16 + al =
  // 2^16 - 2^-8 + 2^-16 would round to 2^16 - 2^-8, and adding 1 + 2^-7
  // would tie to the even 2^16 + 1.
  EXPECT_EQ(run1({x}, {1.0f}, 0x1p16f, Precision::BF16_3X),
            0x1p16f + 1.0f + 0x1p-7f);
}

TEST(MatmulPrecision, InfTimesZeroInALowPartHand) {
  // a = inf: ah = inf, r = inf - inf = NaN, al = NaN; b = 3: bh = 3,
  // bl = 0. al.bh = NaN and ah.bl = inf * 0 = NaN, which zeroNonFinite
  // turns into +0; then ah.bh = inf, D = 1 + inf = inf (not NaN).
  const float inf = std::numeric_limits<float>::infinity();
  for (Precision p : {Precision::BF16_3X, Precision::BF16_6X})
    for (KernelPath path : availableKernelPaths()) {
      EXPECT_EQ(run1({inf}, {3.0f}, 1.0f, p, false, path), inf);
      EXPECT_EQ(run1({2.0f}, {-inf}, 1.0f, p, false, path), -inf);
    }
  // A product that overflows only in hi.hi: 2^100 * 2^100 = inf (the low
  // parts are 0).
  EXPECT_EQ(run1({0x1p100f}, {0x1p100f}, 0.0f, Precision::BF16_3X), inf);
}

TEST(MatmulPrecision, NaNHand) {
  // hi.hi carries the non-finite value: NaN stays NaN, and so does
  // inf * 0 in the high parts.
  const float inf = std::numeric_limits<float>::infinity();
  for (Precision p : {Precision::BF16_3X, Precision::BF16_6X})
    for (KernelPath path : availableKernelPaths()) {
      EXPECT_TRUE(
          std::isnan(run1({std::nanf("")}, {1.0f}, 0.0f, p, false, path)));
      EXPECT_TRUE(std::isnan(run1({inf}, {0.0f}, 0.0f, p, false, path)));
      EXPECT_TRUE(
          std::isnan(run1({1.0f}, {1.0f}, std::nanf(""), p, false, path)));
      // A NaN in k block 1 of 2 poisons the sum of the hi.hi pass.
      EXPECT_TRUE(std::isnan(run1({1, 1, 1, 1, std::nanf("")}, {1, 1, 1, 1, 1},
                                  0.0f, p, false, path)));
    }
}

TEST(MatmulPrecision, SubnormalsWithAndWithoutFlushingHand) {
  // bf16: a = 1.5 * 2^-130 is a bf16 subnormal (exact); b = 2^100. Kept,
  // the product is 1.5 * 2^-30; flushed, a becomes +0 and D = C = 0.
  const float sub = 0x1.8p-130f;
  for (KernelPath path : availableKernelPaths()) {
    EXPECT_EQ(run1({sub}, {0x1p100f}, 0.0f, Precision::BF16, false, path),
              0x1.8p-30f);
    EXPECT_EQ(
        floatBits(run1({sub}, {0x1p100f}, 0.0f, Precision::BF16, true, path)),
        0u);
    // The sign of a flushed value is kept: -0 * 2^100 = -0; +0 + -0 is
    // +0 in the partial sum, so only the sum's value shows it.
    EXPECT_EQ(run1({-sub}, {0x1p100f}, 0.0f, Precision::BF16, true, path),
              0.0f);
  }
  // bf16_3x: x = 2^-120 + 2^-130. ah = 2^-120, r = 2^-130 (an f32
  // subnormal), al = 2^-130 (a bf16 subnormal). With b = 2^100 (bl = 0):
  // kept, D = 2^-20 + 2^-30; flushed, al = 0 and D = 2^-20.
  const float x = 0x1p-120f + 0x1p-130f;
  for (Precision p : {Precision::BF16_3X, Precision::BF16_6X})
    for (KernelPath path : availableKernelPaths()) {
      EXPECT_EQ(run1({x}, {0x1p100f}, 0.0f, p, false, path),
                0x1p-20f + 0x1p-30f);
      EXPECT_EQ(run1({x}, {0x1p100f}, 0.0f, p, true, path), 0x1p-20f);
    }
  // The flush acts on the rounded result: 2^-126 - 2^-149 (an f32
  // subnormal) rounds up to 2^-126, a normal bf16, and is kept.
  const float justBelow = 0x1p-126f - 0x1p-149f;
  EXPECT_EQ(run1({justBelow}, {0x1p100f}, 0.0f, Precision::BF16, true),
            0x1p-26f);
  // f32 products, partial sums and accumulators are never flushed: the
  // product 2^-70 * 2^-70 = 2^-140 is an f32 subnormal and stays.
  EXPECT_EQ(run1({0x1p-70f}, {0x1p-70f}, 0.0f, Precision::BF16, true),
            0x1p-140f);
  // At precision f32 nothing is converted, so nothing is flushed.
  EXPECT_EQ(run1({sub}, {0x1p100f}, 0.0f, Precision::F32, true), 0x1.8p-30f);
}

TEST(MatmulPrecision, MxuBlocksAreTheDefinitionPerBlock) {
  // K <= mxu: the loads (one per nb) reproduce the whole matmul; K > mxu:
  // each load is the definition on its k block alone, accumulated in kb
  // order (a chain of loads is then not the whole matmul).
  std::mt19937 rng(33);
  const Geometry g{2, 4, 4};
  for (Precision p : {Precision::BF16_3X, Precision::BF16_6X})
    for (int64_t K : {3, 9}) {
      const int64_t M = 3, N = 6, KB = (K + 3) / 4;
      std::vector<float> a = randomFloats(rng, M * K),
                         b = randomFloats(rng, K * N);
      std::vector<float> c = randomFloats(rng, M * N);
      auto lhs = *TiledMatrix<float>::fromDense({M, K}, g, a);
      auto rhs = *TiledMatrix<float>::fromDense({K, N}, g, b);
      auto acc = *TiledMatrix<float>::fromDense({M, N}, g, c);
      std::vector<float> want = c;
      for (int64_t kb = 0; kb < KB; ++kb) {
        const int64_t k0 = kb * 4, kl = std::min<int64_t>(4, K - k0);
        std::vector<float> ab(M * kl), bb(kl * N);
        for (int64_t i = 0; i < M; ++i)
          for (int64_t k = 0; k < kl; ++k)
            ab[i * kl + k] = a[i * K + k0 + k];
        for (int64_t k = 0; k < kl; ++k)
          for (int64_t j = 0; j < N; ++j)
            bb[k * N + j] = b[(k0 + k) * N + j];
        want = modelMultiPass(M, kl, N, ab, bb, want, 4, p, false);
      }
      for (KernelPath path : availableKernelPaths()) {
        MatmulOptions o;
        o.path = path;
        TiledMatrix<float> cur = acc;
        MatmulStats total;
        for (int64_t nb = 0; nb < 2; ++nb)
          for (int64_t kb = 0; kb < KB; ++kb) {
            auto step = simulateMxuBlock(lhs, rhs, cur, kb, nb, p, o);
            ASSERT_TRUE(step) << step.error();
            EXPECT_EQ(step->stats.weightLoads, passCount(p));
            total += step->stats;
            cur = std::move(step->result);
          }
        expectBitsEqual(cur.toDense(), want,
                        std::string(toString(p)) + " blocks");
        auto full = simulateMatmul(lhs, rhs, acc, p, o);
        ASSERT_TRUE(full);
        EXPECT_EQ(total, full->stats);
        if (K <= 4)
          expectBitsEqual(full->result.toDense(), want, "whole matmul");
      }
    }
}

TEST(MatmulPrecision, StatsCountEveryPassHand) {
  // 3x5 @ 5x7, default geometry: one pass is 1 load, issued 8*128*128 =
  // 131072, logical 105. bf16_3x: 3 loads, issued 393216, padding 393111;
  // bf16_6x: 6 loads, issued 786432, padding 786327.
  auto lhs = *TiledMatrix<float>::zeros({3, 5});
  auto rhs = *TiledMatrix<float>::zeros({5, 7});
  auto acc = *TiledMatrix<float>::zeros({3, 7});
  auto r3 = simulateMatmul(lhs, rhs, acc, Precision::BF16_3X);
  auto r6 = simulateMatmul(lhs, rhs, acc, Precision::BF16_6X);
  ASSERT_TRUE(r3 && r6);
  EXPECT_EQ(r3->stats.format(),
            "utilization: logical_macs=105 issued_macs=393216 "
            "padding_macs=393111 weight_loads=3 skipped_loads=0 "
            "utilization=0.0267%");
  EXPECT_EQ(r6->stats.format(),
            "utilization: logical_macs=105 issued_macs=786432 "
            "padding_macs=786327 weight_loads=6 skipped_loads=0 "
            "utilization=0.0134%");
  EXPECT_EQ(*multiPassStats(*matmulStats({3, 5}, {5, 7}, {}), 3), r3->stats);
  EXPECT_EQ(*multiPassStats(*matmulStats({3, 5}, {5, 7}, {}), 6), r6->stats);
  // Skipping: the all-zero weight is skipped in every pass.
  MatmulOptions o;
  o.skipZeroBlocks = true;
  auto s = simulateMatmul(lhs, rhs, acc, Precision::BF16_6X, o);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->stats.weightLoads, 0);
  EXPECT_EQ(s->stats.skippedLoads, 6);
  EXPECT_FALSE(multiPassStats({}, 0));
}

TEST(MatmulPrecision, Names) {
  EXPECT_STREQ(toString(Precision::BF16_3X), "bf16_3x");
  EXPECT_STREQ(toString(Precision::BF16_6X), "bf16_6x");
  EXPECT_EQ(passCount(Precision::F32), 1);
  EXPECT_EQ(passCount(Precision::BF16), 1);
  EXPECT_EQ(passCount(Precision::BF16_3X), 3);
  EXPECT_EQ(passCount(Precision::BF16_6X), 6);
}

} // namespace
