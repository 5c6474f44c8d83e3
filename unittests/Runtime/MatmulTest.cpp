//===- MatmulTest.cpp - The matmul simulator against a naive model --------===//
//
// Every kernel path this machine has (and the portable one) is compared bit
// for bit with the naive scalar RFC 6 model of TestUtil.h on random shapes
// (1x1x1, primes, exact multiples of mxu, K >> mxu), both precisions, small
// and default geometries, one and two threads, with and without zero weight
// blocks and dynamic skipping. Plus: i8 wrap-around, the mxu_matmul
// decomposition, stats against hand-computed values, and error cases.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Matmul.h"
#include "systile/Runtime/SparseTileMap.h"

#include "TestUtil.h"
#include "gtest/gtest.h"

#include <cstdint>
#include <cstring>
#include <limits>
#include <random>

using namespace systile::rt;
using namespace systile::testutil;

namespace {

struct Dims {
  int64_t M, K, N;
};

std::string describe(KernelPath path, Geometry g, Dims d, Precision p,
                     int threads, bool skip) {
  return std::string(toString(path)) + " " + g.str() + " " +
         std::to_string(d.M) + "x" + std::to_string(d.K) + "x" +
         std::to_string(d.N) + " " + toString(p) +
         " threads=" + std::to_string(threads) + (skip ? " skip" : "");
}

/// Zeroes a random ~half of the mxu blocks of a KxN dense matrix (with a mix
/// of +0 and -0) and returns the zero map, [kb][nb] row-major.
std::vector<uint8_t> zeroSomeBlocks(std::mt19937 &rng, std::vector<float> &b,
                                    int64_t K, int64_t N, int64_t mxu) {
  const int64_t KB = (K + mxu - 1) / mxu, NB = (N + mxu - 1) / mxu;
  std::vector<uint8_t> zero(static_cast<size_t>(KB * NB));
  for (auto &z : zero)
    z = rng() % 2;
  for (int64_t k = 0; k < K; ++k)
    for (int64_t n = 0; n < N; ++n)
      if (zero[(k / mxu) * NB + n / mxu])
        b[k * N + n] = (rng() % 2) ? 0.0f : -0.0f;
  return zero;
}

/// Runs one random f32-accumulator case on every path and thread count.
template <typename A, typename B>
void checkFloatCase(std::mt19937 &rng, Geometry g, Dims d, Precision prec,
                    bool withZeroBlocks) {
  std::vector<float> a = randomFloats(rng, size_t(d.M * d.K));
  std::vector<float> b = randomFloats(rng, size_t(d.K * d.N));
  std::vector<float> c = randomFloats(rng, size_t(d.M * d.N));
  std::vector<uint8_t> zeroMap;
  if (withZeroBlocks)
    zeroMap = zeroSomeBlocks(rng, b, d.K, d.N, g.mxu);
  // bf16 operands hold bf16 values: round the dense data first (oracle).
  std::vector<A> ad = asOperand<A>(a);
  std::vector<B> bd = asOperand<B>(b);
  auto lhs = TiledMatrix<A>::fromDense({d.M, d.K}, g, ad);
  auto rhs = TiledMatrix<B>::fromDense({d.K, d.N}, g, bd);
  auto acc = TiledMatrix<float>::fromDense({d.M, d.N}, g, c);
  ASSERT_TRUE(lhs && rhs && acc);
  // Padding must never enter: poison it.
  if constexpr (std::is_same_v<A, float>)
    lhs->fillPadding(std::nanf(""));
  else
    lhs->fillPadding(bf16::fromBits(0x7fc1));
  if constexpr (std::is_same_v<B, float>)
    rhs->fillPadding(std::numeric_limits<float>::infinity());
  else
    rhs->fillPadding(bf16::fromBits(0xff80));
  acc->fillPadding(std::nanf(""));

  const bool bfp = prec == Precision::BF16;
  std::vector<float> want =
      naiveMatmulF32(d.M, d.K, d.N, widen(ad), widen(bd), c, g.mxu, bfp);
  std::vector<float> wantSkipped =
      withZeroBlocks ? naiveMatmulF32(d.M, d.K, d.N, widen(ad), widen(bd), c,
                                      g.mxu, bfp, &zeroMap)
                     : want;
  // A 1-byte rhs budget packs one column block (per thread) at a time;
  // readRhsInPlace off packs an f32 rhs the kernel could read in place
  // (where the geometry allows it: rhs padding, poisoned, is then read
  // into columns that are dropped).
  for (KernelPath path : availableKernelPaths())
    for (int threads : {1, 2})
      for (bool skip : {false, true})
        for (int64_t budget : {MatmulOptions().packedRhsBudget, int64_t(1)}) {
          MatmulOptions opts;
          opts.path = path;
          opts.threads = threads;
          opts.skipZeroBlocks = skip;
          opts.packedRhsBudget = budget;
          opts.readRhsInPlace = budget != 1;
          opts.fuseExactProducts = budget != 1;
          std::string what = describe(path, g, d, prec, threads, skip) +
                             " budget " + std::to_string(budget) +
                             (opts.readRhsInPlace ? "" : " rhs packed, unfused");
          auto r = simulateMatmul(*lhs, *rhs, *acc, prec, opts);
          ASSERT_TRUE(r) << what << ": " << r.error();
          EXPECT_EQ(r->result.shape(), (Shape{d.M, d.N}));
          EXPECT_EQ(r->result.padKind(), PadKind::Zero);
          for (int64_t off = 0; off < r->result.size(); ++off)
            if (!r->result.layout().locate(off).isLogical)
              ASSERT_EQ(floatBits(r->result.storage()[off]), 0u) << what;
          std::vector<float> got = r->result.toDense();
          expectBitsEqual(got, skip ? wantSkipped : want, what);
          if (skip) // Finite inputs: equal values (up to the sign of zero).
            for (size_t i = 0; i < got.size(); ++i)
              ASSERT_EQ(got[i], want[i]) << what;
          int64_t zeros = 0;
          for (uint8_t z : zeroMap)
            zeros += z;
          EXPECT_EQ(r->stats.skippedLoads, skip ? zeros : 0) << what;
          // Written over the accumulator (its NaN padding included): the
          // same bits, and the padding zero.
          TiledMatrix<float> consumed = *acc;
          const float *storage = consumed.data();
          auto inPlace = simulateMatmulInPlace(*lhs, *rhs, std::move(consumed),
                                               prec, opts);
          ASSERT_TRUE(inPlace) << what << ": " << inPlace.error();
          EXPECT_EQ(inPlace->result.data(), storage) << what;
          EXPECT_EQ(inPlace->result.padKind(), PadKind::Zero);
          for (int64_t off = 0; off < inPlace->result.size(); ++off)
            if (!inPlace->result.layout().locate(off).isLogical)
              ASSERT_EQ(floatBits(inPlace->result.storage()[off]), 0u) << what;
          expectBitsEqual(inPlace->result.toDense(),
                          skip ? wantSkipped : want, what + " (in place)");
        }
}

const Dims kSmallGeometryDims[] = {
    {1, 1, 1},    {2, 3, 4},  {4, 4, 4},     {8, 16, 12},  {5, 9, 7},
    {31, 37, 29}, {3, 61, 5}, {13, 200, 11}, {16, 32, 64}, {1, 97, 1}};
const Dims kDefaultGeometryDims[] = {
    {1, 1, 1},       {3, 5, 7},      {13, 17, 19}, {37, 300, 41},
    {128, 128, 128}, {64, 256, 256}, {7, 1031, 5}, {129, 131, 257}};

TEST(Matmul, KernelPathsAvailable) {
  std::vector<KernelPath> paths = availableKernelPaths();
  ASSERT_FALSE(paths.empty());
  EXPECT_EQ(paths.front(), KernelPath::Portable);
  EXPECT_TRUE(isKernelPathAvailable(KernelPath::Auto));
  EXPECT_TRUE(isKernelPathAvailable(resolveKernelPath(KernelPath::Auto)));
#if defined(__x86_64__)
  EXPECT_EQ(isKernelPathAvailable(KernelPath::AVX2),
            bool(__builtin_cpu_supports("avx2")));
  const bool avx512 =
      __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl");
  EXPECT_EQ(isKernelPathAvailable(KernelPath::AVX512), avx512);
  EXPECT_EQ(isKernelPathAvailable(KernelPath::AVX512VNNI),
            avx512 && __builtin_cpu_supports("avx512vnni"));
  // The extensions are no paths of their own.
  EXPECT_FALSE(isKernelPathAvailable(KernelPath::AVX2FMA));
  EXPECT_FALSE(isKernelPathAvailable(KernelPath::AVX512BF16));
#endif
  std::string names;
  for (KernelPath p : paths)
    names += std::string(toString(p)) + " ";
  std::printf("[ info     ] kernel paths checked on this machine: %s\n",
              names.c_str());
}

TEST(Matmul, F32SmallGeometryMatchesModel) {
  std::mt19937 rng(1);
  for (Dims d : kSmallGeometryDims)
    for (Precision p : {Precision::F32, Precision::BF16})
      for (bool zeros : {false, true})
        checkFloatCase<float, float>(rng, {2, 4, 4}, d, p, zeros);
}

TEST(Matmul, F32DefaultGeometryMatchesModel) {
  std::mt19937 rng(2);
  for (Dims d : kDefaultGeometryDims)
    for (Precision p : {Precision::F32, Precision::BF16})
      checkFloatCase<float, float>(rng, {}, d, p, /*zeros=*/d.K > 128);
}

TEST(Matmul, LargeLhsIsPackedPerRowChunk) {
  // 1100 x 2048 f32: a packed lhs of 8.6 MiB, above the size from which
  // each row chunk's panels are packed by the task that computes it
  // (ragged last chunk, two column blocks, one ragged).
  std::mt19937 rng(7);
  checkFloatCase<float, float>(rng, {}, {1100, 2048, 130}, Precision::F32,
                               /*zeros=*/true);
}

TEST(Matmul, RhsOffTheCacheLineMatchesModel) {
  // A weight borrowed from an attribute is only 8-byte aligned; the kernel
  // then packs it rather than reading it in place, unless its packing
  // would not fit the budget (1 byte here: read in place). Every storage
  // offset a float can have within a cache line gives the model's bits
  // either way.
  std::mt19937 rng(11);
  const Dims d{37, 300, 260};
  std::vector<float> a = randomFloats(rng, size_t(d.M * d.K));
  std::vector<float> b = randomFloats(rng, size_t(d.K * d.N));
  std::vector<float> c = randomFloats(rng, size_t(d.M * d.N));
  auto lhs = TiledMatrix<float>::fromDense({d.M, d.K}, {}, a);
  auto rhs = TiledMatrix<float>::fromDense({d.K, d.N}, {}, b);
  auto acc = TiledMatrix<float>::fromDense({d.M, d.N}, {}, c);
  ASSERT_TRUE(lhs && rhs && acc);
  const std::vector<float> want =
      naiveMatmulF32(d.M, d.K, d.N, a, b, c, 128, /*bf16=*/false);
  const size_t bytes = size_t(rhs->size()) * sizeof(float);
  std::vector<float> backing(size_t(rhs->size()) + 32);
  for (size_t shift = 0; shift < 16; ++shift) {
    // The first float of `backing` at or past a 64-byte boundary, plus
    // `shift` floats.
    auto base = reinterpret_cast<uintptr_t>(backing.data());
    float *at = backing.data() + ((64 - base % 64) % 64) / sizeof(float) + shift;
    std::memcpy(at, rhs->data(), bytes);
    auto borrowed =
        TiledMatrix<float>::borrow(rhs->layout(), at, bytes, rhs->padKind());
    ASSERT_TRUE(borrowed);
    ASSERT_TRUE(borrowed->isBorrowed());
    for (KernelPath path : availableKernelPaths())
      for (int64_t budget : {MatmulOptions().packedRhsBudget, int64_t(1)}) {
        MatmulOptions opts;
        opts.path = path;
        opts.threads = 1;
        opts.packedRhsBudget = budget;
        const std::string what = std::string(toString(path)) + " shift " +
                                 std::to_string(shift) + " budget " +
                                 std::to_string(budget);
        auto r = simulateMatmul(*lhs, *borrowed, *acc, Precision::F32, opts);
        ASSERT_TRUE(r) << what << ": " << r.error();
        expectBitsEqual(r->result.toDense(), want, what);
      }
  }
}

TEST(Matmul, OtherGeometriesMatchModel) {
  std::mt19937 rng(3);
  for (Geometry g : {Geometry{8, 16, 32}, Geometry{3, 5, 7}, Geometry{1, 1, 1},
                     Geometry{8, 128, 100}})
    for (Dims d : {Dims{1, 1, 1}, Dims{17, 100, 33}, Dims{11, 7, 64}})
      checkFloatCase<float, float>(rng, g, d, Precision::F32, true);
}

TEST(Matmul, BF16OperandsMatchModel) {
  std::mt19937 rng(4);
  for (Dims d : {Dims{1, 1, 1}, Dims{5, 9, 7}, Dims{31, 37, 29}}) {
    for (Precision p : {Precision::F32, Precision::BF16}) {
      checkFloatCase<bf16, float>(rng, {2, 4, 4}, d, p, true);
      checkFloatCase<float, bf16>(rng, {2, 4, 4}, d, p, true);
      checkFloatCase<bf16, bf16>(rng, {2, 4, 4}, d, p, false);
    }
  }
  checkFloatCase<bf16, bf16>(rng, {}, {9, 260, 33}, Precision::F32, true);
}

TEST(Matmul, ModelIsSensitiveToOrder) {
  // Guard against a vacuous comparison: with K > mxu the blocked RFC order
  // must differ from plain sequential-k accumulation somewhere.
  std::mt19937 rng(5);
  const int64_t M = 8, K = 64, N = 8;
  std::vector<float> a = randomFloats(rng, M * K), b = randomFloats(rng, K * N);
  std::vector<float> c(M * N, 0.0f);
  std::vector<float> blocked = naiveMatmulF32(M, K, N, a, b, c, 4, false);
  std::vector<float> seq = naiveMatmulF32(M, K, N, a, b, c, K, false);
  int diffs = 0;
  for (size_t i = 0; i < blocked.size(); ++i)
    diffs += floatBits(blocked[i]) != floatBits(seq[i]);
  EXPECT_GT(diffs, 0);
  auto lhs = *TiledMatrix<float>::fromDense({M, K}, {2, 4, 4}, a);
  auto rhs = *TiledMatrix<float>::fromDense({K, N}, {2, 4, 4}, b);
  auto acc = *TiledMatrix<float>::fromDense({M, N}, {2, 4, 4}, c);
  auto r = simulateMatmul(lhs, rhs, acc, Precision::F32);
  ASSERT_TRUE(r);
  expectBitsEqual(r->result.toDense(), blocked, "blocked order");
}

/// [a1 a2] x [b b]^T + 0 on every kernel path at both precisions must have
/// the bits `want`.
void expectDotBitsOnEveryPath(float a1, float a2, float b, uint32_t want) {
  auto lhs = *TiledMatrix<float>::fromDense({1, 2}, {}, {a1, a2});
  auto rhs = *TiledMatrix<float>::fromDense({2, 1}, {}, {b, b});
  auto acc = *TiledMatrix<float>::zeros({1, 1}, {});
  for (KernelPath path : availableKernelPaths())
    for (Precision p : {Precision::BF16, Precision::F32}) {
      MatmulOptions o;
      o.path = path;
      auto r = simulateMatmul(lhs, rhs, acc, p, o);
      ASSERT_TRUE(r);
      EXPECT_EQ(floatBits(r->result.toDense()[0]), want)
          << toString(path) << " " << toString(p);
    }
}

TEST(Matmul, InexactBF16ProductsAreRoundedFirst) {
  // bf16 values whose second product, 2^-150, is not an f32: RFC 6 rounds
  // it first (a tie, to even: 0), so the sum stays 3 * 2^-149; a fused
  // multiply-add would give round(3.5 * 2^-149) = 4 * 2^-149. Every path
  // must see that these products are not exact and not fuse them.
  expectDotBitsOnEveryPath(std::ldexp(1.5f, -73), std::ldexp(1.0f, -75),
                           std::ldexp(1.0f, -75), 3u);
}

TEST(Matmul, SubnormalPartialSumsAreKept) {
  // Exact bf16 products (2^-120 and -(1 - 2^-8) 2^-120) whose sum, 2^-128,
  // is subnormal: RFC 6 keeps it. A kernel that flushes subnormal results
  // (vdpbf16ps) would give 0, so no path may use one here.
  expectDotBitsOnEveryPath(std::ldexp(1.0f, -60),
                           -std::ldexp(0.99609375f, -60),
                           std::ldexp(1.0f, -60), 0x00200000u); // 2^-128
}

TEST(Matmul, NonFiniteInputsGiveNaNOnEveryPath) {
  auto lhs = *TiledMatrix<float>::fromDense(
      {2, 2}, {2, 4, 4},
      {std::numeric_limits<float>::infinity(), 1.0f, std::nanf(""), 2.0f});
  auto rhs = *TiledMatrix<float>::fromDense({2, 2}, {2, 4, 4},
                                            {0.0f, 1.0f, 3.0f, 4.0f});
  auto acc = *TiledMatrix<float>::zeros({2, 2}, {2, 4, 4});
  for (KernelPath path : availableKernelPaths()) {
    MatmulOptions o;
    o.path = path;
    auto r = simulateMatmul(lhs, rhs, acc, Precision::F32, o);
    ASSERT_TRUE(r);
    std::vector<float> d = r->result.toDense();
    EXPECT_TRUE(std::isnan(d[0])); // inf * 0
    EXPECT_EQ(d[1], std::numeric_limits<float>::infinity());
    EXPECT_TRUE(std::isnan(d[2]));
    EXPECT_TRUE(std::isnan(d[3]));
  }
}

TEST(Matmul, Int8MatchesModelAndWraps) {
  std::mt19937 rng(6);
  std::uniform_int_distribution<int> i8(-128, 127);
  std::uniform_int_distribution<int32_t> i32(-1000000, 1000000);
  for (Geometry g : {Geometry{2, 4, 4}, Geometry{}, Geometry{3, 5, 7}})
    for (Dims d : {Dims{1, 1, 1}, Dims{5, 9, 7}, Dims{31, 37, 29},
                   Dims{13, 300, 17}, Dims{64, 128, 130}}) {
      std::vector<int8_t> a(d.M * d.K), b(d.K * d.N);
      std::vector<int32_t> c(d.M * d.N);
      for (auto &x : a)
        x = int8_t(i8(rng));
      for (auto &x : b)
        x = int8_t(i8(rng));
      // K > 128: B's first k block is zero, so a skipped weight load (and
      // its column sums, on the vpdpbusd path) is exercised too.
      if (d.K > 128)
        std::fill(b.begin(), b.begin() + 128 * d.N, int8_t(0));
      for (auto &x : c)
        x = i32(rng);
      c[0] = std::numeric_limits<int32_t>::max() - 3; // forces a wrap
      auto lhs = *TiledMatrix<int8_t>::fromDense({d.M, d.K}, g, a);
      auto rhs = *TiledMatrix<int8_t>::fromDense({d.K, d.N}, g, b);
      auto acc = *TiledMatrix<int32_t>::fromDense({d.M, d.N}, g, c);
      lhs.fillPadding(int8_t(-128));
      rhs.fillPadding(int8_t(127));
      acc.fillPadding(123456);
      std::vector<int32_t> want = naiveMatmulI8(d.M, d.K, d.N, a, b, c);
      for (KernelPath path : availableKernelPaths())
        for (int threads : {1, 2})
          for (int64_t budget : {MatmulOptions().packedRhsBudget, int64_t(1)}) {
            MatmulOptions o;
            o.path = path;
            o.threads = threads;
            o.packedRhsBudget = budget;
            o.skipZeroBlocks = budget == 1;
            auto r = simulateMatmul(lhs, rhs, acc, Precision::F32, o);
            ASSERT_TRUE(r) << r.error();
            EXPECT_EQ(r->result.toDense(), want)
                << toString(path) << " " << g.str() << " " << d.M << "x" << d.K
                << "x" << d.N << " budget " << budget;
          }
    }
  // Hand case: 127 * 127 * 4 + (INT32_MAX - 10) wraps to a negative number.
  auto lhs =
      *TiledMatrix<int8_t>::fromDense({1, 4}, {2, 4, 4}, {127, 127, 127, 127});
  auto rhs =
      *TiledMatrix<int8_t>::fromDense({4, 1}, {2, 4, 4}, {127, 127, 127, 127});
  auto acc = *TiledMatrix<int32_t>::fromDense(
      {1, 1}, {2, 4, 4}, {std::numeric_limits<int32_t>::max() - 10});
  for (KernelPath path : availableKernelPaths()) {
    MatmulOptions o;
    o.path = path;
    auto r = simulateMatmul(lhs, rhs, acc, Precision::F32, o);
    ASSERT_TRUE(r);
    // 2147483637 + 64516 = 2147548153 = 2^31 + 64505 -> -2147419143.
    EXPECT_EQ(r->result.toDense()[0], -2147419143);
  }
}

TEST(Matmul, MxuBlockSequenceReproducesMatmul) {
  std::mt19937 rng(8);
  const Geometry g{2, 4, 4};
  for (Dims d : {Dims{5, 9, 7}, Dims{3, 16, 8}, Dims{1, 1, 1}}) {
    std::vector<float> a = randomFloats(rng, d.M * d.K);
    std::vector<float> b = randomFloats(rng, d.K * d.N);
    std::vector<float> c = randomFloats(rng, d.M * d.N);
    auto lhs = *TiledMatrix<float>::fromDense({d.M, d.K}, g, a);
    auto rhs = *TiledMatrix<float>::fromDense({d.K, d.N}, g, b);
    auto acc = *TiledMatrix<float>::fromDense({d.M, d.N}, g, c);
    acc.fillPadding(std::nanf(""));
    for (Precision p : {Precision::F32, Precision::BF16})
      for (KernelPath path : availableKernelPaths()) {
        MatmulOptions o;
        o.path = path;
        auto full = simulateMatmul(lhs, rhs, acc, p, o);
        ASSERT_TRUE(full);
        TiledMatrix<float> cur = acc;
        MatmulStats total;
        const int64_t KB = (d.K + 3) / 4, NB = (d.N + 3) / 4;
        for (int64_t nb = 0; nb < NB; ++nb)
          for (int64_t kb = 0; kb < KB; ++kb) {
            auto step = simulateMxuBlock(lhs, rhs, cur, kb, nb, p, o);
            ASSERT_TRUE(step) << step.error();
            EXPECT_EQ(step->stats.weightLoads, 1);
            EXPECT_EQ(step->result.padKind(), PadKind::Zero);
            total += step->stats;
            cur = std::move(step->result);
          }
        expectBitsEqual(cur.toDense(), full->result.toDense(),
                        "mxu_matmul sequence");
        EXPECT_EQ(total, full->stats);
        EXPECT_EQ(cur.toDense(), naiveMatmulF32(d.M, d.K, d.N, a, b, c, 4,
                                                p == Precision::BF16));
      }
  }
  // i8 too.
  auto li = *TiledMatrix<int8_t>::fromDense(
      {2, 6}, g, {1, 2, 3, 4, 5, 6, -1, -2, -3, -4, -5, -6});
  auto ri = *TiledMatrix<int8_t>::fromDense({6, 5}, g,
                                            std::vector<int8_t>(30, int8_t(3)));
  auto ci = *TiledMatrix<int32_t>::zeros({2, 5}, g);
  TiledMatrix<int32_t> cur = ci;
  for (int64_t nb = 0; nb < 2; ++nb)
    for (int64_t kb = 0; kb < 2; ++kb)
      cur = simulateMxuBlock(li, ri, cur, kb, nb, Precision::F32)->result;
  EXPECT_EQ(cur.toDense(), (std::vector<int32_t>{63, 63, 63, 63, 63, -63, -63,
                                                 -63, -63, -63}));
}

TEST(Matmul, ZeroAccumulatorIsNotRead) {
  // accIsZero: the accumulator's storage is not read. Given an accumulator
  // of 7s, the result is that of a +0 accumulator (the naive model's),
  // bit for bit, on every path, whole matmul, in place and
  // one mxu block at a time; products of -0 sums give +0 (fl32(+0 + -0)).
  std::mt19937 rng(11);
  const Geometry g{2, 4, 4};
  const Dims d{5, 9, 7};
  std::vector<float> a = randomFloats(rng, d.M * d.K);
  std::vector<float> b = randomFloats(rng, d.K * d.N);
  a[0] = -0.0f; // Row 0 against a column of zeros: a -0 partial sum.
  for (int64_t k = 1; k < d.K; ++k)
    a[k] = 0.0f;
  for (int64_t k = 0; k < d.K; ++k)
    b[k * d.N] = 1.0f;
  const std::vector<float> zero(d.M * d.N, 0.0f);
  const std::vector<float> sevens(d.M * d.N, 7.0f);
  auto lhs = *TiledMatrix<float>::fromDense({d.M, d.K}, g, a);
  auto rhs = *TiledMatrix<float>::fromDense({d.K, d.N}, g, b);
  auto acc = *TiledMatrix<float>::fromDense({d.M, d.N}, g, sevens);
  const std::vector<float> want =
      naiveMatmulF32(d.M, d.K, d.N, a, b, zero, g.mxu, false);
  EXPECT_EQ(floatBits(want[0]), 0u);
  for (KernelPath path : availableKernelPaths()) {
    MatmulOptions o;
    o.path = path;
    o.accIsZero = true;
    const std::string what = toString(path);
    auto full = simulateMatmul(lhs, rhs, acc, Precision::F32, o);
    ASSERT_TRUE(full) << full.error();
    expectBitsEqual(full->result.toDense(), want, what);
    auto inPlace =
        simulateMatmulInPlace(lhs, rhs, TiledMatrix<float>(acc),
                              Precision::F32, o);
    ASSERT_TRUE(inPlace) << inPlace.error();
    expectBitsEqual(inPlace->result.toDense(), want, what + " in place");
    // One block, kb 0 nb 0, over +0: the blocks' sum equals the matmul
    // only when every block runs, so compare with a +0 accumulator.
    auto zeroAcc = *TiledMatrix<float>::fromDense({d.M, d.N}, g, zero);
    MatmulOptions plain;
    plain.path = path;
    auto block = simulateMxuBlock(lhs, rhs, acc, 0, 0, Precision::F32, o);
    auto blockWant =
        simulateMxuBlock(lhs, rhs, zeroAcc, 0, 0, Precision::F32, plain);
    ASSERT_TRUE(block && blockWant);
    expectBitsEqual(block->result.toDense(), blockWant->result.toDense(),
                    what + " one block");
  }
}

TEST(Matmul, MxuBlockSkipsZeroBlock) {
  const Geometry g{2, 4, 4};
  auto lhs =
      *TiledMatrix<float>::fromDense({2, 4}, g, std::vector<float>(8, 1.0f));
  auto rhs = *TiledMatrix<float>::zeros({4, 4}, g);
  auto acc =
      *TiledMatrix<float>::fromDense({2, 4}, g, std::vector<float>(8, -0.0f));
  MatmulOptions o;
  o.skipZeroBlocks = true;
  auto r = simulateMxuBlock(lhs, rhs, acc, 0, 0, Precision::F32, o);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->stats.weightLoads, 0);
  EXPECT_EQ(r->stats.skippedLoads, 1);
  EXPECT_EQ(r->stats.issuedMacs, 0);
  // Skipped: -0 stays -0; unskipped: -0 + (+0) = +0 (the sign-of-zero case).
  EXPECT_EQ(floatBits(r->result.toDense()[0]), 0x80000000u);
  auto u = simulateMxuBlock(lhs, rhs, acc, 0, 0, Precision::F32);
  EXPECT_EQ(floatBits(u->result.toDense()[0]), 0u);
}

