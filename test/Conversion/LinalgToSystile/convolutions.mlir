// RUN: systile-opt %s --split-input-file --convert-linalg-to-systile="sublanes=2 lanes=4 mxu=4" --canonicalize --verify-diagnostics | FileCheck %s --check-prefixes=CHECK,IM2COL
// RUN: systile-opt %s --split-input-file --convert-linalg-to-systile="sublanes=2 lanes=4 mxu=4 conv-strategy=taps" --canonicalize --verify-diagnostics | FileCheck %s --check-prefixes=CHECK,TAPS
// RUN: systile-opt %s --split-input-file --convert-linalg-to-systile="sublanes=2 lanes=4 mxu=4" --mlir-pass-statistics -o /dev/null --verify-diagnostics 2>&1 | FileCheck %s --check-prefix=STATS

// Every convolution form convert-linalg-to-systile lowers, with each
// conv-strategy: the activation packed once as N*H*W x C (channels on the
// lanes; NCHW packed transposed then its rows merged), the output init as
// the accumulator, the filter as K x F matrices (a constant rearranged into
// a storage-order constant), the windows read in the tiled domain.
// Numerics: test/Interpreter/conv.test.

// STATS: 10 convs-lowered
// STATS: 5 convs-left

// CHECK-LABEL: func.func @nhwc_same
// CHECK-NOT: tensor.pad
// CHECK: %[[X:.*]] = systile.pack %{{.*}} : tensor<25x3xf32> -> !systile.tiled<25x3xf32
// CHECK: %[[ACC:.*]] = systile.pack %{{.*}} : tensor<25x4xf32> -> !systile.tiled<25x4xf32
// IM2COL: %[[A:.*]] = systile.im2col %[[X]] image [1, 5, 5] kernel [3, 3] strides [1, 1] dilations [1, 1] padding [1, 1, 1, 1] : {{.*}} -> !systile.tiled<25x27xf32
// IM2COL: %[[W:.*]] = systile.pack %{{.*}} : tensor<27x4xf32>
// IM2COL: %[[R:.*]] = systile.matmul %[[A]], %[[W]], %[[ACC]]
// TAPS: %[[A0:.*]] = systile.window %[[X]] tap [0, 0] image [1, 5, 5] kernel [3, 3] strides [1, 1] dilations [1, 1] padding [1, 1, 1, 1] : {{.*}} -> !systile.tiled<25x3xf32
// TAPS: tensor.extract_slice %{{.*}}[0, 0] [3, 4] [1, 1] : tensor<27x4xf32> to tensor<3x4xf32>
// TAPS: %[[R0:.*]] = systile.matmul %[[A0]], %{{.*}}, %[[ACC]]
// TAPS: %[[A1:.*]] = systile.window %[[X]] tap [0, 1]
// TAPS: tensor.extract_slice %{{.*}}[3, 0] [3, 4] [1, 1]
// TAPS: %[[R1:.*]] = systile.matmul %[[A1]], %{{.*}}, %[[R0]]
// TAPS: systile.window %[[X]] tap [2, 2]
// TAPS: tensor.extract_slice %{{.*}}[24, 0] [3, 4] [1, 1]
// TAPS: %[[R:.*]] = systile.matmul
// CHECK: %[[D:.*]] = systile.unpack %[[R]] : {{.*}} -> tensor<25x4xf32>
// CHECK: tensor.expand_shape %[[D]] {{\[}}[0, 1, 2], [3]] output_shape [1, 5, 5, 4]
// CHECK-NOT: linalg.conv
func.func @nhwc_same(%x: tensor<1x5x5x3xf32>, %w: tensor<3x3x3x4xf32>,
                     %acc: tensor<1x5x5x4xf32>) -> tensor<1x5x5x4xf32> {
  %cst = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cst : f32
  } : tensor<1x5x5x3xf32> to tensor<1x7x7x3xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%p, %w : tensor<1x7x7x3xf32>, tensor<3x3x3x4xf32>) outs(%acc : tensor<1x5x5x4xf32>) -> tensor<1x5x5x4xf32>
  return %r : tensor<1x5x5x4xf32>
}

