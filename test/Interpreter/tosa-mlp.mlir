// REQUIRES: interp-v2
// The TOSA MLP of test/Pipelines/systile-tosa-pipeline.mlir, lowered by the
// documented TOSA path in one systile-opt run and executed. Every product
// and sum is exact in f32 (small integers and halves), so the values below,
// worked out by hand, hold in any summation order.
//
// RUN: systile-opt %s --systile-tosa-pipeline="sublanes=2 lanes=4 mxu=4" -o %t.mlir
// RUN: %python %S/Inputs/npy_tool.py %t.x.npy f32 2x3 1,2,3,2,-1,1
// RUN: systile-run %t.mlir --input %t.x.npy | FileCheck %s

// x W: row 0 = [1 + 1 - 6, 2 - 2 + 3, 3 + 0 + 3, 4 + 4 + 0] = [-4, 3, 6, 8],
//      row 1 = [2 - 0.5 - 2, 4 + 1 + 1, 6 + 0 + 1, 8 - 2 + 0] = [-0.5, 6, 7, 6];
// + b = [[-3.5, 2.5, 7, 0], [0, 5.5, 8, -2]]; relu clamps the negatives.
// CHECK: result #0: tensor<2x4xf32> = {{\[\[}}0, 2.5, 7, 0], [0, 5.5, 8, 0]]
func.func @main(%x: tensor<2x3xf32>) -> tensor<2x4xf32> {
  %w = "tosa.const"() <{values = dense<[[[1.0, 2.0, 3.0, 4.0], [0.5, -1.0, 0.0, 2.0], [-2.0, 1.0, 1.0, 0.0]]]> : tensor<1x3x4xf32>}> : () -> tensor<1x3x4xf32>
  %b = "tosa.const"() <{values = dense<[[[0.5, -0.5, 1.0, -8.0]]]> : tensor<1x1x4xf32>}> : () -> tensor<1x1x4xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %s3 = tosa.const_shape {values = dense<[1, 2, 3]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %x3 = tosa.reshape %x, %s3 : (tensor<2x3xf32>, !tosa.shape<3>) -> tensor<1x2x3xf32>
  %mm = tosa.matmul %x3, %w, %zp, %zp : (tensor<1x2x3xf32>, tensor<1x3x4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x4xf32>
  %add = tosa.add %mm, %b : (tensor<1x2x4xf32>, tensor<1x1x4xf32>) -> tensor<1x2x4xf32>
  %relu = tosa.clamp %add {min_val = 0.0 : f32, max_val = 3.4028235e+38 : f32} : (tensor<1x2x4xf32>) -> tensor<1x2x4xf32>
  %s2 = tosa.const_shape {values = dense<[2, 4]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %y = tosa.reshape %relu, %s2 : (tensor<1x2x4xf32>, !tosa.shape<2>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}
