// Every systile op executed directly (no pipeline), on 2x4 tiles with
// mxu = 4, with values computed by hand from the op definitions (RFC 6).
//
// RUN: systile-run %s --entry constant | FileCheck %s --check-prefix=CONST
// RUN: systile-run %s --entry quant | FileCheck %s --check-prefix=QUANT
// RUN: systile-run %s --entry reduce | FileCheck %s --check-prefix=REDUCE
// RUN: systile-run %s --entry convert | FileCheck %s --check-prefix=CONVERT
// RUN: systile-run %s --entry matmul --stats | FileCheck %s --check-prefix=MATMUL
// RUN: systile-run %s --entry blocks --stats | FileCheck %s --check-prefix=BLOCKS
// RUN: systile-run %s --entry blocks --stats --fuse-mxu-chains=false | FileCheck %s --check-prefix=BLOCKS
// RUN: systile-run %s --entry partial --stats | FileCheck %s --check-prefix=PARTIAL

#g = #systile.geometry<2x4, mxu = 4>

// Storage order of a 3x5 matrix on 2x4 tiles: tile (0,0), (0,1), (1,0),
// (1,1), each 2x4 row-major. Returning the tiled value prints its logical
// elements.
// CONST: result #0: tensor<3x5xi32> = {{\[\[}}1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12, 13, 14, 15]]
// CONST: result #1: !systile.tiled<3x5xi32, #systile.geometry<2x4, mxu = 4>> = {{\[\[}}1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12, 13, 14, 15]]
func.func @constant() -> (tensor<3x5xi32>, !systile.tiled<3x5xi32, #g>) {
  %c = systile.constant dense<[1, 2, 3, 4, 6, 7, 8, 9, 5, 0, 0, 0, 10, 0, 0, 0,
                               11, 12, 13, 14, 0, 0, 0, 0, 15, 0, 0, 0, 0, 0, 0, 0]>
      : tensor<32xi32> -> !systile.tiled<3x5xi32, #g>
  %d = systile.unpack %c : !systile.tiled<3x5xi32, #g> -> tensor<3x5xi32>
  return %d, %c : tensor<3x5xi32>, !systile.tiled<3x5xi32, #g>
}

// scale 0.5, zero point -3: x / 0.5 = [2, -2.5, 0.5, 200, -200, 1.5],
// roundeven -> [2, -2, 0, 200, -200, 2], + zp -> [-1, -5, -3, 197, -203, -1],
// clamped -> [-1, -5, -3, 127, -128, -1]. Dequantized: (q + 3) * 0.5 =
// [1, -1, 0, 65, -62.5, 1]. The quantized value's type is pad = zero, so
// its padding must be 0, not the zero point (systile-run checks that every
// pad = zero result has zero padding).
// QUANT: result #0: tensor<2x3xi8> = {{\[\[}}-1, -5, -3], [127, -128, -1]]
// QUANT: result #1: tensor<2x3xf32> = {{\[\[}}1, -1, 0], [65, -62.5, 1]]
func.func @quant() -> (tensor<2x3xi8>, tensor<2x3xf32>) {
  %x = arith.constant dense<[[1.0, -1.25, 0.25], [100.0, -100.0, 0.75]]> : tensor<2x3xf32>
  %t = systile.pack %x : tensor<2x3xf32> -> !systile.tiled<2x3xf32, #g>
  %q = systile.quantize %t {scale = 5.000000e-01 : f32, zero_point = -3 : i32}
      : !systile.tiled<2x3xf32, #g> -> !systile.tiled<2x3xi8, #g>
  %d = systile.dequantize %q {scale = 5.000000e-01 : f32, zero_point = -3 : i32}
      : !systile.tiled<2x3xi8, #g> -> !systile.tiled<2x3xf32, #g>
  %qd = systile.unpack %q : !systile.tiled<2x3xi8, #g> -> tensor<2x3xi8>
  %dd = systile.unpack %d : !systile.tiled<2x3xf32, #g> -> tensor<2x3xf32>
  return %qd, %dd : tensor<2x3xi8>, tensor<2x3xf32>
}

