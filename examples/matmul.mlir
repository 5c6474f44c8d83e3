// linalg.matmul in; the demo lowers it with
//   systile-opt examples/matmul.mlir \
//     --systile-pipeline="sublanes=2 lanes=4 mxu=4 precision=bf16" \
//     --systile-report-utilization
// A small geometry (2x4 tiles, a 4x4 systolic array) keeps the blocked IR
// readable: 5x9 @ 9x6 needs 3 x 2 weight loads.

func.func @dense(%a: tensor<5x9xf32>, %b: tensor<9x6xf32>, %c: tensor<5x6xf32>) -> tensor<5x6xf32> {
  %d = linalg.matmul ins(%a, %b : tensor<5x9xf32>, tensor<9x6xf32>)
                     outs(%c : tensor<5x6xf32>) -> tensor<5x6xf32>
  return %d : tensor<5x6xf32>
}

// A constant weight matrix with two all-zero 4x4 blocks: their weight loads
// are folded away, and the report counts them as skipped.
func.func @sparse_weights(%a: tensor<5x9xf32>, %c: tensor<5x6xf32>) -> tensor<5x6xf32> {
  %b = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 0.0, 0.0],
                             [7.0, 1.0, 2.0, 3.0, 0.0, 0.0],
                             [6.0, 7.0, 1.0, 2.0, 0.0, 0.0],
                             [5.0, 6.0, 7.0, 1.0, 0.0, 0.0],
                             [0.0, 0.0, 0.0, 0.0, 1.0, 2.0],
                             [0.0, 0.0, 0.0, 0.0, 7.0, 1.0],
                             [0.0, 0.0, 0.0, 0.0, 6.0, 7.0],
                             [0.0, 0.0, 0.0, 0.0, 5.0, 6.0],
                             [7.0, 1.0, 2.0, 3.0, 4.0, 5.0]]> : tensor<9x6xf32>
  %d = linalg.matmul ins(%a, %b : tensor<5x9xf32>, tensor<9x6xf32>)
                     outs(%c : tensor<5x6xf32>) -> tensor<5x6xf32>
  return %d : tensor<5x6xf32>
}

// An int8 matmul accumulating in i32.
func.func @int8(%a: tensor<2x3xi8>, %b: tensor<3x4xi8>, %c: tensor<2x4xi32>) -> tensor<2x4xi32> {
  %d = linalg.matmul ins(%a, %b : tensor<2x3xi8>, tensor<3x4xi8>)
                     outs(%c : tensor<2x4xi32>) -> tensor<2x4xi32>
  return %d : tensor<2x4xi32>
}
