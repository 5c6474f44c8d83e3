// Input of bad-input.test; line numbers are checked there.
func.func @main(%a: tensor<5x7xf32>, %b: tensor<5x7xf32>) -> tensor<5x7xf32> {
  %s = arith.addf %a, %b : tensor<5x7xf32>
  return %s : tensor<5x7xf32>
}
// Element-wise ops are fine, the math dialect is not interpreted.
//
//
//
//
func.func @unsupported() -> tensor<2xf32> {
  %c = arith.constant dense<1.0> : tensor<2xf32>
  %e = math.exp %c : tensor<2xf32>
  return %e : tensor<2xf32>
}
func.func @divide() -> tensor<2xi32> {
  %a = arith.constant dense<[4, 5]> : tensor<2xi32>
  %b = arith.constant dense<[2, 0]> : tensor<2xi32>
  %q = arith.divsi %a, %b : tensor<2xi32>
  return %q : tensor<2xi32>
}
//
func.func @fptosi() -> tensor<1xi8> {
  %a = arith.constant dense<300.0> : tensor<1xf32>
  %q = arith.fptosi %a : tensor<1xf32> to tensor<1xi8>
  return %q : tensor<1xi8>
}
func.func private @ext(tensor<1xf32>) -> tensor<1xf32>
func.func @external() -> tensor<1xf32> {
  %a = arith.constant dense<1.0> : tensor<1xf32>
  %r = func.call @ext(%a) : (tensor<1xf32>) -> tensor<1xf32>
  return %r : tensor<1xf32>
}
func.func @recurse() -> f32 {
  %r = func.call @recurse() : () -> f32
  return %r : f32
}
func.func @f64() -> f32 {
  %c = arith.constant 1.0 : f64
  %t = arith.truncf %c : f64 to f32
  return %t : f32
}