TEST(Matmul, StatsDefaultGeometryHand) {
  // 3x5 @ 5x7, default geometry: one load; issued 8 * 128 * 128 = 131072,
  // logical 3 * 5 * 7 = 105.
  auto lhs = *TiledMatrix<float>::zeros({3, 5});
  auto rhs = *TiledMatrix<float>::zeros({5, 7});
  auto acc = *TiledMatrix<float>::zeros({3, 7});
  auto r = simulateMatmul(lhs, rhs, acc, Precision::F32);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->stats.weightLoads, 1);
  EXPECT_EQ(r->stats.issuedMacs, 131072);
  EXPECT_EQ(r->stats.logicalMacs, 105);
  EXPECT_EQ(r->stats.paddingMacs, 130967);
  EXPECT_EQ(r->stats.skippedLoads, 0);
  EXPECT_EQ(r->stats.format(),
            "utilization: logical_macs=105 issued_macs=131072 "
            "padding_macs=130967 weight_loads=1 skipped_loads=0 "
            "utilization=0.0801%");
  EXPECT_EQ(*matmulStats({3, 5}, {5, 7}, {}), r->stats);
  // With skipping, the all-zero rhs block is not loaded at all.
  MatmulOptions o;
  o.skipZeroBlocks = true;
  auto s = simulateMatmul(lhs, rhs, acc, Precision::F32, o);
  EXPECT_EQ(s->stats.format("total"),
            "total: logical_macs=0 issued_macs=0 padding_macs=0 "
            "weight_loads=0 skipped_loads=1 utilization=0.0000%");
}

