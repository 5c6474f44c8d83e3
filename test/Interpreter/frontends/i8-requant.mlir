// An int8 fully-connected layer as quantized frontends lower it: an
// asymmetric i8 input (zero point -5) times a symmetric i8 weight by
// linalg.quantized_matmul into i32, an i32 bias, then a requantize
// generic (scale, round half to even, output zero point 3, clamp to i8).
// Exact against numpy.
//
// Also run after systile-pipeline (precision=f32), within 1e-5 of max |ref|.
//
// RUN: rm -rf %t && %python %S/Inputs/frontend.py i8 --mlir %s --lowered \
// RUN:   --bin-dir %systile_obj_root/bin --work-dir %t | FileCheck %s
// CHECK: ok i8 requantized layer: exact
// CHECK: ok i8 requantized layer after systile-pipeline: max error
// CHECK: PASS

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
func.func @main(%x: tensor<8x64xi8>, %w: tensor<64x32xi8>, %b: tensor<32xi32>) -> tensor<8x32xi8> {
  %c0_i32 = arith.constant 0 : i32
  %zx = arith.constant -5 : i32
  %scale = arith.constant 0.00390625 : f32
  %zo = arith.constant 3.000000e+00 : f32
  %lo = arith.constant -1.280000e+02 : f32
  %hi = arith.constant 1.270000e+02 : f32
  %0 = tensor.empty() : tensor<8x32xi32>
  %1 = linalg.fill ins(%c0_i32 : i32) outs(%0 : tensor<8x32xi32>) -> tensor<8x32xi32>
  %2 = linalg.quantized_matmul ins(%x, %w, %zx, %c0_i32 : tensor<8x64xi8>, tensor<64x32xi8>, i32, i32) outs(%1 : tensor<8x32xi32>) -> tensor<8x32xi32>
  %3 = tensor.empty() : tensor<8x32xi8>
  %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%2, %b : tensor<8x32xi32>, tensor<32xi32>) outs(%3 : tensor<8x32xi8>) {
  ^bb0(%acc: i32, %bias: i32, %out: i8):
    %5 = arith.addi %acc, %bias : i32
    %6 = arith.sitofp %5 : i32 to f32
    %7 = arith.mulf %6, %scale : f32
    %8 = math.roundeven %7 : f32
    %9 = arith.addf %8, %zo : f32
    %10 = arith.maximumf %9, %lo : f32
    %11 = arith.minimumf %10, %hi : f32
    %12 = arith.fptosi %11 : f32 to i8
    linalg.yield %12 : i8
  } -> tensor<8x32xi8>
  return %4 : tensor<8x32xi8>
}