// -----

// A pad value other than +0 is the window's pad_value; strides and
// dilations carry over.
// CHECK-LABEL: func.func @pad_value_strided
// IM2COL: systile.im2col %{{.*}} image [1, 9, 8] kernel [3, 2] strides [2, 1] dilations [1, 2] padding [2, 0, 1, 3] {pad_value = 5.000000e-01 : f32} : !systile.tiled<72x5xf32, {{.*}}> -> !systile.tiled<45x30xf32
// TAPS-COUNT-6: systile.window %{{.*}} {pad_value = 5.000000e-01 : f32} : !systile.tiled<72x5xf32, {{.*}}> -> !systile.tiled<45x5xf32
func.func @pad_value_strided(%x: tensor<1x9x8x5xf32>, %w: tensor<3x2x5x6xf32>,
                             %acc: tensor<1x5x9x6xf32>) -> tensor<1x5x9x6xf32> {
  %cst = arith.constant 0.5 : f32
  %p = tensor.pad %x low[0, 2, 0, 0] high[0, 1, 3, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cst : f32
  } : tensor<1x9x8x5xf32> to tensor<1x12x11x5xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>}
     ins(%p, %w : tensor<1x12x11x5xf32>, tensor<3x2x5x6xf32>) outs(%acc : tensor<1x5x9x6xf32>) -> tensor<1x5x9x6xf32>
  return %r : tensor<1x5x9x6xf32>
}

// -----

// NCHW: the activation and the init packed transposed ([N, C, H*W] ->
// [N, H*W, C]) and their rows merged; the result split back and
// transposed before its unpack; a filter argument rearranged to (kh, kw,
// c) x f by a linalg.transpose.
// CHECK-LABEL: func.func @nchw
// CHECK: tensor.collapse_shape %{{.*}} {{\[}}[0], [1], [2, 3]] : tensor<2x3x6x6xf32> into tensor<2x3x36xf32>
// CHECK: systile.pack %{{.*}} transpose : tensor<2x3x36xf32> -> !systile.tiled<2x36x3xf32
// CHECK: systile.merge_rows %{{.*}} -> !systile.tiled<72x3xf32
// CHECK: systile.pack %{{.*}} transpose : tensor<2x4x4xf32> -> !systile.tiled<2x4x4xf32
// CHECK: linalg.transpose ins(%{{.*}} : tensor<4x3x3x3xf32>) outs(%{{.*}} : tensor<3x3x3x4xf32>) permutation = [2, 3, 1, 0]
// IM2COL: systile.im2col %{{.*}} image [2, 6, 6] kernel [3, 3] strides [2, 2] dilations [1, 1] padding [0, 0, 0, 0] : !systile.tiled<72x3xf32, {{.*}}> -> !systile.tiled<8x27xf32
// TAPS-COUNT-9: systile.window
// CHECK: systile.split_rows %{{.*}} : !systile.tiled<8x4xf32, {{.*}}> -> !systile.tiled<2x4x4xf32
// CHECK: systile.transpose
// CHECK: systile.unpack %{{.*}} -> tensor<2x4x4xf32>
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0], [1], [2, 3]] output_shape [2, 4, 2, 2]
func.func @nchw(%x: tensor<2x3x6x6xf32>, %w: tensor<4x3x3x3xf32>, %acc: tensor<2x4x2x2xf32>) -> tensor<2x4x2x2xf32> {
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
     ins(%x, %w : tensor<2x3x6x6xf32>, tensor<4x3x3x3xf32>) outs(%acc : tensor<2x4x2x2xf32>) -> tensor<2x4x2x2xf32>
  return %r : tensor<2x4x2x2xf32>
}

// -----

