//===- Libm.cpp - glibc's float functions over many lanes -----------------===//
//
// The dispatch of tanhLanes and the check that the vector form is this
// process's tanhf (Libm.h).
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Libm.h"

#include "LibmVector.h"

#include <cmath>
#include <cstring>
#include <vector>

namespace systile::rt::detail {
bool tanhLanesAVX2(const float *x, float *y, int64_t n);
bool tanhLanesAVX512(const float *x, float *y, int64_t n);
} // namespace systile::rt::detail

using namespace systile::rt;

namespace {

/// Shorter arrays go lane by lane (the check's one run costs about 2 ms,
/// which a program of a few tanh calls need not pay).
constexpr int64_t kMinVectorLanes = 16;

void tanhEachLane(const float *x, float *y, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    y[i] = std::tanh(x[i]);
}

float floatFromBits(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

/// The check sample: a sweep of the whole bit range (both signs, NaNs and
/// infinities included) and a few lanes either side of every branch
/// threshold of tanhf and expm1f (as |x| bit patterns).
std::vector<float> checkSample() {
  std::vector<float> sample;
  for (uint64_t bits = 0; bits < (uint64_t(1) << 32); bits += 65521)
    sample.push_back(floatFromBits(static_cast<uint32_t>(bits)));
  // |x| = 2^-55, 1, 22; |2x| = 2^-25, 0.5 ln2, 1.5 ln2; |2x| near k ln2
  // for the k that change branch (2, 23, 56, 57).
  const uint32_t thresholds[] = {0x24000000, 0x3f800000, 0x41b00000,
                                 0x32800000, 0x3e317218, 0x3f051592,
                                 0x3f317218, 0x40ff0000, 0x419b4000,
                                 0x419e0000, 0x7f800000, 0x00000001};
  for (uint32_t t : thresholds)
    for (int d = -64; d <= 64; ++d)
      for (uint32_t sign : {0u, 0x80000000u})
        sample.push_back(floatFromBits((t + uint32_t(d)) | sign));
  // Evenly in (0, 22) by value, where GELU's arguments are.
  for (int i = 1; i < 22 * 1024; ++i)
    for (float s : {1.0f, -1.0f})
      sample.push_back(s * float(i) / 1024.0f);
  return sample;
}

bool vectorMatches(void (*lanes)(const float *, float *, int64_t)) {
  const std::vector<float> x = checkSample();
  std::vector<float> got(x.size());
  lanes(x.data(), got.data(), static_cast<int64_t>(x.size()));
  for (size_t i = 0; i < x.size(); ++i) {
    const float want = std::tanh(x[i]);
    if (std::memcmp(&want, &got[i], sizeof want) != 0)
      return false;
  }
  return true;
}

void portableLanes(const float *x, float *y, int64_t n) {
  tanhVectorLoop<4>(x, y, n);
}

} // namespace

bool systile::rt::tanhVectorMatchesLibm() {
  // The portable form is the same operations as the AVX2 and AVX-512
  // ones; checking it needs no CPU support.
  static const bool matches = vectorMatches(portableLanes);
  return matches;
}

void systile::rt::tanhVectorForm(const float *x, float *y, int64_t n,
                                 Isa isa) {
  if (isa == Isa::AVX512 && cpuSupports(Isa::AVX512) &&
      detail::tanhLanesAVX512(x, y, n))
    return;
  if (isa == Isa::AVX2 && cpuSupports(Isa::AVX2) &&
      detail::tanhLanesAVX2(x, y, n))
    return;
  portableLanes(x, y, n);
}

void systile::rt::tanhLanes(const float *x, float *y, int64_t n, Isa isa) {
  if (n < kMinVectorLanes || !tanhVectorMatchesLibm())
    return tanhEachLane(x, y, n);
  tanhVectorForm(x, y, n, resolveIsa(isa, {Isa::AVX512, Isa::AVX2}));
}
