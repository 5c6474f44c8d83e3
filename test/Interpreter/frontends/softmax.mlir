// Softmax over the last dimension as torch-mlir decomposes aten._softmax:
// a keep-dim max reduction (output map (d0, d1) -> (d0, 0)), subtract,
// math.exp, a keep-dim sum, divide. Within 1e-5 of max |ref| of a numpy
// model (exp differs from numpy's by an ulp at most).
//
// Also run after systile-pipeline (precision=f32), within 1e-5 of max |ref|.
//
// RUN: rm -rf %t && %python %S/Inputs/frontend.py softmax --mlir %s --lowered \
// RUN:   --bin-dir %systile_obj_root/bin --work-dir %t | FileCheck %s
// CHECK: ok softmax: max error
// CHECK: ok softmax after systile-pipeline: max error
// CHECK: PASS

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0, 0)>
func.func @main(%x: tensor<4x50xf32>) -> tensor<4x50xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<4x1xf32>
  %1 = linalg.fill ins(%ninf : f32) outs(%0 : tensor<4x1xf32>) -> tensor<4x1xf32>
  %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x50xf32>) outs(%1 : tensor<4x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %out : f32
    linalg.yield %m : f32
  } -> tensor<4x1xf32>
  %3 = tensor.empty() : tensor<4x50xf32>
  %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %2 : tensor<4x50xf32>, tensor<4x1xf32>) outs(%3 : tensor<4x50xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %d = arith.subf %in, %mx : f32
    %e = math.exp %d : f32
    linalg.yield %e : f32
  } -> tensor<4x50xf32>
  %5 = linalg.fill ins(%zero : f32) outs(%0 : tensor<4x1xf32>) -> tensor<4x1xf32>
  %6 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%4 : tensor<4x50xf32>) outs(%5 : tensor<4x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  } -> tensor<4x1xf32>
  %7 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%4, %6 : tensor<4x50xf32>, tensor<4x1xf32>) outs(%3 : tensor<4x50xf32>) {
  ^bb0(%in: f32, %sum: f32, %out: f32):
    %q = arith.divf %in, %sum : f32
    linalg.yield %q : f32
  } -> tensor<4x50xf32>
  return %7 : tensor<4x50xf32>
}
