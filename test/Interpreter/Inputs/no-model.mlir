// An op systile-run has no execution model for, and an element type it does
// not compute with (bad-input.test).
func.func @callee() {
  return
}
func.func @nomodel() {
  %f = func.constant @callee : () -> ()
  func.call_indirect %f() : () -> ()
  return
}
func.func @i4() -> i8 {
  %c = arith.constant 1 : i4
  %e = arith.extsi %c : i4 to i8
  return %e : i8
}
