//===- KernelAVX2FMA.cpp - The AVX2 f32 kernel with FMA ------------------===//
//
// Compiled with -mavx2 -mfma and only used after cpuSupports(Isa::AVX2FMA)
// (Cpu.h): the f32 kernel with
// fused multiply-adds, which the driver runs only on operands whose every
// product is exact in f32 (bf16 values in range; see KernelSet), where it
// gives RFC 6's bits. The rest of the AVX2 path (KernelAVX2.cpp) needs no
// FMA.
//
//===----------------------------------------------------------------------===//

#include "MatmulKernels.h"

#if defined(__x86_64__) && defined(__AVX2__) && defined(__FMA__)

#include "KernelAVX2Traits.h"
#include "KernelSIMD.h"

namespace {
struct AVX2FMA : AVX2 {
  /// a * b + c rounded once (only for exact products: see KernelSet).
  static F fma(F a, F b, F c) { return _mm256_fmadd_ps(a, b, c); }
  /// c + a * b[0..8), rounded once, with b read by the instruction.
  static F fmaFromMemory(F a, const float *b, F c) {
    asm("vfmadd231ps %1, %2, %0"
        : "+x"(c)
        : "m"(*reinterpret_cast<const F *>(b)), "x"(a));
    return c;
  }
};
} // namespace

bool systile::rt::detail::getAVX2FMAKernels(KernelSet &set) {
  // The f32 tile of the AVX2 set (3 x 32, B read from memory).
  set.f32ExactProducts =
      &kernelF32<AVX2FMA, 3, 4, /*Fused=*/true, /*BFromMemory=*/true>;
  return true;
}

#else

bool systile::rt::detail::getAVX2FMAKernels(KernelSet &) { return false; }

#endif
