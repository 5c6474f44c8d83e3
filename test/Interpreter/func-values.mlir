// Function values: func.constant names a function, which travels as a
// value (through arith.select, scf.if, an scf.for iter_arg, a call's
// argument) and func.call_indirect calls. Values by hand: @inc adds 1,
// @dec subtracts 1, @double doubles, @negate negates. Interpreted and
// compiled on scalars; on tensors interpreted only (upstream's
// bufferization has no model for func.call_indirect of tensors, so the
// compiled path refuses it, exit 1).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/t.npy', np.array(True)); np.save('%t/f.npy', np.array(False)); np.save('%t/n.npy', np.array(5, '<i8')); np.save('%t/x.npy', np.array([1, -2, 3.5, 0], '<f4'))"
// RUN: for mode in "" --compile; do \
// RUN:   systile-run %s --entry select $mode --input %t/t.npy --input %t/n.npy && \
// RUN:   systile-run %s --entry select $mode --input %t/f.npy --input %t/n.npy && \
// RUN:   systile-run %s --entry if $mode --input %t/t.npy --input %t/n.npy && \
// RUN:   systile-run %s --entry if $mode --input %t/f.npy --input %t/n.npy && \
// RUN:   systile-run %s --entry loop $mode --input %t/n.npy || exit 1; \
// RUN: done > %t/log; FileCheck %s --check-prefix=SCALAR < %t/log
// Each mode in turn: select true, false; scf.if true, false; the loop.
// SCALAR: result #0: i64 = 6
// SCALAR-NEXT: result #0: i64 = 4
// SCALAR-NEXT: result #0: i64 = 6
// SCALAR-NEXT: result #0: i64 = 4
// SCALAR-NEXT: result #0: i64 = 8
// SCALAR-NEXT: result #0: i64 = 6
// SCALAR-NEXT: result #0: i64 = 4
// SCALAR-NEXT: result #0: i64 = 6
// SCALAR-NEXT: result #0: i64 = 4
// SCALAR-NEXT: result #0: i64 = 8
// RUN: systile-run %s --entry tensors --input %t/t.npy --input %t/x.npy | FileCheck %s --check-prefix=TRUE
// TRUE: result #0: tensor<4xf32> = [2, -4, 7, 0]
// RUN: systile-run %s --entry tensors --input %t/f.npy --input %t/x.npy | FileCheck %s --check-prefix=FALSE
// FALSE: result #0: tensor<4xf32> = [-1, 2, -3.5, -0]
// --dump-op records a function value by its name (it has no data).
// RUN: systile-run %s --entry select --input %t/t.npy --input %t/n.npy --dump-op=func.call_indirect,arith.select --dump-dir %t/dump > /dev/null
// RUN: FileCheck %s --check-prefix=DUMP < %t/dump/manifest.jsonl
// DUMP: "op":"arith.select"
// DUMP-SAME: {"file":null,"function":"@inc","type":"(i64) -> i64"}
// DUMP: "op":"func.call_indirect"
// DUMP-SAME: {"file":null,"from":[0,0],"function":"@inc","type":"(i64) -> i64"}
// RUN: not systile-run %s --entry tensors --compile --input %t/f.npy --input %t/x.npy 2>&1 | FileCheck %s --check-prefix=COMPILED
// COMPILED: error: op was not bufferized
// COMPILED: systile-run: error: --compile: lowering @tensors of '{{.*}}func-values.mlir' to LLVM failed

func.func @inc(%x: i64) -> i64 {
  %c1 = arith.constant 1 : i64
  %r = arith.addi %x, %c1 : i64
  return %r : i64
}
func.func @dec(%x: i64) -> i64 {
  %c1 = arith.constant 1 : i64
  %r = arith.subi %x, %c1 : i64
  return %r : i64
}
func.func @apply(%f: (i64) -> i64, %x: i64) -> i64 {
  %r = func.call_indirect %f(%x) : (i64) -> i64
  return %r : i64
}

func.func @select(%c: i1, %x: i64) -> i64 {
  %a = func.constant @inc : (i64) -> i64
  %b = func.constant @dec : (i64) -> i64
  %f = arith.select %c, %a, %b : (i64) -> i64
  %r = func.call_indirect %f(%x) : (i64) -> i64
  return %r : i64
}

func.func @if(%c: i1, %x: i64) -> i64 {
  %f = scf.if %c -> ((i64) -> i64) {
    %a = func.constant @inc : (i64) -> i64
    scf.yield %a : (i64) -> i64
  } else {
    %b = func.constant @dec : (i64) -> i64
    scf.yield %b : (i64) -> i64
  }
  %r = func.call @apply(%f, %x) : ((i64) -> i64, i64) -> i64
  return %r : i64
}

// 5 + 3, @inc carried by the loop.
func.func @loop(%x: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %a = func.constant @inc : (i64) -> i64
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%v = %x, %f = %a) -> (i64, (i64) -> i64) {
    %w = func.call_indirect %f(%v) : (i64) -> i64
    scf.yield %w, %f : i64, (i64) -> i64
  }
  return %r#0 : i64
}

func.func @double(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = arith.addf %x, %x : tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @negate(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = arith.negf %x : tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @tensors(%c: i1, %x: tensor<4xf32>) -> tensor<4xf32> {
  %d = func.constant @double : (tensor<4xf32>) -> tensor<4xf32>
  %n = func.constant @negate : (tensor<4xf32>) -> tensor<4xf32>
  %f = arith.select %c, %d, %n : (tensor<4xf32>) -> tensor<4xf32>
  %r = func.call_indirect %f(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
