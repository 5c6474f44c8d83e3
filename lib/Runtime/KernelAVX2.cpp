//===- KernelAVX2.cpp - AVX2 micro-kernels --------------------------------===//
//
// Compiled with -mavx2 (and only used after cpuSupports(Isa::AVX2)).
// f32: register tile 3 x 32, twelve ymm partial sums and one broadcast,
// B read by each multiply from its packed panel (kernelF32's BFromMemory):
// on Zen 1 that ran 12.5 GMAC/s on a 1024x512x2048 matmul against 11.0
// for the 6 x 16 tile with B in registers, which needs twice the
// broadcasts per product. int8: register tile 6 x 16, twelve ymm partial
// sums, two B vectors and one broadcast (the 16 ymm registers), vpmaddwd on
// int16 pairs, accumulating in int32 with wrap-around.
//
//===----------------------------------------------------------------------===//

#include "MatmulKernels.h"

#if defined(__x86_64__) && defined(__AVX2__)

#include "KernelAVX2Traits.h"
#include "KernelSIMD.h"

bool systile::rt::detail::getAVX2Kernels(KernelSet &set) {
  set.mr = 6;
  set.nr = 16;
  set.f32mr = 3;
  set.f32nr = 32;
  set.f32PackedB = true;
  set.f32 = &kernelF32<AVX2, 3, 4, /*Fused=*/false, /*BFromMemory=*/true>;
  set.i8 = &kernelI8<AVX2, 6, 2>;
  return true;
}

#else

bool systile::rt::detail::getAVX2Kernels(KernelSet &) { return false; }

#endif
