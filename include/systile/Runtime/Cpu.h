//===- Cpu.h - The instruction sets of the runtime's kernels ---*- C++ -*-===//
//
// The one place that names the instruction sets of the runtime's kernel
// families (the matmul simulator's micro-kernels, the dense contraction,
// the transposes, the element-wise loops), asks the CPU which of them it
// has, and records which path a family actually ran (systile-run --timing
// reports it). Each family is built for some of these sets, one
// translation unit or target attribute each, and picks one at run time
// through cpuSupports; every path gives the same bits (RFC 6), so the
// choice only changes speed. A caller may force a path (tests run every
// path the machine has).
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_CPU_H
#define SYSTILE_RUNTIME_CPU_H

#include <initializer_list>

namespace systile::rt {

/// An instruction set a kernel path is built for. Auto stands for the
/// widest one the family has that this CPU supports. AVX512 is F, BW, DQ
/// and VL (what its translation units are compiled with: every AVX-512
/// CPU since Skylake-SP); AVX2FMA, AVX512VNNI and AVX512BF16 add FMA,
/// VNNI and BF16 to AVX2 / AVX512.
enum class Isa {
  Auto,
  Portable,
  AVX2,
  AVX2FMA,
  AVX512,
  AVX512VNNI,
  AVX512BF16
};

/// "auto", "portable", "avx2", "avx2-fma", "avx512", "avx512-vnni",
/// "avx512-bf16".
const char *toString(Isa isa);

/// Whether this CPU runs code built for `isa` (Auto and Portable always
/// do; outside x86-64 only they do).
bool cpuSupports(Isa isa);

/// `requested` itself unless it is Auto; then the first of `widestFirst`
/// this CPU supports, or Portable.
Isa resolveIsa(Isa requested, std::initializer_list<Isa> widestFirst);

/// The kernel families that record the path they ran.
enum class KernelFamily { MatmulSimulator, DenseContraction };

/// Notes that `family` ran on `isa` (a resolved path). Thread-safe.
void recordKernelRun(KernelFamily family, Isa isa);
/// The path `family` last ran on in this process; Auto if it never ran.
Isa lastKernelRun(KernelFamily family);

} // namespace systile::rt

/// Clones a function per instruction set (AVX-512, AVX2, the baseline),
/// one picked at load time by the dynamic linker: for loops the compiler
/// vectorises, whose bits do not depend on the vector width (no FMA: the
/// runtime builds with -ffp-contract=off). The clones are dispatched by
/// the compiler's own resolver on the avx512f / avx2 CPU bits.
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define SYSTILE_TARGET_CLONES                                                  \
  __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define SYSTILE_TARGET_CLONES
#endif

#endif // SYSTILE_RUNTIME_CPU_H
