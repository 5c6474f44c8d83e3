//===- DenseContractionImpl.h - The contraction's generic body --*- C++ -*-===//
//
// The templates behind DenseContraction.cpp's per-instruction-set
// functions: included by DenseContraction.cpp (AVX2 and baseline, through
// a target attribute) and DenseContractionAVX512.cpp (a translation unit
// compiled with -mavx512f, so its broadcasts can be the integer
// vpbroadcast).
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_LIB_RUNTIME_DENSECONTRACTIONIMPL_H
#define SYSTILE_LIB_RUNTIME_DENSECONTRACTIONIMPL_H

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace systile::rt::dense::detail {

constexpr int64_t kBlockK = 256;
constexpr int64_t kBlockN = 256;

template <typename T> struct Vec {
  typedef T type __attribute__((vector_size(64)));
  static constexpr int64_t width = 64 / sizeof(T);
};

/// C[0..MR)[0..NV*W) += A[0..MR)[0..kc) x B[0..kc)[0..NV*W), k in order.
/// *p in every lane of a 64-byte vector by the integer broadcast from
/// memory (vpbroadcastd/q): on AMD Zen 5 vbroadcastss/sd also take a
/// floating-point pipe from the multiplies and adds, vpbroadcast is a load
/// alone. Bits only move. Only instantiated in DenseContractionAVX512.cpp,
/// which is compiled with -mavx512f (the asm needs a zmm register).
template <typename V, typename T>
[[gnu::always_inline]] inline V loadBroadcast(const T *p) {
  static_assert(sizeof(V) == 64 && (sizeof(T) == 4 || sizeof(T) == 8));
  V v;
  if constexpr (sizeof(T) == 4)
    asm("vpbroadcastd %1, %0" : "=v"(v) : "m"(*p));
  else
    asm("vpbroadcastq %1, %0" : "=v"(v) : "m"(*p));
  return v;
}

/// LB: A's elements splat with loadBroadcast; otherwise as the compiler
/// chooses.
template <typename T, int MR, int NV, bool LB = false>
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
      if constexpr (LB) {
        V x = loadBroadcast<V>(a + r * lda + kk);
        for (int v = 0; v < NV; ++v) {
          V product = x * bv[v];
          acc[r][v] = acc[r][v] + product;
        }
      } else {
        T x = a[r * lda + kk];
        for (int v = 0; v < NV; ++v) {
          V product = x * bv[v];
          acc[r][v] = acc[r][v] + product;
        }
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
[[gnu::always_inline]] inline void
scalarBlock(const T *a, const T *b, T *c, int64_t n, int64_t k, int64_t i0,
            int64_t i1, int64_t j0, int64_t j1, int64_t k0, int64_t kc) {
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
template <typename T, int MR, int NV, int64_t NR, bool LB = false>
[[gnu::always_inline]] inline void
panels(const T *a, int64_t k, const T *packed, T *c, int64_t n, int64_t i0,
       int64_t i1, int64_t j0, int64_t j1, int64_t k0, int64_t kc) {
  int64_t i = i0;
  for (; i + MR <= i1; i += MR)
    for (int64_t j = j0; j < j1; j += NR)
      micro<T, MR, NV, LB>(a + i * k + k0, k, packed + (j - j0) * kc, NR,
                           c + i * n + j, n, kc);
  for (; i < i1; ++i)
    for (int64_t j = j0; j < j1; j += NR)
      micro<T, 1, NV, LB>(a + i * k + k0, k, packed + (j - j0) * kc, NR,
                          c + i * n + j, n, kc);
}

/// Rows [i0, i1) of one matrix product, blocked; `packed` holds
/// kBlockK * kBlockN elements. Columns go in panels of NV vectors, then
/// single vectors, then one element at a time.
template <typename T, int MR, int NV, bool LB = false>
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
      panels<T, MR, NV, NR, LB>(a, k, packed, c, n, i0, i1, j0, j1, k0, kc);
    }
    if (nVec > nFull) {
      packB<T, W>(b, n, k0, kc, nFull, nVec, packed);
      panels<T, MR, 1, W, LB>(a, k, packed, c, n, i0, i1, nFull, nVec, k0, kc);
    }
    scalarBlock(a, b, c, n, k, i0, i1, nVec, n, k0, kc);
  }
}

template <typename T>
using RowsFn = void (*)(const T *, const T *, T *, int64_t, int64_t, int64_t,
                        int64_t, T *);

/// rows<T, 6, 4> with A's elements splat by vpbroadcastd/q
/// (DenseContractionAVX512.cpp); float, double, uint32_t and uint64_t.
template <typename T>
void rowsAvx512(const T *a, const T *b, T *c, int64_t i0, int64_t i1, int64_t n,
                int64_t k, T *packed);

} // namespace systile::rt::dense::detail

#endif // SYSTILE_LIB_RUNTIME_DENSECONTRACTIONIMPL_H
