// What the interpreter refuses as poison, or a failed cf.assert, the
// compiled program refuses too (systile-insert-runtime-checks): exit 1,
// the op and its location in the message, no output written. Inputs are
// function arguments (constants would be folded before any check, as
// upstream folds them). Valid inputs near each bound run and give the
// interpreter's values.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; d = '%t/'; \
// RUN:   np.save(d + 'i8_a.npy', np.array([7, -128], np.int8)); \
// RUN:   np.save(d + 'i8_zero.npy', np.array([2, 0], np.int8)); \
// RUN:   np.save(d + 'i8_m1.npy', np.array([2, -1], np.int8)); \
// RUN:   np.save(d + 'i8_ok.npy', np.array([2, 1], np.int8)); \
// RUN:   np.save(d + 'i8_shift8.npy', np.array([1, 8], np.int8)); \
// RUN:   np.save(d + 'i8_shift7.npy', np.array([1, 7], np.int8)); \
// RUN:   np.save(d + 'i8_127.npy', np.array([126, 127], np.int8)); \
// RUN:   np.save(d + 'i8_one.npy', np.array([1, 1], np.int8)); \
// RUN:   np.save(d + 'i8_nuw.npy', np.array([0, 0], np.int8)); \
// RUN:   np.save(d + 'i8_64.npy', np.array([63, 64], np.int8)); \
// RUN:   np.save(d + 'i8_two.npy', np.array([2, 2], np.int8)); \
// RUN:   np.save(d + 'i32_200.npy', np.array([127, 200], np.int32)); \
// RUN:   np.save(d + 'i32_127.npy', np.array([127, -128], np.int32)); \
// RUN:   np.save(d + 'f32_nan.npy', np.array([1.5, np.nan], np.float32)); \
// RUN:   np.save(d + 'f32_big.npy', np.array([127.9, 128.0], np.float32)); \
// RUN:   np.save(d + 'f32_edge.npy', np.array([127.9, -128.9], np.float32)); \
// RUN:   np.save(d + 'f32_neg.npy', np.array([255.5, -1.0], np.float32)); \
// RUN:   np.save(d + 'f32_uedge.npy', np.array([255.5, -0.9], np.float32)); \
// RUN:   np.save(d + 'i32_base.npy', np.array([2, 0], np.int32)); \
// RUN:   np.save(d + 'i32_exp.npy', np.array([3, -1], np.int32)); \
// RUN:   np.save(d + 'i32_exp_ok.npy', np.array([-1, 3], np.int32)); \
// RUN:   np.save(d + 'i64_ids.npy', np.array([0, 4], np.int64)); \
// RUN:   np.save(d + 'i64_ids_ok.npy', np.array([0, 2], np.int64))"
//
// RUN: not systile-run %s --entry div --input %t/i8_a.npy --input %t/i8_zero.npy --compile --output %t/out.npy 2>&1 | FileCheck %s --check-prefix=DIV0
// RUN: not ls %t/out.npy
// RUN: not systile-run %s --entry div --input %t/i8_a.npy --input %t/i8_zero.npy 2>&1 | FileCheck %s --check-prefix=DIV0-INTERP
// RUN: not systile-run %s --entry div --input %t/i8_a.npy --input %t/i8_m1.npy --compile 2>&1 | FileCheck %s --check-prefix=DIVOV
// RUN: systile-run %s --entry div --input %t/i8_a.npy --input %t/i8_ok.npy --compile | FileCheck %s --check-prefix=DIV-OK
// RUN: systile-run %s --entry div --input %t/i8_a.npy --input %t/i8_ok.npy | FileCheck %s --check-prefix=DIV-OK
// DIV0: systile-run: error: --compile: 'arith.divsi' at {{.*}}runtime-checks.mlir:[[# @LINE + 11]]:8: division by zero (the result would be poison)
// DIV0-INTERP: runtime-checks.mlir:[[# @LINE + 10]]:8: error: 'arith.divsi': division by zero (-128 / 0) at element 1
// DIVOV: systile-run: error: --compile: 'arith.divsi' at {{.*}}runtime-checks.mlir:[[# @LINE + 9]]:8: signed division overflow (the result would be poison)
// DIV-OK: result #0: tensor<2xi8> = [3, -128]
// (7 / 2 = 3 and -128 / 1: the minimum divided by anything but -1.)
//
// The remainder's checks are the division's.
// RUN: not systile-run %s --entry rem --input %t/i8_a.npy --input %t/i8_m1.npy --compile 2>&1 | FileCheck %s --check-prefix=REMOV
// REMOV: 'arith.remsi' at {{.*}}:[[# @LINE + 8]]:{{[0-9]+}}: signed division overflow

