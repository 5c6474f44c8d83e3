//===- KernelAVX512.cpp - AVX-512 micro-kernels ---------------------------===//
//
// Compiled with -mavx512f -mavx512bw (and only used after the matching
// cpuSupports checks of Cpu.h). Register tile 6 x 64: twenty-four zmm
// partial sums, four B vectors, a broadcast and a product among the 32 zmm
// registers (measured faster than 8 x 32 on Zen 5: fewer loads per
// multiply-add). int8 uses vpmaddwd (AVX512BW) on int16 pairs.
//
//===----------------------------------------------------------------------===//

#include "MatmulKernels.h"

#if defined(__x86_64__) && defined(__AVX512F__) && defined(__AVX512BW__)

#include "KernelAVX512Traits.h"
#include "KernelSIMD.h"


bool systile::rt::detail::getAVX512Kernels(KernelSet &set) {
  set.mr = 6;
  set.nr = 64;
  set.f32 = &kernelF32<AVX512, 6, 4>;
  set.f32ExactProducts = &kernelF32<AVX512, 6, 4, /*Fused=*/true>;
  set.i8 = &kernelI8<AVX512, 6, 4>;
  return true;
}

#else

bool systile::rt::detail::getAVX512Kernels(KernelSet &) { return false; }

#endif
