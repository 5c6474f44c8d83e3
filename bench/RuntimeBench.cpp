//===- RuntimeBench.cpp - Speed of the runtime's matmul and packing -------===//
//
// Google Benchmark cases behind bench/run_runtime_bench.sh: the simulator
// (f32, bf16 precision, i8; one thread and all threads) on cubes 256..4096
// and non-square shapes, OpenBLAS cblas_sgemm on the same problems as a
// speed anchor, the machine's no-FMA peak (a register-only loop of
// independent multiplies and adds), dense <-> tiled packing of a 4096x4096
// f32 matrix against memcpy of the same bytes, and dynamic zero-block
// skipping with 75% all-zero mxu blocks, and f32 tanh over 2M lanes on
// each path the CPU has against the libm's tanhf called per element.
//
// GFLOP/s counts 2*M*N*K per matmul (logical work, as BLAS does).
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Libm.h"
#include "systile/Runtime/Runtime.h"

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstring>
#include <immintrin.h>
#include <map>
#include <random>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#ifdef SYSTILE_HAVE_OPENBLAS
#include <cblas.h>
#endif

using namespace systile::rt;

namespace {

constexpr int64_t kN = 1024;
constexpr int64_t kPackN = 4096;

int allThreads() { return std::max(1u, std::thread::hardware_concurrency()); }

std::vector<float> randomDense(int64_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> d(-1.0f, 1.0f);
  std::vector<float> v(static_cast<size_t>(n));
  for (float &x : v)
    x = d(rng);
  return v;
}

std::vector<int8_t> randomInt8(int64_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> d(-128, 127);
  std::vector<int8_t> v(static_cast<size_t>(n));
  for (int8_t &x : v)
    x = int8_t(d(rng));
  return v;
}

/// Shape of one matmul case: D[M x N] = A[M x K] x B[K x N] + C.
struct Dims {
  int64_t m, k, n;
  bool operator<(const Dims &o) const {
    return std::tie(m, k, n) < std::tie(o.m, o.k, o.n);
  }
};

Dims dimsArg(const benchmark::State &state) {
  return {state.range(0), state.range(1), state.range(2)};
}

int threadsArg(const benchmark::State &state) {
  return state.range(3) == 0 ? allThreads() : int(state.range(3));
}

/// Operands per shape, built on first use and kept (the sweep reuses them
/// across repetitions; building is not timed).
struct F32Operands {
  TiledMatrix<float> a, b, c;
};
const F32Operands &f32Operands(Dims d) {
  static std::map<Dims, F32Operands> cache;
  auto it = cache.find(d);
  if (it == cache.end()) {
    F32Operands o;
    o.a = *TiledMatrix<float>::fromDense({d.m, d.k}, {},
                                         randomDense(d.m * d.k, 1));
    o.b = *TiledMatrix<float>::fromDense({d.k, d.n}, {},
                                         randomDense(d.k * d.n, 2));
    o.c = *TiledMatrix<float>::fromDense({d.m, d.n}, {},
                                         randomDense(d.m * d.n, 3));
    it = cache.emplace(d, std::move(o)).first;
  }
  return it->second;
}

struct I8Operands {
  TiledMatrix<int8_t> a, b;
  TiledMatrix<int32_t> c;
};
const I8Operands &i8Operands(Dims d) {
  static std::map<Dims, I8Operands> cache;
  auto it = cache.find(d);
  if (it == cache.end()) {
    I8Operands o;
    o.a = *TiledMatrix<int8_t>::fromDense({d.m, d.k}, {},
                                          randomInt8(d.m * d.k, 4));
    o.b = *TiledMatrix<int8_t>::fromDense({d.k, d.n}, {},
                                          randomInt8(d.k * d.n, 5));
    o.c = *TiledMatrix<int32_t>::zeros({d.m, d.n});
    it = cache.emplace(d, std::move(o)).first;
  }
  return it->second;
}

void setFlops(benchmark::State &state, Dims d) {
  state.counters["GFLOPS"] = benchmark::Counter(
      2.0 * double(d.m) * double(d.k) * double(d.n) * 1e-9,
      benchmark::Counter::kIsIterationInvariantRate);
}

void runF32(benchmark::State &state, Precision precision) {
  Dims d = dimsArg(state);
  const F32Operands &o = f32Operands(d);
  MatmulOptions opts;
  opts.threads = threadsArg(state);
  for (auto _ : state) {
    auto r = simulateMatmul(o.a, o.b, o.c, precision, opts);
    benchmark::DoNotOptimize(r->result.data());
  }
  setFlops(state, d);
  state.SetLabel(toString(resolveKernelPath(KernelPath::Auto)));
}

void BM_MatmulF32(benchmark::State &state) { runF32(state, Precision::F32); }
void BM_MatmulBF16(benchmark::State &state) { runF32(state, Precision::BF16); }

void BM_MatmulI8(benchmark::State &state) {
  Dims d = dimsArg(state);
  const I8Operands &o = i8Operands(d);
  MatmulOptions opts;
  opts.threads = threadsArg(state);
  for (auto _ : state) {
    auto r = simulateMatmul(o.a, o.b, o.c, Precision::F32, opts);
    benchmark::DoNotOptimize(r->result.data());
  }
  setFlops(state, d);
  state.SetLabel(toString(resolveKernelPath(KernelPath::Auto)));
}

#ifdef SYSTILE_HAVE_OPENBLAS
void BM_Sgemm(benchmark::State &state) {
  Dims d = dimsArg(state);
  static std::map<Dims, std::vector<float>> as, bs;
  if (!as.count(d)) {
    as[d] = randomDense(d.m * d.k, 1);
    bs[d] = randomDense(d.k * d.n, 2);
  }
  std::vector<float> c = randomDense(d.m * d.n, 3);
  openblas_set_num_threads(threadsArg(state));
  for (auto _ : state) {
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, int(d.m), int(d.n),
                int(d.k), 1.0f, as[d].data(), int(d.k), bs[d].data(),
                int(d.n), 1.0f, c.data(), int(d.n));
    benchmark::DoNotOptimize(c.data());
  }
  setFlops(state, d);
  state.SetLabel(openblas_get_corename());
}
#endif

