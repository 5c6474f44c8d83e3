// RUN: systile-opt %s --systile-tosa-pipeline="sublanes=2 lanes=4 mxu=4" | FileCheck %s

// A TOSA MLP layer as a frontend writes it (MLIR 22 TOSA: zero points as
// operands, tosa.const_shape for tosa.reshape): y = relu(x W + b), the 2-D
// input reshaped to the 1 x M x K tosa.matmul wants and back. One
// systile-opt run takes it to mxu-blocked systile: the batch of 1 is
// reshaped away, the constant weight is a storage-order systile.constant,
// the bias add and clamp become one systile.elementwise on the matmul's
// tiled result (the 1x2x4 reshape of its unpack is seen through; the
// 1x1x4 bias is a constant read in every row), and no TOSA op is left (the
// tosa.const_shape operands upstream's lowering leaves dead are erased).
// test/Interpreter/tosa-mlp.mlir runs the result.

// CHECK-LABEL: func.func @mlp
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>) -> tensor<2x4xf32>
// CHECK-NOT: tosa.
// CHECK-DAG: %[[W:.*]] = systile.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e-01, -1.000000e+00, 0.000000e+00, 2.000000e+00, -2.000000e+00, 1.000000e+00, 1.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00]> : tensor<16xf32> -> !systile.tiled<3x4xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK-DAG: %[[TX:.*]] = systile.pack %[[X]] : tensor<2x3xf32> -> !systile.tiled<2x3xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: %[[MM:.*]] = systile.mxu_matmul %[[TX]], %[[W]], %{{.*}} [0, 0]
// CHECK-NOT: systile.mxu_matmul
// CHECK: %[[EW:.*]] = systile.elementwise ins(%[[MM]], %{{.*}} : !systile.tiled<2x4xf32, {{.*}}>, !systile.tiled<1x1x4xf32, {{.*}}>) -> !systile.tiled<1x2x4xf32
// CHECK: arith.addf
// CHECK: arith.minimumf
// CHECK: arith.maximumf
// The reshape of the 1 x M x N result back to M x N is a free row merge of
// the tiled value, so the unpack moves past it.
// CHECK: %[[M:.*]] = systile.merge_rows %[[EW]] : !systile.tiled<1x2x4xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<2x4xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: systile.unpack %[[M]]
// CHECK-NOT: linalg.generic
// CHECK-NOT: tosa.
// CHECK: return
func.func @mlp(%x: tensor<2x3xf32>) -> tensor<2x4xf32> {
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
