func.func @small_k() -> tensor<2x2xf32> {
  %a = arith.constant dense<[[0.5, 0.25, 1.0], [1.0, -1.0, 0.5]]> : tensor<2x3xf32>
  %b = arith.constant dense<[[1.0, 0.5], [2.0, 1.0], [0.0, 1.75]]> : tensor<3x2xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x2xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %d = linalg.matmul <[[1, 2, 3, 4, 5], [-1, -2, -3, -4, -5]]> : tensor<2x5xi8>
  %b = arith.constant dense<[[-2, 5], [0, 10], [0, 20], [0, 5], [0, 6]]> : tensor<5x2xi8>
  %c = arith.constant dense<[[0, 0], [-258, 373]]> : tensor<2x2xi32>
  %d = linalg.matmul ins(%a, %b : tensor<2x5xi8>, tensor<5x2xi8>)
                     outs(%c : tensor<2x2xi32>) -> tensor<2x2xi32>
  return %d : tensor<2x2xi32>
}
	