//===- ConvWindow.h - The window rule of a convolution ----------*- C++ -*-===//
//
// Where a convolution's (or a pooling's) filter taps read their input, on
// the tiled form the lowering gives activations: an `N x H x W` image of
// `C` channels is one matrix of `N*H*W` rows (row `(n*H + h)*W + w`) and `C`
// columns, channels on the lanes. Output position `(n, oh, ow)` (row
// `(n*OH + oh)*OW + ow`) of tap `(kh, kw)` reads input row
//
//   ih = oh*strideH + kh*dilationH - padTop
//   iw = ow*strideW + kw*dilationW - padLeft
//
// or, when (ih, iw) is outside the image, the padding value (a halo read).
// The rules the runtime kernels (Relayout.h), the compiler's verifiers and
// the utilisation accounting (RFC 8's halo_macs) share. Standard library
// only, header only.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_CONVWINDOW_H
#define SYSTILE_RUNTIME_CONVWINDOW_H

#include <cstdint>
#include <optional>
#include <string>

namespace systile::rt {

struct ConvWindow {
  int64_t batch = 1, height = 1, width = 1;   // N, H, W of the input
  int64_t kernelH = 1, kernelW = 1;           // KH, KW
  int64_t strideH = 1, strideW = 1;
  int64_t dilationH = 1, dilationW = 1;
  int64_t padTop = 0, padLeft = 0, padBottom = 0, padRight = 0;

  /// An empty string when the window is well formed: every size positive
  /// (pads non-negative), at least one output position each way, and no
  /// size product above 2^62; the reason otherwise.
  std::string check() const {
    auto bad = [](int64_t v) { return v < 1 || v > (int64_t(1) << 31); };
    if (bad(batch) || bad(height) || bad(width))
      return "the image sizes must be in [1, 2^31]";
    if (bad(kernelH) || bad(kernelW))
      return "the kernel sizes must be in [1, 2^31]";
    if (bad(strideH) || bad(strideW) || bad(dilationH) || bad(dilationW))
      return "the strides and dilations must be in [1, 2^31]";
    for (int64_t p : {padTop, padLeft, padBottom, padRight})
      if (p < 0 || p > (int64_t(1) << 31))
        return "the padding must be in [0, 2^31]";
    if (extent(height, padTop, padBottom, kernelH, dilationH) < 0 ||
        extent(width, padLeft, padRight, kernelW, dilationW) < 0)
      return "the dilated kernel is larger than the padded image";
    // N*H*W and N*OH*OW rows times KH*KW taps stay far below 2^63.
    if (batch * height > (int64_t(1) << 40) ||
        batch * height * width > (int64_t(1) << 40) ||
        kernelH * kernelW > (int64_t(1) << 20))
      return "the image or the kernel is too large";
    return {};
  }

  /// OH and OW (meaningful when check() is empty).
  int64_t outHeight() const {
    return extent(height, padTop, padBottom, kernelH, dilationH) / strideH + 1;
  }
  int64_t outWidth() const {
    return extent(width, padLeft, padRight, kernelW, dilationW) / strideW + 1;
  }
  int64_t inputRows() const { return batch * height * width; }
  int64_t outputRows() const { return batch * outHeight() * outWidth(); }
  int64_t taps() const { return kernelH * kernelW; }

  /// Where output row `row`'s taps start: its image `n` and the input
  /// position of tap (0, 0), which may lie in the padding.
  struct Origin {
    int64_t n, ih, iw;
  };
  Origin origin(int64_t row) const {
    const int64_t ow = row % outWidth();
    const int64_t t = row / outWidth();
    const int64_t oh = t % outHeight();
    return {t / outHeight(), oh * strideH - padTop, ow * strideW - padLeft};
  }

