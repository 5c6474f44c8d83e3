//===- Conversion.cpp - bf16 and int8 conversions of tiled matrices -------===//
//
// RFC 6 conversions applied to the logical slots of a tiled matrix. Rounding
// is spelled out (no std::nearbyint), so it does not depend on the
// floating-point environment's rounding mode.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/Conversion.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace systile::rt {

Status QuantParams::validate() const {
  if (!std::isfinite(scale) || !(scale > 0.0f))
    return Status::error("quantization scale " + std::to_string(scale) +
                         " is invalid: it must be finite and > 0");
  if (zeroPoint < -128 || zeroPoint > 127)
    return Status::error("quantization zero point " +
                         std::to_string(zeroPoint) +
                         " is invalid: it must lie in [-128, 127]");
  return Status::success();
}

/// Round half to even for a finite float, independent of the FP environment.
static float roundEven(float d) {
  float t = std::trunc(d);
  float diff = d - t; // Exact: t and d share the exponent range.
  float mag = std::fabs(diff);
  if (mag > 0.5f || (mag == 0.5f && std::fmod(t, 2.0f) != 0.0f))
    t += d < 0.0f ? -1.0f : 1.0f;
  return t;
}

int8_t quantizeValue(float x, float scale, int32_t zeroPoint) {
  if (std::isnan(x))
    return static_cast<int8_t>(zeroPoint);
  float d = x / scale; // In f32, as the RFC requires.
  double v;
  if (std::isinf(d))
    v = d > 0.0f ? 1e300 : -1e300;
  else
    v = static_cast<double>(roundEven(d)) + zeroPoint; // Exact in double.
  if (v < -128.0)
    v = -128.0;
  if (v > 127.0)
    v = 127.0;
  return static_cast<int8_t>(v);
}

float dequantizeValue(int8_t q, float scale, int32_t zeroPoint) {
  return static_cast<float>(static_cast<int32_t>(q) - zeroPoint) * scale;
}

/// Builds a zero-padded result of `x`'s layout with out = f(in) on the
/// logical slots.
template <typename Out, typename In, typename F>
static Expected<TiledMatrix<Out>> mapLogical(const TiledMatrix<In> &x, F f) {
  const Layout &lay = x.layout();
  Expected<TiledMatrix<Out>> zeros =
      TiledMatrix<Out>::zeros(lay.logicalShape(), lay.geometry());
  if (!zeros)
    return zeros;
  TiledMatrix<Out> out = zeros.take();
  const int64_t s = lay.geometry().sublanes, l = lay.geometry().lanes;
  const int64_t rows = lay.logicalShape().rows, cols = lay.logicalShape().cols;
  const In *src = x.data();
  Out *dst = out.data();
  for (int64_t tr = 0; tr < lay.tileRows(); ++tr) {
    const int64_t rowsHere = std::min(s, rows - tr * s);
    for (int64_t tc = 0; tc < lay.tileCols(); ++tc) {
      const int64_t n = std::min(l, cols - tc * l);
      const int64_t base = (tr * lay.tileCols() + tc) * s * l;
      for (int64_t sr = 0; sr < rowsHere; ++sr)
        for (int64_t c = 0; c < n; ++c)
          dst[base + sr * l + c] = f(src[base + sr * l + c]);
    }
  }
  return out;
}

Expected<TiledMatrix<int8_t>> quantize(const TiledMatrix<float> &x, float scale,
                                       int32_t zeroPoint) {
  if (Status s = QuantParams{scale, zeroPoint}.validate(); !s)
    return Error("quantize: " + s.message());
  return mapLogical<int8_t>(
      x, [&](float v) { return quantizeValue(v, scale, zeroPoint); });
}

Expected<TiledMatrix<float>> dequantize(const TiledMatrix<int8_t> &q,
                                        float scale, int32_t zeroPoint) {
  if (Status s = QuantParams{scale, zeroPoint}.validate(); !s)
    return Error("dequantize: " + s.message());
  return mapLogical<float>(
      q, [&](int8_t v) { return dequantizeValue(v, scale, zeroPoint); });
}

Expected<TiledMatrix<bf16>> tryTruncToBF16(const TiledMatrix<float> &x) {
  return mapLogical<bf16>(x, [](float v) { return bf16::fromFloat(v); });
}

Expected<TiledMatrix<float>> tryExtToF32(const TiledMatrix<bf16> &x) {
  return mapLogical<float>(x, [](bf16 v) { return v.toFloat(); });
}

Expected<TiledMatrix<double>> tryExtToF64(const TiledMatrix<float> &x) {
  return mapLogical<double>(x, [](float v) { return static_cast<double>(v); });
}

/// The result of a conversion whose signature cannot fail: an allocation
/// failure is retried through the new-handler (rt::allocate), and only the
/// storage can fail, so the retry cannot loop on any other error.
template <typename T, typename Try>
static TiledMatrix<T> orNewHandler(Try tryConvert, size_t storageElements) {
  while (true) {
    Expected<TiledMatrix<T>> r = tryConvert();
    if (r)
      return r.take();
    // Let rt::allocate report (or recover) exactly like operator new.
    deallocate(allocate(storageElements, sizeof(T), "tiled storage"));
  }
}

TiledMatrix<bf16> truncToBF16(const TiledMatrix<float> &x) {
  return orNewHandler<bf16>([&] { return tryTruncToBF16(x); },
                            static_cast<size_t>(x.size()));
}

TiledMatrix<float> extToF32(const TiledMatrix<bf16> &x) {
  return orNewHandler<float>([&] { return tryExtToF32(x); },
                             static_cast<size_t>(x.size()));
}

} // namespace systile::rt