// A constant FHWC filter becomes the (kh, kw, c) x f storage-order
// constant (im2col) or one C x F constant per tap: w[f, kh, kw, c] =
// 8f + 4kh + 2kw + c + 1, so row (kh, kw, c) holds 1 + 4kh + 2kw + c, + 8,
// + 16, and a padding column.
// CHECK-LABEL: func.func @fhwc_constant
// CHECK-NOT: arith.constant
// IM2COL: systile.constant dense<[1.000000e+00, 9.000000e+00, 1.700000e+01, 0.000000e+00, 2.000000e+00, 1.000000e+01, 1.800000e+01, 0.000000e+00, 3.000000e+00, 1.100000e+01, 1.900000e+01, 0.000000e+00, 4.000000e+00, 1.200000e+01, 2.000000e+01, 0.000000e+00, 5.000000e+00, 1.300000e+01, 2.100000e+01, 0.000000e+00, 6.000000e+00, 1.400000e+01, 2.200000e+01, 0.000000e+00, 7.000000e+00, 1.500000e+01, 2.300000e+01, 0.000000e+00, 8.000000e+00, 1.600000e+01, 2.400000e+01, 0.000000e+00]> : tensor<32xf32> -> !systile.tiled<8x3xf32
// TAPS-DAG: systile.constant dense<[1.000000e+00, 9.000000e+00, 1.700000e+01, 0.000000e+00, 2.000000e+00, 1.000000e+01, 1.800000e+01, 0.000000e+00]> : tensor<8xf32> -> !systile.tiled<2x3xf32
// TAPS-DAG: systile.constant dense<[7.000000e+00, 1.500000e+01, 2.300000e+01, 0.000000e+00, 8.000000e+00, 1.600000e+01, 2.400000e+01, 0.000000e+00]> : tensor<8xf32> -> !systile.tiled<2x3xf32
// CHECK-NOT: linalg.transpose
func.func @fhwc_constant(%x: tensor<1x4x4x2xf32>, %acc: tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32> {
  %w = arith.constant dense<[[[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]], [[[9.0, 10.0], [11.0, 12.0]], [[13.0, 14.0], [15.0, 16.0]]], [[[17.0, 18.0], [19.0, 20.0]], [[21.0, 22.0], [23.0, 24.0]]]]> : tensor<3x2x2x2xf32>
  %r = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%x, %w : tensor<1x4x4x2xf32>, tensor<3x2x2x2xf32>) outs(%acc : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  return %r : tensor<1x3x3x3xf32>
}

// -----

// 1-D: H = KH = 1; an NCW activation of one image is packed transposed.
// CHECK-LABEL: func.func @ncw
// CHECK: systile.pack %{{.*}} transpose : tensor<2x8xf32> -> !systile.tiled<8x2xf32
// IM2COL: systile.im2col %{{.*}} image [1, 1, 8] kernel [1, 3] strides [1, 1] dilations [1, 1] padding [0, 0, 0, 0] : !systile.tiled<8x2xf32, {{.*}}> -> !systile.tiled<6x6xf32
// TAPS: systile.window %{{.*}} tap [0, 2] image [1, 1, 8] kernel [1, 3]
// CHECK: systile.transpose %{{.*}} : !systile.tiled<6x3xf32, {{.*}}> -> !systile.tiled<3x6xf32
func.func @ncw(%x: tensor<1x2x8xf32>, %w: tensor<3x2x3xf32>, %acc: tensor<1x3x6xf32>) -> tensor<1x3x6xf32> {
  %r = linalg.conv_1d_ncw_fcw {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
     ins(%x, %w : tensor<1x2x8xf32>, tensor<3x2x3xf32>) outs(%acc : tensor<1x3x6xf32>) -> tensor<1x3x6xf32>
  return %r : tensor<1x3x6xf32>
}

// -----

// CHECK-LABEL: func.func @nwc_i8
// IM2COL: systile.im2col %{{.*}} image [2, 1, 9] kernel [1, 2] strides [1, 3] dilations [1, 2] padding [0, 1, 0, 0] : !systile.tiled<18x3xi8, {{.*}}> -> !systile.tiled<6x6xi8
// CHECK: systile.matmul {{.*}} -> !systile.tiled<6x4xi32
func.func @nwc_i8(%x: tensor<2x9x3xi8>, %w: tensor<2x3x4xi8>, %acc: tensor<2x3x4xi32>) -> tensor<2x3x4xi32> {
  %z = arith.constant 0 : i8
  %p = tensor.pad %x low[0, 1, 0] high[0, 0, 0] {
  ^bb0(%a: index, %b: index, %c: index):
    tensor.yield %z : i8
  } : tensor<2x9x3xi8> to tensor<2x10x3xi8>
  %r = linalg.conv_1d_nwc_wcf {dilations = dense<2> : tensor<1xi64>, strides = dense<3> : tensor<1xi64>}
     ins(%p, %w : tensor<2x10x3xi8>, tensor<2x3x4xi8>) outs(%acc : tensor<2x3x4xi32>) -> tensor<2x3x4xi32>
  return %r : tensor<2x3x4xi32>
}

// -----

// A 1x1 convolution with unit strides: its one tap's window is the
// activation itself (free).
// CHECK-LABEL: func.func @pointwise
// TAPS: systile.window %{{.*}} tap [0, 0] image [2, 3, 3] kernel [1, 1] strides [1, 1] dilations [1, 1] padding [0, 0, 0, 0] : !systile.tiled<18x8xf32, {{.*}}> -> !systile.tiled<18x8xf32
func.func @pointwise(%x: tensor<2x3x3x8xf32>, %w: tensor<1x1x8x5xf32>, %acc: tensor<2x3x3x5xf32>) -> tensor<2x3x3x5xf32> {
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%x, %w : tensor<2x3x3x8xf32>, tensor<1x1x8x5xf32>) outs(%acc : tensor<2x3x3x5xf32>) -> tensor<2x3x3x5xf32>
  return %r : tensor<2x3x3x5xf32>
}

// -----

// A depthwise convolution as torch-mlir writes groups = C (NCHW, the
// [C, 1, KH, KW] weight collapsed to [C, KH, KW]): one group per channel,
// the channels split into a batch of C matrices, ONE batched matmul with a
// KH*KW x 1 filter per channel (im2col), or one per tap with a 1x1 filter.
// CHECK-LABEL: func.func @depthwise_nchw
// CHECK: systile.merge_rows %{{.*}} -> !systile.tiled<50x3xf32
// CHECK: %[[XG:.*]] = systile.split_heads %{{.*}} : !systile.tiled<50x3xf32, {{.*}}> -> !systile.tiled<3x50x1xf32
// CHECK: %[[AG:.*]] = systile.split_heads %{{.*}} : !systile.tiled<50x3xf32, {{.*}}> -> !systile.tiled<3x50x1xf32
// IM2COL: %[[A:.*]] = systile.im2col %[[XG]] image [2, 5, 5] kernel [3, 3] {{.*}} padding [1, 1, 1, 1] : {{.*}} -> !systile.tiled<3x50x9xf32
// IM2COL: %[[R:.*]] = systile.matmul %[[A]], %{{.*}}, %[[AG]]{{.*}}: !systile.tiled<3x50x9xf32, {{.*}}>, !systile.tiled<3x9x1xf32, {{.*}}> -> !systile.tiled<3x50x1xf32
// TAPS-COUNT-9: systile.matmul {{.*}} !systile.tiled<3x1x1xf32
// CHECK-NOT: linalg.depthwise
// CHECK: systile.merge_heads %{{.*}} : !systile.tiled<3x50x1xf32, {{.*}}> -> !systile.tiled<50x3xf32
func.func @depthwise_nchw(%x: tensor<2x3x5x5xf32>, %w: tensor<3x1x3x3xf32>, %acc: tensor<2x3x5x5xf32>) -> tensor<2x3x5x5xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<2x3x5x5xf32> to tensor<2x3x7x7xf32>
  %wc = tensor.collapse_shape %w [[0, 1], [2], [3]] : tensor<3x1x3x3xf32> into tensor<3x3x3xf32>
  %r = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
     ins(%p, %wc : tensor<2x3x7x7xf32>, tensor<3x3x3xf32>) outs(%acc : tensor<2x3x5x5xf32>) -> tensor<2x3x5x5xf32>
  return %r : tensor<2x3x5x5xf32>
}

