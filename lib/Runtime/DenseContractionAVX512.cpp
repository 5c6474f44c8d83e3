//===- DenseContractionAVX512.cpp - The dense contraction for AVX-512 -----===//
//
// Compiled with -mavx512f (on x86-64) and only called after
// cpuSupports(Isa::AVX512): the 6 x 64-byte-vector register
// tile, A's elements splat by vpbroadcastd/q (see loadBroadcast).
//
//===----------------------------------------------------------------------===//

#include "DenseContractionImpl.h"

using namespace systile::rt::dense;

template <typename T>
void detail::rowsAvx512(const T *a, const T *b, T *c, int64_t i0, int64_t i1,
                        int64_t n, int64_t k, T *packed) {
#if defined(__AVX512F__)
  rows<T, 6, 4, /*LB=*/true>(a, b, c, i0, i1, n, k, packed);
#else
  rows<T, 6, 4>(a, b, c, i0, i1, n, k, packed); // never selected
#endif
}

template void detail::rowsAvx512<float>(const float *, const float *, float *,
                                        int64_t, int64_t, int64_t, int64_t,
                                        float *);
template void detail::rowsAvx512<double>(const double *, const double *,
                                         double *, int64_t, int64_t, int64_t,
                                         int64_t, double *);
template void detail::rowsAvx512<uint32_t>(const uint32_t *, const uint32_t *,
                                           uint32_t *, int64_t, int64_t,
                                           int64_t, int64_t, uint32_t *);
template void detail::rowsAvx512<uint64_t>(const uint64_t *, const uint64_t *,
                                           uint64_t *, int64_t, int64_t,
                                           int64_t, int64_t, uint64_t *);
