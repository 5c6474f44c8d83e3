//===- Conversion.h - Element conversions that keep the tiling --*- C++ -*-===//
//
// f32 <-> bf16 (systile.truncf / systile.extf) and f32 <-> i8 quantization
// (systile.quantize / systile.dequantize) with the numerics of RFC section 6.
// Results keep the operand's shape and geometry; only logical slots are
// converted and the result's padding is zero (PadKind::Zero), whatever the
// operand's padding holds.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_CONVERSION_H
#define SYSTILE_RUNTIME_CONVERSION_H

#include "systile/Runtime/Status.h"
#include "systile/Runtime/TiledMatrix.h"

#include <cstdint>

namespace systile::rt {

/// Quantization parameters. `scale` must be finite and > 0; `zeroPoint` must
/// lie in [-128, 127].
struct QuantParams {
  float scale = 1.0f;
  int32_t zeroPoint = 0;

  Status validate() const;
};

/// q = clamp(roundeven(x / scale) + zeroPoint, -128, 127), the division in
/// f32; NaN -> zeroPoint; +-inf saturate.
int8_t quantizeValue(float x, float scale, int32_t zeroPoint);
/// fl32(float(q - zeroPoint) * scale).
float dequantizeValue(int8_t q, float scale, int32_t zeroPoint);

Expected<TiledMatrix<int8_t>> quantize(const TiledMatrix<float> &x, float scale,
                                       int32_t zeroPoint);
Expected<TiledMatrix<float>> dequantize(const TiledMatrix<int8_t> &q,
                                        float scale, int32_t zeroPoint);

/// f32 -> bf16, round to nearest even; an error if the result's storage
/// cannot be allocated.
Expected<TiledMatrix<bf16>> tryTruncToBF16(const TiledMatrix<float> &x);
/// bf16 -> f32, exact; an error if the result's storage cannot be allocated.
Expected<TiledMatrix<float>> tryExtToF32(const TiledMatrix<bf16> &x);
/// f32 -> f64, exact (torch's variance is computed in f64); an error if the
/// result's storage cannot be allocated.
Expected<TiledMatrix<double>> tryExtToF64(const TiledMatrix<float> &x);

/// As tryTruncToBF16 / tryExtToF32 for callers that cannot handle an error:
/// allocation failure goes to the new-handler like a failed operator new
/// (rt::allocate).
TiledMatrix<bf16> truncToBF16(const TiledMatrix<float> &x);
TiledMatrix<float> extToF32(const TiledMatrix<bf16> &x);

} // namespace systile::rt

#endif // SYSTILE_RUNTIME_CONVERSION_H