//===----------------------------------------------------------------------===//
// The no-FMA ceiling: a register-only loop of independent multiplies and
// adds (RFC 6 forbids fusing them), as wide as the CPU allows.
//===----------------------------------------------------------------------===//

// Eight independent multiply chains and eight independent add chains in
// registers (more than latency x throughput on current cores); each
// iteration is 8 multiplies and 8 adds of full vectors.
#define SYSTILE_PEAK_LOOP(V, SET1, MUL, ADD)                                   \
  volatile float one = 1.0f, zero = 0.0f;                                      \
  V m = SET1(one), z = SET1(zero);                                             \
  V x0 = SET1(1), x1 = SET1(2), x2 = SET1(3), x3 = SET1(4), x4 = SET1(5),     \
    x5 = SET1(6), x6 = SET1(7), x7 = SET1(8);                                  \
  V y0 = x0, y1 = x1, y2 = x2, y3 = x3, y4 = x4, y5 = x5, y6 = x6, y7 = x7;    \
  for (int64_t it = 0; it < n; ++it) {                                         \
    x0 = MUL(x0, m); y0 = ADD(y0, z); x1 = MUL(x1, m); y1 = ADD(y1, z);       \
    x2 = MUL(x2, m); y2 = ADD(y2, z); x3 = MUL(x3, m); y3 = ADD(y3, z);       \
    x4 = MUL(x4, m); y4 = ADD(y4, z); x5 = MUL(x5, m); y5 = ADD(y5, z);       \
    x6 = MUL(x6, m); y6 = ADD(y6, z); x7 = MUL(x7, m); y7 = ADD(y7, z);       \
  }                                                                            \
  V all = ADD(ADD(ADD(x0, x1), ADD(x2, x3)), ADD(ADD(x4, x5), ADD(x6, x7)));   \
  all = ADD(all, ADD(ADD(ADD(y0, y1), ADD(y2, y3)), ADD(ADD(y4, y5), ADD(y6, y7)))); \
  benchmark::DoNotOptimize(all);                                               \
  return double(n) * 16 * (sizeof(V) / sizeof(float));

