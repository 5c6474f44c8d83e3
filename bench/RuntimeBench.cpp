//===- RuntimeBench.cpp - Speed of the runtime's matmul and packing -------===//
//
// Google Benchmark cases behind bench/run_runtime_bench.sh: the simulator at
// 1024^3 (f32, bf16 precision, i8; one thread and all threads), OpenBLAS
// cblas_sgemm on the same problem as a speed anchor, dense <-> tiled
// packing of a 4096x4096 f32 matrix against memcpy of the same bytes, and
// dynamic zero-block skipping with 75% all-zero mxu blocks.
//
// GFLOP/s counts 2*M*N*K per matmul (logical work, as BLAS does).
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Runtime.h"

#include <benchmark/benchmark.h>

#include <cstring>
#include <random>
#include <thread>

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

struct F32Operands {
  TiledMatrix<float> a, b, c;
  F32Operands() {
    a = *TiledMatrix<float>::fromDense({kN, kN}, {}, randomDense(kN * kN, 1));
    b = *TiledMatrix<float>::fromDense({kN, kN}, {}, randomDense(kN * kN, 2));
    c = *TiledMatrix<float>::fromDense({kN, kN}, {}, randomDense(kN * kN, 3));
  }
};

const F32Operands &f32Operands() {
  static F32Operands ops;
  return ops;
}

void setFlops(benchmark::State &state) {
  state.counters["GFLOPS"] =
      benchmark::Counter(2.0 * double(kN) * double(kN) * double(kN) * 1e-9,
                         benchmark::Counter::kIsIterationInvariantRate);
}

int threadsArg(const benchmark::State &state) {
  return state.range(0) == 0 ? allThreads() : int(state.range(0));
}

void BM_MatmulF32(benchmark::State &state) {
  const F32Operands &o = f32Operands();
  MatmulOptions opts;
  opts.threads = threadsArg(state);
  for (auto _ : state) {
    auto r = simulateMatmul(o.a, o.b, o.c, Precision::F32, opts);
    benchmark::DoNotOptimize(r->result.data());
  }
  setFlops(state);
  state.SetLabel(toString(resolveKernelPath(KernelPath::Auto)));
}

void BM_MatmulBF16(benchmark::State &state) {
  const F32Operands &o = f32Operands();
  MatmulOptions opts;
  opts.threads = threadsArg(state);
  for (auto _ : state) {
    auto r = simulateMatmul(o.a, o.b, o.c, Precision::BF16, opts);
    benchmark::DoNotOptimize(r->result.data());
  }
  setFlops(state);
}

void BM_MatmulI8(benchmark::State &state) {
  static const auto ops = [] {
    std::mt19937 rng(4);
    std::uniform_int_distribution<int> d(-128, 127);
    std::vector<int8_t> a(kN * kN), b(kN * kN);
    for (auto &x : a)
      x = int8_t(d(rng));
    for (auto &x : b)
      x = int8_t(d(rng));
    return std::make_tuple(*TiledMatrix<int8_t>::fromDense({kN, kN}, {}, a),
                           *TiledMatrix<int8_t>::fromDense({kN, kN}, {}, b),
                           *TiledMatrix<int32_t>::zeros({kN, kN}));
  }();
  MatmulOptions opts;
  opts.threads = threadsArg(state);
  for (auto _ : state) {
    auto r = simulateMatmul(std::get<0>(ops), std::get<1>(ops),
                            std::get<2>(ops), Precision::F32, opts);
    benchmark::DoNotOptimize(r->result.data());
  }
  setFlops(state);
}

#ifdef SYSTILE_HAVE_OPENBLAS
void BM_Sgemm(benchmark::State &state) {
  static const std::vector<float> a = randomDense(kN * kN, 1),
                                  b = randomDense(kN * kN, 2);
  std::vector<float> c = randomDense(kN * kN, 3);
  openblas_set_num_threads(threadsArg(state));
  for (auto _ : state) {
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, kN, kN, kN, 1.0f,
                a.data(), kN, b.data(), kN, 1.0f, c.data(), kN);
    benchmark::DoNotOptimize(c.data());
  }
  setFlops(state);
  state.SetLabel(openblas_get_corename());
}
#endif

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
  const F32Operands &o = f32Operands();
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
  setFlops(state);
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

// Arg: threads (0 = all). Wall-clock time, since the work is threaded.
BENCHMARK(BM_MatmulF32)
    ->Arg(1)
    ->Arg(0)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MatmulBF16)
    ->Arg(1)
    ->Arg(0)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MatmulI8)
    ->Arg(1)
    ->Arg(0)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
#ifdef SYSTILE_HAVE_OPENBLAS
BENCHMARK(BM_Sgemm)->Arg(1)->Arg(2)->UseRealTime()->Unit(
    benchmark::kMillisecond);
#endif
// Arg: skipping off (0) / on (1).
BENCHMARK(BM_MatmulSkip)
    ->Arg(0)
    ->Arg(1)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Pack)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Unpack)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Memcpy)->UseRealTime()->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
