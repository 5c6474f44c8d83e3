//===- BF16.h - The bfloat16 storage type -----------------------*- C++ -*-===//
//
// bf16 as 16 bits of storage with the f32 -> bf16 conversion of RFC section
// 6: round to nearest, ties to even, overflow to +-inf through that rounding,
// NaN stays a quiet NaN with its sign (and its top payload bits), subnormals
// are kept (no flush). The conversion is integer arithmetic only, so it does
// not depend on the target's rounding instructions (AVX512-BF16 flushes
// subnormals) or on the compiler's constant folding.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_BF16_H
#define SYSTILE_RUNTIME_BF16_H

#include "systile/Runtime/ElementBits.h"

#include <cstdint>
#include <cstring>

namespace systile::rt {

class bf16 {
public:
  bf16() = default;

  static bf16 fromBits(uint16_t bits) {
    bf16 v;
    v.bits_ = bits;
    return v;
  }

  /// f32 -> bf16, round to nearest even (RFC 6).
  static bf16 fromFloat(float f) {
    uint32_t u;
    std::memcpy(&u, &f, sizeof(u));
    if (bits::isNaNF32(u)) // NaN: keep sign, force quiet.
      return fromBits(static_cast<uint16_t>((u >> 16) | 0x0040u));
    // Adding 0x7fff plus the lsb of the kept part rounds to nearest even; a
    // carry out of the mantissa bumps the exponent, which turns the largest
    // values into infinity exactly as IEEE rounding does.
    uint32_t lsb = (u >> 16) & 1u;
    return fromBits(static_cast<uint16_t>((u + 0x7fffu + lsb) >> 16));
  }

  /// bf16 -> f32, exact.
  float toFloat() const {
    uint32_t u = static_cast<uint32_t>(bits_) << 16;
    float f;
    std::memcpy(&f, &u, sizeof(f));
    return f;
  }

  uint16_t bits() const { return bits_; }
  bool isNaN() const { return bits::isNaNBF16(bits_); }
  /// +0 or -0.
  bool isZero() const { return bits::isZeroBF16(bits_); }

  /// Bitwise identity (so two NaNs with the same bits compare equal); this
  /// is storage equality, not IEEE comparison.
  friend bool operator==(bf16 a, bf16 b) { return a.bits_ == b.bits_; }
  friend bool operator!=(bf16 a, bf16 b) { return a.bits_ != b.bits_; }

private:
  uint16_t bits_ = 0;
};

static_assert(sizeof(bf16) == 2, "bf16 must be 16 bits of storage");

/// Rounds an f32 to the nearest bf16 and widens it back (exact).
inline float roundToBF16(float f) { return bf16::fromFloat(f).toFloat(); }

/// `v`, or +-0 with its sign when `v` is subnormal: what a TPU's bf16
/// conversion gives (RFC 6 `flush-subnormals`, applied to the rounded
/// result, so an f32 just below 2^-126 that rounds up to it is kept).
inline bf16 flushSubnormal(bf16 v) {
  return (v.bits() & 0x7f80u) == 0 ? bf16::fromBits(v.bits() & 0x8000u) : v;
}

} // namespace systile::rt

#endif // SYSTILE_RUNTIME_BF16_H
