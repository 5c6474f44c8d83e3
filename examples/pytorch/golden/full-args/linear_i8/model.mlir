#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @main(%arg0: tensor<64x256xi8>, %arg1: tensor<128x256xi8>, %arg2: tensor<128xf32>) -> (tensor<64x128xf32>, tensor<64x128xi32>) {
    %c0_i32 = arith.constant 0 : i32
    %cst = arith.constant 0.0017099528800784134 : f64
    %0 = tensor.empty() : tensor<256x128xi8>
    %transposed = linalg.transpose ins(%arg1 : tensor<128x256xi8>) outs(%0 : tensor<256x128xi8>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<64x128xi32>
    %2 = linalg.fill ins(%c0_i32 : i32) outs(%1 : tensor<64x128xi32>) -> tensor<64x128xi32>
    %3 = linalg.matmul ins(%arg0, %transposed : tensor<64x256xi8>, tensor<256x128xi8>) outs(%2 : tensor<64x128xi32>) -> tensor<64x128xi32>
    %4 = tensor.empty() : tensor<64x128xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<64x128xi32>) outs(%4 : tensor<64x128xf32>) {
    ^bb0(%in: i32, %out: f32):
      %8 = arith.sitofp %in : i32 to f32
      linalg.yield %8 : f32
    } -> tensor<64x128xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<64x128xf32>) outs(%4 : tensor<64x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = arith.truncf %cst : f64 to f32
      %9 = arith.mulf %in, %8 : f32
      linalg.yield %9 : f32
    } -> tensor<64x128xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%6, %arg2 : tensor<64x128xf32>, tensor<128xf32>) outs(%4 : tensor<64x128xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %8 = arith.addf %in, %in_0 : f32
      linalg.yield %8 : f32
    } -> tensor<64x128xf32>
    return %7, %3 : tensor<64x128xf32>, tensor<64x128xi32>
  }
}
