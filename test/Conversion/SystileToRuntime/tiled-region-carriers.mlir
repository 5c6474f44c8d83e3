// An op with regions that carries a tiled value: MLIR's bufferization of
// region ops takes builtin tensors only (given a tiled value, One-Shot
// Bufferize rebuilds the op endlessly, until memory runs out).
// systile-expand-unlowered-ops, the first step of systile-lower-to-llvm,
// makes scf.for, scf.while and scf.if carry the value's storage instead
// (carry-storage.mlir) and inlines an scf.execute_region into its parent,
// so they lower; any other carrier (blocks of an scf.execute_region in a
// loop body, which cannot take them) is refused with an error at the op.
// One-Shot Bufferize run on its own, without that pass, fails with the
// same error at every carrier, from the systile op next to it, instead of
// running away. Using a tiled value inside a loop without carrying it
// stays fine.
//
// RUN: systile-opt %s --split-input-file --systile-expand-unlowered-ops -verify-diagnostics
// RUN: not systile-opt %s --split-input-file --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map allow-return-allocs-from-loops" 2>&1 >/dev/null | FileCheck %s --check-prefix=DIRECT
// DIRECT: error: 'scf.for' op carries a tiled value
// DIRECT: error: 'scf.if' op carries a tiled value
// DIRECT: error: 'scf.while' op carries a tiled value
// DIRECT: error: 'scf.execute_region' op carries a tiled value
// DIRECT: error: 'scf.execute_region' op op without unique scf.yield is not supported
// DIRECT-NOT: error: 'scf.{{[a-z_]+}}' op carries a tiled value
// RUN: not systile-opt %s --split-input-file --systile-lower-to-llvm 2>&1 >/dev/null | FileCheck %s --check-prefix=LOWER
// LOWER-COUNT-1: error: 'scf.execute_region' op carries a tiled value
// LOWER-NOT: error: 'scf.{{[a-z_]+}}' op carries a tiled value
// RUN: not systile-opt %s --split-input-file --systile-lower-to-llvm 2>/dev/null | FileCheck %s --check-prefix=FINE
// FINE: llvm.func @for(
// FINE: llvm.func @if(
// FINE: llvm.func @while(
// FINE: llvm.func @execute_region(
// FINE: llvm.func @fine(

!m8 = !systile.tiled<8x4xf32, #systile.geometry<2x4, mxu = 4>>
func.func @for(%l: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = systile.pack %l : tensor<8x4xf32> -> !m8
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%s = %a) -> (!m8) {
    %t = systile.elementwise ins(%a, %s : !m8, !m8) -> !m8 {
    ^bb0(%p: f32, %q: f32):
      %v = arith.addf %p, %q : f32
      systile.yield %v : f32
    }
    scf.yield %t : !m8
  }
  %u = systile.unpack %r : !m8 -> tensor<8x4xf32>
  return %u : tensor<8x4xf32>
}

// -----

!m8 = !systile.tiled<8x4xf32, #systile.geometry<2x4, mxu = 4>>
func.func @if(%l: tensor<8x4xf32>, %c: i1) -> tensor<8x4xf32> {
  %a = systile.pack %l : tensor<8x4xf32> -> !m8
  %r = scf.if %c -> (!m8) {
    %t = systile.elementwise ins(%a : !m8) -> !m8 {
    ^bb0(%p: f32):
      %q = arith.negf %p : f32
      systile.yield %q : f32
    }
    scf.yield %t : !m8
  } else {
    scf.yield %a : !m8
  }
  %u = systile.unpack %r : !m8 -> tensor<8x4xf32>
  return %u : tensor<8x4xf32>
}

// -----

!m8 = !systile.tiled<8x4xf32, #systile.geometry<2x4, mxu = 4>>
func.func @while(%l: tensor<8x4xf32>, %n: index) -> tensor<8x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = systile.pack %l : tensor<8x4xf32> -> !m8
  %r:2 = scf.while (%i = %c0, %s = %a) : (index, !m8) -> (index, !m8) {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i, %s : index, !m8
  } do {
  ^bb0(%i: index, %s: !m8):
    %j = arith.addi %i, %c1 : index
    scf.yield %j, %s : index, !m8
  }
  %u = systile.unpack %r#1 : !m8 -> tensor<8x4xf32>
  return %u : tensor<8x4xf32>
}

// -----

!m8 = !systile.tiled<8x4xf32, #systile.geometry<2x4, mxu = 4>>
func.func @execute_region(%l: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %r = scf.execute_region -> !m8 {
    %a = systile.pack %l : tensor<8x4xf32> -> !m8
    scf.yield %a : !m8
  }
  %u = systile.unpack %r : !m8 -> tensor<8x4xf32>
  return %u : tensor<8x4xf32>
}

// -----

// Blocks cannot be inlined into a loop body, which holds one.
!m8 = !systile.tiled<8x4xf32, #systile.geometry<2x4, mxu = 4>>
func.func @blocks_in_loop(%l: tensor<8x4xf32>, %c: i1) -> tensor<8x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%s = %l) -> (tensor<8x4xf32>) {
    // expected-error @+1 {{'scf.execute_region' op carries a tiled value ('!systile.tiled<8x4xf32, #systile.geometry<2x4, mxu = 4>>') through its regions, which bufferization cannot take: MLIR's bufferization of region ops takes builtin tensors only. systile-expand-unlowered-ops carries tiled values through scf.for, scf.while, scf.if and scf.index_switch as their storage; through other ops, carry the dense tensor (systile.unpack before the op, systile.pack inside it), or run the program interpreted}}
    %e = scf.execute_region -> !m8 {
      cf.cond_br %c, ^a, ^b
    ^a:
      %x = systile.pack %s : tensor<8x4xf32> -> !m8
      scf.yield %x : !m8
    ^b:
      %y = systile.pack %l : tensor<8x4xf32> -> !m8
      scf.yield %y : !m8
    }
    %u = systile.unpack %e : !m8 -> tensor<8x4xf32>
    scf.yield %u : tensor<8x4xf32>
  }
  return %r : tensor<8x4xf32>
}

// -----

// Fine: a loop that uses a tiled value without carrying it.
!m8 = !systile.tiled<8x4xf32, #systile.geometry<2x4, mxu = 4>>
func.func @fine(%l: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = systile.pack %l : tensor<8x4xf32> -> !m8
  %n = systile.elementwise ins(%a : !m8) -> !m8 {
  ^bb0(%p: f32):
    %q = arith.negf %p : f32
    systile.yield %q : f32
  }
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%s = %l) -> (tensor<8x4xf32>) {
    %t = systile.elementwise ins(%n : !m8) -> !m8 {
    ^bb0(%p: f32):
      %q = arith.addf %p, %p : f32
      systile.yield %q : f32
    }
    %u = systile.unpack %t : !m8 -> tensor<8x4xf32>
    scf.yield %u : tensor<8x4xf32>
  }
  return %r : tensor<8x4xf32>
}