// -----

// A grouped convolution as torch-mlir writes 1 < groups < C: the padded
// image's channels expanded into (groups, channels), the accumulator's
// into (groups, filters). The image before the expand is packed, so the
// pad folds; a constant filter becomes one storage-order constant of
// [G, KH*KW*C/G, F/G].
// CHECK-LABEL: func.func @grouped_constant
// CHECK-NOT: tensor.pad
// CHECK-DAG: systile.split_heads %{{.*}} -> !systile.tiled<2x8x2xf32
// CHECK-DAG: systile.constant {{.*}} -> !systile.tiled<{{(2x8x3|2x2x3)}}xf32
// IM2COL: systile.im2col %{{.*}} image [2, 2, 2] kernel [2, 2] {{.*}} padding [1, 1, 1, 1] : !systile.tiled<2x8x2xf32, {{.*}}> -> !systile.tiled<2x18x8xf32
// CHECK-NOT: linalg.conv
// CHECK: systile.merge_heads %{{.*}} -> !systile.tiled<18x6xf32
func.func @grouped_constant(%x: tensor<2x4x2x2xf32>, %acc: tensor<2x6x3x3xf32>) -> tensor<2x6x3x3xf32> {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<0.5> : tensor<2x3x2x2x2xf32>
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<2x4x2x2xf32> to tensor<2x4x4x4xf32>
  %xe = tensor.expand_shape %p [[0], [1, 2], [3], [4]] output_shape [2, 2, 2, 4, 4] : tensor<2x4x4x4xf32> into tensor<2x2x2x4x4xf32>
  %acce = tensor.expand_shape %acc [[0], [1, 2], [3], [4]] output_shape [2, 2, 3, 3, 3] : tensor<2x6x3x3xf32> into tensor<2x2x3x3x3xf32>
  %r = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
     ins(%xe, %w : tensor<2x2x2x4x4xf32>, tensor<2x3x2x2x2xf32>) outs(%acce : tensor<2x2x3x3x3xf32>) -> tensor<2x2x3x3x3xf32>
  %c = tensor.collapse_shape %r [[0], [1, 2], [3], [4]] : tensor<2x2x3x3x3xf32> into tensor<2x6x3x3xf32>
  return %c : tensor<2x6x3x3xf32>
}

