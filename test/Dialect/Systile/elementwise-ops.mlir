// RUN: systile-opt %s --verify-roundtrip | FileCheck %s
// RUN: systile-opt %s --mlir-print-op-generic | systile-opt | FileCheck %s

// Round trip of the element-wise ops on tiled values: systile.splat,
// systile.broadcast, systile.elementwise and systile.yield.

!t = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
!u = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>, pad = undef>
!r = !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>>
!c = !systile.tiled<3x1xf32, #systile.geometry<2x4, mxu = 4>>
!h = !systile.tiled<3x5xbf16, #systile.geometry<2x4, mxu = 4>>

// CHECK-LABEL: func.func @splat
// CHECK: systile.splat %{{.*}} : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: systile.splat %{{.*}} : !systile.tiled<2x2xi8, pad = undef>
func.func @splat(%v: f32, %i: i8) -> (!t, !systile.tiled<2x2xi8, pad = undef>) {
  %0 = systile.splat %v : !t
  %1 = systile.splat %i : !systile.tiled<2x2xi8, pad = undef>
  return %0, %1 : !t, !systile.tiled<2x2xi8, pad = undef>
}

// CHECK-LABEL: func.func @broadcast
// CHECK: systile.broadcast %{{.*}} dim = 0 : !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: systile.broadcast %{{.*}} dim = 1 : !systile.tiled<3x1xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
func.func @broadcast(%row: !r, %col: !c) -> (!t, !t) {
  %0 = systile.broadcast %row dim = 0 : !r -> !t
  %1 = systile.broadcast %col dim = 1 : !c -> !t
  return %0, %1 : !t, !t
}

// CHECK-LABEL: func.func @elementwise
// CHECK: systile.elementwise ins(%{{.*}}, %{{.*}} : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>, pad = undef>, !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>) -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> {
// CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32):
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT: %[[R:.*]] = arith.maximumf %[[S]], %[[Z]] : f32
// CHECK-NEXT: systile.yield %[[R]] : f32
// CHECK-NEXT: }
// CHECK: systile.elementwise ins(%{{.*}} : {{.*}}) -> !systile.tiled<3x5xbf16, #systile.geometry<2x4, mxu = 4>> attributes {note = "mixed"} {
// CHECK: arith.truncf %{{.*}} : f32 to bf16
// CHECK: systile.yield %{{.*}} : bf16
func.func @elementwise(%x: !u, %b: !t) -> (!t, !h) {
  %0 = systile.elementwise ins(%x, %b : !u, !t) -> !t {
  ^bb0(%a: f32, %c: f32):
    %zero = arith.constant 0.000000e+00 : f32
    %s = arith.addf %a, %c : f32
    %r = arith.maximumf %s, %zero : f32
    systile.yield %r : f32
  }
  %1 = systile.elementwise ins(%x : !u) -> !h attributes {note = "mixed"} {
  ^bb0(%a: f32):
    %t = arith.truncf %a : f32 to bf16
    systile.yield %t : bf16
  }
  return %0, %1 : !t, !h
}

// Inputs that broadcast along unit dimensions: a 1x5 row, a 3x1 column and
// a 1x1 scalar over a 3x5 result.
// CHECK-LABEL: func.func @elementwise_broadcast_inputs
// CHECK: systile.elementwise ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<3x1xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<1x1xf32, #systile.geometry<2x4, mxu = 4>>) -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> {
// CHECK-NEXT: ^bb0(%{{.*}}: f32, %{{.*}}: f32, %{{.*}}: f32, %{{.*}}: f32):
func.func @elementwise_broadcast_inputs(%x: !t, %row: !r, %col: !c, %s: !systile.tiled<1x1xf32, #systile.geometry<2x4, mxu = 4>>) -> !t {
  %0 = systile.elementwise ins(%x, %row, %col, %s : !t, !r, !c, !systile.tiled<1x1xf32, #systile.geometry<2x4, mxu = 4>>) -> !t {
  ^bb0(%a: f32, %b: f32, %c: f32, %d: f32):
    %0 = arith.addf %a, %b : f32
    %1 = arith.subf %0, %c : f32
    %2 = arith.mulf %1, %d : f32
    systile.yield %2 : f32
  }
  return %0 : !t
}