__attribute__((target("avx512f"))) double peak512(int64_t n) {
  SYSTILE_PEAK_LOOP(__m512, _mm512_set1_ps, _mm512_mul_ps, _mm512_add_ps)
}
__attribute__((target("avx2"))) double peak256(int64_t n) {
  SYSTILE_PEAK_LOOP(__m256, _mm256_set1_ps, _mm256_mul_ps, _mm256_add_ps)
}
double peak128(int64_t n) {
  SYSTILE_PEAK_LOOP(__m128, _mm_set1_ps, _mm_mul_ps, _mm_add_ps)
}
#undef SYSTILE_PEAK_LOOP

const char *peakIsa() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") ? "avx512"
         : __builtin_cpu_supports("avx2")  ? "avx2"
                                           : "sse";
}

/// Flops of `n` iterations of the loop on this thread.
double peakLoop(int64_t n) {
  std::string isa = peakIsa();
  return isa == "avx512" ? peak512(n) : isa == "avx2" ? peak256(n) : peak128(n);
}

void BM_NoFmaPeak(benchmark::State &state) {
  int threads = state.range(0) == 0 ? allThreads() : int(state.range(0));
  constexpr int64_t kIterations = 1 << 22;
  double flops = 0;
  for (auto _ : state) {
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t)
      pool.emplace_back([] { peakLoop(kIterations); });
    flops = peakLoop(kIterations) * threads;
    for (std::thread &t : pool)
      t.join();
  }
  state.counters["GFLOPS"] = benchmark::Counter(
      flops * 1e-9, benchmark::Counter::kIsIterationInvariantRate);
  state.SetLabel(peakIsa());
}

/// 75% of the 8x8 mxu blocks of B are all zero (a random choice, the same
/// for every run); checks once that skipping gives an equal result.
void BM_MatmulSkip(benchmark::State &state) {
  static const auto ops = [] {
    std::vector<float> b = randomDense(kN * kN, 2);
    const int64_t m = 128, blocks = (kN / m) * (kN / m);
    std::vector<int> order(static_cast<size_t>(blocks));
    for (int i = 0; i < blocks; ++i)
      order[i] = i;
    std::shuffle(order.begin(), order.end(), std::mt19937(5));
    for (int64_t z = 0; z < blocks * 3 / 4; ++z) {
      const int64_t kb = order[z] / (kN / m), nb = order[z] % (kN / m);
      for (int64_t k = kb * m; k < (kb + 1) * m; ++k)
        std::memset(&b[k * kN + nb * m], 0, m * sizeof(float));
    }
    return *TiledMatrix<float>::fromDense({kN, kN}, {}, b);
  }();
  const F32Operands &o = f32Operands({kN, kN, kN});
  MatmulOptions opts;
  opts.threads = 1;
  opts.skipZeroBlocks = state.range(0) != 0;
  static const bool equal = [&] {
    MatmulOptions a = opts, b = opts;
    a.skipZeroBlocks = false;
    b.skipZeroBlocks = true;
    auto x = simulateMatmul(o.a, ops, o.c, Precision::F32, a);
    auto y = simulateMatmul(o.a, ops, o.c, Precision::F32, b);
    std::vector<float> dx = x->result.toDense(), dy = y->result.toDense();
    for (size_t i = 0; i < dx.size(); ++i)
      if (!(dx[i] == dy[i]))
        return false;
    return y->stats.skippedLoads == 48 && x->stats.skippedLoads == 0;
  }();
  for (auto _ : state) {
    auto r = simulateMatmul(o.a, ops, o.c, Precision::F32, opts);
    benchmark::DoNotOptimize(r->result.data());
  }
  state.counters["equal"] = equal ? 1 : 0;
  setFlops(state, {kN, kN, kN});
}

const std::vector<float> &packSource() {
  static const std::vector<float> v = randomDense(kPackN * kPackN, 9);
  return v;
}

void setBytes(benchmark::State &state) {
  state.SetBytesProcessed(int64_t(state.iterations()) * kPackN * kPackN *
                          int64_t(sizeof(float)));
}

