// systile-expand-unlowered-ops makes an scf.for, scf.while, scf.if or
// scf.index_switch that carries a tiled value carry its storage, a
// one-dimensional tensor of the type's storage slots: systile.to_storage
// where the value enters the op, systile.from_storage where the op's
// regions or its user read it, `unique` (the storage's own buffer) inside
// a loop whose carried value nothing else uses, a copy elsewhere. Other carried values stay as they are, and
// so does a loop that carries no tiled value.
//
// RUN: systile-opt %s --split-input-file --systile-expand-unlowered-ops | FileCheck %s

!m = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>

// CHECK-LABEL: func.func @for(
// CHECK-SAME: %[[X:.*]]: tensor<3x5xf32>
// CHECK: %[[A:.*]] = systile.pack %[[X]]
// CHECK: %[[S0:.*]] = systile.to_storage %[[A]] : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<32xf32>
// CHECK: %[[R:.*]]:2 = scf.for {{.*}} iter_args(%[[S:.*]] = %[[S0]], %[[N:.*]] = %{{.*}}) -> (tensor<32xf32>, f32) {
// CHECK:   %[[T:.*]] = systile.from_storage %[[S]] unique : tensor<32xf32> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK:   %[[E:.*]] = systile.elementwise ins(%[[T]], %[[A]] :
// CHECK:   %[[Y:.*]] = systile.to_storage %[[E]]
// CHECK:   scf.yield %[[Y]], %{{.*}} : tensor<32xf32>, f32
// CHECK: %[[F:.*]] = systile.from_storage %[[R]]#0 :
// CHECK: systile.unpack %[[F]]
func.func @for(%x: tensor<3x5xf32>) -> (tensor<3x5xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %a = systile.pack %x : tensor<3x5xf32> -> !m
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%s = %a, %n = %one) -> (!m, f32) {
    %t = systile.elementwise ins(%s, %a : !m, !m) -> !m {
    ^bb0(%p: f32, %q: f32):
      %v = arith.addf %p, %q : f32
      systile.yield %v : f32
    }
    %m = arith.addf %n, %n : f32
    scf.yield %t, %m : !m, f32
  }
  %u = systile.unpack %r#0 : !m -> tensor<3x5xf32>
  return %u, %r#1 : tensor<3x5xf32>, f32
}

// -----

!m = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>

// Through a region that only passes it on, the storage goes as it is: no
// from_storage and to_storage pair in between.
// CHECK-LABEL: func.func @while(
// CHECK: %[[S0:.*]] = systile.to_storage
// CHECK: scf.while (%{{.*}} = %{{.*}}, %[[S:.*]] = %[[S0]]) : (index, tensor<32xf32>) -> (index, tensor<32xf32>)
// CHECK-NOT: systile.from_storage
// CHECK:   scf.condition(%{{.*}}) %{{.*}}, %[[S]] : index, tensor<32xf32>
// CHECK: ^bb0(%{{.*}}: index, %[[B:.*]]: tensor<32xf32>):
// CHECK:   systile.from_storage %[[B]] unique
// CHECK:   systile.to_storage
// CHECK:   scf.yield
// CHECK: systile.from_storage
func.func @while(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %a = systile.pack %x : tensor<3x5xf32> -> !m
  %r:2 = scf.while (%i = %c0, %s = %a) : (index, !m) -> (index, !m) {
    %go = arith.cmpi slt, %i, %c3 : index
    scf.condition(%go) %i, %s : index, !m
  } do {
  ^bb0(%i: index, %s: !m):
    %j = arith.addi %i, %c1 : index
    %t = systile.elementwise ins(%s : !m) -> !m {
    ^bb0(%p: f32):
      %v = arith.addf %p, %p : f32
      systile.yield %v : f32
    }
    scf.yield %j, %t : index, !m
  }
  %u = systile.unpack %r#1 : !m -> tensor<3x5xf32>
  return %u : tensor<3x5xf32>
}

// -----

!m = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
!b = !systile.tiled<2x3x5xbf16, #systile.geometry<2x4, mxu = 4>, pad = undef>

// CHECK-LABEL: func.func @if(
// CHECK: %[[S:.*]] = systile.to_storage %{{.*}} : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<32xf32>
// CHECK: scf.if %{{.*}} -> (tensor<32xf32>)
// CHECK:   systile.to_storage
// CHECK: } else {
// CHECK-NEXT: scf.yield %[[S]] : tensor<32xf32>
// CHECK: systile.from_storage %{{.*}} : tensor<32xf32> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
func.func @if(%x: tensor<3x5xf32>, %c: i1) -> tensor<3x5xf32> {
  %a = systile.pack %x : tensor<3x5xf32> -> !m
  %r = scf.if %c -> (!m) {
    %t = systile.elementwise ins(%a : !m) -> !m {
    ^bb0(%p: f32):
      %q = arith.negf %p : f32
      systile.yield %q : f32
    }
    scf.yield %t : !m
  } else {
    scf.yield %a : !m
  }
  %u = systile.unpack %r : !m -> tensor<3x5xf32>
  return %u : tensor<3x5xf32>
}

// A batched bf16 value with undefined padding: 2 matrices of 4x8 slots.
// CHECK-LABEL: func.func @switch(
// CHECK: scf.index_switch %{{.*}} -> tensor<64xbf16>
// CHECK: systile.from_storage %{{.*}} : tensor<64xbf16> -> !systile.tiled<2x3x5xbf16, #systile.geometry<2x4, mxu = 4>, pad = undef>
func.func @switch(%x: tensor<2x3x5xbf16>, %c: index) -> tensor<2x3x5xbf16> {
  %a = systile.pack %x : tensor<2x3x5xbf16> -> !b
  %r = scf.index_switch %c -> !b
  case 1 {
    %t = systile.elementwise ins(%a : !b) -> !b {
    ^bb0(%p: bf16):
      %q = arith.negf %p : bf16
      systile.yield %q : bf16
    }
    scf.yield %t : !b
  }
  default {
    scf.yield %a : !b
  }
  %u = systile.unpack %r : !b -> tensor<2x3x5xbf16>
  return %u : tensor<2x3x5xbf16>
}

// -----

// CHECK-LABEL: func.func @dense(
// CHECK-NOT: systile.to_storage
// CHECK: scf.for {{.*}} -> (tensor<3x5xf32>)
func.func @dense(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%s = %x) -> (tensor<3x5xf32>) {
    scf.yield %s : tensor<3x5xf32>
  }
  return %r : tensor<3x5xf32>
}
