// RUN: systile-opt %s --systile-insert-runtime-checks --split-input-file | FileCheck %s

// A division by a value: the zero and overflow checks, each a call of the
// runtime's check handler under an scf.if of the negated condition.
// CHECK-DAG: memref.global "private" constant @[[ZERO:__systile_check_message[_0-9]*]] : memref<{{[0-9]+}}xi8> = dense
// CHECK-DAG: memref.global "private" constant @[[OVER:__systile_check_message[_0-9]*]] : memref<{{[0-9]+}}xi8> = dense
// CHECK-DAG: func.func private @systile_check_failed(memref<?xi8>) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @div
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK: %[[Z:.*]] = arith.cmpi ne, %[[B]], %{{.*}} : i32
// CHECK: %[[NZ:.*]] = arith.xori %[[Z]], %{{.*}} : i1
// CHECK: scf.if %[[NZ]] {
// CHECK:   memref.get_global @[[ZERO]]
// CHECK:   memref.cast
// CHECK:   func.call @systile_check_failed
// CHECK: }
// CHECK: arith.cmpi eq, %[[A]], %{{.*}} : i32
// CHECK: arith.cmpi eq, %[[B]], %{{.*}} : i32
// CHECK: scf.if
// CHECK:   memref.get_global @[[OVER]]
// CHECK: arith.divsi %[[A]], %[[B]] : i32
// CHECK-NOT: cf.assert
func.func @div(%a: i32, %b: i32) -> i32 {
  %r = arith.divsi %a, %b : i32
  return %r : i32
}

// -----

// Constant operands that make the op defined get no check: a non-zero
// divisor, an in-range shift, a divisor other than -1.
// CHECK-LABEL: func.func @defined
// CHECK-NOT: scf.if
// CHECK-NOT: systile_check_failed
// CHECK: return
func.func @defined(%a: i32) -> (i32, i32, i32) {
  %c4 = arith.constant 4 : i32
  %c3 = arith.constant 3 : i32
  %r0 = arith.divui %a, %c4 : i32
  %r1 = arith.shli %a, %c3 : i32
  %r2 = arith.remsi %a, %c4 : i32
  return %r0, %r1, %r2 : i32, i32, i32
}

// -----

// The program's own assert: its message, prefixed with the op and where.
// CHECK: memref.global "private" constant @{{.*}} : memref<{{[0-9]+}}xi8> = dense<
// CHECK-LABEL: func.func @assert
// CHECK-NOT: cf.assert
// CHECK: scf.if
// CHECK: func.call @systile_check_failed
func.func @assert(%ok: i1) {
  cf.assert %ok, "must hold"
  return
}

// -----

// Overflow flags are checked after the op, on its result; a wrapping op
// without flags gets nothing.
// CHECK-LABEL: func.func @flags
// CHECK: %[[S:.*]] = arith.addi %{{.*}}, %{{.*}} overflow<nsw> : i8
// CHECK: arith.xori %{{.*}}, %[[S]]
// CHECK: scf.if
// CHECK: %[[U:.*]] = arith.muli %{{.*}}, %{{.*}} overflow<nuw> : i8
// CHECK: arith.mului_extended
// CHECK: scf.if
// CHECK: arith.subi
// CHECK-NOT: scf.if
// CHECK: return
func.func @flags(%a: i8, %b: i8) -> (i8, i8, i8) {
  %s = arith.addi %a, %b overflow<nsw> : i8
  %u = arith.muli %a, %b overflow<nuw> : i8
  %w = arith.subi %a, %b : i8
  return %s, %u, %w : i8, i8, i8
}

// -----

// fptosi to i8 from f32: NaN fails both ordered comparisons; the bounds
// are -129 and 128, exact in f32.
// CHECK-LABEL: func.func @to_int
// CHECK-DAG: arith.constant -1.290000e+02 : f32
// CHECK-DAG: arith.constant 1.280000e+02 : f32
// CHECK: arith.cmpf ogt
// CHECK: arith.cmpf olt
// CHECK: scf.if
// CHECK: arith.fptosi
func.func @to_int(%x: f32) -> i8 {
  %r = arith.fptosi %x : f32 to i8
  return %r : i8
}

// -----

// To i32 from bf16: -2^31 - 1 rounds down to the bf16 below -2^31, and
// 2^31 is exact.
// CHECK-LABEL: func.func @to_i32_bf16
// CHECK-DAG: arith.constant -2.164260e+09 : bf16
// CHECK-DAG: arith.constant 2.147480e+09 : bf16
func.func @to_i32_bf16(%x: bf16) -> i32 {
  %r = arith.fptosi %x : bf16 to i32
  return %r : i32
}

// -----

// Each buffer the program allocates is preceded by its site, for a host
// that bounds the program's memory; one global per distinct site.
// CHECK-DAG: func.func private @systile_alloc_site(memref<?xi8>) attributes {llvm.emit_c_interface}
// The bytes of "a buffer allocated at model.py:3:7".
// CHECK-DAG: memref.global "private" constant @[[SITE:__systile_alloc_site[_0-9]*]] : memref<34xi8> = dense<[97, 32, 98, 117, 102, 102, 101, 114, 32, 97, 108, 108, 111, 99, 97, 116, 101, 100, 32, 97, 116, 32, 109, 111, 100, 101, 108, 46, 112, 121, 58, 51, 58, 55]>
// CHECK-LABEL: func.func @buffers
// CHECK: %[[G:.*]] = memref.get_global @[[SITE]] : memref<34xi8>
// CHECK-NEXT: %[[T:.*]] = memref.cast %[[G]] : memref<34xi8> to memref<?xi8>
// CHECK-NEXT: call @systile_alloc_site(%[[T]])
// CHECK-NEXT: memref.alloc() : memref<4xf32>
// CHECK: memref.get_global @[[SITE]]
// CHECK: call @systile_alloc_site
// CHECK-NEXT: memref.alloc(%{{.*}}) : memref<?xf32>
func.func @buffers(%n: index) -> (memref<4xf32>, memref<?xf32>) {
  %a = memref.alloc() : memref<4xf32> loc("model.py":3:7)
  %b = memref.alloc(%n) : memref<?xf32> loc("model.py":3:7)
  return %a, %b : memref<4xf32>, memref<?xf32>
}