// x = [[1, 2, 3], [4, 5, 6]]. Padding is set to 7 first: the reductions
// mask it, so it never shows. sum dim 1 -> [[6], [15]]; max dim 0 ->
// [[4, 5, 6]]; min dim 1 -> [[1], [4]]; i32 sum dim 0 -> [[5, 7, 9]].
// REDUCE: result #0: tensor<2x1xf32> = {{\[\[}}6], [15]]
// REDUCE: result #1: tensor<1x3xf32> = {{\[\[}}4, 5, 6]]
// REDUCE: result #2: tensor<2x1xf32> = {{\[\[}}1], [4]]
// REDUCE: result #3: tensor<1x3xi32> = {{\[\[}}5, 7, 9]]
func.func @reduce() -> (tensor<2x1xf32>, tensor<1x3xf32>, tensor<2x1xf32>, tensor<1x3xi32>) {
  %x = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %t = systile.pack %x : tensor<2x3xf32> -> !systile.tiled<2x3xf32, #g>
  %p = systile.fill_padding %t, 7.000000e+00 : f32
      : !systile.tiled<2x3xf32, #g> -> !systile.tiled<2x3xf32, #g, pad = undef>
  %s = systile.reduce <sum> %p dim = 1
      : !systile.tiled<2x3xf32, #g, pad = undef> -> !systile.tiled<2x1xf32, #g>
  %m = systile.reduce <max> %p dim = 0
      : !systile.tiled<2x3xf32, #g, pad = undef> -> !systile.tiled<1x3xf32, #g>
  %n = systile.reduce <min> %p dim = 1
      : !systile.tiled<2x3xf32, #g, pad = undef> -> !systile.tiled<2x1xf32, #g>
  %xi = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %ti = systile.pack %xi : tensor<2x3xi32> -> !systile.tiled<2x3xi32, #g>
  %pi = systile.fill_padding %ti, -9 : i32
      : !systile.tiled<2x3xi32, #g> -> !systile.tiled<2x3xi32, #g, pad = undef>
  %si = systile.reduce <sum> %pi dim = 0
      : !systile.tiled<2x3xi32, #g, pad = undef> -> !systile.tiled<1x3xi32, #g>
  %sd = systile.unpack %s : !systile.tiled<2x1xf32, #g> -> tensor<2x1xf32>
  %md = systile.unpack %m : !systile.tiled<1x3xf32, #g> -> tensor<1x3xf32>
  %nd = systile.unpack %n : !systile.tiled<2x1xf32, #g> -> tensor<2x1xf32>
  %sid = systile.unpack %si : !systile.tiled<1x3xi32, #g> -> tensor<1x3xi32>
  return %sd, %md, %nd, %sid : tensor<2x1xf32>, tensor<1x3xf32>, tensor<2x1xf32>, tensor<1x3xi32>
}

// truncf rounds to nearest even: 1 + 2^-8 -> 1 (tie, even), 1 + 3 * 2^-8
// -> 1 + 2^-6 = 1.015625, 3 -> 3; extf widens exactly.
// CONVERT: result #0: tensor<1x3xbf16> = {{\[\[}}1, 1.015625, 3]]
// CONVERT: result #1: tensor<1x3xf32> = {{\[\[}}1, 1.015625, 3]]
func.func @convert() -> (tensor<1x3xbf16>, tensor<1x3xf32>) {
  %x = arith.constant dense<[[1.00390625, 1.01171875, 3.0]]> : tensor<1x3xf32>
  %t = systile.pack %x : tensor<1x3xf32> -> !systile.tiled<1x3xf32, #g>
  %h = systile.truncf %t : !systile.tiled<1x3xf32, #g> -> !systile.tiled<1x3xbf16, #g>
  %w = systile.extf %h : !systile.tiled<1x3xbf16, #g> -> !systile.tiled<1x3xf32, #g>
  %hd = systile.unpack %h : !systile.tiled<1x3xbf16, #g> -> tensor<1x3xbf16>
  %wd = systile.unpack %w : !systile.tiled<1x3xf32, #g> -> tensor<1x3xf32>
  return %hd, %wd : tensor<1x3xbf16>, tensor<1x3xf32>
}

// One systile.matmul, precision bf16: a = [[1.00390625, 2]] rounds to
// [[1, 2]]; b = [[3], [4]]; acc 0.5: 0.5 + (3 + 8) = 11.5.
// MATMUL: result #0: tensor<1x1xf32> = {{\[\[}}11.5]]
// MATMUL: utilization: logical_macs=2 issued_macs=32 padding_macs=30 weight_loads=1 skipped_loads=0 utilization=6.2500%
func.func @matmul() -> tensor<1x1xf32> {
  %a = systile.constant dense<[1.00390625, 2.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]>
      : tensor<8xf32> -> !systile.tiled<1x2xf32, #g>
  %bd = arith.constant dense<[[3.0], [4.0]]> : tensor<2x1xf32>
  %b = systile.pack %bd : tensor<2x1xf32> -> !systile.tiled<2x1xf32, #g>
  %cd = arith.constant dense<0.5> : tensor<1x1xf32>
  %c = systile.pack %cd : tensor<1x1xf32> -> !systile.tiled<1x1xf32, #g>
  %d = systile.matmul %a, %b, %c precision = bf16
      : !systile.tiled<1x2xf32, #g>, !systile.tiled<2x1xf32, #g> -> !systile.tiled<1x1xf32, #g>
  %r = systile.unpack %d : !systile.tiled<1x1xf32, #g> -> tensor<1x1xf32>
  return %r : tensor<1x1xf32>
}

