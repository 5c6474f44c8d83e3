// RUN: systile-opt %s --split-input-file --systile-pipeline="sublanes=2 lanes=4 mxu=4" --systile-report-utilization -o /dev/null 2>&1 | FileCheck %s --check-prefix=SMALL-IM2COL
// RUN: systile-opt %s --split-input-file --systile-pipeline="sublanes=2 lanes=4 mxu=4 conv-strategy=taps" --systile-report-utilization -o /dev/null 2>&1 | FileCheck %s --check-prefix=SMALL-TAPS
// RUN: systile-opt %s --split-input-file --systile-pipeline --systile-report-utilization -o /dev/null 2>&1 | FileCheck %s --check-prefix=STEM-IM2COL
// RUN: systile-opt %s --split-input-file --systile-pipeline="conv-strategy=taps" --systile-report-utilization -o /dev/null 2>&1 | FileCheck %s --check-prefix=STEM-TAPS
// RUN: systile-opt %s --split-input-file --systile-pipeline --systile-report-utilization="json=%t.json" -o /dev/null 2>/dev/null
// RUN: %python -c "import json; d = json.load(open('%t.json')); print([m['halo_macs'] for m in d['matmuls']], d['total']['halo_macs'])" | FileCheck %s --check-prefix=JSON

// RFC 8 for convolutions, worked out by hand: M = N*OH*OW rows (padded to
// sublanes), K per strategy, N = F; halo_macs counts the logical MACs of
// taps that read the padding.
//
// A 3x3 SAME convolution of one 5x5 image of 3 channels into 4 filters at
// 2x4/4: M = 25, Mpad = 26. Halo rows per tap: the 4 corner taps 9 (a row
// and a column of outputs: 5 + 5 - 1), the 4 edge taps 5, the centre 0;
// 56 in all.
// im2col: K = 27, 7 loads of 26*16 = 416 issued MACs (2912), logical
// 25*27*4 = 2700, 2700/2912 = 92.7198%, halo 56*3*4 = 672.
// SMALL-IM2COL: utilization: logical_macs=2700 issued_macs=2912 padding_macs=212 weight_loads=7 skipped_loads=0 utilization=92.7198% halo_macs=672
// SMALL-IM2COL: total: logical_macs=2700 issued_macs=2912 padding_macs=212 weight_loads=7 skipped_loads=0 utilization=92.7198% halo_macs=672
// taps: 9 matmuls of K = 3, one load each: 416 issued, 25*3*4 = 300
// logical, 72.1154%; halo 9*3*4 = 108 (corner), 5*3*4 = 60 (edge), 0.
// SMALL-TAPS: utilization: logical_macs=300 issued_macs=416 padding_macs=116 weight_loads=1 skipped_loads=0 utilization=72.1154% halo_macs=108
// SMALL-TAPS: utilization: logical_macs=300 issued_macs=416 padding_macs=116 weight_loads=1 skipped_loads=0 utilization=72.1154% halo_macs=60
// SMALL-TAPS: utilization: {{.*}} halo_macs=108
// SMALL-TAPS: utilization: {{.*}} halo_macs=60
// SMALL-TAPS: utilization: logical_macs=300 issued_macs=416 padding_macs=116 weight_loads=1 skipped_loads=0 utilization=72.1154% halo_macs=0
// SMALL-TAPS: utilization: {{.*}} halo_macs=60
// SMALL-TAPS: utilization: {{.*}} halo_macs=108
// SMALL-TAPS: utilization: {{.*}} halo_macs=60
// SMALL-TAPS: utilization: {{.*}} halo_macs=108
// SMALL-TAPS: total: logical_macs=2700 issued_macs=3744 padding_macs=1044 weight_loads=9 skipped_loads=0 utilization=72.1154% halo_macs=672
func.func @same_3x3(%x: tensor<1x5x5x3xf32>, %w: tensor<3x3x3x4xf32>) -> tensor<1x5x5x4xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x5x5x3xf32> to tensor<1x7x7x3xf32>
  %e = tensor.empty() : tensor<1x5x5x4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x5x5x4xf32>) -> tensor<1x5x5x4xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%p, %w : tensor<1x7x7x3xf32>, tensor<3x3x3x4xf32>) outs(%acc : tensor<1x5x5x4xf32>) -> tensor<1x5x5x4xf32>
  return %r : tensor<1x5x5x4xf32>
}

// -----

// ResNet's stem at the default geometry: a 7x7 stride-2 convolution of one
// 224x224 image of 3 channels into 64 filters, padding 3: OH = OW =
// (224 + 6 - 6 - 1) / 2 + 1 = 112, M = 12544 (whole sublane tiles).
// Valid output rows of tap row kh (ih = 2*oh + kh - 3 in [0, 224)): 110,
// 111, 111, 112, 112, 111, 111 (778 in all), the same for kw; halo rows
// = 49*12544 - 778^2 = 614656 - 605284 = 9372, halo MACs 9372*3*64 =
// 1799424 for either strategy.
// im2col: K = 147, 2 loads (128 + 19 rows) of 12544*128*128 = 205520896
// issued; logical 12544*147*64 = 118013952; 9408/32768 = 28.7109%.
// STEM-IM2COL: utilization: logical_macs=118013952 issued_macs=411041792 padding_macs=293027840 weight_loads=2 skipped_loads=0 utilization=28.7109% halo_macs=1799424
// taps: 49 loads of K = 3: logical 12544*3*64 = 2408448 each,
// 2408448/205520896 = 1.1719%; tap (0, 0) reads 12544 - 110*110 = 444
// halo rows (85248 MACs), tap (3, 3) none.
// STEM-TAPS: utilization: logical_macs=2408448 issued_macs=205520896 padding_macs=203112448 weight_loads=1 skipped_loads=0 utilization=1.1719% halo_macs=85248
// STEM-TAPS: total: logical_macs=118013952 issued_macs=10070523904 padding_macs=9952509952 weight_loads=49 skipped_loads=0 utilization=1.1719% halo_macs=1799424
// JSON: [1799424] 1799424
func.func @stem(%x: tensor<1x3x224x224xf32>, %w: tensor<64x3x7x7xf32>) -> tensor<1x64x112x112xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 3, 3] high[0, 0, 3, 3] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x3x224x224xf32> to tensor<1x3x230x230xf32>
  %e = tensor.empty() : tensor<1x64x112x112xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x64x112x112xf32>) -> tensor<1x64x112x112xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
     ins(%p, %w : tensor<1x3x230x230xf32>, tensor<64x3x7x7xf32>) outs(%acc : tensor<1x64x112x112xf32>) -> tensor<1x64x112x112xf32>
  return %r : tensor<1x64x112x112xf32>
}
