// A TOSA MLP layer, y = relu(x W + b), as a frontend writes it (MLIR 22
// TOSA): the input of tosa-mlp.mlir and tosa-mlp-upstream.test (not a test).
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
