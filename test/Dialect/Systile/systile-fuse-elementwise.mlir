// RUN: systile-opt %s --systile-fuse-elementwise -split-input-file | FileCheck %s
// RUN: systile-opt %s --systile-fuse-elementwise -split-input-file --mlir-pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS

!t = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
!r = !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>>

// Bias add then ReLU: one op, the bias a 1x5 input (the broadcast folds
// in), the producer's ops first, the consumer's reading the sum (the
// pattern driver moves constants to the start of the region).
// CHECK-LABEL: func.func @bias_relu
// CHECK-SAME: (%[[X:.*]]: !systile.tiled<3x5xf32, {{.*}}>, %[[B:.*]]: !systile.tiled<1x5xf32, {{.*}}>)
// CHECK-NOT: systile.broadcast
// CHECK: %[[Y:.*]] = systile.elementwise ins(%[[X]], %[[B]] : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>>) -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> {
// CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[C:.*]]: f32):
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[A]], %[[C]] : f32
// CHECK-NEXT: %[[M:.*]] = arith.maximumf %[[S]], %[[Z]] : f32
// CHECK-NEXT: systile.yield %[[M]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[Y]]
func.func @bias_relu(%x: !t, %b: !r) -> !t {
  %bb = systile.broadcast %b dim = 0 : !r -> !t
  %s = systile.elementwise ins(%x, %bb : !t, !t) -> !t {
  ^bb0(%a: f32, %c: f32):
    %0 = arith.addf %a, %c : f32
    systile.yield %0 : f32
  }
  %y = systile.elementwise ins(%s : !t) -> !t {
  ^bb0(%a: f32):
    %z = arith.constant 0.000000e+00 : f32
    %0 = arith.maximumf %a, %z : f32
    systile.yield %0 : f32
  }
  return %y : !t
}

// -----

!t = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>

// A chain of three is one op; an input both ops read appears once, and the
// producer's inputs take the place of its result among the consumer's
// (upstream's operand order for fused generics).
// CHECK-LABEL: func.func @chain_shared_input
// CHECK-SAME: (%[[X:.*]]: !systile.tiled<3x5xf32, {{.*}}>, %[[W:.*]]: !systile.tiled<3x5xf32, {{.*}}>)
// CHECK: %[[Y:.*]] = systile.elementwise ins(%[[X]], %[[W]] : {{.*}}) -> {{.*}} {
// CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32):
// CHECK-NEXT: %[[N:.*]] = arith.negf %[[A]] : f32
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[N]], %[[A]] : f32
// CHECK-NEXT: %[[S:.*]] = arith.subf %[[M]], %[[B]] : f32
// CHECK-NEXT: systile.yield %[[S]] : f32
// CHECK-NOT: systile.elementwise
// CHECK: return %[[Y]]
func.func @chain_shared_input(%x: !t, %w: !t) -> !t {
  %n = systile.elementwise ins(%x : !t) -> !t {
  ^bb0(%a: f32):
    %0 = arith.negf %a : f32
    systile.yield %0 : f32
  }
  %m = systile.elementwise ins(%n, %x : !t, !t) -> !t {
  ^bb0(%a: f32, %b: f32):
    %0 = arith.mulf %a, %b : f32
    systile.yield %0 : f32
  }
  %s = systile.elementwise ins(%m, %w : !t, !t) -> !t {
  ^bb0(%a: f32, %b: f32):
    %0 = arith.subf %a, %b : f32
    systile.yield %0 : f32
  }
  return %s : !t
}

// -----

!t = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>

// A producer with a second user stays: fusing would compute it twice.
// CHECK-LABEL: func.func @two_users
// CHECK: %[[E:.*]] = systile.elementwise
// CHECK: math.exp
// CHECK: %[[R:.*]] = systile.elementwise ins(%[[E]] : {{.*}})
// CHECK: arith.negf
// CHECK: return %[[E]], %[[R]]
func.func @two_users(%x: !t) -> (!t, !t) {
  %e = systile.elementwise ins(%x : !t) -> !t {
  ^bb0(%a: f32):
    %0 = math.exp %a : f32
    systile.yield %0 : f32
  }
  %r = systile.elementwise ins(%e : !t) -> !t {
  ^bb0(%a: f32):
    %0 = arith.negf %a : f32
    systile.yield %0 : f32
  }
  return %e, %r : !t, !t
}

// -----

!t = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
!r = !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>>

// A 1x5 producer read as a broadcast row stays: fused, its region would run
// once per row instead of once.
// CHECK-LABEL: func.func @broadcast_producer
// CHECK: %[[E:.*]] = systile.elementwise ins(%{{.*}} : !systile.tiled<1x5xf32, {{.*}}>) -> !systile.tiled<1x5xf32
// CHECK: systile.elementwise ins(%{{.*}}, %[[E]] : !systile.tiled<3x5xf32, {{.*}}>, !systile.tiled<1x5xf32, {{.*}}>)
func.func @broadcast_producer(%x: !t, %b: !r) -> !t {
  %e = systile.elementwise ins(%b : !r) -> !r {
  ^bb0(%a: f32):
    %0 = math.exp %a : f32
    systile.yield %0 : f32
  }
  %y = systile.elementwise ins(%x, %e : !t, !r) -> !t {
  ^bb0(%a: f32, %c: f32):
    %0 = arith.mulf %a, %c : f32
    systile.yield %0 : f32
  }
  return %y : !t
}

// -----

!t = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
!h = !systile.tiled<3x5xbf16, #systile.geometry<2x4, mxu = 4>>

// Element types may change along the chain; a producer read twice by its
// consumer feeds both block arguments, and a producer that yields its block
// argument (a copy) leaves no op behind.
// CHECK-LABEL: func.func @types_and_copies
// CHECK-SAME: (%[[X:.*]]: !systile.tiled<3x5xf32, {{.*}}>)
// CHECK: %[[Y:.*]] = systile.elementwise ins(%[[X]] : !systile.tiled<3x5xf32, {{.*}}>) -> !systile.tiled<3x5xbf16, {{.*}}> {
// CHECK-NEXT: ^bb0(%[[A:.*]]: f32):
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[A]], %[[A]] : f32
// CHECK-NEXT: %[[T:.*]] = arith.truncf %[[M]] : f32 to bf16
// CHECK-NEXT: systile.yield %[[T]] : bf16
// CHECK: return %[[Y]]
func.func @types_and_copies(%x: !t) -> !h {
  %c = systile.elementwise ins(%x : !t) -> !t {
  ^bb0(%a: f32):
    systile.yield %a : f32
  }
  %m = systile.elementwise ins(%c, %c : !t, !t) -> !t {
  ^bb0(%a: f32, %b: f32):
    %0 = arith.mulf %a, %b : f32
    systile.yield %0 : f32
  }
  %h = systile.elementwise ins(%m : !t) -> !h {
  ^bb0(%a: f32):
    %0 = arith.truncf %a : f32 to bf16
    systile.yield %0 : bf16
  }
  return %h : !h
}

// Fusions: 1 (bias_relu) + 2 (chain) + 2 (types_and_copies).
// STATS: systile pass statistics
// STATS: systile-fuse-elementwise
// STATS-NEXT: (S) 5 ops-fused
