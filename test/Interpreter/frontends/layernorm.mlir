// Layer norm over the last dimension in linalg-on-tensors form: mean and
// variance by keep-dim sum reductions divided by N, math.rsqrt(var + eps),
// then scale and shift by broadcast gamma and beta. Within 1e-5 of max
// |ref| of a numpy model.
//
// Also run after systile-pipeline (precision=f32), within 1e-5 of max |ref|.
//
// RUN: rm -rf %t && %python %S/Inputs/frontend.py layernorm --mlir %s --lowered \
// RUN:   --bin-dir %systile_obj_root/bin --work-dir %t | FileCheck %s
// CHECK: ok layernorm: max error
// CHECK: ok layernorm after systile-pipeline: max error
// CHECK: PASS

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0, 0)>
#map2 = affine_map<(d0, d1) -> (d1)>
func.func @main(%x: tensor<6x32xf32>, %gamma: tensor<32xf32>, %beta: tensor<32xf32>) -> tensor<6x32xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %n = arith.constant 3.200000e+01 : f32
  %eps = arith.constant 9.99999974E-6 : f32
  %0 = tensor.empty() : tensor<6x1xf32>
  %1 = linalg.fill ins(%zero : f32) outs(%0 : tensor<6x1xf32>) -> tensor<6x1xf32>
  %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<6x32xf32>) outs(%1 : tensor<6x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %in, %out : f32
    linalg.yield %s : f32
  } -> tensor<6x1xf32>
  %3 = tensor.empty() : tensor<6x32xf32>
  %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %2 : tensor<6x32xf32>, tensor<6x1xf32>) outs(%3 : tensor<6x32xf32>) {
  ^bb0(%in: f32, %sum: f32, %out: f32):
    %mean = arith.divf %sum, %n : f32
    %c = arith.subf %in, %mean : f32
    linalg.yield %c : f32
  } -> tensor<6x32xf32>
  %5 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%4 : tensor<6x32xf32>) outs(%1 : tensor<6x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %sq = arith.mulf %in, %in : f32
    %s = arith.addf %sq, %out : f32
    linalg.yield %s : f32
  } -> tensor<6x1xf32>
  %6 = linalg.generic {indexing_maps = [#map, #map1, #map2, #map2, #map], iterator_types = ["parallel", "parallel"]} ins(%4, %5, %gamma, %beta : tensor<6x32xf32>, tensor<6x1xf32>, tensor<32xf32>, tensor<32xf32>) outs(%3 : tensor<6x32xf32>) {
  ^bb0(%c: f32, %ss: f32, %g: f32, %b: f32, %out: f32):
    %var = arith.divf %ss, %n : f32
    %ve = arith.addf %var, %eps : f32
    %r = math.rsqrt %ve : f32
    %y = arith.mulf %c, %r : f32
    %yg = arith.mulf %y, %g : f32
    %yb = arith.addf %yg, %b : f32
    linalg.yield %yb : f32
  } -> tensor<6x32xf32>
  return %6 : tensor<6x32xf32>
}
