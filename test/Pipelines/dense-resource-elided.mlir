// An elided dense_resource blob (`__elided__`, what printing with
// --mlir-elide-resource-strings-if-larger leaves) is not a value: the pack
// of its transpose stays, and nothing crashes.
// RUN: systile-opt %s --systile-pipeline="sublanes=2 lanes=4 mxu=4" | FileCheck %s

// CHECK-LABEL: func.func @elided
// CHECK: systile.pack %{{.*}} transpose
func.func @elided(%x: tensor<2x6xf32>) -> tensor<2x3xf32> {
  %w = arith.constant dense_resource<__elided__> : tensor<3x6xf32>
  %e = tensor.empty() : tensor<6x3xf32>
  %wt = linalg.transpose ins(%w : tensor<3x6xf32>) outs(%e : tensor<6x3xf32>) permutation = [1, 0]
  %z = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<2x3xf32>
  %acc = linalg.fill ins(%z : f32) outs(%o : tensor<2x3xf32>) -> tensor<2x3xf32>
  %mm = linalg.matmul ins(%x, %wt : tensor<2x6xf32>, tensor<6x3xf32>) outs(%acc : tensor<2x3xf32>) -> tensor<2x3xf32>
  return %mm : tensor<2x3xf32>
}
