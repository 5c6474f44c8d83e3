//===- Cpu.cpp - The instruction sets the runtime's kernels run on --------===//
//
// See Cpu.h. The probe is __builtin_cpu_supports on x86-64 (the CPU's
// CPUID bits, read once by the compiler runtime); elsewhere only the
// portable kernels exist.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Cpu.h"

#include <atomic>

namespace systile::rt {

namespace {
/// Indexed by Isa.
constexpr const char *kNames[] = {"auto",       "portable", "avx2",
                                  "avx2-fma",   "avx512",   "avx512-vnni",
                                  "avx512-bf16"};
constexpr int kNumIsas = sizeof(kNames) / sizeof(kNames[0]);
static_assert(kNumIsas == static_cast<int>(Isa::AVX512BF16) + 1);

#if defined(__x86_64__)
bool hasAVX512() {
  return __builtin_cpu_supports("avx512f") &&
         __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512dq") &&
         __builtin_cpu_supports("avx512vl");
}
#endif

/// Per family: the last path it ran on, as an Isa value (Auto: none yet).
std::atomic<int> lastRuns[2] = {int(Isa::Auto), int(Isa::Auto)};
} // namespace

const char *toString(Isa isa) {
  int i = static_cast<int>(isa);
  return i >= 0 && i < kNumIsas ? kNames[i] : "unknown";
}

bool cpuSupports(Isa isa) {
#if defined(__x86_64__)
  __builtin_cpu_init();
  switch (isa) {
  case Isa::Auto:
  case Isa::Portable:
    return true;
  case Isa::AVX2:
    return __builtin_cpu_supports("avx2");
  case Isa::AVX2FMA:
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  case Isa::AVX512:
    return hasAVX512();
  case Isa::AVX512VNNI:
    return hasAVX512() && __builtin_cpu_supports("avx512vnni");
  case Isa::AVX512BF16:
    return hasAVX512() && __builtin_cpu_supports("avx512bf16");
  }
  return false;
#else
  return isa == Isa::Auto || isa == Isa::Portable;
#endif
}

Isa resolveIsa(Isa requested, std::initializer_list<Isa> widestFirst) {
  if (requested != Isa::Auto)
    return requested;
  for (Isa isa : widestFirst)
    if (cpuSupports(isa))
      return isa;
  return Isa::Portable;
}

void recordKernelRun(KernelFamily family, Isa isa) {
  lastRuns[static_cast<int>(family)].store(static_cast<int>(isa),
                                           std::memory_order_relaxed);
}

Isa lastKernelRun(KernelFamily family) {
  return static_cast<Isa>(
      lastRuns[static_cast<int>(family)].load(std::memory_order_relaxed));
}

} // namespace systile::rt
