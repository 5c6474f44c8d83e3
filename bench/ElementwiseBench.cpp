//===- ElementwiseBench.cpp - Tiled element-wise kernels vs memcpy --------===//
//
// Issue 10's figure: a bias add (a 1xN row broadcast over the rows) and a
// ReLU on a 4096x4096 f32 tiled matrix, through the runtime kernels the
// interpreter runs systile.elementwise with, against memcpy of the same
// matrix. Bytes per iteration are the matrix's (64 MiB), so the reported
// bandwidths compare directly; the target is at least 0.5x memcpy.
// Correctness is the unit tests' job; this only times (run it once, alone).
// The process uses systile-run's allocation policy (freed memory stays in
// the heap, tools/systile-run/systile-run.cpp), since every kernel call
// allocates its result and fresh pages are expensive on these VMs.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Allocation.h"
#include "systile/Runtime/Elementwise.h"

#include <benchmark/benchmark.h>


#include <cstring>
#include <vector>

using namespace systile::rt;

namespace {

constexpr int64_t kN = 4096;

const TiledMatrix<float> &input() {
  static TiledMatrix<float> m = [] {
    std::vector<float> v(kN * kN);
    for (int64_t i = 0; i < kN * kN; ++i)
      v[i] = static_cast<float>(i % 17) - 8.0f;
    return *TiledMatrix<float>::fromDense({kN, kN}, {}, v);
  }();
  return m;
}

void setBytes(benchmark::State &state) {
  state.SetBytesProcessed(state.iterations() * kN * kN * sizeof(float));
}

void BM_BiasRelu(benchmark::State &state) {
  std::vector<float> row(kN);
  for (int64_t i = 0; i < kN; ++i)
    row[i] = 0.25f * static_cast<float>(i % 5);
  auto bias = *TiledMatrix<float>::fromDense({1, kN}, {}, row);
  auto broadcastBias = *broadcast(bias, 0, kN);
  for (auto _ : state) {
    auto sum = binary<float>(BinaryFn::Add, Operand<float>::of(input()),
                             Operand<float>::of(broadcastBias));
    auto relu = binary<float>(BinaryFn::Maximum, Operand<float>::of(*sum),
                              Operand<float>::splat(0.0f));
    benchmark::DoNotOptimize(relu->data());
    benchmark::ClobberMemory();
  }
  setBytes(state);
}

void BM_Relu(benchmark::State &state) {
  for (auto _ : state) {
    auto relu = binary<float>(BinaryFn::Maximum, Operand<float>::of(input()),
                              Operand<float>::splat(0.0f));
    benchmark::DoNotOptimize(relu->data());
    benchmark::ClobberMemory();
  }
  setBytes(state);
}

void BM_Memcpy(benchmark::State &state) {
  const TiledMatrix<float> &src = input();
  std::vector<float> out(static_cast<size_t>(src.size()));
  for (auto _ : state) {
    std::memcpy(out.data(), src.data(), out.size() * sizeof(float));
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  setBytes(state);
}

BENCHMARK(BM_BiasRelu)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Relu)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Memcpy)->UseRealTime()->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();

namespace {
/// systile-run's allocation policy, set before the benchmarks run.
const bool kAllocationPolicy = [] {
  configureRunOnceHeap();
  return true;
}();
} // namespace