TEST(Matmul, StatsSmallGeometryMultiBlockHand) {
  // Geometry (2, 4, 4), lhs 3x10, rhs 10x6:
  //   Mpad = ceil(3/2)*2 = 4; kb blocks: k_len 4, 4, 2; nb blocks: n_len 4, 2.
  //   6 loads, each issuing Mpad*m*m = 4*4*4 = 64 -> issued 384.
  //   logical = sum over (kb, nb) of 3 * k_len * n_len
  //           = 3 * (4 + 4 + 2) * (4 + 2) = 180; padding 204;
  //   utilization 180 / 384 = 46.875%.
  // Skipping block (kb=2, nb=1) (k_len 2, n_len 2): 5 loads, issued 320,
  //   logical 180 - 3*2*2 = 168, padding 152, 52.5%.
  const Geometry g{2, 4, 4};
  std::vector<float> b(10 * 6, 1.0f);
  for (int k = 8; k < 10; ++k)
    for (int n = 4; n < 6; ++n)
      b[k * 6 + n] = 0.0f;
  auto lhs =
      *TiledMatrix<float>::fromDense({3, 10}, g, std::vector<float>(30, 1.0f));
  auto rhs = *TiledMatrix<float>::fromDense({10, 6}, g, b);
  auto acc = *TiledMatrix<float>::zeros({3, 6}, g);
  auto r = simulateMatmul(lhs, rhs, acc, Precision::F32);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->stats.format(),
            "utilization: logical_macs=180 issued_macs=384 padding_macs=204 "
            "weight_loads=6 skipped_loads=0 utilization=46.8750%");
  EXPECT_DOUBLE_EQ(r->stats.utilization(), 0.46875);
  MatmulOptions o;
  o.skipZeroBlocks = true;
  auto s = simulateMatmul(lhs, rhs, acc, Precision::F32, o);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->stats.format(),
            "utilization: logical_macs=168 issued_macs=320 padding_macs=152 "
            "weight_loads=5 skipped_loads=1 utilization=52.5000%");
  EXPECT_EQ(s->result.toDense(), r->result.toDense());
  EXPECT_EQ(SparseTileMap::compute(rhs).numZeroBlocks(), 1);
  MatmulStats sum = r->stats;
  sum += s->stats;
  EXPECT_EQ(sum.weightLoads, 11);
  EXPECT_EQ(sum.issuedMacs, 704);
}

