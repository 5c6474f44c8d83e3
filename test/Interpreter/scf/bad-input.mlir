// Bad loops are errors located at the op, with exit status 1, never a hang
// or a crash.
//
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry zero_step 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry negative_step 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry forall_zero_step 2>&1 | FileCheck %s --check-prefix=FORALL
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry failing_body 2>&1 | FileCheck %s --check-prefix=BODY

// ZERO: bad-input.mlir:[[@LINE+5]]:8: error: 'scf.for': step 0 is not positive; the loop would not terminate
func.func @zero_step() -> i32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %c4 step %c0 iter_args(%s = %z) -> i32 {
    scf.yield %s : i32
  }
  return %r : i32
}

// NEG: bad-input.mlir:[[@LINE+6]]:8: error: 'scf.for': step -1 is not positive; the loop would not terminate
func.func @negative_step() -> i32 {
  %lb = arith.constant 4 : i32
  %ub = arith.constant 0 : i32
  %step = arith.constant -1 : i32
  %z = arith.constant 0 : i32
  %r = scf.for %i = %lb to %ub step %step iter_args(%s = %z) -> i32 : i32 {
    scf.yield %s : i32
  }
  return %r : i32
}

// FORALL: bad-input.mlir:[[@LINE+4]]:8: error: 'scf.forall': step 0 is not positive; the loop would not terminate
func.func @forall_zero_step() -> tensor<2xi32> {
  %c0 = arith.constant 0 : index
  %init = arith.constant dense<0> : tensor<2xi32>
  %r = scf.forall (%i) = (0) to (2) step (%c0) shared_outs(%o = %init) -> tensor<2xi32> {
    scf.forall.in_parallel {
    }
  }
  return %r : tensor<2xi32>
}

// An error inside a loop body is reported at the failing op.
// BODY: bad-input.mlir:[[@LINE+8]]:10: error: 'tensor.extract': index 3 of dimension 0 is out of bounds [0, 3)
func.func @failing_body() -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %t = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%s = %z) -> f32 {
    %e = tensor.extract %t[%i] : tensor<3xf32>
    %n = arith.addf %s, %e : f32
    scf.yield %n : f32
  }
  return %r : f32
}
