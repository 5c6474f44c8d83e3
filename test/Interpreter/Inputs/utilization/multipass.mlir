// A 3x4 @ 4x6 matmul with a constant rhs whose columns 4-5 are zero: at
// mxu 4 one k block, so systile-block-matmul gives a chain of two loads
// (nb = 0, 1) that keeps a multi-pass precision, and the all-zero second
// block is folded.
func.func @main(%a: tensor<3x4xf32>, %c: tensor<3x6xf32>) -> tensor<3x6xf32> {
  %b = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 0.0, 0.0], [0.5, 0.25, 1.0, 2.0, 0.0, 0.0], [1.0, 1.0, 1.0, 1.0, 0.0, 0.0], [2.0, -1.0, 0.0, 1.0, 0.0, 0.0]]> : tensor<4x6xf32>
  %d = linalg.matmul ins(%a, %b : tensor<3x4xf32>, tensor<4x6xf32>) outs(%c : tensor<3x6xf32>) -> tensor<3x6xf32>
  return %d : tensor<3x6xf32>
}
