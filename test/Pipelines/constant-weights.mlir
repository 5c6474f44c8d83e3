// RUN: systile-opt %s --systile-pipeline="sublanes=2 lanes=4 mxu=4" | FileCheck %s

// A constant [N, K] weight, read transposed (by the matmul's maps or by a
// linalg.transpose), ends as one systile.constant in the storage order of
// its K x N transpose: nothing is transposed at run time. The 3x2 weight
// [[1, 2], [3, 4], [5, 6]] is the transpose of [[1, 3, 5], [2, 4, 6]];
// on 2x4 tiles that is one tile, row 0 = 1 3 5 0, row 1 = 2 4 6 0.

// CHECK-LABEL: func.func @maps
// CHECK-SAME: (%[[X:.*]]: tensor<4x2xf32>
// CHECK-NOT: arith.constant
// CHECK: %[[W:.*]] = systile.constant dense<[1.000000e+00, 3.000000e+00, 5.000000e+00, 0.000000e+00, 2.000000e+00, 4.000000e+00, 6.000000e+00, 0.000000e+00]> : tensor<8xf32> -> !systile.tiled<2x3xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK-NOT: transpose
// CHECK: systile.mxu_matmul %{{.*}}, %[[W]], %{{.*}} [0, 0]
// CHECK-NOT: transpose
// CHECK: return
func.func @maps(%x: tensor<4x2xf32>, %c: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %w = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %d = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%x, %w : tensor<4x2xf32>, tensor<3x2xf32>) outs(%c : tensor<4x3xf32>) -> tensor<4x3xf32>
  return %d : tensor<4x3xf32>
}

// CHECK-LABEL: func.func @transpose_op
// CHECK-NOT: arith.constant
// CHECK-NOT: linalg.transpose
// CHECK: %[[W:.*]] = systile.constant dense<[1.000000e+00, 3.000000e+00, 5.000000e+00, 0.000000e+00, 2.000000e+00, 4.000000e+00, 6.000000e+00, 0.000000e+00]> : tensor<8xf32> -> !systile.tiled<2x3xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK-NOT: transpose
// CHECK: systile.mxu_matmul %{{.*}}, %[[W]], %{{.*}} [0, 0]
// CHECK-NOT: transpose
// CHECK: return
func.func @transpose_op(%x: tensor<4x2xf32>, %c: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %w = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %t = linalg.transpose ins(%w : tensor<3x2xf32>) outs(%e : tensor<2x3xf32>) permutation = [1, 0]
  %d = linalg.matmul ins(%x, %t : tensor<4x2xf32>, tensor<2x3xf32>) outs(%c : tensor<4x3xf32>) -> tensor<4x3xf32>
  return %d : tensor<4x3xf32>
}