// -----

// What is left, with a remark.
func.func @dynamic(%x: tensor<?x5x5x3xf32>, %w: tensor<3x3x3x4xf32>, %acc: tensor<?x3x3x4xf32>) -> tensor<?x3x3x4xf32> {
  // expected-remark @below {{linalg.conv_2d_nhwc_hwcf not lowered to systile: dynamic shapes}}
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%x, %w : tensor<?x5x5x3xf32>, tensor<3x3x3x4xf32>) outs(%acc : tensor<?x3x3x4xf32>) -> tensor<?x3x3x4xf32>
  return %r : tensor<?x3x3x4xf32>
}

// -----

func.func @partial_output(%x: tensor<1x6x6x3xf32>, %w: tensor<3x3x3x4xf32>, %acc: tensor<1x3x3x4xf32>) -> tensor<1x3x3x4xf32> {
  // expected-remark @below {{linalg.conv_2d_nhwc_hwcf not lowered to systile: the output image is 3x3, the window gives 4x4 (an output that reads part of the input only)}}
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%x, %w : tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) outs(%acc : tensor<1x3x3x4xf32>) -> tensor<1x3x3x4xf32>
  return %r : tensor<1x3x3x4xf32>
}

// -----

func.func @f16(%x: tensor<1x5x5x3xf16>, %w: tensor<3x3x3x4xf16>, %acc: tensor<1x3x3x4xf32>) -> tensor<1x3x3x4xf32> {
  // expected-remark @below {{linalg.conv_2d_nhwc_hwcf not lowered to systile: element types f16 x f16 -> f32 (systile convolutions take (f32|bf16) x (f32|bf16) -> f32 or i8 x i8 -> i32)}}
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%x, %w : tensor<1x5x5x3xf16>, tensor<3x3x3x4xf16>) outs(%acc : tensor<1x3x3x4xf32>) -> tensor<1x3x3x4xf32>
  return %r : tensor<1x3x3x4xf32>
}

