#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @main(%arg0: tensor<64x784xbf16>, %arg1: tensor<512x784xbf16>, %arg2: tensor<512xbf16>, %arg3: tensor<256x512xbf16>, %arg4: tensor<256xbf16>, %arg5: tensor<10x256xbf16>, %arg6: tensor<10xbf16>) -> tensor<64x10xbf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0.000000e+00 : bf16
    %0 = tensor.empty() : tensor<784x512xbf16>
    %transposed = linalg.transpose ins(%arg1 : tensor<512x784xbf16>) outs(%0 : tensor<784x512xbf16>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<512xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg2 : tensor<512xbf16>) outs(%1 : tensor<512xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %42 = arith.extf %in : bf16 to f32
      linalg.yield %42 : f32
    } -> tensor<512xf32>
    %3 = tensor.empty() : tensor<64x784xf32>
    %4 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<64x784xbf16>) outs(%3 : tensor<64x784xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %42 = arith.extf %in : bf16 to f32
      linalg.yield %42 : f32
    } -> tensor<64x784xf32>
    %5 = tensor.empty() : tensor<784x512xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<784x512xbf16>) outs(%5 : tensor<784x512xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %42 = arith.extf %in : bf16 to f32
      linalg.yield %42 : f32
    } -> tensor<784x512xf32>
    %7 = tensor.empty() : tensor<64x512xf32>
    %8 = linalg.fill ins(%cst : f32) outs(%7 : tensor<64x512xf32>) -> tensor<64x512xf32>
    %9 = linalg.matmul ins(%4, %6 : tensor<64x784xf32>, tensor<784x512xf32>) outs(%8 : tensor<64x512xf32>) -> tensor<64x512xf32>
    %10 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<512xf32>) outs(%7 : tensor<64x512xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x512xf32>
    %11 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%9, %10 : tensor<64x512xf32>, tensor<64x512xf32>) outs(%7 : tensor<64x512xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %42 = arith.addf %in, %in_3 : f32
      linalg.yield %42 : f32
    } -> tensor<64x512xf32>
    %12 = tensor.empty() : tensor<64x512xbf16>
    %13 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%11 : tensor<64x512xf32>) outs(%12 : tensor<64x512xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %42 = arith.truncf %in : f32 to bf16
      linalg.yield %42 : bf16
    } -> tensor<64x512xbf16>
    %14 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<64x512xbf16>) outs(%12 : tensor<64x512xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %42 = arith.cmpf ugt, %in, %cst_0 : bf16
      %43 = arith.select %42, %in, %cst_0 : bf16
      linalg.yield %43 : bf16
    } -> tensor<64x512xbf16>
    %15 = tensor.empty() : tensor<512x256xbf16>
    %transposed_1 = linalg.transpose ins(%arg3 : tensor<256x512xbf16>) outs(%15 : tensor<512x256xbf16>) permutation = [1, 0] 
    %16 = tensor.empty() : tensor<256xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg4 : tensor<256xbf16>) outs(%16 : tensor<256xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %42 = arith.extf %in : bf16 to f32
      linalg.yield %42 : f32
    } -> tensor<256xf32>
    %18 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%14 : tensor<64x512xbf16>) outs(%7 : tensor<64x512xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %42 = arith.extf %in : bf16 to f32
      linalg.yield %42 : f32
    } -> tensor<64x512xf32>
    %19 = tensor.empty() : tensor<512x256xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed_1 : tensor<512x256xbf16>) outs(%19 : tensor<512x256xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %42 = arith.extf %in : bf16 to f32
      linalg.yield %42 : f32
    } -> tensor<512x256xf32>
    %21 = tensor.empty() : tensor<64x256xf32>
    %22 = linalg.fill ins(%cst : f32) outs(%21 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %23 = linalg.matmul ins(%18, %20 : tensor<64x512xf32>, tensor<512x256xf32>) outs(%22 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %24 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%17 : tensor<256xf32>) outs(%21 : tensor<64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x256xf32>
    %25 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%23, %24 : tensor<64x256xf32>, tensor<64x256xf32>) outs(%21 : tensor<64x256xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %42 = arith.addf %in, %in_3 : f32
      linalg.yield %42 : f32
    } -> tensor<64x256xf32>
    %26 = tensor.empty() : tensor<64x256xbf16>
    %27 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%25 : tensor<64x256xf32>) outs(%26 : tensor<64x256xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %42 = arith.truncf %in : f32 to bf16
      linalg.yield %42 : bf16
    } -> tensor<64x256xbf16>
    %28 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%27 : tensor<64x256xbf16>) outs(%26 : tensor<64x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %42 = arith.cmpf ugt, %in, %cst_0 : bf16
      %43 = arith.select %42, %in, %cst_0 : bf16
      linalg.yield %43 : bf16
    } -> tensor<64x256xbf16>
    %29 = tensor.empty() : tensor<256x10xbf16>
    %transposed_2 = linalg.transpose ins(%arg5 : tensor<10x256xbf16>) outs(%29 : tensor<256x10xbf16>) permutation = [1, 0] 
    %30 = tensor.empty() : tensor<10xf32>
    %31 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg6 : tensor<10xbf16>) outs(%30 : tensor<10xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %42 = arith.extf %in : bf16 to f32
      linalg.yield %42 : f32
    } -> tensor<10xf32>
    %32 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%28 : tensor<64x256xbf16>) outs(%21 : tensor<64x256xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %42 = arith.extf %in : bf16 to f32
      linalg.yield %42 : f32
    } -> tensor<64x256xf32>
    %33 = tensor.empty() : tensor<256x10xf32>
    %34 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed_2 : tensor<256x10xbf16>) outs(%33 : tensor<256x10xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %42 = arith.extf %in : bf16 to f32
      linalg.yield %42 : f32
    } -> tensor<256x10xf32>
    %35 = tensor.empty() : tensor<64x10xf32>
    %36 = linalg.fill ins(%cst : f32) outs(%35 : tensor<64x10xf32>) -> tensor<64x10xf32>
    %37 = linalg.matmul ins(%32, %34 : tensor<64x256xf32>, tensor<256x10xf32>) outs(%36 : tensor<64x10xf32>) -> tensor<64x10xf32>
    %38 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%31 : tensor<10xf32>) outs(%35 : tensor<64x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x10xf32>
    %39 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%37, %38 : tensor<64x10xf32>, tensor<64x10xf32>) outs(%35 : tensor<64x10xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %42 = arith.addf %in, %in_3 : f32
      linalg.yield %42 : f32
    } -> tensor<64x10xf32>
    %40 = tensor.empty() : tensor<64x10xbf16>
    %41 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%39 : tensor<64x10xf32>) outs(%40 : tensor<64x10xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %42 = arith.truncf %in : f32 to bf16
      linalg.yield %42 : bf16
    } -> tensor<64x10xbf16>
    return %41 : tensor<64x10xbf16>
  }
}
