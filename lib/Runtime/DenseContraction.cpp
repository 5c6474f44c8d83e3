//===- DenseContraction.cpp - Sequential-k dense contraction --------------===//
//
// See DenseContraction.h. The micro-kernel keeps an MR x (NV * W) block of
// C in vector registers while it walks a block of k, multiplying and
// adding in two separately rounded steps (the runtime is compiled with
// -ffp-contract=off, and the vector extensions never fuse). One generic
// body (DenseContractionImpl.h) is inlined into three functions: for
// AVX-512 (DenseContractionAVX512.cpp, its own translation unit built
// with -mavx512f), AVX2 and the baseline (here, through a target
// attribute); the vector type is 64 bytes, which the compiler splits into
// two or four registers where they are narrower.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/DenseContraction.h"
#include "DenseContractionImpl.h"

#include "systile/Runtime/Parallel.h"

#include <algorithm>
#include <cstring>
#include <thread>
#include <vector>

using namespace systile::rt;

namespace {
using namespace dense::detail;

#if defined(__x86_64__)
#define SYSTILE_TARGET_AVX2 __attribute__((target("avx2")))
#else
#define SYSTILE_TARGET_AVX2
#endif

template <typename T>
SYSTILE_TARGET_AVX2 void rowsAvx2(const T *a, const T *b, T *c, int64_t i0,
                                  int64_t i1, int64_t n, int64_t k, T *packed) {
  rows<T, 4, 1>(a, b, c, i0, i1, n, k, packed);
}

template <typename T>
void rowsPortable(const T *a, const T *b, T *c, int64_t i0, int64_t i1,
                  int64_t n, int64_t k, T *packed) {
  rows<T, 2, 1>(a, b, c, i0, i1, n, k, packed);
}

template <typename T> RowsFn<T> rowsFor(Isa isa) {
  switch (resolveIsa(isa, {Isa::AVX512, Isa::AVX2})) {
  case Isa::AVX512:
    return rowsAvx512<T>;
  case Isa::AVX2:
    return rowsAvx2<T>;
  default:
    return rowsPortable<T>;
  }
}
} // namespace

Isa dense::contractionIsa() {
  static const Isa isa = resolveIsa(Isa::Auto, {Isa::AVX512, Isa::AVX2});
  return isa;
}

template <typename T>
void dense::contractNaive(const T *a, const T *b, T *c, int64_t batch,
                          int64_t m, int64_t n, int64_t k) {
  for (int64_t p = 0; p < batch; ++p)
    scalarBlock(a + p * m * k, b + p * k * n, c + p * m * n, n, k, 0, m, 0, n,
                0, k);
}

template <typename T>
void dense::contract(const T *a, const T *b, T *c, int64_t batch, int64_t m,
                     int64_t n, int64_t k, int threads) {
  const Isa isa = contractionIsa();
  recordKernelRun(KernelFamily::DenseContraction, isa);
  RowsFn<T> fn = rowsFor<T>(isa);
  // Work items: (matrix, block of rows); each C row belongs to one item,
  // and a worker runs its consecutive items of one matrix as one call.
  constexpr int64_t kRowsPerItem = 48; // a multiple of every MR
  int64_t rowItems = (m + kRowsPerItem - 1) / kRowsPerItem;
  int64_t items = batch * rowItems;
  auto runItems = [&](int64_t first, int64_t last) {
    std::vector<T> packed(kBlockK * kBlockN);
    for (int64_t item = first; item < last;) {
      int64_t p = item / rowItems;
      int64_t end = std::min(last, (p + 1) * rowItems);
      int64_t i0 = (item % rowItems) * kRowsPerItem;
      int64_t i1 = std::min(m, (end - p * rowItems) * kRowsPerItem);
      fn(a + p * m * k, b + p * k * n, c + p * m * n, i0, i1, n, k,
         packed.data());
      item = end;
    }
  };
  double macs = static_cast<double>(batch) * m * n * k;
  rt::runShares(macs < (1 << 20) ? 1 : rt::resolveThreads(threads), items,
                runItems);
}

template <typename T>
void dense::contractWith(Isa isa, const T *a, const T *b, T *c, int64_t batch,
                         int64_t m, int64_t n, int64_t k) {
  std::vector<T> packed(kBlockK * kBlockN);
  for (int64_t p = 0; p < batch; ++p)
    rowsFor<T>(isa)(a + p * m * k, b + p * k * n, c + p * m * n, 0, m, n, k,
                    packed.data());
}

#define INSTANTIATE(T)                                                         \
  template void dense::contract<T>(const T *, const T *, T *, int64_t,         \
                                   int64_t, int64_t, int64_t, int);            \
  template void dense::contractNaive<T>(const T *, const T *, T *, int64_t,    \
                                        int64_t, int64_t, int64_t);            \
  template void dense::contractWith<T>(Isa, const T *, const T *, T *,         \
                                       int64_t, int64_t, int64_t, int64_t);
INSTANTIATE(float)
INSTANTIATE(double)
INSTANTIATE(uint32_t)
INSTANTIATE(uint64_t)
#undef INSTANTIATE
