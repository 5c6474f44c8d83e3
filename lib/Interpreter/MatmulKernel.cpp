//===- MatmulKernel.cpp - Sequential-k contraction kernel -----------------===//
//
// See MatmulKernel.h. The micro-kernel keeps an MR x (NV * W) block of C
// in vector registers while it walks a block of k, multiplying and adding
// in two separately rounded steps (this file is compiled with
// -ffp-contract=off, and the vector extensions never fuse). One generic
// body (MatmulKernelImpl.h) is inlined into three functions: for AVX-512
// (MatmulKernelAVX512.cpp, its own translation unit built with -mavx512f),
// AVX2 and the baseline (here, through target attributes); the vector type
// is 64 bytes, which the compiler splits into two or four registers where
// they are narrower.
//
//===----------------------------------------------------------------------===//

#include "MatmulKernel.h"
#include "MatmulKernelImpl.h"

#include "systile/Runtime/Parallel.h"

#include <algorithm>
#include <cstring>
#include <thread>
#include <vector>

using namespace systile::interp;

namespace {
using namespace kernel::detail;

template <typename T>
__attribute__((target("avx2"))) void rowsAvx2(const T *a, const T *b, T *c,
                                              int64_t i0, int64_t i1,
                                              int64_t n, int64_t k,
                                              T *packed) {
  rows<T, 4, 1>(a, b, c, i0, i1, n, k, packed);
}

template <typename T>
void rowsPortable(const T *a, const T *b, T *c, int64_t i0, int64_t i1,
                  int64_t n, int64_t k, T *packed) {
  rows<T, 2, 1>(a, b, c, i0, i1, n, k, packed);
}

using kernel::Variant;

template <typename T> RowsFn<T> rowsFor(Variant variant) {
  switch (variant) {
  case Variant::Avx512:
    return rowsAvx512<T>;
  case Variant::Avx2:
    return rowsAvx2<T>;
  case Variant::Portable:
    break;
  }
  return rowsPortable<T>;
}
} // namespace

bool kernel::isSupported(Variant variant) {
  __builtin_cpu_init();
  switch (variant) {
  case Variant::Avx512:
    return __builtin_cpu_supports("avx512f");
  case Variant::Avx2:
    return __builtin_cpu_supports("avx2");
  case Variant::Portable:
    break;
  }
  return true;
}

Variant kernel::bestVariant() {
  static const Variant variant = isSupported(Variant::Avx512) ? Variant::Avx512
                                 : isSupported(Variant::Avx2) ? Variant::Avx2
                                                              : Variant::Portable;
  return variant;
}

const char *kernel::toString(Variant variant) {
  switch (variant) {
  case Variant::Avx512:
    return "avx512";
  case Variant::Avx2:
    return "avx2";
  case Variant::Portable:
    break;
  }
  return "portable";
}

template <typename T>
void kernel::contractNaive(const T *a, const T *b, T *c, int64_t batch,
                           int64_t m, int64_t n, int64_t k) {
  for (int64_t p = 0; p < batch; ++p)
    scalarBlock(a + p * m * k, b + p * k * n, c + p * m * n, n, k, 0, m, 0, n,
                0, k);
}

template <typename T>
void kernel::contract(const T *a, const T *b, T *c, int64_t batch, int64_t m,
                      int64_t n, int64_t k, int threads) {
  RowsFn<T> fn = rowsFor<T>(bestVariant());
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
void kernel::contractWith(Variant variant, const T *a, const T *b, T *c,
                          int64_t batch, int64_t m, int64_t n, int64_t k) {
  std::vector<T> packed(kBlockK * kBlockN);
  for (int64_t p = 0; p < batch; ++p)
    rowsFor<T>(variant)(a + p * m * k, b + p * k * n, c + p * m * n, 0, m, n,
                        k, packed.data());
}

#define INSTANTIATE(T)                                                         \
  template void kernel::contract<T>(const T *, const T *, T *, int64_t,        \
                                    int64_t, int64_t, int64_t, int);           \
  template void kernel::contractNaive<T>(const T *, const T *, T *, int64_t,   \
                                         int64_t, int64_t, int64_t);           \
  template void kernel::contractWith<T>(Variant, const T *, const T *, T *,    \
                                        int64_t, int64_t, int64_t, int64_t);
INSTANTIATE(float)
INSTANTIATE(double)
INSTANTIATE(uint32_t)
INSTANTIATE(uint64_t)
#undef INSTANTIATE
