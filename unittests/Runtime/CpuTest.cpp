//===- CpuTest.cpp - The instruction sets and their probe -----------------===//
//
// The names, the probe's consistency (an extension implies its base, Auto
// and Portable always run), Auto's resolution and the record of the paths
// the kernel families ran.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Cpu.h"

#include <gtest/gtest.h>

#include <string>

using namespace systile::rt;

namespace {

TEST(Cpu, Names) {
  EXPECT_STREQ(toString(Isa::Auto), "auto");
  EXPECT_STREQ(toString(Isa::Portable), "portable");
  EXPECT_STREQ(toString(Isa::AVX2), "avx2");
  EXPECT_STREQ(toString(Isa::AVX2FMA), "avx2-fma");
  EXPECT_STREQ(toString(Isa::AVX512), "avx512");
  EXPECT_STREQ(toString(Isa::AVX512VNNI), "avx512-vnni");
  EXPECT_STREQ(toString(Isa::AVX512BF16), "avx512-bf16");
  EXPECT_STREQ(toString(static_cast<Isa>(99)), "unknown");
}

TEST(Cpu, ProbeIsConsistent) {
  EXPECT_TRUE(cpuSupports(Isa::Auto));
  EXPECT_TRUE(cpuSupports(Isa::Portable));
  if (cpuSupports(Isa::AVX2FMA))
    EXPECT_TRUE(cpuSupports(Isa::AVX2));
  if (cpuSupports(Isa::AVX512VNNI) || cpuSupports(Isa::AVX512BF16))
    EXPECT_TRUE(cpuSupports(Isa::AVX512));
#if defined(__x86_64__)
  EXPECT_EQ(cpuSupports(Isa::AVX2), bool(__builtin_cpu_supports("avx2")));
  EXPECT_EQ(cpuSupports(Isa::AVX512), __builtin_cpu_supports("avx512f") &&
                                          __builtin_cpu_supports("avx512bw") &&
                                          __builtin_cpu_supports("avx512dq") &&
                                          __builtin_cpu_supports("avx512vl"));
#endif
}

TEST(Cpu, ResolvesAutoToTheWidestSupported) {
  EXPECT_EQ(resolveIsa(Isa::AVX2, {Isa::AVX512}), Isa::AVX2);
  EXPECT_EQ(resolveIsa(Isa::Auto, {}), Isa::Portable);
  Isa best = resolveIsa(Isa::Auto, {Isa::AVX512, Isa::AVX2});
  EXPECT_TRUE(cpuSupports(best));
  if (cpuSupports(Isa::AVX512))
    EXPECT_EQ(best, Isa::AVX512);
  else if (cpuSupports(Isa::AVX2))
    EXPECT_EQ(best, Isa::AVX2);
  else
    EXPECT_EQ(best, Isa::Portable);
}

TEST(Cpu, RecordsTheLastRunPerFamily) {
  recordKernelRun(KernelFamily::MatmulSimulator, Isa::Portable);
  recordKernelRun(KernelFamily::DenseContraction, Isa::AVX2);
  EXPECT_EQ(lastKernelRun(KernelFamily::MatmulSimulator), Isa::Portable);
  EXPECT_EQ(lastKernelRun(KernelFamily::DenseContraction), Isa::AVX2);
}

} // namespace