TEST(Matmul, StatsClosedFormAndOverflow) {
  // matmulStats is a closed form; it must equal the per-load sum that
  // simulateMatmul reports (the (2, 4, 4) 3x10 @ 10x6 case above: 180 of
  // 384 MACs in 6 loads).
  auto s = matmulStats({3, 10}, {10, 6}, {2, 4, 4});
  ASSERT_TRUE(s);
  EXPECT_EQ(s->format(),
            "utilization: logical_macs=180 issued_macs=384 padding_macs=204 "
            "weight_loads=6 skipped_loads=0 utilization=46.8750%");
  // One load at a time: block (2, 1) has k_len 2, n_len 2, so 3*2*2 = 12
  // logical of 4*4*4 = 64 issued MACs; the six loads add up to the above.
  auto edge = weightLoadStats({3, 10}, {10, 6}, {2, 4, 4}, 2, 1);
  ASSERT_TRUE(edge);
  EXPECT_EQ(edge->logicalMacs, 12);
  EXPECT_EQ(edge->issuedMacs, 64);
  EXPECT_EQ(edge->weightLoads, 1);
  MatmulStats sum;
  for (int64_t kb = 0; kb < 3; ++kb)
    for (int64_t nb = 0; nb < 2; ++nb)
      sum += *weightLoadStats({3, 10}, {10, 6}, {2, 4, 4}, kb, nb);
  EXPECT_EQ(sum, *s);
  EXPECT_FALSE(weightLoadStats({3, 10}, {10, 6}, {2, 4, 4}, 3, 0));
  EXPECT_FALSE(weightLoadStats({3, 10}, {10, 6}, {2, 4, 4}, 0, -1));
  // Huge shapes cost nothing: 10^6 cubed on (1, 1, 1) is 10^12 loads of
  // one MAC each.
  auto huge = matmulStats({1000000, 1000000}, {1000000, 1000000}, {1, 1, 1});
  ASSERT_TRUE(huge);
  EXPECT_EQ(huge->weightLoads, 1000000000000);
  EXPECT_EQ(huge->issuedMacs, 1000000000000000000);
  EXPECT_EQ(huge->logicalMacs, 1000000000000000000);
  // Figures beyond int64 are an error, not a wrapped number: one load of
  // mxu = 3 * 10^9 issues 8 * 9 * 10^18 MACs.
  auto over = matmulStats({3, 5}, {5, 7}, {8, 128, 3000000000});
  ASSERT_FALSE(over);
  EXPECT_NE(over.error().find("exceed 2^63-1"), std::string::npos);
  // mxu * mxu itself must be exact.
  EXPECT_FALSE(Geometry({8, 128, int64_t(1) << 32}).validate());
  EXPECT_FALSE(Geometry({int64_t(1) << 32, int64_t(1) << 32, 4}).validate());
}

