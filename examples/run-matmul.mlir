// A self-contained matmul for systile-run: integer-valued inputs so every
// figure can be checked by hand. The demo runs it as written (upstream
// linalg.matmul semantics), lowered by systile-pipeline (the mxu-blocked
// systolic numerics, with stats), and in translation-validation mode.
func.func @main() -> tensor<3x6xf32> {
  %a = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0],
                             [0.5, -1.0, 0.0, 2.0, 1.0],
                             [-2.0, 0.0, 1.0, 0.0, 3.0]]> : tensor<3x5xf32>
  // Rows 0-3 x columns 4-5 are zero: on mxu = 4 that weight block folds.
  %b = arith.constant dense<[[1.0, 0.0, 2.0, 1.0, 0.0, 0.0],
                             [0.0, 1.0, 1.0, -1.0, 0.0, 0.0],
                             [2.0, 1.0, 0.0, 0.0, 0.0, 0.0],
                             [1.0, 1.0, 1.0, 1.0, 0.0, 0.0],
                             [0.0, 2.0, -1.0, 1.0, 4.0, 1.0]]> : tensor<5x6xf32>
  %c = arith.constant dense<1.0> : tensor<3x6xf32>
  %d = linalg.matmul ins(%a, %b : tensor<3x5xf32>, tensor<5x6xf32>)
                     outs(%c : tensor<3x6xf32>) -> tensor<3x6xf32>
  return %d : tensor<3x6xf32>
}
