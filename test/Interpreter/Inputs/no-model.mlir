// An op systile-run has no execution model for, and an element type it does
// not compute with (bad-input.test).
func.func @callee() {
  return
}
func.func @nomodel() {
  func.call @callee() : () -> ()
  %m = memref.alloc() : memref<4xf32>
  return
}
func.func @i4() -> i8 {
  %c = arith.constant 1 : i4
  %e = arith.extsi %c : i4 to i8
  return %e : i8
}