  /// The input row that the output row of origin `o` reads at tap
  /// `(kh, kw)`, or std::nullopt for a halo read (the padding value): no
  /// division, for the loops that visit a row's taps.
  std::optional<int64_t> sourceRow(const Origin &o, int64_t kh,
                                   int64_t kw) const {
    const int64_t ih = o.ih + kh * dilationH;
    const int64_t iw = o.iw + kw * dilationW;
    if (ih < 0 || ih >= height || iw < 0 || iw >= width)
      return std::nullopt;
    return (o.n * height + ih) * width + iw;
  }

  /// The input row that output row `row` of tap `(kh, kw)` reads, or
  /// std::nullopt for a halo read (the padding value).
  std::optional<int64_t> sourceRow(int64_t row, int64_t kh, int64_t kw) const {
    return sourceRow(origin(row), kh, kw);
  }

  /// The output rows whose tap `(kh, kw)` reads the padding (closed form).
  int64_t haloRows(int64_t kh, int64_t kw) const {
    const int64_t inH = inside(outHeight(), strideH, kh * dilationH - padTop,
                               height);
    const int64_t inW = inside(outWidth(), strideW, kw * dilationW - padLeft,
                               width);
    return batch * (outHeight() * outWidth() - inH * inW);
  }

  /// RFC 8's halo MACs of the lhs columns [k0, k1) of a matmul with
  /// `outCols` output columns whose lhs this window reads from a
  /// `channels`-column input: column k of an im2col matrix (`tap` < 0)
  /// belongs to tap k / channels (taps row-major), every column of a
  /// window to its `tap` (row-major index kh*KW + kw). std::nullopt when
  /// the figure exceeds 2^63-1.
  std::optional<int64_t> haloMacs(int64_t k0, int64_t k1, int64_t channels,
                                  int64_t tap, int64_t outCols) const {
    __int128 sum = 0;
    if (tap >= 0) {
      sum = static_cast<__int128>(haloRows(tap / kernelW, tap % kernelW)) *
            (k1 - k0);
    } else {
      for (int64_t t = k0 / channels; t * channels < k1 && t < taps(); ++t) {
        const int64_t lo = t * channels > k0 ? t * channels : k0;
        const int64_t hi = (t + 1) * channels < k1 ? (t + 1) * channels : k1;
        sum += static_cast<__int128>(haloRows(t / kernelW, t % kernelW)) *
               (hi - lo);
      }
    }
    sum *= outCols;
    if (sum > static_cast<__int128>(INT64_MAX))
      return std::nullopt;
    return static_cast<int64_t>(sum);
  }

  /// Whether every tap reads every input row once in order: a 1x1 window
  /// with unit strides and no padding (the relayout is then free).
  bool isIdentity() const {
    return kernelH == 1 && kernelW == 1 && strideH == 1 && strideW == 1 &&
           padTop == 0 && padLeft == 0 && padBottom == 0 && padRight == 0;
  }

private:
  /// The padded extent minus the dilated kernel's: negative when no
  /// position fits.
  static int64_t extent(int64_t size, int64_t lo, int64_t hi, int64_t k,
                        int64_t d) {
    return size + lo + hi - (k - 1) * d - 1;
  }
  /// How many o in [0, count) have 0 <= o*stride + shift < size.
  static int64_t inside(int64_t count, int64_t stride, int64_t shift,
                        int64_t size) {
    // o >= ceil(-shift / stride) and o <= floor((size - 1 - shift) / stride).
    auto floorDiv = [](int64_t a, int64_t b) {
      return a >= 0 ? a / b : -((-a + b - 1) / b);
    };
    int64_t lo = -floorDiv(shift, stride); // ceil(-shift / stride)
    if (lo < 0)
      lo = 0;
    int64_t hi = floorDiv(size - 1 - shift, stride);
    if (hi > count - 1)
      hi = count - 1;
    return hi < lo ? 0 : hi - lo + 1;
  }
};

} // namespace systile::rt

#endif // SYSTILE_RUNTIME_CONVWINDOW_H
