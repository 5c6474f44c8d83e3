// RUN: systile-opt %s --split-input-file --systile-pipeline="sublanes=2 lanes=4 mxu=4" --systile-report-utilization -o /dev/null 2>&1 | FileCheck %s --check-prefix=SMALL-IM2COL
// RUN: systile-opt %s --split-input-file --systile-pipeline="sublanes=2 lanes=4 mxu=4 conv-strategy=taps" --systile-report-utilization -o /dev/null 2>&1 | FileCheck %s --check-prefix=SMALL-TAPS
// RUN: systile-opt %s --split-input-file --systile-pipeline --systile-report-utilization -o /dev/null 2>&1 | FileCheck %s --check-prefix=MOBILE-IM2COL
// RUN: systile-opt %s --split-input-file --systile-pipeline="conv-strategy=taps" --systile-report-utilization -o /dev/null 2>&1 | FileCheck %s --check-prefix=MOBILE-TAPS

// RFC 8 for depthwise and grouped convolutions, worked out by hand: each
// group is one matrix of a batch, with its own weight loads; M = N*OH*OW
// rows per group (padded to sublanes), K = KH*KW*C/G per strategy step,
// N = F/G. A depthwise convolution is C contractions with K = KH*KW and
// N = 1 (times the channel multiplier): the utilisation the MXU really
// gets from it.
//
// A 3x3 SAME depthwise convolution of one 5x5 image of 3 channels at
// 2x4/4: M = 25, Mpad = 26, 3 groups. Halo rows per tap as for any 3x3
// SAME window of a 5x5 image: 9 (corners), 5 (edges), 0 (centre), 56 in
// all.
// im2col: K = 9, ceil(9/4) = 3 loads per group, 9 in all, of 26*4*4 = 416
// issued MACs (3744); logical 3*25*9*1 = 675, 675/3744 = 18.0288%; halo
// 3 groups * 56 rows * 1 channel * 1 filter = 168.
// SMALL-IM2COL: utilization: logical_macs=675 issued_macs=3744 padding_macs=3069 weight_loads=9 skipped_loads=0 utilization=18.0288% halo_macs=168
// taps: 9 matmuls of K = 1, one load per group (3): 1248 issued, 75
// logical, 6.0096%; halo 3*9 = 27 (corner), 3*5 = 15 (edge), 0 (centre).
// SMALL-TAPS: utilization: logical_macs=75 issued_macs=1248 padding_macs=1173 weight_loads=3 skipped_loads=0 utilization=6.0096% halo_macs=27
// SMALL-TAPS: utilization: logical_macs=75 issued_macs=1248 padding_macs=1173 weight_loads=3 skipped_loads=0 utilization=6.0096% halo_macs=15
// SMALL-TAPS: utilization: {{.*}} halo_macs=27
// SMALL-TAPS: utilization: {{.*}} halo_macs=15
// SMALL-TAPS: utilization: {{.*}} halo_macs=0
// SMALL-TAPS: total: logical_macs=675 issued_macs=11232 padding_macs=10557 weight_loads=27 skipped_loads=0 utilization=6.0096% halo_macs=168
func.func @depthwise_same(%x: tensor<1x5x5x3xf32>, %w: tensor<3x3x3xf32>) -> tensor<1x5x5x3xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x5x5x3xf32> to tensor<1x7x7x3xf32>
  %e = tensor.empty() : tensor<1x5x5x3xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x5x5x3xf32>) -> tensor<1x5x5x3xf32>
  %r = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%p, %w : tensor<1x7x7x3xf32>, tensor<3x3x3xf32>) outs(%acc : tensor<1x5x5x3xf32>) -> tensor<1x5x5x3xf32>
  return %r : tensor<1x5x5x3xf32>
}

// -----

