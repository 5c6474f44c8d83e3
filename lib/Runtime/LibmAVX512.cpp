//===- LibmAVX512.cpp - fdlibm's tanhf, sixteen lanes at a time -----------===//
//
// Compiled with -mavx512f (and only used after cpuSupports(Isa::AVX512)).
//
//===----------------------------------------------------------------------===//

#include "LibmVector.h"

#include <cstdint>

namespace systile::rt::detail {
bool tanhLanesAVX512(const float *x, float *y, int64_t n);
} // namespace systile::rt::detail

#if defined(__x86_64__) && defined(__AVX512F__)

bool systile::rt::detail::tanhLanesAVX512(const float *x, float *y,
                                          int64_t n) {
  tanhVectorLoop<16>(x, y, n);
  return true;
}

#else

bool systile::rt::detail::tanhLanesAVX512(const float *, float *, int64_t) {
  return false;
}

#endif
