//===- LibmAVX2.cpp - fdlibm's tanhf, eight lanes at a time ---------------===//
//
// Compiled with -mavx2 (and only used after cpuSupports(Isa::AVX2)).
//
//===----------------------------------------------------------------------===//

#include "LibmVector.h"

#include <cstdint>

namespace systile::rt::detail {
bool tanhLanesAVX2(const float *x, float *y, int64_t n);
} // namespace systile::rt::detail

#if defined(__x86_64__) && defined(__AVX2__)

bool systile::rt::detail::tanhLanesAVX2(const float *x, float *y, int64_t n) {
  tanhVectorLoop<8>(x, y, n);
  return true;
}

#else

bool systile::rt::detail::tanhLanesAVX2(const float *, float *, int64_t) {
  return false;
}

#endif