func.func @div(%a: tensor<2xi8>, %b: tensor<2xi8>) -> tensor<2xi8> {
  %r = arith.divsi %a, %b : tensor<2xi8>
  return %r : tensor<2xi8>
}

func.func @rem(%a: tensor<2xi8>, %b: tensor<2xi8>) -> tensor<2xi8> {
  %r = arith.remsi %a, %b : tensor<2xi8>
  return %r : tensor<2xi8>
}

// RUN: not systile-run %s --entry shift --input %t/i8_one.npy --input %t/i8_shift8.npy --compile 2>&1 | FileCheck %s --check-prefix=SHIFT
// RUN: systile-run %s --entry shift --input %t/i8_one.npy --input %t/i8_shift7.npy --compile | FileCheck %s --check-prefix=SHIFT-OK
// SHIFT: 'arith.shrui' at {{.*}}:[[# @LINE + 3]]:{{[0-9]+}}: shift amount not less than the bit width 8 (the result would be poison)
// SHIFT-OK: result #0: tensor<2xi8> = [0, 0]
func.func @shift(%a: tensor<2xi8>, %b: tensor<2xi8>) -> tensor<2xi8> {
  %r = arith.shrui %a, %b : tensor<2xi8>
  return %r : tensor<2xi8>
}

// Overflow flags: nsw and nuw, add, sub, mul and trunci.
// RUN: not systile-run %s --entry add_nsw --input %t/i8_127.npy --input %t/i8_one.npy --compile 2>&1 | FileCheck %s --check-prefix=ADD
// RUN: systile-run %s --entry add_nsw --input %t/i8_127.npy --input %t/i8_nuw.npy --compile | FileCheck %s --check-prefix=ADD-OK
// RUN: not systile-run %s --entry sub_nuw --input %t/i8_nuw.npy --input %t/i8_one.npy --compile 2>&1 | FileCheck %s --check-prefix=SUB
// RUN: not systile-run %s --entry mul_nsw --input %t/i8_64.npy --input %t/i8_two.npy --compile 2>&1 | FileCheck %s --check-prefix=MUL
// RUN: not systile-run %s --entry trunc_nsw --input %t/i32_200.npy --compile 2>&1 | FileCheck %s --check-prefix=TRUNC
// RUN: systile-run %s --entry trunc_nsw --input %t/i32_127.npy --compile | FileCheck %s --check-prefix=TRUNC-OK
// ADD: 'arith.addi' at {{.*}}:[[# @LINE + 8]]:{{[0-9]+}}: nsw overflow (the result would be poison)
// ADD-OK: result #0: tensor<2xi8> = [126, 127]
// SUB: 'arith.subi' at {{.*}}:[[# @LINE + 11]]:{{[0-9]+}}: nuw overflow
// MUL: 'arith.muli' at {{.*}}:[[# @LINE + 15]]:{{[0-9]+}}: nsw overflow
// TRUNC: 'arith.trunci' at {{.*}}:[[# @LINE + 19]]:{{[0-9]+}}: nsw overflow
// TRUNC-OK: result #0: tensor<2xi8> = [127, -128]

func.func @add_nsw(%a: tensor<2xi8>, %b: tensor<2xi8>) -> tensor<2xi8> {
  %r = arith.addi %a, %b overflow<nsw> : tensor<2xi8>
  return %r : tensor<2xi8>
}

func.func @sub_nuw(%a: tensor<2xi8>, %b: tensor<2xi8>) -> tensor<2xi8> {
  %r = arith.subi %a, %b overflow<nuw> : tensor<2xi8>
  return %r : tensor<2xi8>
}

func.func @mul_nsw(%a: tensor<2xi8>, %b: tensor<2xi8>) -> tensor<2xi8> {
  %r = arith.muli %a, %b overflow<nsw> : tensor<2xi8>
  return %r : tensor<2xi8>
}

func.func @trunc_nsw(%a: tensor<2xi32>) -> tensor<2xi8> {
  %r = arith.trunci %a overflow<nsw> : tensor<2xi32> to tensor<2xi8>
  return %r : tensor<2xi8>
}

