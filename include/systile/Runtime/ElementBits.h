//===- ElementBits.h - Zero and finite tests on element bits ----*- C++ -*-===//
//
// The one home of the bit-level element tests: RFC 7's zero (+0 or -0 for
// floats, 0 for integers), +0 (all bits clear: what pad = zero promises)
// and finite. They work on the raw bits of f32 and bf16, so the runtime
// (on its values) and the compiler's passes (on the raw data of dense
// attributes) apply the same rule. Header-only, standard library only.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_ELEMENTBITS_H
#define SYSTILE_RUNTIME_ELEMENTBITS_H

#include <cstdint>

namespace systile::rt::bits {

/// Sign, exponent and the start of the mantissa of f32; bf16 is the top
/// half of the same layout.
inline constexpr uint32_t kF32Magnitude = 0x7fffffffu;
inline constexpr uint32_t kF32Inf = 0x7f800000u;

/// The f32 bits a bf16's bits stand for (exact).
constexpr uint32_t widenBF16(uint16_t bits) { return uint32_t(bits) << 16; }

/// +0 or -0 (RFC 7's zero).
constexpr bool isZeroF32(uint32_t bits) { return (bits & kF32Magnitude) == 0; }
constexpr bool isZeroBF16(uint16_t bits) { return isZeroF32(widenBF16(bits)); }
/// Not an infinity or a NaN.
constexpr bool isFiniteF32(uint32_t bits) {
  return (bits & kF32Magnitude) < kF32Inf;
}
constexpr bool isFiniteBF16(uint16_t bits) {
  return isFiniteF32(widenBF16(bits));
}
/// A NaN.
constexpr bool isNaNF32(uint32_t bits) {
  return (bits & kF32Magnitude) > kF32Inf;
}
constexpr bool isNaNBF16(uint16_t bits) { return isNaNF32(widenBF16(bits)); }

} // namespace systile::rt::bits

#endif // SYSTILE_RUNTIME_ELEMENTBITS_H
