// An endless scf.while, and an scf.for of 2^62 trips, stop with an error
// naming the loop and the iteration where the step budget ran out
// (--max-steps: loop iterations per run; the default is 10000000), exit 1.
//
// RUN: not systile-run %s --max-steps=1000 2>&1 | FileCheck %s
// RUN: not systile-run %s --entry long_for --max-steps=10 2>&1 | FileCheck %s --check-prefix=FOR
// A loop that ends within the budget runs as before.
// RUN: systile-run %s --entry short_for --max-steps=8 | FileCheck %s --check-prefix=SHORT

// CHECK: endless-loop.mlir:[[# @LINE + 7]]:8: error: 'scf.while' ran out of steps in its iteration 1000: the run has executed 1000 loop iterations, its limit (systile-run --max-steps; 0 for none)
// CHECK: systile-run: error: executing @main of
// FOR: endless-loop.mlir:[[# @LINE + 20]]:8: error: 'scf.for' ran out of steps in its iteration 10: the run has executed 10 loop iterations
// SHORT: result #0: index = 7
func.func @main() -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %t = arith.constant true
    scf.condition(%t) %i : i32
  } do {
  ^bb0(%j: i32):
    %n = arith.addi %j, %c1 : i32
    scf.yield %n : i32
  }
  return %r : i32
}

func.func @long_for() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %big = arith.constant 4611686018427387904 : index
  %r = scf.for %i = %c0 to %big step %c1 iter_args(%a = %c0) -> index {
    scf.yield %i : index
  }
  return %r : index
}

func.func @short_for() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%a = %c0) -> index {
    scf.yield %i : index
  }
  return %r : index
}
