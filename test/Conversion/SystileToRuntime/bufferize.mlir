// One-Shot Bufferize on systile ops (BufferizableOpInterface models): a
// tiled value's buffer is its padded storage, memref<N x T>; each op
// becomes a systile.on_buffers holding it; a matmul writes over its
// accumulator only when nothing reads the accumulator afterwards; a
// systile.constant becomes a read-only memref.global.
//
// RUN: systile-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | FileCheck %s

!t = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
!w = !systile.tiled<5x5xf32, #systile.geometry<2x4, mxu = 4>>

// CHECK: memref.global "private" constant @__systile_constant : memref<48xf32> = dense<0.000000e+00> {alignment = 64 : i64}

// CHECK-LABEL: func.func @chain(
// CHECK-SAME: %[[X:.*]]: memref<3x5xf32>, %[[Y:.*]]: memref<5x5xf32>) -> memref<3x5xf32>
// The pack of x: a fresh storage buffer of 4 x 8 slots.
// CHECK: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<32xf32>
// CHECK: systile.on_buffers ins(%[[X]] : memref<3x5xf32>) outs(%[[A]] : memref<32xf32>) {
// CHECK-NEXT: ^bb0(%[[T:.*]]: tensor<3x5xf32>):
// CHECK-NEXT: %[[P:.*]] = systile.pack %[[T]]
// CHECK-NEXT: systile.on_buffers_yield %[[P]]
// CHECK: %[[B:.*]] = memref.alloc() {alignment = 64 : i64} : memref<48xf32>
// CHECK: %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<32xf32>
// CHECK: systile.on_buffers ins(%{{.*}} : memref<3x5xf32>) outs(%[[C]] : memref<32xf32>)
// The first load's accumulator is read again by @chain's second matmul,
// so its result gets a buffer of its own...
// CHECK: %[[D:.*]] = memref.alloc() {alignment = 64 : i64} : memref<32xf32>
// CHECK: systile.on_buffers ins(%[[A]], %[[B]], %[[C]] : memref<32xf32>, memref<48xf32>, memref<32xf32>) outs(%[[D]] : memref<32xf32>)
// CHECK: systile.mxu_matmul
// ...and the second load's accumulator dies there: it is written in place.
// CHECK: systile.on_buffers ins(%[[A]], %[[B]], %[[D]] : memref<32xf32>, memref<48xf32>, memref<32xf32>) outs(%[[D]] : memref<32xf32>)
// CHECK: systile.mxu_matmul
// The plain matmul reads the first accumulator, still intact, and is its
// last reader: it writes over it.
// CHECK: systile.on_buffers ins(%[[A]], %[[B]], %[[C]] : memref<32xf32>, memref<48xf32>, memref<32xf32>) outs(%[[C]] : memref<32xf32>)
// CHECK: systile.matmul
func.func @chain(%x: tensor<3x5xf32>, %y: tensor<5x5xf32>) -> tensor<3x5xf32> {
  %a = systile.pack %x : tensor<3x5xf32> -> !t
  %b = systile.pack %y : tensor<5x5xf32> -> !w
  %c = systile.pack %x : tensor<3x5xf32> -> !t
  %d0 = systile.mxu_matmul %a, %b, %c [0, 0] : !t, !w -> !t
  %d1 = systile.mxu_matmul %a, %b, %d0 [1, 0] : !t, !w -> !t
  %e = systile.matmul %a, %b, %c : !t, !w -> !t
  %s = systile.elementwise ins(%d1, %e : !t, !t) -> !t {
  ^bb0(%p: f32, %q: f32):
    %r = arith.addf %p, %q : f32
    systile.yield %r : f32
  }
  %u = systile.unpack %s : !t -> tensor<3x5xf32>
  return %u : tensor<3x5xf32>
}

// A constant accumulator is never written: the matmul's result gets a
// buffer of its own.
// CHECK-LABEL: func.func @constant_acc(
// CHECK: %[[G:.*]] = memref.get_global @__systile_constant : memref<48xf32>
// CHECK: %[[O:.*]] = memref.alloc() {alignment = 64 : i64} : memref<48xf32>
// CHECK: systile.on_buffers ins(%{{.*}}, %{{.*}}, %[[G]] : memref<48xf32>, memref<48xf32>, memref<48xf32>) outs(%[[O]] : memref<48xf32>)
func.func @constant_acc(%y: tensor<5x5xf32>) -> tensor<5x5xf32> {
  %b = systile.pack %y : tensor<5x5xf32> -> !w
  %one = systile.constant dense<0.0> : tensor<48xf32> -> !systile.tiled<5x5xf32, #systile.geometry<2x4, mxu = 4>>
  %d = systile.matmul %b, %b, %one : !w, !w -> !w
  %u = systile.unpack %d : !w -> tensor<5x5xf32>
  return %u : tensor<5x5xf32>
}

