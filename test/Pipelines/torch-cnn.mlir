// torch-mlir's form of Conv2d(2, 3, 1) + BatchNorm2d + ReLU +
// AdaptiveAvgPool2d(1) + flatten + Linear(3, 2) (torch_mlir.fx,
// linalg-on-tensors, eval mode; weights as dense_resource): the conv's bias
// a linalg.broadcast init, BatchNorm's parameters [C] expanded to [C, 1, 1]
// and read by (d1, 0, 0), rsqrt(var + eps) computed on [C]. The pipeline
// leaves one pack, one unpack and no linalg op: the bias is a packed row
// broadcast down the rows, the filter a storage-order constant, BatchNorm
// runs tiled, the pooling is a reduce and the flatten a systile.reshape. (examples/cnn checks such models' bits.)
//
// RUN: systile-opt %s --systile-pipeline | FileCheck %s
// RUN: systile-opt %s --systile-pipeline=conv-strategy=taps | FileCheck %s

// CHECK-LABEL: func.func @main
// CHECK-NOT: linalg.
// CHECK: %[[X:.*]] = systile.pack %{{.*}} transpose : tensor<2x2x9xf32> -> !systile.tiled<2x9x2xf32>
// CHECK-NOT: systile.pack
// CHECK: %[[B:.*]] = systile.broadcast %{{.*}} dim = 0 : !systile.tiled<1x3xf32> -> !systile.tiled<18x3xf32>
// CHECK: systile.mxu_matmul %{{.*}}, %{{.*}}, %[[B]] [0, 0] : !systile.tiled<18x2xf32>, !systile.tiled<2x3xf32> -> !systile.tiled<18x3xf32>
// The activation stays channels-on-lanes: BatchNorm's parameters are 1 x C
// rows (the scale computed on its row), and no transpose is left.
// CHECK-NOT: systile.transpose
// CHECK: %[[S:.*]] = systile.elementwise ins(%{{.*}} : !systile.tiled<1x3xf32>) -> !systile.tiled<1x3xf32>
// CHECK: math.rsqrt
// CHECK: systile.elementwise ins(%{{.*}}, %{{.*}}, %[[S]], %{{.*}}, %{{.*}} : !systile.tiled<2x9x3xf32>, !systile.tiled<1x3xf32>, !systile.tiled<1x3xf32>, !systile.tiled<1x3xf32>, !systile.tiled<1x3xf32>)
// CHECK: %[[R:.*]] = systile.reduce <sum> %{{.*}} dim = 1 : !systile.tiled<2x9x3xf32> -> !systile.tiled<2x1x3xf32>
// CHECK: systile.reshape %[[R]] : !systile.tiled<2x1x3xf32> -> !systile.tiled<2x3xf32>
// CHECK: systile.mxu_matmul
// CHECK: systile.unpack
// CHECK-NOT: systile.unpack
// CHECK-NOT: systile.transpose
// CHECK-NOT: linalg.
// CHECK: return

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
#map4 = affine_map<(d0, d1) -> (d1)>
#map5 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @main(%arg0: tensor<2x2x3x3xf32>) -> tensor<2x2xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense_resource<torch_tensor_2_torch.float32> : tensor<2xf32>
    %cst_1 = arith.constant dense_resource<torch_tensor_2_3_torch.float32> : tensor<2x3xf32>
    %cst_2 = arith.constant dense_resource<torch_tensor_3_torch.float32_4> : tensor<3xf32>
    %cst_3 = arith.constant dense_resource<torch_tensor_3_torch.float32_3> : tensor<3xf32>
    %cst_4 = arith.constant 1.000000e-05 : f64
    %cst_5 = arith.constant dense_resource<torch_tensor_3_torch.float32_2> : tensor<3xf32>
    %cst_6 = arith.constant dense_resource<torch_tensor_3_torch.float32_1> : tensor<3xf32>
    %cst_7 = arith.constant dense_resource<torch_tensor_3_2_1_1_torch.float32> : tensor<3x2x1x1xf32>
    %cst_8 = arith.constant dense_resource<torch_tensor_3_torch.float32> : tensor<3xf32>
    %cst_9 = arith.constant 9.000000e+00 : f32
    %0 = tensor.empty() : tensor<2x3x3x3xf32>
    %broadcasted = linalg.broadcast ins(%cst_8 : tensor<3xf32>) outs(%0 : tensor<2x3x3x3xf32>) dimensions = [0, 2, 3] 
    %1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%arg0, %cst_7 : tensor<2x2x3x3xf32>, tensor<3x2x1x1xf32>) outs(%broadcasted : tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
    %2 = tensor.empty() : tensor<3xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_5 : tensor<3xf32>) outs(%2 : tensor<3xf32>) {
    ^bb0(%in: f32, %out: f32):
      %20 = arith.truncf %cst_4 : f64 to f32
      %21 = arith.addf %in, %20 : f32
      linalg.yield %21 : f32
    } -> tensor<3xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%3 : tensor<3xf32>) outs(%2 : tensor<3xf32>) {
    ^bb0(%in: f32, %out: f32):
      %20 = math.rsqrt %in : f32
      linalg.yield %20 : f32
    } -> tensor<3xf32>
    %expanded = tensor.expand_shape %cst_6 [[0, 1, 2]] output_shape [3, 1, 1] : tensor<3xf32> into tensor<3x1x1xf32>
    %expanded_10 = tensor.expand_shape %4 [[0, 1, 2]] output_shape [3, 1, 1] : tensor<3xf32> into tensor<3x1x1xf32>
    %5 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1, %expanded : tensor<2x3x3x3xf32>, tensor<3x1x1xf32>) outs(%0 : tensor<2x3x3x3xf32>) {
    ^bb0(%in: f32, %in_13: f32, %out: f32):
      %20 = arith.subf %in, %in_13 : f32
      linalg.yield %20 : f32
    } -> tensor<2x3x3x3xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%5, %expanded_10 : tensor<2x3x3x3xf32>, tensor<3x1x1xf32>) outs(%0 : tensor<2x3x3x3xf32>) {
    ^bb0(%in: f32, %in_13: f32, %out: f32):
      %20 = arith.mulf %in, %in_13 : f32
      linalg.yield %20 : f32
    } -> tensor<2x3x3x3xf32>
    %expanded_11 = tensor.expand_shape %cst_3 [[0, 1, 2]] output_shape [3, 1, 1] : tensor<3xf32> into tensor<3x1x1xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6, %expanded_11 : tensor<2x3x3x3xf32>, tensor<3x1x1xf32>) outs(%0 : tensor<2x3x3x3xf32>) {
    ^bb0(%in: f32, %in_13: f32, %out: f32):
      %20 = arith.mulf %in, %in_13 : f32
      linalg.yield %20 : f32
    } -> tensor<2x3x3x3xf32>
    %expanded_12 = tensor.expand_shape %cst_2 [[0, 1, 2]] output_shape [3, 1, 1] : tensor<3xf32> into tensor<3x1x1xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7, %expanded_12 : tensor<2x3x3x3xf32>, tensor<3x1x1xf32>) outs(%0 : tensor<2x3x3x3xf32>) {
    ^bb0(%in: f32, %in_13: f32, %out: f32):
      %20 = arith.addf %in, %in_13 : f32
      linalg.yield %20 : f32
    } -> tensor<2x3x3x3xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8 : tensor<2x3x3x3xf32>) outs(%0 : tensor<2x3x3x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      %20 = arith.cmpf ugt, %in, %cst : f32
      %21 = arith.select %20, %in, %cst : f32
      linalg.yield %21 : f32
    } -> tensor<2x3x3x3xf32>
    %10 = tensor.empty() : tensor<2x3x1x1xf32>
    %11 = linalg.fill ins(%cst : f32) outs(%10 : tensor<2x3x1x1xf32>) -> tensor<2x3x1x1xf32>
    %12 = linalg.generic {indexing_maps = [#map1, #map3], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%9 : tensor<2x3x3x3xf32>) outs(%11 : tensor<2x3x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %20 = arith.addf %in, %out : f32
      linalg.yield %20 : f32
    } -> tensor<2x3x1x1xf32>
    %13 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12 : tensor<2x3x1x1xf32>) outs(%10 : tensor<2x3x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %20 = arith.divf %in, %cst_9 : f32
      linalg.yield %20 : f32
    } -> tensor<2x3x1x1xf32>
    %collapsed = tensor.collapse_shape %13 [[0], [1, 2, 3]] : tensor<2x3x1x1xf32> into tensor<2x3xf32>
    %14 = tensor.empty() : tensor<3x2xf32>
    %transposed = linalg.transpose ins(%cst_1 : tensor<2x3xf32>) outs(%14 : tensor<3x2xf32>) permutation = [1, 0] 
    %15 = tensor.empty() : tensor<2x2xf32>
    %16 = linalg.fill ins(%cst : f32) outs(%15 : tensor<2x2xf32>) -> tensor<2x2xf32>
    %17 = linalg.matmul ins(%collapsed, %transposed : tensor<2x3xf32>, tensor<3x2xf32>) outs(%16 : tensor<2x2xf32>) -> tensor<2x2xf32>
    %18 = linalg.generic {indexing_maps = [#map4, #map5], iterator_types = ["parallel", "parallel"]} ins(%cst_0 : tensor<2xf32>) outs(%15 : tensor<2x2xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2xf32>
    %19 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel"]} ins(%17, %18 : tensor<2x2xf32>, tensor<2x2xf32>) outs(%15 : tensor<2x2xf32>) {
    ^bb0(%in: f32, %in_13: f32, %out: f32):
      %20 = arith.addf %in, %in_13 : f32
      linalg.yield %20 : f32
    } -> tensor<2x2xf32>
    return %19 : tensor<2x2xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_2_torch.float32: "0x040000000834AF3C8DB9693E",
      torch_tensor_2_3_torch.float32: "0x04000000D2701C3E9EAB32BEEA6BE8BDBD330DBFD6C5C3BE84B573BE",
      torch_tensor_3_torch.float32_4: "0x04000000000000000000000000000000",
      torch_tensor_3_torch.float32_3: "0x040000000000803F0000803F0000803F",
      torch_tensor_3_torch.float32_2: "0x04000000000080400000803E0000803F",
      torch_tensor_3_torch.float32_1: "0x040000000000003F000080BE0000803F",
      torch_tensor_3_2_1_1_torch.float32: "0x040000002279ADBB9C36C23EB1FC14BF1D3805BFD6708BBEAB2A423E",
      torch_tensor_3_torch.float32: "0x04000000578A65BC40870F3FDE8380BD"
    }
  }
#-}

