//===- MatmulKernel.cpp - Sequential-k contraction kernel -----------------===//
//
// See MatmulKernel.h. The micro-kernel keeps an MR x (NV * W) block of C
// in vector registers while it walks a block of k, multiplying and adding
// in two separately rounded steps (this file is compiled with
// -ffp-contract=off, and the vector extensions below never fuse). One
// generic body is inlined into three functions compiled for AVX-512, AVX2
// and the baseline; the vector type is 64 bytes, which the compiler splits
// into two or four registers where they are narrower.
//
//===----------------------------------------------------------------------===//

#include "MatmulKernel.h"

#include "systile/Runtime/Parallel.h"

#include <algorithm>
#include <cstring>
#include <thread>
#include <vector>

using namespace systile::interp;

namespace {
constexpr int64_t kBlockK = 256;
constexpr int64_t kBlockN = 256;

template <typename T> struct Vec {
  typedef T type __attribute__((vector_size(64)));
  static constexpr int64_t width = 64 / sizeof(T);
};

/// C[0..MR)[0..NV*W) += A[0..MR)[0..kc) x B[0..kc)[0..NV*W), k in order.
template <typename T, int MR, int NV>
[[gnu::always_inline]] inline void micro(const T *a, int64_t lda, const T *b,
                                         int64_t ldb, T *c, int64_t ldc,
                                         int64_t kc) {
  using V = typename Vec<T>::type;
  constexpr int64_t W = Vec<T>::width;
  V acc[MR][NV];
  for (int r = 0; r < MR; ++r)
    for (int v = 0; v < NV; ++v)
      std::memcpy(&acc[r][v], c + r * ldc + v * W, sizeof(V));
  for (int64_t kk = 0; kk < kc; ++kk) {
    V bv[NV];
    for (int v = 0; v < NV; ++v)
      std::memcpy(&bv[v], b + kk * ldb + v * W, sizeof(V));
    for (int r = 0; r < MR; ++r) {
      T x = a[r * lda + kk];
      for (int v = 0; v < NV; ++v) {
        V product = x * bv[v];
        acc[r][v] = acc[r][v] + product;
      }
    }
  }
  for (int r = 0; r < MR; ++r)
    for (int v = 0; v < NV; ++v)
      std::memcpy(c + r * ldc + v * W, &acc[r][v], sizeof(V));
}

/// Columns [j0, j1) of rows [i0, i1) over k in [k0, k0 + kc), one element
/// at a time.
template <typename T>
[[gnu::always_inline]] inline void scalarBlock(const T *a, const T *b, T *c,
                                               int64_t n, int64_t k,
                                               int64_t i0, int64_t i1,
                                               int64_t j0, int64_t j1,
                                               int64_t k0, int64_t kc) {
  for (int64_t i = i0; i < i1; ++i)
    for (int64_t j = j0; j < j1; ++j) {
      T acc = c[i * n + j];
      for (int64_t kk = k0; kk < k0 + kc; ++kk) {
        T product = a[i * k + kk] * b[kk * n + j];
        acc = acc + product;
      }
      c[i * n + j] = acc;
    }
}

/// Copies B[k0 .. k0 + kc)[j0 .. j1) into panels of NR columns, each panel
/// kc x NR contiguous, so the micro-kernel reads B sequentially (rows of B
/// a power of two apart would otherwise collide in the cache).
template <typename T, int64_t NR>
[[gnu::always_inline]] inline void packB(const T *b, int64_t n, int64_t k0,
                                         int64_t kc, int64_t j0, int64_t j1,
                                         T *packed) {
  for (int64_t j = j0; j < j1; j += NR) {
    T *panel = packed + (j - j0) * kc;
    for (int64_t kk = 0; kk < kc; ++kk)
      std::memcpy(panel + kk * NR, b + (k0 + kk) * n + j, NR * sizeof(T));
  }
}

/// Columns [j0, j1) of rows [i0, i1), k in [k0, k0 + kc), from the packed
/// panels of B (NR columns each): MR rows at a time, then single rows.
template <typename T, int MR, int NV, int64_t NR>
[[gnu::always_inline]] inline void panels(const T *a, int64_t k,
                                          const T *packed, T *c, int64_t n,
                                          int64_t i0, int64_t i1, int64_t j0,
                                          int64_t j1, int64_t k0,
                                          int64_t kc) {
  int64_t i = i0;
  for (; i + MR <= i1; i += MR)
    for (int64_t j = j0; j < j1; j += NR)
      micro<T, MR, NV>(a + i * k + k0, k, packed + (j - j0) * kc, NR,
                       c + i * n + j, n, kc);
  for (; i < i1; ++i)
    for (int64_t j = j0; j < j1; j += NR)
      micro<T, 1, NV>(a + i * k + k0, k, packed + (j - j0) * kc, NR,
                      c + i * n + j, n, kc);
}

/// Rows [i0, i1) of one matrix product, blocked; `packed` holds
/// kBlockK * kBlockN elements. Columns go in panels of NV vectors, then
/// single vectors, then one element at a time.
template <typename T, int MR, int NV>
[[gnu::always_inline]] inline void rows(const T *a, const T *b, T *c,
                                        int64_t i0, int64_t i1, int64_t n,
                                        int64_t k, T *packed) {
  constexpr int64_t W = Vec<T>::width;
  constexpr int64_t NR = NV * W;
  int64_t nFull = n - n % NR;
  int64_t nVec = n - n % W;
  for (int64_t k0 = 0; k0 < k; k0 += kBlockK) {
    int64_t kc = std::min(kBlockK, k - k0);
    for (int64_t j0 = 0; j0 < nFull; j0 += kBlockN) {
      int64_t j1 = std::min(j0 + kBlockN, nFull);
      packB<T, NR>(b, n, k0, kc, j0, j1, packed);
      panels<T, MR, NV, NR>(a, k, packed, c, n, i0, i1, j0, j1, k0, kc);
    }
    if (nVec > nFull) {
      packB<T, W>(b, n, k0, kc, nFull, nVec, packed);
      panels<T, MR, 1, W>(a, k, packed, c, n, i0, i1, nFull, nVec, k0, kc);
    }
    scalarBlock(a, b, c, n, k, i0, i1, nVec, n, k0, kc);
  }
}

template <typename T>
using RowsFn = void (*)(const T *, const T *, T *, int64_t, int64_t, int64_t,
                        int64_t, T *);

template <typename T>
__attribute__((target("avx512f"))) void rowsAvx512(const T *a, const T *b,
                                                   T *c, int64_t i0, int64_t i1,
                                                   int64_t n, int64_t k,
                                                   T *packed) {
  rows<T, 6, 4>(a, b, c, i0, i1, n, k, packed);
}

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