// A hand-written mxu_matmul chain: 1x8 @ 8x1, K = 8 is two weight loads.
// The accumulator starts at 2^24 = 16777216 and every product is 1: each
// block's partial sum is 4, so 16777216 + 4 + 4 = 16777224 (adding the ones
// one by one would lose every one of them). Both execution paths (one
// simulateMatmul call for the chain, or one call per op) agree.
// BLOCKS: result #0: tensor<1x1xf32> = {{\[\[}}16777224]]
// BLOCKS: utilization: logical_macs=8 issued_macs=64 padding_macs=56 weight_loads=2 skipped_loads=0 utilization=12.5000%
// BLOCKS-NEXT: total: logical_macs=8 issued_macs=64
func.func @blocks() -> tensor<1x1xf32> {
  %ad = arith.constant dense<1.0> : tensor<1x8xf32>
  %a = systile.pack %ad : tensor<1x8xf32> -> !systile.tiled<1x8xf32, #g>
  %bd = arith.constant dense<1.0> : tensor<8x1xf32>
  %b = systile.pack %bd : tensor<8x1xf32> -> !systile.tiled<8x1xf32, #g>
  %cd = arith.constant dense<16777216.0> : tensor<1x1xf32>
  %c = systile.pack %cd : tensor<1x1xf32> -> !systile.tiled<1x1xf32, #g>
  %0 = systile.mxu_matmul %a, %b, %c [0, 0]
      : !systile.tiled<1x8xf32, #g>, !systile.tiled<8x1xf32, #g> -> !systile.tiled<1x1xf32, #g>
  %1 = systile.mxu_matmul %a, %b, %0 [1, 0]
      : !systile.tiled<1x8xf32, #g>, !systile.tiled<8x1xf32, #g> -> !systile.tiled<1x1xf32, #g>
  %r = systile.unpack %1 : !systile.tiled<1x1xf32, #g> -> tensor<1x1xf32>
  return %r : tensor<1x1xf32>
}

// Only load [1, 0] of the two, and its intermediate value used twice: two
// executed matmuls, whose loads not in the IR count as skipped (as
// systile-report-utilization counts them). 1 + 4 = 5, then 5 + 4 = 9.
// PARTIAL: result #0: tensor<1x1xf32> = {{\[\[}}5]]
// PARTIAL: result #1: tensor<1x1xf32> = {{\[\[}}9]]
// PARTIAL: utilization: logical_macs=4 issued_macs=32 padding_macs=28 weight_loads=1 skipped_loads=1 utilization=12.5000%
// PARTIAL: utilization: logical_macs=4 issued_macs=32 padding_macs=28 weight_loads=1 skipped_loads=1 utilization=12.5000%
// PARTIAL: total: logical_macs=8 issued_macs=64 padding_macs=56 weight_loads=2 skipped_loads=2 utilization=12.5000%
func.func @partial() -> (tensor<1x1xf32>, tensor<1x1xf32>) {
  %ad = arith.constant dense<1.0> : tensor<1x8xf32>
  %a = systile.pack %ad : tensor<1x8xf32> -> !systile.tiled<1x8xf32, #g>
  %bd = arith.constant dense<1.0> : tensor<8x1xf32>
  %b = systile.pack %bd : tensor<8x1xf32> -> !systile.tiled<8x1xf32, #g>
  %cd = arith.constant dense<1.0> : tensor<1x1xf32>
  %c = systile.pack %cd : tensor<1x1xf32> -> !systile.tiled<1x1xf32, #g>
  %0 = systile.mxu_matmul %a, %b, %c [1, 0]
      : !systile.tiled<1x8xf32, #g>, !systile.tiled<8x1xf32, #g> -> !systile.tiled<1x1xf32, #g>
  %1 = systile.mxu_matmul %a, %b, %0 [0, 0]
      : !systile.tiled<1x8xf32, #g>, !systile.tiled<8x1xf32, #g> -> !systile.tiled<1x1xf32, #g>
  %r0 = systile.unpack %0 : !systile.tiled<1x1xf32, #g> -> tensor<1x1xf32>
  %r1 = systile.unpack %1 : !systile.tiled<1x1xf32, #g> -> tensor<1x1xf32>
  return %r0, %r1 : tensor<1x1xf32>, tensor<1x1xf32>
}
