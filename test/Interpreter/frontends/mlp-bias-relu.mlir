// A two-layer MLP as torch-mlir's linalg-on-tensors backend emits
// nn.Linear + ReLU: the weight [out, in] transposed by linalg.transpose, a
// zero-filled tensor.empty as the matmul's init, the bias added by a
// generic with a broadcast indexing map, ReLU as cmpf ugt + select. Checked
// bit-exactly against a numpy model (upstream's sequential-k matmul),
// before and after systile-pipeline (within 1e-5 of max |ref| there).
//
// RUN: rm -rf %t && %python %S/Inputs/frontend.py mlp --mlir %s --lowered \
// RUN:   --bin-dir %systile_obj_root/bin --work-dir %t | FileCheck %s
// CHECK: ok mlp: exact
// CHECK: ok mlp after systile-pipeline: max error
// CHECK: PASS

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @main(%x: tensor<8x64xf32>, %w1: tensor<96x64xf32>, %b1: tensor<96xf32>,
                  %w2: tensor<32x96xf32>, %b2: tensor<32xf32>) -> tensor<8x32xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<64x96xf32>
    %transposed = linalg.transpose ins(%w1 : tensor<96x64xf32>) outs(%0 : tensor<64x96xf32>) permutation = [1, 0]
    %1 = tensor.empty() : tensor<8x96xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<8x96xf32>) -> tensor<8x96xf32>
    %3 = linalg.matmul ins(%x, %transposed : tensor<8x64xf32>, tensor<64x96xf32>) outs(%2 : tensor<8x96xf32>) -> tensor<8x96xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%3, %b1 : tensor<8x96xf32>, tensor<96xf32>) outs(%1 : tensor<8x96xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %12 = arith.addf %in, %in_0 : f32
      linalg.yield %12 : f32
    } -> tensor<8x96xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<8x96xf32>) outs(%1 : tensor<8x96xf32>) {
    ^bb0(%in: f32, %out: f32):
      %12 = arith.cmpf ugt, %in, %cst : f32
      %13 = arith.select %12, %in, %cst : f32
      linalg.yield %13 : f32
    } -> tensor<8x96xf32>
    %6 = tensor.empty() : tensor<96x32xf32>
    %transposed_1 = linalg.transpose ins(%w2 : tensor<32x96xf32>) outs(%6 : tensor<96x32xf32>) permutation = [1, 0]
    %7 = tensor.empty() : tensor<8x32xf32>
    %8 = linalg.fill ins(%cst : f32) outs(%7 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %9 = linalg.matmul ins(%5, %transposed_1 : tensor<8x96xf32>, tensor<96x32xf32>) outs(%8 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%9, %b2 : tensor<8x32xf32>, tensor<32xf32>) outs(%7 : tensor<8x32xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %12 = arith.addf %in, %in_0 : f32
      linalg.yield %12 : f32
    } -> tensor<8x32xf32>
    return %10 : tensor<8x32xf32>
  }
}
