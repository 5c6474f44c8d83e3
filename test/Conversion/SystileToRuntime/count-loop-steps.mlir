// RUN: systile-opt %s --systile-count-loop-steps --split-input-file --verify-diagnostics | FileCheck %s

// Each iteration of scf.for, of scf.while's before region and of
// scf.forall starts with a call of the runtime's systile_loop_step with
// the loop's name and location, a constant global per distinct text.
// CHECK-DAG: func.func private @systile_loop_step(memref<?xi8>) attributes {llvm.emit_c_interface}
// CHECK-DAG: memref.global "private" constant @__systile_loop_name{{[_0-9]*}} : memref<{{[0-9]+}}xi8> = dense<[39, 115, 99, 102, 46, 102, 111, 114, 39, {{.*}}]>
// CHECK-LABEL: func.func @loops
// CHECK: scf.for
// CHECK-NEXT: %[[G:.*]] = memref.get_global @__systile_loop_name
// CHECK-NEXT: %[[N:.*]] = memref.cast %[[G]] : memref<{{[0-9]+}}xi8> to memref<?xi8>
// CHECK-NEXT: func.call @systile_loop_step(%[[N]]) : (memref<?xi8>) -> ()
// CHECK: scf.while
// CHECK-NEXT: memref.get_global
// CHECK-NEXT: memref.cast
// CHECK-NEXT: func.call @systile_loop_step
// CHECK: scf.condition
// CHECK: } do {
// CHECK-NOT: systile_loop_step
// CHECK: scf.yield
// CHECK: scf.forall
// CHECK-NEXT: memref.get_global
// CHECK-NEXT: memref.cast
// CHECK-NEXT: func.call @systile_loop_step
// CHECK: tensor.parallel_insert_slice
func.func @loops(%n: index, %t: tensor<4xf32>) -> (index, i32, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> index {
    scf.yield %i : index
  }
  %z = arith.constant 0 : i32
  %w = scf.while (%x = %z) : (i32) -> i32 {
    %f = arith.constant false
    scf.condition(%f) %x : i32
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  %u = scf.forall (%k) in (4) shared_outs(%o = %t) -> tensor<4xf32> {
    %e = tensor.extract_slice %o[%k] [1] [1] : tensor<4xf32> to tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %e into %o[%k] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  }
  return %r, %w, %u : index, i32, tensor<4xf32>
}

// -----

// The text names the loop and its location, as the runtime's error
// prints it ("... ran out of steps: ..."): "'scf.for' at FILE:LINE:COL".
// The bytes of "'scf.for' at model.py:7:3".
// CHECK: memref<25xi8> = dense<[39, 115, 99, 102, 46, 102, 111, 114, 39, 32, 97, 116, 32, 109, 111, 100, 101, 108, 46, 112, 121, 58, 55, 58, 51]>
// CHECK-LABEL: func.func @text
func.func @text() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c1 step %c1 {
  } loc("model.py":7:3)
  return
}

// -----

// Nested loops each count; no loop, no declaration.
// CHECK-LABEL: func.func @nested
// CHECK: scf.for
// CHECK-NEXT: memref.get_global
// CHECK-NEXT: memref.cast
// CHECK-NEXT: func.call @systile_loop_step
// CHECK-NEXT: scf.for
// CHECK-NEXT: memref.get_global
// CHECK-NEXT: memref.cast
// CHECK-NEXT: func.call @systile_loop_step
func.func @nested(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
    }
  }
  return
}

// -----

// CHECK-LABEL: func.func @straight
// CHECK-NOT: systile_loop_step
func.func @straight(%a: i32) -> i32 {
  return %a : i32
}

// -----

// A program whose @systile_loop_step is not the runtime's.
// expected-error @+1 {{the program defines @systile_loop_step, a function of systile's runtime, with another type}}
func.func private @systile_loop_step(i32)
func.func @clash(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
  }
  return
}

// -----

// A call that can recur (its callee reaches the caller: @even and @odd
// call each other, @self calls itself) is bracketed by systile_call_enter
// and systile_call_leave with its callee and location; a call that cannot
// (@main's calls) and a call of a declaration are left alone.
// CHECK-DAG: func.func private @systile_call_enter(memref<?xi8>) attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @systile_call_leave(memref<?xi8>) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @even
// CHECK: call @systile_call_enter
// CHECK-NEXT: call @odd
// CHECK-NEXT: memref.get_global
// CHECK-NEXT: memref.cast
// CHECK-NEXT: call @systile_call_leave
// CHECK-LABEL: func.func @odd
// CHECK: call @systile_call_enter
// CHECK-NEXT: call @even
// CHECK: call @systile_call_leave
// CHECK-LABEL: func.func @self
// CHECK: call @systile_call_enter
// CHECK-NEXT: call @self
// CHECK: call @systile_call_leave
// CHECK-LABEL: func.func @main
// CHECK-NOT: systile_call
// CHECK: return
func.func private @external(i64) -> i64
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
func.func @self(%n: i64) -> i64 {
  %r = func.call @self(%n) : (i64) -> i64
  return %r : i64
}
func.func @main(%n: i64) -> (i1, i64) {
  %e = func.call @even(%n) : (i64) -> i1
  %x = func.call @external(%n) : (i64) -> i64
  return %e, %x : i1, i64
}

// -----

// A step that is not a positive constant is checked before the loop (a
// cf.assert with the whole message, which systile-insert-runtime-checks
// reports as it is); a constant positive step is not.
// CHECK-LABEL: func.func @steps
// CHECK: %[[P:.*]] = arith.cmpi sgt, %arg0, %{{.*}} : index
// CHECK-NEXT: cf.assert %[[P]], "'scf.for' at {{.*}}count-loop-steps.mlir:{{[0-9]+}}:8: its step is not positive; the loop would not terminate" {systile.runtime_check}
// CHECK-NEXT: scf.for
// CHECK-NOT: cf.assert
// CHECK: return
func.func @steps(%s: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %s iter_args(%a = %c0) -> index {
    scf.yield %i : index
  }
  %q = scf.for %i = %c0 to %c8 step %c1 iter_args(%a = %r) -> index {
    scf.yield %i : index
  }
  return %q : index
}
