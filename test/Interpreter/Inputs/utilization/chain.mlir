// A x B + (A x B + C) with one constant 6x5 rhs whose rows 4-5 are zero:
// after CSE the two matmuls share operands and accumulate into each other,
// the case where the report and the interpreter once disagreed.
func.func @main(%a: tensor<3x6xf32>, %c: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %b = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0], [0.5, 0.25, 1.0, 2.0, 3.0], [1.0, 1.0, 1.0, 1.0, 1.0], [2.0, -1.0, 0.0, 1.0, 4.0], [0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0]]> : tensor<6x5xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<3x6xf32>, tensor<6x5xf32>) outs(%c : tensor<3x5xf32>) -> tensor<3x5xf32>
  %1 = linalg.matmul ins(%a, %b : tensor<3x6xf32>, tensor<6x5xf32>) outs(%0 : tensor<3x5xf32>) -> tensor<3x5xf32>
  return %1 : tensor<3x5xf32>
}
