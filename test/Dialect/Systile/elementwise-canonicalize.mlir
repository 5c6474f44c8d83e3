// RUN: systile-opt %s -canonicalize -split-input-file | FileCheck %s

// Folds of systile.splat, systile.broadcast and systile.elementwise. On
// 2x4 tiles a 1x5 matrix pads to 2x8, stored as tile (0,0) then tile (0,1),
// each 2x4 row-major: logical (0, c) is at offset c for c < 4, and (0, 4)
// at offset 8; the other 11 slots are padding.

// A splat of +0 is a splat constant, padding included.
// CHECK-LABEL: func.func @splat_zero
// CHECK-NEXT: %[[C:.*]] = systile.constant dense<0.000000e+00> : tensor<32xf32> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK-NEXT: return %[[C]]
func.func @splat_zero() -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> {
  %z = arith.constant 0.000000e+00 : f32
  %0 = systile.splat %z : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
  return %0 : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// Any value when padding is unspecified or absent (2x4 on 2x4 tiles).
// CHECK-LABEL: func.func @splat_no_padding_constraint
// CHECK-DAG: systile.constant dense<1.500000e+00> : tensor<32xf32> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>, pad = undef>
// CHECK-DAG: systile.constant dense<7> : tensor<8xi32> -> !systile.tiled<2x4xi32, #systile.geometry<2x4, mxu = 4>>
// CHECK-NOT: systile.splat
func.func @splat_no_padding_constraint() -> (!systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>, pad = undef>, !systile.tiled<2x4xi32, #systile.geometry<2x4, mxu = 4>>) {
  %v = arith.constant 1.500000e+00 : f32
  %i = arith.constant 7 : i32
  %0 = systile.splat %v : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>, pad = undef>
  %1 = systile.splat %i : !systile.tiled<2x4xi32, #systile.geometry<2x4, mxu = 4>>
  return %0, %1 : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>, pad = undef>, !systile.tiled<2x4xi32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// A non-zero splat with zero padding would need every slot spelled out: it
// stays.
// CHECK-LABEL: func.func @splat_nonzero_stays
// CHECK: systile.splat
func.func @splat_nonzero_stays() -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> {
  %v = arith.constant 1.500000e+00 : f32
  %0 = systile.splat %v : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
  return %0 : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// CHECK-LABEL: func.func @broadcast_to_itself
// CHECK-SAME: (%[[X:.*]]: !systile.tiled<1x5xf32>)
// CHECK-NEXT: return %[[X]]
func.func @broadcast_to_itself(%x: !systile.tiled<1x5xf32>) -> !systile.tiled<1x5xf32> {
  %0 = systile.broadcast %x dim = 0 : !systile.tiled<1x5xf32> -> !systile.tiled<1x5xf32>
  return %0 : !systile.tiled<1x5xf32>
}

// -----

// x + 1 on [1, 2, 3, 4, 5]: the padding stays zero (not 0 + 1).
// CHECK-LABEL: func.func @elementwise_of_constant
// CHECK-NEXT: %[[C:.*]] = systile.constant dense<[2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 6.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00]> : tensor<16xf32>
// CHECK-NEXT: return %[[C]]
func.func @elementwise_of_constant() -> !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>> {
  %x = systile.constant dense<[1.0, 2.0, 3.0, 4.0, 0.0, 0.0, 0.0, 0.0, 5.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]> : tensor<16xf32> -> !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>>
  %0 = systile.elementwise ins(%x : !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>>) -> !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>> {
  ^bb0(%a: f32):
    %one = arith.constant 1.000000e+00 : f32
    %s = arith.addf %a, %one : f32
    systile.yield %s : f32
  }
  return %0 : !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// Splat inputs, folded once: 0 + 1 = 1 in every logical slot, but a splat
// of 1 would put 1 in padding, so the storage is spelled out.
// CHECK-LABEL: func.func @elementwise_of_splat
// CHECK-NEXT: %[[C:.*]] = systile.constant dense<[1.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 1.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00]> : tensor<16xf32>
// CHECK-NEXT: return %[[C]]
func.func @elementwise_of_splat() -> !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>> {
  %x = systile.constant dense<0.0> : tensor<16xf32> -> !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>>
  %0 = systile.elementwise ins(%x : !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>>) -> !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>> {
  ^bb0(%a: f32):
    %one = arith.constant 1.000000e+00 : f32
    %s = arith.addf %a, %one : f32
    systile.yield %s : f32
  }
  return %0 : !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// A splat result that is zero stays a splat: 0 * 2 = 0.
// CHECK-LABEL: func.func @elementwise_splat_zero
// CHECK-NEXT: %[[C:.*]] = systile.constant dense<0.000000e+00> : tensor<16xf32>
// CHECK-NEXT: return %[[C]]
func.func @elementwise_splat_zero() -> !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>> {
  %x = systile.constant dense<0.0> : tensor<16xf32> -> !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>>
  %0 = systile.elementwise ins(%x : !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>>) -> !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>> {
  ^bb0(%a: f32):
    %two = arith.constant 2.000000e+00 : f32
    %s = arith.mulf %a, %two : f32
    systile.yield %s : f32
  }
  return %0 : !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// A non-constant input: nothing to fold.
// CHECK-LABEL: func.func @elementwise_not_constant
// CHECK: systile.elementwise
func.func @elementwise_not_constant(%x: !systile.tiled<1x5xf32>) -> !systile.tiled<1x5xf32> {
  %0 = systile.elementwise ins(%x : !systile.tiled<1x5xf32>) -> !systile.tiled<1x5xf32> {
  ^bb0(%a: f32):
    %one = arith.constant 1.000000e+00 : f32
    %s = arith.addf %a, %one : f32
    systile.yield %s : f32
  }
  return %0 : !systile.tiled<1x5xf32>
}

// -----

// A broadcast feeding an input folds into the elementwise op, which reads
// the 1x5 row (dim 0) and the 3x1 column (dim 1) itself; a broadcast with
// another user stays for that user.
// CHECK-LABEL: func.func @broadcast_inputs_fold
// CHECK-SAME: (%[[X:.*]]: !systile.tiled<3x5xf32, {{.*}}>, %[[R:.*]]: !systile.tiled<1x5xf32, {{.*}}>, %[[C:.*]]: !systile.tiled<3x1xf32, {{.*}}>)
// CHECK: %[[BC:.*]] = systile.broadcast %[[C]] dim = 1
// CHECK-NOT: systile.broadcast
// CHECK: %[[Y:.*]] = systile.elementwise ins(%[[X]], %[[R]], %[[C]] : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<3x1xf32, #systile.geometry<2x4, mxu = 4>>)
// CHECK: return %[[Y]], %[[BC]]
func.func @broadcast_inputs_fold(%x: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>, %r: !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>>, %c: !systile.tiled<3x1xf32, #systile.geometry<2x4, mxu = 4>>) -> (!systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>) {
  %br = systile.broadcast %r dim = 0 : !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
  %bc = systile.broadcast %c dim = 1 : !systile.tiled<3x1xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
  %0 = systile.elementwise ins(%x, %br, %bc : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>) -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> {
  ^bb0(%a: f32, %b: f32, %d: f32):
    %s = arith.addf %a, %b : f32
    %t = arith.mulf %s, %d : f32
    systile.yield %t : f32
  }
  return %0, %bc : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// Constant broadcast inputs fold slot by slot. On 2x4 tiles, 2x3 is one
// tile: (r, c) at offset 4r + c. x = [[1, 2, 3], [4, 5, 6]], the row
// [10, 20, 30] at offsets 0-2, the column [100, 200] at offsets 0 and 4:
// x + row + column = [[111, 122, 133], [214, 225, 236]], padding zero.
// CHECK-LABEL: func.func @elementwise_of_broadcast_constants
// CHECK-NEXT: %[[C:.*]] = systile.constant dense<[1.110000e+02, 1.220000e+02, 1.330000e+02, 0.000000e+00, 2.140000e+02, 2.250000e+02, 2.360000e+02, 0.000000e+00]> : tensor<8xf32>
// CHECK-NEXT: return %[[C]]
func.func @elementwise_of_broadcast_constants() -> !systile.tiled<2x3xf32, #systile.geometry<2x4, mxu = 4>> {
  %x = systile.constant dense<[1.0, 2.0, 3.0, 0.0, 4.0, 5.0, 6.0, 0.0]> : tensor<8xf32> -> !systile.tiled<2x3xf32, #systile.geometry<2x4, mxu = 4>>
  %r = systile.constant dense<[10.0, 20.0, 30.0, 0.0, 0.0, 0.0, 0.0, 0.0]> : tensor<8xf32> -> !systile.tiled<1x3xf32, #systile.geometry<2x4, mxu = 4>>
  %c = systile.constant dense<[100.0, 0.0, 0.0, 0.0, 200.0, 0.0, 0.0, 0.0]> : tensor<8xf32> -> !systile.tiled<2x1xf32, #systile.geometry<2x4, mxu = 4>>
  %0 = systile.elementwise ins(%x, %r, %c : !systile.tiled<2x3xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<1x3xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<2x1xf32, #systile.geometry<2x4, mxu = 4>>) -> !systile.tiled<2x3xf32, #systile.geometry<2x4, mxu = 4>> {
  ^bb0(%a: f32, %b: f32, %d: f32):
    %s = arith.addf %a, %b : f32
    %t = arith.addf %s, %d : f32
    systile.yield %t : f32
  }
  return %0 : !systile.tiled<2x3xf32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// A broadcast along a batch dimension folds into the elementwise op too:
// the op repeats a unit batch dimension itself.
// CHECK-LABEL: func.func @batch_broadcast_input_folds
// CHECK-SAME: (%[[X:.*]]: !systile.tiled<2x3x5xf32, {{.*}}>, %[[M:.*]]: !systile.tiled<1x3x5xf32, {{.*}}>)
// CHECK-NOT: systile.broadcast
// CHECK: systile.elementwise ins(%[[X]], %[[M]] : !systile.tiled<2x3x5xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<1x3x5xf32, #systile.geometry<2x4, mxu = 4>>)
func.func @batch_broadcast_input_folds(%x: !systile.tiled<2x3x5xf32, #systile.geometry<2x4, mxu = 4>>, %m: !systile.tiled<1x3x5xf32, #systile.geometry<2x4, mxu = 4>>) -> !systile.tiled<2x3x5xf32, #systile.geometry<2x4, mxu = 4>> {
  %b = systile.broadcast %m dim = 0 : !systile.tiled<1x3x5xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<2x3x5xf32, #systile.geometry<2x4, mxu = 4>>
  %0 = systile.elementwise ins(%x, %b : !systile.tiled<2x3x5xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<2x3x5xf32, #systile.geometry<2x4, mxu = 4>>) -> !systile.tiled<2x3x5xf32, #systile.geometry<2x4, mxu = 4>> {
  ^bb0(%a: f32, %c: f32):
    %s = arith.addf %a, %c : f32
    systile.yield %s : f32
  }
  return %0 : !systile.tiled<2x3x5xf32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// Constants fold matrix by matrix, an input without batch dimensions read
// in every matrix. On 2x4 tiles a 1x2 matrix is one 8-slot tile, (0, c) at
// offset c: x = [[1, 2]] and [[3, 4]] (batch 2), the shared row [10, 20]:
// x + row = [[11, 22]], [[13, 24]].
// CHECK-LABEL: func.func @batched_constants_fold
// CHECK-NEXT: %[[C:.*]] = systile.constant dense<[1.100000e+01, 2.200000e+01, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 1.300000e+01, 2.400000e+01, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00]> : tensor<16xf32> -> !systile.tiled<2x1x2xf32
// CHECK-NEXT: return %[[C]]
func.func @batched_constants_fold() -> !systile.tiled<2x1x2xf32, #systile.geometry<2x4, mxu = 4>> {
  %x = systile.constant dense<[1.0, 2.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 3.0, 4.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]> : tensor<16xf32> -> !systile.tiled<2x1x2xf32, #systile.geometry<2x4, mxu = 4>>
  %r = systile.constant dense<[10.0, 20.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]> : tensor<8xf32> -> !systile.tiled<1x2xf32, #systile.geometry<2x4, mxu = 4>>
  %0 = systile.elementwise ins(%x, %r : !systile.tiled<2x1x2xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<1x2xf32, #systile.geometry<2x4, mxu = 4>>) -> !systile.tiled<2x1x2xf32, #systile.geometry<2x4, mxu = 4>> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    systile.yield %s : f32
  }
  return %0 : !systile.tiled<2x1x2xf32, #systile.geometry<2x4, mxu = 4>>
}
