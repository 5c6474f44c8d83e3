// The nn.Linear + ReLU layer with a dynamic batch dimension, as torch-mlir
// emits it for a dynamic-shape export: tensor.dim feeds tensor.empty, and
// every linalg op's loop ranges come from the run-time shapes. Run with
// batches of 1, 3 and 17 rows; bit-exact against numpy.
//
// Also run after systile-pipeline (precision=f32), within 1e-5 of max |ref|.
//
// RUN: rm -rf %t && %python %S/Inputs/frontend.py dynamic --mlir %s --lowered \
// RUN:   --bin-dir %systile_obj_root/bin --work-dir %t | FileCheck %s
// CHECK: ok dynamic batch 1: exact
// CHECK: ok dynamic batch 3: exact
// CHECK: ok dynamic batch 17: exact
// CHECK: ok dynamic batch 1 after systile-pipeline: max error
// CHECK: ok dynamic batch 3 after systile-pipeline: max error
// CHECK: ok dynamic batch 17 after systile-pipeline: max error
// CHECK: PASS

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
func.func @main(%x: tensor<?x64xf32>, %w: tensor<96x64xf32>, %b: tensor<96xf32>) -> tensor<?x96xf32> {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.000000e+00 : f32
  %dim = tensor.dim %x, %c0 : tensor<?x64xf32>
  %0 = tensor.empty() : tensor<64x96xf32>
  %wt = linalg.transpose ins(%w : tensor<96x64xf32>) outs(%0 : tensor<64x96xf32>) permutation = [1, 0]
  %1 = tensor.empty(%dim) : tensor<?x96xf32>
  %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<?x96xf32>) -> tensor<?x96xf32>
  %3 = linalg.matmul ins(%x, %wt : tensor<?x64xf32>, tensor<64x96xf32>) outs(%2 : tensor<?x96xf32>) -> tensor<?x96xf32>
  %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%3, %b : tensor<?x96xf32>, tensor<96xf32>) outs(%1 : tensor<?x96xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %5 = arith.addf %in, %in_0 : f32
    %6 = arith.cmpf ugt, %5, %cst : f32
    %7 = arith.select %6, %5, %cst : f32
    linalg.yield %7 : f32
  } -> tensor<?x96xf32>
  return %4 : tensor<?x96xf32>
}
