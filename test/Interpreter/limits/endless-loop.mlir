// An endless scf.while, and an scf.for of 2^62 trips, stop with an error
// naming the loop and the iteration where the step budget ran out
// (--max-steps: loop iterations per run; the default is 10000000), exit 1.
//
// RUN: not systile-run %s --max-steps=1000 2>&1 | FileCheck %s
// RUN: not systile-run %s --entry long_for --max-steps=10 2>&1 | FileCheck %s --check-prefix=FOR
// A loop that ends within the budget runs as before.
// RUN: systile-run %s --entry short_for --max-steps=8 | FileCheck %s --check-prefix=SHORT
// RUN: not systile-run %s --entry short_for --max-steps=7 2>&1 | FileCheck %s --check-prefix=SHORT7
//
// Compiled, the same budget (systile-count-loop-steps): the error names
// the loop and the iterations the run executed; each --repeat run starts
// a new count.
// RUN: not systile-run %s --compile --max-steps=1000 --output %t.npy 2>&1 | FileCheck %s --check-prefix=COMPILED
// RUN: not ls %t.npy
// RUN: not systile-run %s --compile --entry long_for --max-steps=10 2>&1 | FileCheck %s --check-prefix=COMPILED-FOR
// RUN: systile-run %s --compile --entry short_for --max-steps=8 --repeat=3 | FileCheck %s --check-prefix=SHORT
// RUN: not systile-run %s --compile --entry short_for --max-steps=7 2>&1 | FileCheck %s --check-prefix=COMPILED-SHORT7
// With no limit (0), a loop of 20 million iterations runs to its end.
// RUN: systile-run %s --compile --entry twenty_million --max-steps=0 | FileCheck %s --check-prefix=TWENTY
// RUN: not systile-run %s --compile --entry twenty_million 2>&1 | FileCheck %s --check-prefix=DEFAULT

// COMPILED: systile-run: error: --compile: 'scf.while' at {{.*}}endless-loop.mlir:[[# @LINE + 14]]:8 ran out of steps: the run has executed 1000 loop iterations, its limit (systile-run --max-steps, systile_set_max_steps; 0 for none)
// COMPILED-FOR: systile-run: error: --compile: 'scf.for' at {{.*}}endless-loop.mlir:[[# @LINE + 28]]:8 ran out of steps: the run has executed 10 loop iterations
// COMPILED-SHORT7: 'scf.for' at {{.*}}endless-loop.mlir:{{[0-9]+}}:8 ran out of steps: the run has executed 7 loop iterations
// SHORT7: error: 'scf.for' ran out of steps in its iteration 7: the run has executed 7 loop iterations
// TWENTY: result #0: index = 19999999
// DEFAULT: ran out of steps: the run has executed 10000000 loop iterations

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

func.func @twenty_million() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 20000000 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> index {
    scf.yield %i : index
  }
  return %r : index
}
