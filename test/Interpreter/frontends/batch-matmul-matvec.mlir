// Attention scores by linalg.batch_matmul (q x k^T with k already
// transposed) scaled by a generic, and a matrix-vector layer by
// linalg.matvec plus a bias; bit-exact against numpy models of upstream's
// sequential-k order.
//
// Also run after systile-pipeline (precision=f32), within 1e-5 of max |ref|.
//
// RUN: rm -rf %t && %python %S/Inputs/frontend.py bmm_matvec --mlir %s --lowered \
// RUN:   --bin-dir %systile_obj_root/bin --work-dir %t | FileCheck %s
// CHECK: ok batch_matmul scores: exact
// CHECK: ok matvec layer: exact
// CHECK: ok batch_matmul scores after systile-pipeline: max error
// CHECK: ok matvec layer after systile-pipeline: max error
// CHECK: PASS

#map3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0) -> (d0)>
func.func @main(%q: tensor<2x5x16xf32>, %k: tensor<2x16x7xf32>, %a: tensor<32x48xf32>,
                %v: tensor<48xf32>, %bias: tensor<32xf32>) -> (tensor<2x5x7xf32>, tensor<32xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  %s = arith.constant 2.500000e-01 : f32
  %0 = tensor.empty() : tensor<2x5x7xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x5x7xf32>) -> tensor<2x5x7xf32>
  %2 = linalg.batch_matmul ins(%q, %k : tensor<2x5x16xf32>, tensor<2x16x7xf32>) outs(%1 : tensor<2x5x7xf32>) -> tensor<2x5x7xf32>
  %3 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%2 : tensor<2x5x7xf32>) outs(%0 : tensor<2x5x7xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %s : f32
    linalg.yield %m : f32
  } -> tensor<2x5x7xf32>
  %4 = tensor.empty() : tensor<32xf32>
  %5 = linalg.fill ins(%cst : f32) outs(%4 : tensor<32xf32>) -> tensor<32xf32>
  %6 = linalg.matvec ins(%a, %v : tensor<32x48xf32>, tensor<48xf32>) outs(%5 : tensor<32xf32>) -> tensor<32xf32>
  %7 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel"]} ins(%6, %bias : tensor<32xf32>, tensor<32xf32>) outs(%4 : tensor<32xf32>) {
  ^bb0(%in: f32, %b: f32, %out: f32):
    %m = arith.addf %in, %b : f32
    linalg.yield %m : f32
  } -> tensor<32xf32>
  return %3, %7 : tensor<2x5x7xf32>, tensor<32xf32>
}