// A splat's scalar stays an operand of systile.on_buffers.
// CHECK-LABEL: func.func @splat(
// CHECK-SAME: %[[V:.*]]: f32
// CHECK: systile.on_buffers ins(%[[V]] : f32) outs(%{{.*}} : memref<32xf32>) {
// CHECK-NEXT: ^bb0(%[[S:.*]]: f32):
// CHECK-NEXT: systile.splat %[[S]]
func.func @splat(%v: f32) -> tensor<3x5xf32> {
  %s = systile.splat %v : !t
  %u = systile.unpack %s : !t -> tensor<3x5xf32>
  return %u : tensor<3x5xf32>
}

// A complete chain of weight loads (every (kb, nb) block, RFC 6's order)
// bufferizes as the one matmul it computes: the runtime then simulates it
// whole, as the interpreter does.
// CHECK-LABEL: func.func @complete_chain(
// CHECK: systile.on_buffers ins(%{{.*}}, %{{.*}}, %[[ACC:.*]] : memref<32xf32>, memref<48xf32>, memref<32xf32>) outs(%[[ACC]] : memref<32xf32>)
// CHECK-NEXT: ^bb0(
// CHECK-NEXT: systile.matmul %{{.*}}, %{{.*}}, %{{.*}} precision = bf16 :
// CHECK-NOT: systile.mxu_matmul
// CHECK: return
func.func @complete_chain(%x: tensor<3x5xf32>, %y: tensor<5x5xf32>) -> tensor<3x5xf32> {
  %a = systile.pack %x : tensor<3x5xf32> -> !t
  %b = systile.pack %y : tensor<5x5xf32> -> !w
  %c = systile.pack %x : tensor<3x5xf32> -> !t
  %d0 = systile.mxu_matmul %a, %b, %c [0, 0] precision = bf16 : !t, !w -> !t
  %d1 = systile.mxu_matmul %a, %b, %d0 [1, 0] precision = bf16 : !t, !w -> !t
  %d2 = systile.mxu_matmul %a, %b, %d1 [0, 1] precision = bf16 : !t, !w -> !t
  %d3 = systile.mxu_matmul %a, %b, %d2 [1, 1] precision = bf16 : !t, !w -> !t
  %u = systile.unpack %d3 : !t -> tensor<3x5xf32>
  return %u : tensor<3x5xf32>
}

