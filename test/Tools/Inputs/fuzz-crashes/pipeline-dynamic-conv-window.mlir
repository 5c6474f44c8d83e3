func.func @dynamic(%x: tensor<?x5x5x3xf32>, %w: tensor<3x3x3x4xf32>, %acc: tensor<?x3x3x4xf32>) -> tensor<?x3x3x4xf32> {
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%x, %w : tensor<?x5x5x3xf32>, tensor<3x3x3x4xf32>) outs(%acc : tensor<?x3x3x4xf32>) -> tensor<?x3x3x4xf32>
  return %r : tensor<?x3x3x4xf32>
}
	