// Three matmuls in a row: an f32 one with two k blocks, a bf16-precision
// one and an i8 one, each a whole chain in RFC 6 order after the pipeline.
func.func @main(%a: tensor<5x9xf32>, %b: tensor<9x6xf32>, %q: tensor<4x7xi8>,
                %r: tensor<7x3xi8>) -> (tensor<5x6xf32>, tensor<4x3xi32>) {
  %zero = arith.constant 0.0 : f32
  %izero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<5x6xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<5x6xf32>) -> tensor<5x6xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<5x9xf32>, tensor<9x6xf32>) outs(%acc : tensor<5x6xf32>) -> tensor<5x6xf32>
  %ie = tensor.empty() : tensor<4x3xi32>
  %iacc = linalg.fill ins(%izero : i32) outs(%ie : tensor<4x3xi32>) -> tensor<4x3xi32>
  %1 = linalg.matmul ins(%q, %r : tensor<4x7xi8>, tensor<7x3xi8>) outs(%iacc : tensor<4x3xi32>) -> tensor<4x3xi32>
  return %0, %1 : tensor<5x6xf32>, tensor<4x3xi32>
}