// A free relayout (its result's storage is its input's, slot for slot) is
// its input's buffer: no systile.on_buffers, no allocation, no copy. A
// relayout that moves elements (split_heads) gets a buffer of its own.
!b2 = !systile.tiled<2x4x4xf32, #systile.geometry<2x4, mxu = 4>>
!m8 = !systile.tiled<8x4xf32, #systile.geometry<2x4, mxu = 4>>
!h2 = !systile.tiled<2x2x4x2xf32, #systile.geometry<2x4, mxu = 4>>
!h4 = !systile.tiled<4x4x2xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK-LABEL: func.func @free_relayouts(
// CHECK: %[[P:.*]] = memref.alloc() {alignment = 64 : i64} : memref<32xf32>
// CHECK: systile.on_buffers ins(%{{.*}} : memref<2x4x4xf32>) outs(%[[P]] : memref<32xf32>)
// CHECK: systile.pack
// CHECK-NOT: memref.alloc
// CHECK-NOT: systile.merge_rows
// CHECK-NOT: systile.split_rows
// CHECK: %[[H:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
// CHECK: systile.on_buffers ins(%[[P]] : memref<32xf32>) outs(%[[H]] : memref<64xf32>)
// CHECK-NEXT: ^bb0(
// CHECK-NEXT: systile.split_heads
// CHECK-NOT: systile.reshape_batch
// CHECK: systile.on_buffers ins(%[[H]] : memref<64xf32>) outs(%{{.*}} : memref<4x4x2xf32>)
// CHECK-NEXT: ^bb0(
// CHECK-NEXT: systile.unpack %{{.*}} : !systile.tiled<4x4x2xf32
func.func @free_relayouts(%x: tensor<2x4x4xf32>) -> tensor<4x4x2xf32> {
  %a = systile.pack %x : tensor<2x4x4xf32> -> !b2
  %m = systile.merge_rows %a : !b2 -> !m8
  %s = systile.split_rows %m : !m8 -> !b2
  %h = systile.split_heads %s : !b2 -> !h2
  %r = systile.reshape_batch %h : !h2 -> !h4
  %u = systile.unpack %r : !h4 -> tensor<4x4x2xf32>
  return %u : tensor<4x4x2xf32>
}

// A matmul never accumulates over a buffer that another live value
// shares: %n is read after the matmul, so its merged rows, the
// accumulator, are not written in place...
!l8 = !systile.tiled<8x4xf32, #systile.geometry<2x4, mxu = 4>>
!w4 = !systile.tiled<4x4xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK-LABEL: func.func @shared_acc(
// CHECK: systile.on_buffers ins(%{{.*}} : memref<32xf32>) outs(%[[N:.*]] : memref<32xf32>)
// CHECK-NEXT: ^bb0(
// CHECK-NEXT: systile.elementwise
// CHECK: %[[O:.*]] = memref.alloc() {alignment = 64 : i64} : memref<32xf32>
// CHECK: systile.on_buffers ins(%{{.*}}, %{{.*}}, %[[N]] : memref<32xf32>, memref<16xf32>, memref<32xf32>) outs(%[[O]] : memref<32xf32>)
// CHECK-NEXT: ^bb0(
// CHECK-NEXT: systile.matmul
func.func @shared_acc(%x: tensor<2x4x4xf32>, %l: tensor<8x4xf32>, %w: tensor<4x4xf32>) -> (tensor<2x4x4xf32>, tensor<8x4xf32>) {
  %a = systile.pack %x : tensor<2x4x4xf32> -> !b2
  %lt = systile.pack %l : tensor<8x4xf32> -> !l8
  %wt = systile.pack %w : tensor<4x4xf32> -> !w4
  %n = systile.elementwise ins(%a : !b2) -> !b2 {
  ^bb0(%e: f32):
    %r = arith.negf %e : f32
    systile.yield %r : f32
  }
  %v = systile.merge_rows %n : !b2 -> !l8
  %d = systile.matmul %lt, %wt, %v : !l8, !w4 -> !l8
  %un = systile.unpack %n : !b2 -> tensor<2x4x4xf32>
  %ud = systile.unpack %d : !l8 -> tensor<8x4xf32>
  return %un, %ud : tensor<2x4x4xf32>, tensor<8x4xf32>
}

// ...and once nothing else reads it, it is.
// CHECK-LABEL: func.func @dead_shared_acc(
// CHECK: systile.on_buffers ins(%{{.*}} : memref<32xf32>) outs(%[[N:.*]] : memref<32xf32>)
// CHECK-NEXT: ^bb0(
// CHECK-NEXT: systile.elementwise
// CHECK-NOT: memref.alloc
// CHECK: systile.on_buffers ins(%{{.*}}, %{{.*}}, %[[N]] : memref<32xf32>, memref<16xf32>, memref<32xf32>) outs(%[[N]] : memref<32xf32>)
func.func @dead_shared_acc(%x: tensor<2x4x4xf32>, %l: tensor<8x4xf32>, %w: tensor<4x4xf32>) -> tensor<8x4xf32> {
  %a = systile.pack %x : tensor<2x4x4xf32> -> !b2
  %lt = systile.pack %l : tensor<8x4xf32> -> !l8
  %wt = systile.pack %w : tensor<4x4xf32> -> !w4
  %n = systile.elementwise ins(%a : !b2) -> !b2 {
  ^bb0(%e: f32):
    %r = arith.negf %e : f32
    systile.yield %r : f32
  }
  %v = systile.merge_rows %n : !b2 -> !l8
  %d = systile.matmul %lt, %wt, %v : !l8, !w4 -> !l8
  %ud = systile.unpack %d : !l8 -> tensor<8x4xf32>
  return %ud : tensor<8x4xf32>
}
