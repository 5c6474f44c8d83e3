// A 1 x 4096 input times a 64 MiB splat weight (large-splat.mlir).
func.func @main(%x: tensor<1x4096xf32>) -> tensor<1x4096xf32> {
  %w = arith.constant dense<1.0> : tensor<4096x4096xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4096xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x4096xf32>) -> tensor<1x4096xf32>
  %r = linalg.matmul ins(%x, %w : tensor<1x4096xf32>, tensor<4096x4096xf32>) outs(%f : tensor<1x4096xf32>) -> tensor<1x4096xf32>
  return %r : tensor<1x4096xf32>
}