// MobileNet's first depthwise layer at the default geometry, as torch-mlir
// writes it (NCHW, the [32, 1, 3, 3] weight collapsed to [32, 3, 3]): a
// 3x3 SAME depthwise convolution of one 112x112 image of 32 channels.
// M = 12544 (whole sublane tiles), 32 groups of K = 9, N = 1.
// im2col: one load per group, 32 of 12544*128*128 = 205520896 issued
// (6576668672); logical 32*12544*9 = 3612672, 0.0549%. Valid rows per tap
// row kh (ih = oh + kh - 1 in [0, 112)): 111, 112, 111 (334), the same
// for kw; halo rows 9*12544 - 334^2 = 1340, halo MACs 32*1340 = 42880.
// MOBILE-IM2COL: utilization: logical_macs=3612672 issued_macs=6576668672 padding_macs=6573056000 weight_loads=32 skipped_loads=0 utilization=0.0549% halo_macs=42880
// taps: 9 matmuls of 32 loads, logical 32*12544 = 401408 each, 0.0061%;
// tap (0, 0) reads 12544 - 111*111 = 223 halo rows per group (7136
// MACs), tap (0, 1) 12544 - 111*112 = 112 (3584).
// MOBILE-TAPS: utilization: logical_macs=401408 issued_macs=6576668672 padding_macs=6576267264 weight_loads=32 skipped_loads=0 utilization=0.0061% halo_macs=7136
// MOBILE-TAPS: utilization: logical_macs=401408 issued_macs=6576668672 padding_macs=6576267264 weight_loads=32 skipped_loads=0 utilization=0.0061% halo_macs=3584
// MOBILE-TAPS: total: logical_macs=3612672 issued_macs=59190018048 padding_macs=59186405376 weight_loads=288 skipped_loads=0 utilization=0.0061% halo_macs=42880
func.func @mobilenet_dw(%x: tensor<1x32x112x112xf32>, %w: tensor<32x1x3x3xf32>) -> tensor<1x32x112x112xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x32x112x112xf32> to tensor<1x32x114x114xf32>
  %e = tensor.empty() : tensor<1x32x112x112xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x32x112x112xf32>) -> tensor<1x32x112x112xf32>
  %wc = tensor.collapse_shape %w [[0, 1], [2], [3]] : tensor<32x1x3x3xf32> into tensor<32x3x3xf32>
  %r = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%p, %wc : tensor<1x32x114x114xf32>, tensor<32x3x3xf32>) outs(%acc : tensor<1x32x112x112xf32>) -> tensor<1x32x112x112xf32>
  return %r : tensor<1x32x112x112xf32>
}

// -----

// A grouped convolution (ResNeXt's 3x3, as torch-mlir writes groups = 2):
// one 4x4 image of 4 channels, 2 groups of 2 channels and 3 filters, no
// padding, at 2x4/4. OH = OW = 2, M = 4 (whole sublane tiles).
// im2col: K = 9*2 = 18, ceil(18/4) = 5 loads per group, 10 in all, of
// 4*4*4 = 64 issued MACs (640); logical 2*4*18*3 = 432, 67.5000%; no halo.
// SMALL-IM2COL: utilization: logical_macs=432 issued_macs=640 padding_macs=208 weight_loads=10 skipped_loads=0 utilization=67.5000% halo_macs=0
// taps: K = 2, one load per group: 128 issued, 2*4*2*3 = 48 logical,
// 37.5000%.
// SMALL-TAPS: utilization: logical_macs=48 issued_macs=128 padding_macs=80 weight_loads=2 skipped_loads=0 utilization=37.5000% halo_macs=0
func.func @grouped(%x: tensor<1x4x4x4xf32>, %w: tensor<2x3x2x3x3xf32>) -> tensor<1x6x2x2xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x6x2x2xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x6x2x2xf32>) -> tensor<1x6x2x2xf32>
  %xe = tensor.expand_shape %x [[0], [1, 2], [3], [4]] output_shape [1, 2, 2, 4, 4] : tensor<1x4x4x4xf32> into tensor<1x2x2x4x4xf32>
  %acce = tensor.expand_shape %acc [[0], [1, 2], [3], [4]] output_shape [1, 2, 3, 2, 2] : tensor<1x6x2x2xf32> into tensor<1x2x3x2x2xf32>
  %r = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%xe, %w : tensor<1x2x2x4x4xf32>, tensor<2x3x2x3x3xf32>) outs(%acce : tensor<1x2x3x2x2xf32>) -> tensor<1x2x3x2x2xf32>
  %c = tensor.collapse_shape %r [[0], [1, 2], [3], [4]] : tensor<1x2x3x2x2xf32> into tensor<1x6x2x2xf32>
  return %c : tensor<1x6x2x2xf32>
}