// fptosi / fptoui: NaN and values whose truncation is out of range;
// in-range values up to the bounds.
// RUN: not systile-run %s --entry to_i8 --input %t/f32_nan.npy --compile 2>&1 | FileCheck %s --check-prefix=NAN
// RUN: not systile-run %s --entry to_i8 --input %t/f32_big.npy --compile 2>&1 | FileCheck %s --check-prefix=NAN
// RUN: systile-run %s --entry to_i8 --input %t/f32_edge.npy --compile | FileCheck %s --check-prefix=EDGE
// RUN: not systile-run %s --entry to_u8 --input %t/f32_neg.npy --compile 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: systile-run %s --entry to_u8 --input %t/f32_uedge.npy --compile | FileCheck %s --check-prefix=UEDGE
// NAN: 'arith.fptosi' at {{.*}}:[[# @LINE + 5]]:{{[0-9]+}}: NaN or a value out of the range of i8
// EDGE: result #0: tensor<2xi8> = [127, -128]
// NEG: 'arith.fptoui' at {{.*}}:[[# @LINE + 8]]:{{[0-9]+}}: NaN or a value out of the range of ui8
// UEDGE: result #0: tensor<2xi8> = [-1, 0]
func.func @to_i8(%a: tensor<2xf32>) -> tensor<2xi8> {
  %r = arith.fptosi %a : tensor<2xf32> to tensor<2xi8>
  return %r : tensor<2xi8>
}

func.func @to_u8(%a: tensor<2xf32>) -> tensor<2xi8> {
  %r = arith.fptoui %a : tensor<2xf32> to tensor<2xi8>
  return %r : tensor<2xi8>
}

// RUN: not systile-run %s --entry pow --input %t/i32_base.npy --input %t/i32_exp.npy --compile 2>&1 | FileCheck %s --check-prefix=POW
// RUN: systile-run %s --entry pow --input %t/i32_base.npy --input %t/i32_exp_ok.npy --compile | FileCheck %s --check-prefix=POW-OK
// POW: 'math.ipowi' at {{.*}}:[[# @LINE + 3]]:{{[0-9]+}}: division by zero (0 to a negative power) (the result would be poison)
// POW-OK: result #0: tensor<2xi32> = [0, 0]
func.func @pow(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<2xi32> {
  %r = math.ipowi %a, %b : tensor<2xi32>
  return %r : tensor<2xi32>
}

// A failed cf.assert, as torch-mlir guards an embedding's indices, inside
// a loop: the message is the program's, at the assert.
// RUN: not systile-run %s --entry gather --input %t/i64_ids.npy --compile --output %t/gather.npy 2>&1 | FileCheck %s --check-prefix=ASSERT
// RUN: not ls %t/gather.npy
// RUN: systile-run %s --entry gather --input %t/i64_ids_ok.npy --compile | FileCheck %s --check-prefix=ASSERT-OK
// ASSERT: systile-run: error: --compile: 'cf.assert' at {{.*}}runtime-checks.mlir:[[# @LINE + 12]]:5: assertion failed: index must be smaller than dim size
// ASSERT-OK: result #0: tensor<2xf32> = [10, 12]
func.func @gather(%ids: tensor<2xi64>) -> tensor<2xf32> {
  %table = arith.constant dense<[10.0, 11.0, 12.0]> : tensor<3xf32>
  %empty = tensor.empty() : tensor<2xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : i64
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %empty) -> tensor<2xf32> {
    %id = tensor.extract %ids[%i] : tensor<2xi64>
    %ok = arith.cmpi slt, %id, %c3 : i64
    cf.assert %ok, "index must be smaller than dim size"
    %j = arith.index_cast %id : i64 to index
    %v = tensor.extract %table[%j] : tensor<3xf32>
    %next = tensor.insert %v into %acc[%i] : tensor<2xf32>
    scf.yield %next : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}

// Out-of-bounds indices: upstream's generate-runtime-verification (in
// systile-lower-to-llvm) checks the memref ops they bufferize to.
// RUN: not systile-run %s --entry extract --input %t/i64_ids.npy --compile 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: systile-run %s --entry extract --input %t/i64_ids_ok.npy --compile | FileCheck %s --check-prefix=OOB-OK
// OOB: systile-run: error: --compile: 'cf.assert' at {{.*}}runtime-checks.mlir:[[# @LINE + 8]]:8: assertion failed: ERROR: Runtime op verification failed
// OOB: out-of-bounds access
// OOB-OK: result #0: f32 = 12
func.func @extract(%ids: tensor<2xi64>) -> f32 {
  %table = arith.constant dense<[10.0, 11.0, 12.0]> : tensor<3xf32>
  %c1 = arith.constant 1 : index
  %id = tensor.extract %ids[%c1] : tensor<2xi64>
  %i = arith.index_cast %id : i64 to index
  %v = tensor.extract %table[%i] : tensor<3xf32>
  return %v : f32
}
