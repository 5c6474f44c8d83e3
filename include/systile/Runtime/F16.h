//===- F16.h - The IEEE half-precision storage type -------------*- C++ -*-===//
//
// f16 as 16 bits of storage. Arithmetic goes through f32, as LLVM legalises
// f16 on x86 (extend, compute in f32, round once); the conversions are the
// compiler's _Float16 ones (F16C or compiler-rt), round to nearest even,
// the same instructions LLVM emits for fpext/fptrunc.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_F16_H
#define SYSTILE_RUNTIME_F16_H

#include <cstdint>
#include <cstring>

namespace systile::rt {

struct f16 {
  uint16_t bits = 0;

  static f16 fromBits(uint16_t bits) {
    f16 r;
    r.bits = bits;
    return r;
  }
  /// f32 -> f16, round to nearest even.
  static f16 fromFloat(float f) { return fromHalf(static_cast<_Float16>(f)); }
  /// f64 -> f16 rounded once (LLVM's fptrunc f64 -> f16 is correctly
  /// rounded: __truncdfhf2 or vcvtsd2sh), not through f32.
  static f16 fromDouble(double d) { return fromHalf(static_cast<_Float16>(d)); }
  /// f16 -> f32, exact.
  float toFloat() const {
    _Float16 h;
    std::memcpy(&h, &bits, sizeof(h));
    return static_cast<float>(h);
  }

private:
  static f16 fromHalf(_Float16 h) {
    f16 r;
    std::memcpy(&r.bits, &h, sizeof(h));
    return r;
  }
};

static_assert(sizeof(f16) == 2, "f16 must be 16 bits of storage");

} // namespace systile::rt

#endif // SYSTILE_RUNTIME_F16_H
