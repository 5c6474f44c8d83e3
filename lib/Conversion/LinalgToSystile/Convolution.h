//===- Convolution.h - convolutions as systile matmuls ----------*- C++ -*-===//
//
// The convolution route of convert-linalg-to-systile. A convolution becomes
// matmuls here, inside the conversion, not in a linalg rewrite before it:
// the activation is packed once as an `N*H*W x C` tiled matrix (channels on
// the lanes), the filter taps are read from it by `systile.im2col` or
// `systile.window` in the tiled domain, and the filter becomes `K x F`
// storage-order constants. A grouped or depthwise convolution splits the
// channels into one matrix per group (`systile.split_heads`) and runs the
// same matmuls on the batch of groups: a depthwise convolution is `C`
// contractions with `K = KH*KW`. A linalg-level im2col (upstream's
// ConvertConv2DToImg2Col) would leave a dense gather on every activation,
// which no later pass could move into the tiled domain.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_LIB_CONVERSION_LINALGTOSYSTILE_CONVOLUTION_H
#define SYSTILE_LIB_CONVERSION_LINALGTOSYSTILE_CONVOLUTION_H

#include "Contraction.h"

#include "systile/Conversion/Passes.h"

namespace systile::lowering {

/// Whether `op` is a convolution the pass tries (and remarks on when it
/// cannot lower it): `linalg.conv_2d_nhwc_hwcf`, `conv_2d_nhwc_fhwc`,
/// `conv_2d_nchw_fchw`, `conv_1d_nwc_wcf` and `conv_1d_ncw_fcw`; the
/// grouped `conv_2d_ngchw_gfchw`, `conv_2d_ngchw_fgchw` and
/// `conv_2d_nhwgc_gfhwc`; the depthwise `depthwise_conv_{1d_nwc_wc,
/// 1d_ncw_cw, 1d_nwc_wcm, 2d_nhwc_hwc, 2d_nchw_chw, 2d_nhwc_hwcm}`; and the
/// 1-D and 2-D max, min and sum poolings.
bool isConvolutionCandidate(mlir::Operation *op);

/// Replaces the convolution `op` by systile matmuls of `strategy` and
/// erases it; false, with `why` saying why, when it cannot (then nothing
/// changed).
bool lowerConvolution(mlir::linalg::LinalgOp op,
                      const LoweringOptions &options, ConvStrategy strategy,
                      std::string &why);

} // namespace systile::lowering

#endif // SYSTILE_LIB_CONVERSION_LINALGTOSYSTILE_CONVOLUTION_H