void BM_Pack(benchmark::State &state) {
  const std::vector<float> &src = packSource();
  auto dst = *TiledMatrix<float>::zeros({kPackN, kPackN});
  for (auto _ : state) {
    dst.assignFromDense(src.data());
    benchmark::DoNotOptimize(dst.data());
    benchmark::ClobberMemory();
  }
  setBytes(state);
}

void BM_Unpack(benchmark::State &state) {
  auto m = *TiledMatrix<float>::fromDense({kPackN, kPackN}, {}, packSource());
  std::vector<float> out(kPackN * kPackN);
  for (auto _ : state) {
    m.toDense(out.data());
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  setBytes(state);
}

void BM_Memcpy(benchmark::State &state) {
  const std::vector<float> &src = packSource();
  std::vector<float> out(kPackN * kPackN);
  for (auto _ : state) {
    std::memcpy(out.data(), src.data(), src.size() * sizeof(float));
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  setBytes(state);
}

/// tanh of 2M f32 lanes (GELU's argument range and beyond, as a
/// 1024x2048 FFN activation has): Arg 0 the libm's tanhf per element (the
/// bits every path must give), 1 the portable vector form, 2 AVX2, 3
/// AVX-512 (skipped where the CPU lacks the path). One thread.
void BM_Tanh(benchmark::State &state) {
  constexpr int64_t kLanes = 2 << 20;
  static const std::vector<float> x = [] {
    std::vector<float> v = randomDense(kLanes, 11);
    for (float &f : v)
      f *= 6.0f;
    return v;
  }();
  const Isa paths[] = {Isa::Auto, Isa::Portable, Isa::AVX2, Isa::AVX512};
  const Isa isa = paths[state.range(0)];
  if (state.range(0) > 0 && !cpuSupports(isa)) {
    state.SkipWithError("this CPU lacks the path");
    return;
  }
  std::vector<float> y(x.size());
  for (auto _ : state) {
    if (state.range(0) == 0)
      for (int64_t i = 0; i < kLanes; ++i)
        y[i] = std::tanh(x[i]);
    else
      tanhVectorForm(x.data(), y.data(), kLanes, isa);
    benchmark::DoNotOptimize(y.data());
    benchmark::ClobberMemory();
  }
  state.counters["Glanes"] = benchmark::Counter(
      double(kLanes) * 1e-9, benchmark::Counter::kIsIterationInvariantRate);
  state.SetLabel(state.range(0) == 0 ? "libm" : toString(isa));
}

// Args: M, K, N, threads (0 = all). Wall-clock time, since the work is
// threaded. Cubes 256..4096 and three non-square shapes: a tall
// K-thin product, a 256-row batch and batch-8 inference (padding and
// bandwidth dominate).
void matmulShapes(benchmark::internal::Benchmark *b) {
  const Dims shapes[] = {{256, 256, 256},    {512, 512, 512},
                         {1024, 1024, 1024}, {2048, 2048, 2048},
                         {4096, 4096, 4096}, {4096, 1024, 4096},
                         {256, 4096, 4096},  {8, 4096, 4096}};
  for (Dims d : shapes)
    for (int64_t threads : {1, 0})
      b->Args({d.m, d.k, d.n, threads});
  b->UseRealTime()->Unit(benchmark::kMillisecond);
}
BENCHMARK(BM_MatmulF32)->Apply(matmulShapes);
BENCHMARK(BM_MatmulBF16)->Apply(matmulShapes);
BENCHMARK(BM_MatmulI8)->Apply(matmulShapes);
#ifdef SYSTILE_HAVE_OPENBLAS
BENCHMARK(BM_Sgemm)->Apply(matmulShapes);
#endif
BENCHMARK(BM_NoFmaPeak)->Arg(1)->Arg(0)->UseRealTime()->Unit(
    benchmark::kMillisecond);
// Arg: skipping off (0) / on (1).
BENCHMARK(BM_MatmulSkip)
    ->Arg(0)
    ->Arg(1)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Pack)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Unpack)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Memcpy)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Tanh)->DenseRange(0, 3)->UseRealTime()->Unit(
    benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