TEST(Matmul, Errors) {
  auto a35 = *TiledMatrix<float>::zeros({3, 5});
  auto b57 = *TiledMatrix<float>::zeros({5, 7});
  auto b67 = *TiledMatrix<float>::zeros({6, 7});
  auto c37 = *TiledMatrix<float>::zeros({3, 7});
  auto c38 = *TiledMatrix<float>::zeros({3, 8});
  auto bSmall = *TiledMatrix<float>::zeros({5, 7}, {2, 4, 4});

  auto e1 = simulateMatmul(a35, b67, c37, Precision::F32);
  ASSERT_FALSE(e1);
  EXPECT_NE(e1.error().find("lhs has 5 columns but rhs has 6 rows"),
            std::string::npos)
      << e1.error();
  auto e2 = simulateMatmul(a35, b57, c38, Precision::F32);
  ASSERT_FALSE(e2);
  EXPECT_NE(e2.error().find("acc has shape 3x8"), std::string::npos);
  auto e3 = simulateMatmul(a35, bSmall, c37, Precision::F32);
  ASSERT_FALSE(e3);
  EXPECT_NE(e3.error().find("geometr"), std::string::npos);
  MatmulOptions neg;
  neg.threads = -1;
  EXPECT_FALSE(simulateMatmul(a35, b57, c37, Precision::F32, neg));
  if (!isKernelPathAvailable(KernelPath::AVX512)) {
    MatmulOptions o;
    o.path = KernelPath::AVX512;
    auto e = simulateMatmul(a35, b57, c37, Precision::F32, o);
    ASSERT_FALSE(e);
    EXPECT_NE(e.error().find("not available"), std::string::npos);
  }
  // Bad kb / nb: K = 5, N = 7 in default geometry have one block each.
  EXPECT_TRUE(simulateMxuBlock(a35, b57, c37, 0, 0, Precision::F32));
  auto e4 = simulateMxuBlock(a35, b57, c37, 1, 0, Precision::F32);
  ASSERT_FALSE(e4);
  EXPECT_NE(e4.error().find("kb = 1"), std::string::npos);
  EXPECT_FALSE(simulateMxuBlock(a35, b57, c37, -1, 0, Precision::F32));
  EXPECT_FALSE(simulateMxuBlock(a35, b57, c37, 0, 1, Precision::F32));
  EXPECT_FALSE(simulateMxuBlock(a35, b57, c37, 0, -3, Precision::F32));
  EXPECT_FALSE(simulateMxuBlock(a35, b67, c37, 0, 0, Precision::F32));
  auto i8a = *TiledMatrix<int8_t>::zeros({3, 5});
  auto i8b = *TiledMatrix<int8_t>::zeros({4, 7});
  auto i32c = *TiledMatrix<int32_t>::zeros({3, 7});
  EXPECT_FALSE(simulateMatmul(i8a, i8b, i32c, Precision::F32));
  EXPECT_FALSE(matmulStats({3, 5}, {6, 7}, {}));
  EXPECT_FALSE(matmulStats({3, 5}, {5, 7}, {0, 1, 1}));
}

} // namespace
