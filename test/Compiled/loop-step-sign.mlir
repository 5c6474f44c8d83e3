// A loop whose step is not positive never ends, and the interpreter
// refuses it; compiled, upstream folds such an scf.for away and returned
// its init unchanged (or, from tensor.empty, garbage). Now both refuse it,
// exit 1, naming the loop; a positive step runs in both.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; [np.save('%t/s%%d.npy' %% i, np.array(s, dtype='<i8')) for i, s in enumerate((0, -1, 2))]"
// RUN: not systile-run %s --entry sum --input %t/s0.npy --compile 2>&1 | FileCheck %s --check-prefix=FOR
// RUN: not systile-run %s --entry sum --input %t/s1.npy --compile 2>&1 | FileCheck %s --check-prefix=FOR
// FOR: systile-run: error: --compile: 'scf.for' at {{.*}}loop-step-sign.mlir:[[@LINE+26]]:8: its step is not positive; the loop would not terminate
// RUN: not systile-run %s --entry sum --input %t/s0.npy 2>&1 | FileCheck %s --check-prefix=FORI
// FORI: loop-step-sign.mlir:[[@LINE+24]]:8: error: 'scf.for': step 0 is not positive; the loop would not terminate
// RUN: systile-run %s --entry sum --input %t/s2.npy --compile | FileCheck %s --check-prefix=SUM
// RUN: systile-run %s --entry sum --input %t/s2.npy | FileCheck %s --check-prefix=SUM
// 0 + 2 + 4 + 6 + 8
// SUM: result #0: i64 = 20
// RUN: not systile-run %s --entry forall --input %t/s0.npy --compile 2>&1 | FileCheck %s --check-prefix=FORALL
// FORALL: systile-run: error: --compile: 'scf.forall' at {{.*}}loop-step-sign.mlir:[[@LINE+32]]:8: its step is not positive; the loop would not terminate
// RUN: systile-run %s --entry forall --input %t/s2.npy --compile | FileCheck %s --check-prefix=FORALL2
// FORALL2: result #0: tensor<4xf32> = [1, 0, 1, 0]
//
// An unsigned loop reads its step as unsigned: 130 (-126 as a signed i8)
// is positive, 0 is not.
// RUN: %python -c "import numpy as np; np.save('%t/u130.npy', np.array(-126, dtype='i1')); np.save('%t/u0.npy', np.array(0, dtype='i1'))"
// RUN: systile-run %s --entry unsigned_step --input %t/u130.npy --compile | FileCheck %s --check-prefix=UNSIGNED
// RUN: systile-run %s --entry unsigned_step --input %t/u130.npy | FileCheck %s --check-prefix=UNSIGNED
// UNSIGNED: result #0: i32 = 1
// RUN: not systile-run %s --entry unsigned_step --input %t/u0.npy --compile 2>&1 | FileCheck %s --check-prefix=UNSIGNED0
// UNSIGNED0: 'scf.for' at {{.*}}: its step is not positive; the loop would not terminate

func.func @sum(%step: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %s = arith.index_cast %step : i64 to index
  %zero = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %c10 step %s iter_args(%acc = %zero) -> i64 {
    %v = arith.index_cast %i : index to i64
    %n = arith.addi %acc, %v : i64
    scf.yield %n : i64
  }
  return %r : i64
}

func.func @forall(%step: i64) -> tensor<4xf32> {
  %s = arith.index_cast %step : i64 to index
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %zeros = arith.constant dense<0.0> : tensor<4xf32>
  %one = arith.constant dense<1.0> : tensor<1xf32>
  %r = scf.forall (%i) = (%c0) to (%c4) step (%s) shared_outs(%o = %zeros) -> tensor<4xf32> {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %one into %o[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  }
  return %r : tensor<4xf32>
}

func.func @unsigned_step(%step: i8) -> i32 {
  %c0 = arith.constant 0 : i8
  %c100 = arith.constant 100 : i8
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %r = scf.for unsigned %i = %c0 to %c100 step %step iter_args(%k = %zero) -> i32 : i8 {
    %n = arith.addi %k, %one : i32
    scf.yield %n : i32
  }
  return %r : i32
}
