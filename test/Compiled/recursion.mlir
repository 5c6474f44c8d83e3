// Recursion, compiled as interpreted: a call that can recur may nest 256
// deep (the interpreter's limit); deeper, or unbounded, it is an error
// naming the call, exit 1, never a stack overflow or (once LLVM turns the
// tail call into a loop) a hang.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; [np.save('%t/n%%d.npy' %% n, np.array(n, dtype='<i8')) for n in (0, 7, 200, 300)]"
// RUN: systile-run %s --entry parity --input %t/n7.npy --compile | FileCheck %s --check-prefix=ODD
// RUN: systile-run %s --entry parity --input %t/n200.npy --compile | FileCheck %s --check-prefix=EVEN
// RUN: systile-run %s --entry parity --input %t/n200.npy | FileCheck %s --check-prefix=EVEN
// ODD: result #0: i1 = 0
// EVEN: result #0: i1 = 1
// RUN: not systile-run %s --entry parity --input %t/n300.npy --compile 2>&1 | FileCheck %s --check-prefix=DEEP
// DEEP: systile-run: error: --compile: 'func.call' of @{{even|odd}} at {{.*}}recursion.mlir:{{[0-9]+}}:{{[0-9]+}}: call depth exceeds 256 (unbounded recursion?)
// RUN: not systile-run %s --entry parity --input %t/n300.npy 2>&1 | FileCheck %s --check-prefix=DEEPI
// DEEPI: error: call depth exceeds 256 (unbounded recursion?) calling @{{even|odd}}
// RUN: not systile-run %s --entry forever --input %t/n0.npy --compile 2>&1 | FileCheck %s --check-prefix=FOREVER
// FOREVER: systile-run: error: --compile: 'func.call' of @forever at {{.*}}recursion.mlir:[[@LINE+4]]:8: call depth exceeds 256 (unbounded recursion?)
// RUN: not systile-run %s --entry forever --input %t/n0.npy 2>&1 | FileCheck %s --check-prefix=FOREVERI
// FOREVERI: recursion.mlir:[[@LINE+2]]:8: error: call depth exceeds 256 (unbounded recursion?) calling @forever
func.func @forever(%n: i64) -> i64 {
  %r = func.call @forever(%n) : (i64) -> i64
  return %r : i64
}

func.func @parity(%n: i64) -> i1 {
  %r = func.call @even(%n) : (i64) -> i1
  return %r : i1
}
func.func @even(%n: i64) -> i1 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %z = arith.cmpi eq, %n, %c0 : i64
  %r = scf.if %z -> i1 {
    %t = arith.constant true
    scf.yield %t : i1
  } else {
    %m = arith.subi %n, %c1 : i64
    %o = func.call @odd(%m) : (i64) -> i1
    scf.yield %o : i1
  }
  return %r : i1
}
func.func @odd(%n: i64) -> i1 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %z = arith.cmpi eq, %n, %c0 : i64
  %r = scf.if %z -> i1 {
    %f = arith.constant false
    scf.yield %f : i1
  } else {
    %m = arith.subi %n, %c1 : i64
    %e = func.call @even(%m) : (i64) -> i1
    scf.yield %e : i1
  }
  return %r : i1
}

// A call through func.call_indirect may call any function whose address a
// func.constant takes, so it is bounded when one of those reaches its
// caller (@spin), and not otherwise (@once). Interpreted, the same.
// RUN: not systile-run %s --entry spin --input %t/n0.npy --compile 2>&1 | FileCheck %s --check-prefix=SPIN
// SPIN: systile-run: error: --compile: 'func.call_indirect' at {{.*}}recursion.mlir:[[@LINE+19]]:8: call depth exceeds 256 (unbounded recursion?)
// RUN: not systile-run %s --entry spin --input %t/n0.npy 2>&1 | FileCheck %s --check-prefix=SPINI
// SPINI: recursion.mlir:[[@LINE+17]]:8: error: call depth exceeds 256 (unbounded recursion?) calling @spin
// RUN: systile-run %s --entry once --input %t/n7.npy --compile | FileCheck %s --check-prefix=ONCE
// RUN: systile-run %s --entry once --input %t/n7.npy | FileCheck %s --check-prefix=ONCE
// ONCE: result #0: i64 = 7
// RUN: systile-opt %s --systile-count-loop-steps | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @spin
// IR: call @systile_call_enter
// IR: call_indirect
// IR: call @systile_call_leave
// IR-LABEL: func.func @leaf
// IR-NOT: systile_call_enter
// IR: func.func @once
// IR-NOT: systile_call_enter
// IR: call_indirect
// IR-NOT: systile_call_enter
func.func @spin(%n: i64) -> i64 {
  %f = func.constant @spin : (i64) -> i64
  %r = func.call_indirect %f(%n) : (i64) -> i64
  return %r : i64
}
func.func @leaf(%n: i64) -> i64 {
  return %n : i64
}
func.func @once(%n: i64) -> i64 {
  %f = func.constant @leaf : (i64) -> i64
  %r = func.call_indirect %f(%n) : (i64) -> i64
  return %r : i64
}
