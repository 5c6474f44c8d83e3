// What systile-normalize-views leaves alone, without failing: transposes
// on buffers, empty dimensions, dynamic shapes, and views whose strides
// would not fit in 64 bits (more than 2^40 elements).
// RUN: systile-opt %s --systile-normalize-views | FileCheck %s

// CHECK-LABEL: func.func @memref_transpose
// CHECK: linalg.transpose ins(%arg0 : memref<2x3x4xf32>)
// CHECK-LABEL: func.func @empty_dim
// CHECK: linalg.transpose {{.*}} permutation = [1, 2, 0]
// CHECK-NEXT: tensor.collapse_shape
// CHECK-LABEL: func.func @dynamic
// CHECK: %[[T:.*]] = linalg.transpose
// CHECK: linalg.generic {{.*}} ins(%[[T]], %arg1
// CHECK-LABEL: func.func @huge
// CHECK: linalg.transpose {{.*}} permutation = [1, 0, 2]
// CHECK-NEXT: tensor.collapse_shape
func.func @memref_transpose(%a: memref<2x3x4xf32>, %b: memref<3x2x4xf32>) {
  linalg.transpose ins(%a : memref<2x3x4xf32>) outs(%b : memref<3x2x4xf32>) permutation = [1, 0, 2]
  return
}
func.func @empty_dim(%x: tensor<0x3x4xf32>) -> tensor<12x0xf32> {
  %0 = tensor.empty() : tensor<3x4x0xf32>
  %t = linalg.transpose ins(%x : tensor<0x3x4xf32>) outs(%0 : tensor<3x4x0xf32>) permutation = [1, 2, 0]
  %c = tensor.collapse_shape %t [[0, 1], [2]] : tensor<3x4x0xf32> into tensor<12x0xf32>
  return %c : tensor<12x0xf32>
}
func.func @dynamic(%x: tensor<?x3x4xf32>, %b: tensor<4xf32>) -> tensor<3x?x4xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?x3x4xf32>
  %0 = tensor.empty(%d) : tensor<3x?x4xf32>
  %t = linalg.transpose ins(%x : tensor<?x3x4xf32>) outs(%0 : tensor<3x?x4xf32>) permutation = [1, 0, 2]
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%t, %b : tensor<3x?x4xf32>, tensor<4xf32>) outs(%0 : tensor<3x?x4xf32>) {
  ^bb0(%in: f32, %c: f32, %out: f32):
    %s = arith.addf %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<3x?x4xf32>
  return %g : tensor<3x?x4xf32>
}
func.func @huge(%x: tensor<1099511627776x4x2xf32>) -> tensor<4x2199023255552xf32> {
  %0 = tensor.empty() : tensor<4x1099511627776x2xf32>
  %t = linalg.transpose ins(%x : tensor<1099511627776x4x2xf32>) outs(%0 : tensor<4x1099511627776x2xf32>) permutation = [1, 0, 2]
  %c = tensor.collapse_shape %t [[0], [1, 2]] : tensor<4x1099511627776x2xf32> into tensor<4x2199023255552xf32>
  return %c : tensor<4x2199023255552xf32>
}
