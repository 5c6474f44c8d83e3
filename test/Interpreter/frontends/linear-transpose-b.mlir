// nn.Linear with the weight in its [out, in] layout read through the
// matmul's indexing_maps (transpose_b, as torch-mlir emits it with MLIR
// 22), bias and ReLU fused into one generic (arith.maximumf). Bit-exact
// against a numpy model of upstream's sequential-k order.
//
// Also run after systile-pipeline (precision=f32), within 1e-5 of max |ref|.
//
// RUN: rm -rf %t && %python %S/Inputs/frontend.py linear_tb --mlir %s --lowered \
// RUN:   --bin-dir %systile_obj_root/bin --work-dir %t | FileCheck %s
// CHECK: ok linear_tb: exact
// CHECK: ok linear_tb after systile-pipeline: max error
// CHECK: PASS

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
func.func @main(%x: tensor<8x64xf32>, %w: tensor<96x64xf32>, %b: tensor<96xf32>) -> tensor<8x96xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<8x96xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<8x96xf32>) -> tensor<8x96xf32>
  %2 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>,
                                      affine_map<(d0, d1, d2) -> (d1, d2)>,
                                      affine_map<(d0, d1, d2) -> (d0, d1)>]
       ins(%x, %w : tensor<8x64xf32>, tensor<96x64xf32>) outs(%1 : tensor<8x96xf32>) -> tensor<8x96xf32>
  %3 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%2, %b : tensor<8x96xf32>, tensor<96xf32>) outs(%0 : tensor<8x96xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %4 = arith.addf %in, %in_0 : f32
    %5 = arith.maximumf %4, %cst : f32
    linalg.yield %5 : f32
  } -> tensor<8x96xf32>
  return %3 : tensor<8x96xf32>
}