// -----

func.func @mixed(%x: tensor<1x5x5x3xbf16>, %w: tensor<3x3x3x4xf32>, %acc: tensor<1x3x3x4xf32>) -> tensor<1x3x3x4xf32> {
  // expected-remark @below {{linalg.conv_2d_nhwc_hwcf not lowered to systile: input and filter element types differ (bf16, f32)}}
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%x, %w : tensor<1x5x5x3xbf16>, tensor<3x3x3x4xf32>) outs(%acc : tensor<1x3x3x4xf32>) -> tensor<1x3x3x4xf32>
  return %r : tensor<1x3x3x4xf32>
}

// -----

// Max pooling with torch's -inf padding: one window per tap (the pad value
// read for halo reads), each combined into the accumulator by the op's own
// payload (maximumf(out, in)), in row-major tap order; either strategy.
// CHECK-LABEL: func.func @maxpool
// CHECK: %[[X:.*]] = systile.pack %{{.*}} transpose : tensor<2x36xf32> -> !systile.tiled<36x2xf32
// CHECK: %[[ACC:.*]] = systile.pack %{{.*}} transpose : tensor<2x9xf32> -> !systile.tiled<9x2xf32
// CHECK: %[[W0:.*]] = systile.window %[[X]] tap [0, 0] image [1, 6, 6] kernel [3, 3] strides [2, 2] dilations [1, 1] padding [1, 1, 1, 1] {pad_value = 0xFF800000 : f32}
// CHECK: %[[E0:.*]] = systile.elementwise ins(%[[ACC]], %[[W0]] :
// CHECK-NEXT: ^bb0(%[[O:.*]]: f32, %[[I:.*]]: f32):
// CHECK-NEXT: %[[M:.*]] = arith.maximumf %[[O]], %[[I]] : f32
// CHECK-NEXT: systile.yield %[[M]] : f32
// CHECK: %[[W1:.*]] = systile.window %[[X]] tap [0, 1]
// CHECK: systile.elementwise ins(%[[E0]], %[[W1]] :
// CHECK: systile.window %[[X]] tap [2, 2]
// CHECK: systile.transpose %{{.*}} : !systile.tiled<9x2xf32, {{.*}}> -> !systile.tiled<2x9xf32
// CHECK-NOT: linalg.pooling
func.func @maxpool(%x: tensor<1x2x6x6xf32>, %init: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %ninf : f32
  } : tensor<1x2x6x6xf32> to tensor<1x2x8x8xf32>
  %k = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
     ins(%p, %k : tensor<1x2x8x8xf32>, tensor<3x3xf32>) outs(%init : tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  return %r : tensor<1x2x3x3xf32>
}

// -----

// A global pooling over 17x17 = 289 taps is left (one window per tap).
// CHECK-LABEL: func.func @global_pool
// CHECK: linalg.pooling_nhwc_sum
func.func @global_pool(%x: tensor<1x17x17x4xf32>, %init: tensor<1x1x1x4xf32>) -> tensor<1x1x1x4xf32> {
  %k = tensor.empty() : tensor<17x17xf32>
  // expected-remark @below {{linalg.pooling_nhwc_sum not lowered to systile: a pooling window of 289 taps (more than 256: one systile.window each)}}
  %r = linalg.pooling_nhwc_sum {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
     ins(%x, %k : tensor<1x17x17x4xf32>, tensor<17x17xf32>) outs(%init : tensor<1x1x1x4xf32>) -> tensor<1x1x1x4xf32>
  return %r : tensor<1x1x1x4xf32>
}
