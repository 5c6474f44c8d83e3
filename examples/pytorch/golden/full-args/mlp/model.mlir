#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @main(%arg0: tensor<64x784xf32>, %arg1: tensor<512x784xf32>, %arg2: tensor<512xf32>, %arg3: tensor<256x512xf32>, %arg4: tensor<256xf32>, %arg5: tensor<10x256xf32>, %arg6: tensor<10xf32>) -> tensor<64x10xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<784x512xf32>
    %transposed = linalg.transpose ins(%arg1 : tensor<512x784xf32>) outs(%0 : tensor<784x512xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<64x512xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<64x512xf32>) -> tensor<64x512xf32>
    %3 = linalg.matmul ins(%arg0, %transposed : tensor<64x784xf32>, tensor<784x512xf32>) outs(%2 : tensor<64x512xf32>) -> tensor<64x512xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg2 : tensor<512xf32>) outs(%1 : tensor<64x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x512xf32>
    %5 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%3, %4 : tensor<64x512xf32>, tensor<64x512xf32>) outs(%1 : tensor<64x512xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %20 = arith.addf %in, %in_2 : f32
      linalg.yield %20 : f32
    } -> tensor<64x512xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<64x512xf32>) outs(%1 : tensor<64x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      %20 = arith.cmpf ugt, %in, %cst : f32
      %21 = arith.select %20, %in, %cst : f32
      linalg.yield %21 : f32
    } -> tensor<64x512xf32>
    %7 = tensor.empty() : tensor<512x256xf32>
    %transposed_0 = linalg.transpose ins(%arg3 : tensor<256x512xf32>) outs(%7 : tensor<512x256xf32>) permutation = [1, 0] 
    %8 = tensor.empty() : tensor<64x256xf32>
    %9 = linalg.fill ins(%cst : f32) outs(%8 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %10 = linalg.matmul ins(%6, %transposed_0 : tensor<64x512xf32>, tensor<512x256xf32>) outs(%9 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg4 : tensor<256xf32>) outs(%8 : tensor<64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x256xf32>
    %12 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%10, %11 : tensor<64x256xf32>, tensor<64x256xf32>) outs(%8 : tensor<64x256xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %20 = arith.addf %in, %in_2 : f32
      linalg.yield %20 : f32
    } -> tensor<64x256xf32>
    %13 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%12 : tensor<64x256xf32>) outs(%8 : tensor<64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %20 = arith.cmpf ugt, %in, %cst : f32
      %21 = arith.select %20, %in, %cst : f32
      linalg.yield %21 : f32
    } -> tensor<64x256xf32>
    %14 = tensor.empty() : tensor<256x10xf32>
    %transposed_1 = linalg.transpose ins(%arg5 : tensor<10x256xf32>) outs(%14 : tensor<256x10xf32>) permutation = [1, 0] 
    %15 = tensor.empty() : tensor<64x10xf32>
    %16 = linalg.fill ins(%cst : f32) outs(%15 : tensor<64x10xf32>) -> tensor<64x10xf32>
    %17 = linalg.matmul ins(%13, %transposed_1 : tensor<64x256xf32>, tensor<256x10xf32>) outs(%16 : tensor<64x10xf32>) -> tensor<64x10xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg6 : tensor<10xf32>) outs(%15 : tensor<64x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x10xf32>
    %19 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%17, %18 : tensor<64x10xf32>, tensor<64x10xf32>) outs(%15 : tensor<64x10xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %20 = arith.addf %in, %in_2 : f32
      linalg.yield %20 : f32
    } -> tensor<64x10xf32>
    return %19 : tensor<64x10xf32>
  }
}
