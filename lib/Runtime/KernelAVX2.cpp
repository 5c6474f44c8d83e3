//===- KernelAVX2.cpp - AVX2 micro-kernels --------------------------------===//
//
// Compiled with -mavx2 (and only used after cpuSupports(Isa::AVX2)).
// Register tile 6 x 16: twelve ymm partial sums, two B vectors and one
// broadcast, which fits the 16 ymm registers. int8 uses vpmaddwd on int16
// pairs, accumulating in int32 with wrap-around.
//
//===----------------------------------------------------------------------===//

#include "MatmulKernels.h"

#if defined(__x86_64__) && defined(__AVX2__)

#include "KernelAVX2Traits.h"
#include "KernelSIMD.h"

bool systile::rt::detail::getAVX2Kernels(KernelSet &set) {
  set.mr = 6;
  set.nr = 16;
  set.f32 = &kernelF32<AVX2, 6, 2>;
  set.i8 = &kernelI8<AVX2, 6, 2>;
  return true;
}

#else

bool systile::rt::detail::getAVX2Kernels(KernelSet &) { return false; }

#endif
