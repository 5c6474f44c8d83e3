// Input of bad-input.test: not valid IR.
func.func @main() -> tensor<2xf32> {
  %c = arith.constant dense<1.0> : tensor<2xf32>
  return %c, %c : tensor<3xf32>
}
