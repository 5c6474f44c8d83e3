// RUN: systile-opt %s -canonicalize -split-input-file | FileCheck %s

// Folds of pack/unpack/constant. Storage orders below are worked out by hand
// from the address map: on 2x4 tiles a 3x5 matrix pads to 4x8 with two tiles
// per row, stored tile (0,0), (0,1), (1,0), (1,1), each 2x4 row-major.

// CHECK-LABEL: func.func @unpack_of_pack
// CHECK-SAME: (%[[T:.*]]: tensor<3x5xf32>)
// CHECK-NEXT: return %[[T]]
func.func @unpack_of_pack(%t: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %0 = systile.pack %t : tensor<3x5xf32> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
  %1 = systile.unpack %0 : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<3x5xf32>
  return %1 : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func @pack_of_unpack
// CHECK-SAME: (%[[X:.*]]: !systile.tiled<3x5xbf16, pad = undef>)
// CHECK-NEXT: return %[[X]]
func.func @pack_of_unpack(%x: !systile.tiled<3x5xbf16, pad = undef>) -> !systile.tiled<3x5xbf16, pad = undef> {
  %0 = systile.unpack %x : !systile.tiled<3x5xbf16, pad = undef> -> tensor<3x5xbf16>
  %1 = systile.pack %0 : tensor<3x5xbf16> -> !systile.tiled<3x5xbf16, pad = undef>
  return %1 : !systile.tiled<3x5xbf16, pad = undef>
}

// -----

// Padding of %x is undef but the pack promises zeros: no fold.
// CHECK-LABEL: func.func @pack_of_unpack_pad_kinds_differ
// CHECK: systile.unpack
// CHECK: systile.pack
func.func @pack_of_unpack_pad_kinds_differ(%x: !systile.tiled<3x5xf32, pad = undef>) -> !systile.tiled<3x5xf32> {
  %0 = systile.unpack %x : !systile.tiled<3x5xf32, pad = undef> -> tensor<3x5xf32>
  %1 = systile.pack %0 : tensor<3x5xf32> -> !systile.tiled<3x5xf32>
  return %1 : !systile.tiled<3x5xf32>
}

// -----

// Different geometries: a re-layout, not an identity.
// CHECK-LABEL: func.func @pack_of_unpack_geometries_differ
// CHECK: systile.unpack
// CHECK: systile.pack
func.func @pack_of_unpack_geometries_differ(%x: !systile.tiled<3x5xf32>) -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> {
  %0 = systile.unpack %x : !systile.tiled<3x5xf32> -> tensor<3x5xf32>
  %1 = systile.pack %0 : tensor<3x5xf32> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
  return %1 : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// CHECK-LABEL: func.func @pack_of_constant_i32
// CHECK-NEXT: %[[C:.*]] = systile.constant dense<[1, 2, 3, 4, 6, 7, 8, 9, 5, 0, 0, 0, 10, 0, 0, 0, 11, 12, 13, 14, 0, 0, 0, 0, 15, 0, 0, 0, 0, 0, 0, 0]> : tensor<32xi32> -> !systile.tiled<3x5xi32, #systile.geometry<2x4, mxu = 4>>
// CHECK-NEXT: return %[[C]]
func.func @pack_of_constant_i32() -> !systile.tiled<3x5xi32, #systile.geometry<2x4, mxu = 4>> {
  %c = arith.constant dense<[[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12, 13, 14, 15]]> : tensor<3x5xi32>
  %0 = systile.pack %c : tensor<3x5xi32> -> !systile.tiled<3x5xi32, #systile.geometry<2x4, mxu = 4>>
  return %0 : !systile.tiled<3x5xi32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// 2x3 on 2x2 tiles: padded 2x4, tiles (0,0)=[a00 a01 / a10 a11],
// (0,1)=[a02 0 / a12 0].
// CHECK-LABEL: func.func @pack_of_constant_f32
// CHECK: systile.constant dense<[1.000000e+00, 2.000000e+00, 4.000000e+00, 5.000000e+00, 3.000000e+00, 0.000000e+00, 6.000000e+00, 0.000000e+00]> : tensor<8xf32> -> !systile.tiled<2x3xf32, #systile.geometry<2x2, mxu = 2>>
func.func @pack_of_constant_f32() -> !systile.tiled<2x3xf32, #systile.geometry<2x2, mxu = 2>> {
  %c = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %0 = systile.pack %c : tensor<2x3xf32> -> !systile.tiled<2x3xf32, #systile.geometry<2x2, mxu = 2>>
  return %0 : !systile.tiled<2x3xf32, #systile.geometry<2x2, mxu = 2>>
}

// -----

// A 3x2 bf16 matrix on 2x4 tiles: padded 4x4, one tile per row;
// tile 0 = rows 0-1, tile 1 = rows 2-3.
// CHECK-LABEL: func.func @pack_of_constant_bf16
// CHECK: systile.constant dense<[1.000000e+00, 2.000000e+00, 0.000000e+00, 0.000000e+00, 3.000000e+00, 4.000000e+00, 0.000000e+00, 0.000000e+00, 5.000000e+00, 6.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00]> : tensor<16xbf16> -> !systile.tiled<3x2xbf16, #systile.geometry<2x4, mxu = 4>>
func.func @pack_of_constant_bf16() -> !systile.tiled<3x2xbf16, #systile.geometry<2x4, mxu = 4>> {
  %c = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xbf16>
  %0 = systile.pack %c : tensor<3x2xbf16> -> !systile.tiled<3x2xbf16, #systile.geometry<2x4, mxu = 4>>
  return %0 : !systile.tiled<3x2xbf16, #systile.geometry<2x4, mxu = 4>>
}

// -----

// A non-zero splat must not spill into padding: it expands.
// CHECK-LABEL: func.func @pack_of_splat
// CHECK: systile.constant dense<[2, 2, 2, 2, 2, 2, 2, 2, 2, 0, 0, 0, 2, 0, 0, 0, 2, 2, 2, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0]> : tensor<32xi8>
func.func @pack_of_splat() -> !systile.tiled<3x5xi8, #systile.geometry<2x4, mxu = 4>> {
  %c = arith.constant dense<2> : tensor<3x5xi8>
  %0 = systile.pack %c : tensor<3x5xi8> -> !systile.tiled<3x5xi8, #systile.geometry<2x4, mxu = 4>>
  return %0 : !systile.tiled<3x5xi8, #systile.geometry<2x4, mxu = 4>>
}

// -----

// A zero splat stays a splat, and so does any splat without padding.
// CHECK-LABEL: func.func @pack_of_splats_stay_splat
// CHECK-DAG: systile.constant dense<0.000000e+00> : tensor<1024xf32> -> !systile.tiled<3x5xf32>
// CHECK-DAG: systile.constant dense<7> : tensor<16xi32> -> !systile.tiled<4x4xi32, #systile.geometry<2x4, mxu = 4>>
func.func @pack_of_splats_stay_splat() -> (!systile.tiled<3x5xf32>, !systile.tiled<4x4xi32, #systile.geometry<2x4, mxu = 4>>) {
  %z = arith.constant dense<0.0> : tensor<3x5xf32>
  %0 = systile.pack %z : tensor<3x5xf32> -> !systile.tiled<3x5xf32>
  %s = arith.constant dense<7> : tensor<4x4xi32>
  %1 = systile.pack %s : tensor<4x4xi32> -> !systile.tiled<4x4xi32, #systile.geometry<2x4, mxu = 4>>
  return %0, %1 : !systile.tiled<3x5xf32>, !systile.tiled<4x4xi32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// CHECK-LABEL: func.func @unpack_of_constant
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<{{\[}}[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12, 13, 14, 15]]> : tensor<3x5xi32>
// CHECK-NEXT: return %[[C]]
func.func @unpack_of_constant() -> tensor<3x5xi32> {
  %0 = systile.constant dense<[1, 2, 3, 4, 6, 7, 8, 9, 5, 0, 0, 0, 10, 0, 0, 0,
                               11, 12, 13, 14, 0, 0, 0, 0, 15, 0, 0, 0, 0, 0, 0, 0]>
      : tensor<32xi32> -> !systile.tiled<3x5xi32, #systile.geometry<2x4, mxu = 4>>
  %1 = systile.unpack %0 : !systile.tiled<3x5xi32, #systile.geometry<2x4, mxu = 4>> -> tensor<3x5xi32>
  return %1 : tensor<3x5xi32>
}

// -----

// Garbage in undef padding never reaches the logical values.
// CHECK-LABEL: func.func @unpack_of_constant_undef_padding
// CHECK-NEXT: arith.constant dense<{{\[}}[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>
func.func @unpack_of_constant_undef_padding() -> tensor<2x3xi8> {
  %0 = systile.constant dense<[1, 2, 3, 99, 4, 5, 6, 99]>
      : tensor<8xi8> -> !systile.tiled<2x3xi8, #systile.geometry<2x4, mxu = 4>, pad = undef>
  %1 = systile.unpack %0 : !systile.tiled<2x3xi8, #systile.geometry<2x4, mxu = 4>, pad = undef> -> tensor<2x3xi8>
  return %1 : tensor<2x3xi8>
}

// -----

// A 1x1 constant on 16384x16384 tiles would need 1 GiB of storage: not
// folded (the runtime packs it).
// CHECK-LABEL: func.func @pack_of_constant_too_big
// CHECK: arith.constant
// CHECK-NEXT: systile.pack
func.func @pack_of_constant_too_big() -> !systile.tiled<1x1xf32, #systile.geometry<16384x16384, mxu = 4>> {
  %c = arith.constant dense<1.0> : tensor<1x1xf32>
  %0 = systile.pack %c : tensor<1x1xf32> -> !systile.tiled<1x1xf32, #systile.geometry<16384x16384, mxu = 4>>
  return %0 : !systile.tiled<1x1xf32, #systile.geometry<16384x16384, mxu = 4>>
}

// -----

// pack ... transpose of a constant folds to storage order of the transpose:
// the 5x3 input [[1, 2, 3], [4, 5, 6], ..., [13, 14, 15]] is the transpose
// of the 3x5 result [[1, 4, 7, 10, 13], [2, 5, 8, 11, 14], [3, 6, 9, 12, 15]];
// on 2x4 tiles: tile (0,0) = 1 4 7 10 / 2 5 8 11, tile (0,1) = 13 0 0 0 /
// 14 0 0 0, tile (1,0) = 3 6 9 12 / 0 0 0 0, tile (1,1) = 15 0 0 0 / 0 0 0 0.
// CHECK-LABEL: func.func @pack_transpose_of_constant
// CHECK-NEXT: %[[C:.*]] = systile.constant dense<[1, 4, 7, 10, 2, 5, 8, 11, 13, 0, 0, 0, 14, 0, 0, 0, 3, 6, 9, 12, 0, 0, 0, 0, 15, 0, 0, 0, 0, 0, 0, 0]> : tensor<32xi32> -> !systile.tiled<3x5xi32, #systile.geometry<2x4, mxu = 4>>
// CHECK-NEXT: return %[[C]]
func.func @pack_transpose_of_constant() -> !systile.tiled<3x5xi32, #systile.geometry<2x4, mxu = 4>> {
  %c = arith.constant dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12], [13, 14, 15]]> : tensor<5x3xi32>
  %0 = systile.pack %c transpose : tensor<5x3xi32> -> !systile.tiled<3x5xi32, #systile.geometry<2x4, mxu = 4>>
  return %0 : !systile.tiled<3x5xi32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// A splat is its own transpose.
// CHECK-LABEL: func.func @pack_transpose_of_splat
// CHECK-NEXT: %[[C:.*]] = systile.constant dense<[2.500000e+00, 2.500000e+00, 2.500000e+00, 0.000000e+00, 2.500000e+00, 2.500000e+00, 2.500000e+00, 0.000000e+00]> : tensor<8xf32> -> !systile.tiled<2x3xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK-NEXT: return %[[C]]
func.func @pack_transpose_of_splat() -> !systile.tiled<2x3xf32, #systile.geometry<2x4, mxu = 4>> {
  %c = arith.constant dense<2.5> : tensor<3x2xf32>
  %0 = systile.pack %c transpose : tensor<3x2xf32> -> !systile.tiled<2x3xf32, #systile.geometry<2x4, mxu = 4>>
  return %0 : !systile.tiled<2x3xf32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// unpack(pack %t transpose) is the transpose of %t, not %t, even when the
// types would allow the fold (a square tensor).
// CHECK-LABEL: func.func @unpack_of_pack_transpose
// CHECK-SAME: (%[[T:.*]]: tensor<3x3xf32>)
// CHECK-NEXT: %[[P:.*]] = systile.pack %[[T]] transpose
// CHECK-NEXT: %[[U:.*]] = systile.unpack %[[P]]
// CHECK-NEXT: return %[[U]]
func.func @unpack_of_pack_transpose(%t: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %0 = systile.pack %t transpose : tensor<3x3xf32> -> !systile.tiled<3x3xf32>
  %1 = systile.unpack %0 : !systile.tiled<3x3xf32> -> tensor<3x3xf32>
  return %1 : tensor<3x3xf32>
}

// -----

// Nor does pack(unpack %x) transpose fold to %x: it is %x transposed, in
// the tiled domain (a square tensor, where a wrong fold would type-check;
// a batched one; and one whose pad kinds differ, which stays).
// CHECK-LABEL: func.func @pack_transpose_of_unpack
// CHECK-SAME: (%[[X:.*]]: !systile.tiled<3x3xf32>, %[[B:.*]]: !systile.tiled<2x3x5xf32>, %[[U:.*]]: !systile.tiled<3x5xf32, pad = undef>)
// CHECK-NEXT: %[[T:.*]] = systile.transpose %[[X]] : !systile.tiled<3x3xf32> -> !systile.tiled<3x3xf32>
// CHECK-NEXT: %[[TB:.*]] = systile.transpose %[[B]] : !systile.tiled<2x3x5xf32> -> !systile.tiled<2x5x3xf32>
// CHECK-NEXT: %[[D:.*]] = systile.unpack %[[U]]
// CHECK-NEXT: %[[P:.*]] = systile.pack %[[D]] transpose
// CHECK-NEXT: return %[[T]], %[[TB]], %[[P]]
func.func @pack_transpose_of_unpack(%x: !systile.tiled<3x3xf32>, %b: !systile.tiled<2x3x5xf32>,
                                    %u: !systile.tiled<3x5xf32, pad = undef>)
    -> (!systile.tiled<3x3xf32>, !systile.tiled<2x5x3xf32>, !systile.tiled<5x3xf32>) {
  %0 = systile.unpack %x : !systile.tiled<3x3xf32> -> tensor<3x3xf32>
  %1 = systile.pack %0 transpose : tensor<3x3xf32> -> !systile.tiled<3x3xf32>
  %2 = systile.unpack %b : !systile.tiled<2x3x5xf32> -> tensor<2x3x5xf32>
  %3 = systile.pack %2 transpose : tensor<2x3x5xf32> -> !systile.tiled<2x5x3xf32>
  %4 = systile.unpack %u : !systile.tiled<3x5xf32, pad = undef> -> tensor<3x5xf32>
  %5 = systile.pack %4 transpose : tensor<3x5xf32> -> !systile.tiled<5x3xf32>
  return %1, %3, %5 : !systile.tiled<3x3xf32>, !systile.tiled<2x5x3xf32>, !systile.tiled<5x3xf32>
}

// -----

// Batched values fold matrix by matrix (storage batch-major: on 2x4 tiles
// a 2x3 matrix pads to 2x4, 8 slots; matrix 1 starts at slot 8).

// CHECK-LABEL: func.func @batched_unpack_of_pack
// CHECK-SAME: (%[[T:.*]]: tensor<2x3x5x7xf32>)
// CHECK-NEXT: return %[[T]]
func.func @batched_unpack_of_pack(%t: tensor<2x3x5x7xf32>) -> tensor<2x3x5x7xf32> {
  %p = systile.pack %t : tensor<2x3x5x7xf32> -> !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>>
  %u = systile.unpack %p : !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<2x3x5x7xf32>
  return %u : tensor<2x3x5x7xf32>
}

// -----

// CHECK-LABEL: func.func @batched_pack_of_unpack
// CHECK-SAME: (%[[X:.*]]: !systile.tiled<2x3x5xbf16>)
// CHECK-NEXT: return %[[X]]
func.func @batched_pack_of_unpack(%x: !systile.tiled<2x3x5xbf16>) -> !systile.tiled<2x3x5xbf16> {
  %u = systile.unpack %x : !systile.tiled<2x3x5xbf16> -> tensor<2x3x5xbf16>
  %p = systile.pack %u : tensor<2x3x5xbf16> -> !systile.tiled<2x3x5xbf16>
  return %p : !systile.tiled<2x3x5xbf16>
}

// -----

// CHECK-LABEL: func.func @batched_pack_of_constant
// CHECK-NEXT: %[[C:.*]] = systile.constant dense<[1, 2, 3, 0, 4, 5, 6, 0, 7, 8, 9, 0, 10, 11, 12, 0]> : tensor<16xi32> -> !systile.tiled<2x2x3xi32, #systile.geometry<2x4, mxu = 4>>
// CHECK-NEXT: return %[[C]]
func.func @batched_pack_of_constant() -> !systile.tiled<2x2x3xi32, #systile.geometry<2x4, mxu = 4>> {
  %c = arith.constant dense<[[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]]> : tensor<2x2x3xi32>
  %p = systile.pack %c : tensor<2x2x3xi32> -> !systile.tiled<2x2x3xi32, #systile.geometry<2x4, mxu = 4>>
  return %p : !systile.tiled<2x2x3xi32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// Only the minor two dimensions are swapped: slot (r, c) of matrix b is
// element (b, c, r).
// CHECK-LABEL: func.func @batched_pack_transpose_of_constant
// CHECK-NEXT: %[[C:.*]] = systile.constant dense<[1, 3, 5, 0, 2, 4, 6, 0, 7, 9, 11, 0, 8, 10, 12, 0]> : tensor<16xi32> -> !systile.tiled<2x2x3xi32, #systile.geometry<2x4, mxu = 4>>
// CHECK-NEXT: return %[[C]]
func.func @batched_pack_transpose_of_constant() -> !systile.tiled<2x2x3xi32, #systile.geometry<2x4, mxu = 4>> {
  %c = arith.constant dense<[[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]]> : tensor<2x3x2xi32>
  %p = systile.pack %c transpose : tensor<2x3x2xi32> -> !systile.tiled<2x2x3xi32, #systile.geometry<2x4, mxu = 4>>
  return %p : !systile.tiled<2x2x3xi32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// CHECK-LABEL: func.func @batched_unpack_of_constant
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<{{\[}}{{\[}}[1, 2, 3]], {{\[}}[4, 5, 6]]]> : tensor<2x1x3xi32>
// CHECK-NEXT: return %[[C]]
func.func @batched_unpack_of_constant() -> tensor<2x1x3xi32> {
  %c = systile.constant dense<[1, 2, 3, 0, 0, 0, 0, 0, 4, 5, 6, 0, 0, 0, 0, 0]>
      : tensor<16xi32> -> !systile.tiled<2x1x3xi32, #systile.geometry<2x4, mxu = 4>>
  %u = systile.unpack %c : !systile.tiled<2x1x3xi32, #systile.geometry<2x4, mxu = 4>> -> tensor<2x1x3xi32>
  return %u : tensor<2x1x3xi32>
}

// -----

// CHECK-LABEL: func.func @batched_elementwise_of_constants
// CHECK-NEXT: %[[C:.*]] = systile.constant dense<[2, 4, 6, 0, 0, 0, 0, 0, 8, 10, 12, 0, 0, 0, 0, 0]> : tensor<16xi32> -> !systile.tiled<2x1x3xi32, #systile.geometry<2x4, mxu = 4>>
// CHECK-NEXT: return %[[C]]
func.func @batched_elementwise_of_constants() -> !systile.tiled<2x1x3xi32, #systile.geometry<2x4, mxu = 4>> {
  %c = systile.constant dense<[1, 2, 3, 0, 0, 0, 0, 0, 4, 5, 6, 0, 0, 0, 0, 0]>
      : tensor<16xi32> -> !systile.tiled<2x1x3xi32, #systile.geometry<2x4, mxu = 4>>
  %e = systile.elementwise ins(%c, %c : !systile.tiled<2x1x3xi32, #systile.geometry<2x4, mxu = 4>>,
                                        !systile.tiled<2x1x3xi32, #systile.geometry<2x4, mxu = 4>>)
      -> !systile.tiled<2x1x3xi32, #systile.geometry<2x4, mxu = 4>> {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    systile.yield %s : i32
  }
  return %e : !systile.tiled<2x1x3xi32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// CHECK-LABEL: func.func @batched_splat
// CHECK-NEXT: %[[C:.*]] = systile.constant dense<0.000000e+00> : tensor<64xf32> -> !systile.tiled<2x3x5xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK-NEXT: return %[[C]]
func.func @batched_splat() -> !systile.tiled<2x3x5xf32, #systile.geometry<2x4, mxu = 4>> {
  %zero = arith.constant 0.0 : f32
  %s = systile.splat %zero : !systile.tiled<2x3x5xf32, #systile.geometry<2x4, mxu = 4>>
  return %s : !systile.tiled<2x3x5xf32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// Relayouts: inverse pairs cancel, batch reshapes compose, and relayouts of
// constants fold (storage worked out by hand on 2x4 tiles).

// CHECK-LABEL: func.func @relayout_inverse_pairs
// CHECK-SAME: (%[[X:.*]]: !systile.tiled<2x3x5xf32>, %[[H:.*]]: !systile.tiled<2x4x6x8xf32>)
// CHECK-NEXT: return %[[X]], %[[X]], %[[H]], %[[X]]
func.func @relayout_inverse_pairs(%x: !systile.tiled<2x3x5xf32>, %h: !systile.tiled<2x4x6x8xf32>)
    -> (!systile.tiled<2x3x5xf32>, !systile.tiled<2x3x5xf32>, !systile.tiled<2x4x6x8xf32>, !systile.tiled<2x3x5xf32>) {
  %t = systile.transpose %x : !systile.tiled<2x3x5xf32> -> !systile.tiled<2x5x3xf32>
  %tt = systile.transpose %t : !systile.tiled<2x5x3xf32> -> !systile.tiled<2x3x5xf32>
  %m = systile.merge_rows %x : !systile.tiled<2x3x5xf32> -> !systile.tiled<6x5xf32>
  %s = systile.split_rows %m : !systile.tiled<6x5xf32> -> !systile.tiled<2x3x5xf32>
  %mh = systile.merge_heads %h : !systile.tiled<2x4x6x8xf32> -> !systile.tiled<2x6x32xf32>
  %sh = systile.split_heads %mh : !systile.tiled<2x6x32xf32> -> !systile.tiled<2x4x6x8xf32>
  %h2 = systile.split_heads %x : !systile.tiled<2x3x5xf32> -> !systile.tiled<2x5x3x1xf32>
  %m2 = systile.merge_heads %h2 : !systile.tiled<2x5x3x1xf32> -> !systile.tiled<2x3x5xf32>
  return %tt, %s, %sh, %m2 : !systile.tiled<2x3x5xf32>, !systile.tiled<2x3x5xf32>, !systile.tiled<2x4x6x8xf32>, !systile.tiled<2x3x5xf32>
}

// -----

// A merge then a split into other groups is not the identity.
// CHECK-LABEL: func.func @relayout_not_inverse
// CHECK: systile.merge_rows
// CHECK: systile.split_rows
func.func @relayout_not_inverse(%x: !systile.tiled<2x3x5xf32>) -> !systile.tiled<3x2x5xf32> {
  %m = systile.merge_rows %x : !systile.tiled<2x3x5xf32> -> !systile.tiled<6x5xf32>
  %s = systile.split_rows %m : !systile.tiled<6x5xf32> -> !systile.tiled<3x2x5xf32>
  return %s : !systile.tiled<3x2x5xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_batch_chains
// CHECK-SAME: (%[[X:.*]]: !systile.tiled<2x4x3x5xf32>)
// CHECK-NEXT: %[[R:.*]] = systile.reshape_batch %[[X]] : !systile.tiled<2x4x3x5xf32> -> !systile.tiled<8x3x5xf32>
// CHECK-NEXT: return %[[X]], %[[R]]
func.func @reshape_batch_chains(%x: !systile.tiled<2x4x3x5xf32>)
    -> (!systile.tiled<2x4x3x5xf32>, !systile.tiled<8x3x5xf32>) {
  %same = systile.reshape_batch %x : !systile.tiled<2x4x3x5xf32> -> !systile.tiled<2x4x3x5xf32>
  %a = systile.reshape_batch %same : !systile.tiled<2x4x3x5xf32> -> !systile.tiled<4x2x3x5xf32>
  %b = systile.reshape_batch %a : !systile.tiled<4x2x3x5xf32> -> !systile.tiled<2x4x3x5xf32>
  %c = systile.reshape_batch %a : !systile.tiled<4x2x3x5xf32> -> !systile.tiled<8x3x5xf32>
  return %b, %c : !systile.tiled<2x4x3x5xf32>, !systile.tiled<8x3x5xf32>
}

// -----

// A flatten between an unpack and a pack (torch's flatten after a pooling,
// JAX's reshape before a classifier) is one systile.reshape; a reshape to
// its input's type is the input, and two reshapes are one.
// CHECK-LABEL: func.func @reshapes
// CHECK-SAME: (%[[X:.*]]: !systile.tiled<2x16x1xf32>, %[[Y:.*]]: !systile.tiled<162x5xf32>)
// CHECK-NEXT: %[[F:.*]] = systile.reshape %[[X]] : !systile.tiled<2x16x1xf32> -> !systile.tiled<2x16xf32>
// CHECK-NEXT: %[[G:.*]] = systile.reshape %[[Y]] : !systile.tiled<162x5xf32> -> !systile.tiled<2x405xf32>
// CHECK-NEXT: %[[B:.*]] = systile.reshape %[[Y]] : !systile.tiled<162x5xf32> -> !systile.tiled<2x9x45xf32>
// CHECK-NEXT: return %[[F]], %[[G]], %[[B]], %[[Y]]
func.func @reshapes(%x: !systile.tiled<2x16x1xf32>, %y: !systile.tiled<162x5xf32>)
    -> (!systile.tiled<2x16xf32>, !systile.tiled<2x405xf32>, !systile.tiled<2x9x45xf32>, !systile.tiled<162x5xf32>) {
  %u = systile.unpack %x : !systile.tiled<2x16x1xf32> -> tensor<2x16x1xf32>
  %c = tensor.collapse_shape %u [[0], [1, 2]] : tensor<2x16x1xf32> into tensor<2x16xf32>
  %p = systile.pack %c : tensor<2x16xf32> -> !systile.tiled<2x16xf32>
  %v = systile.unpack %y : !systile.tiled<162x5xf32> -> tensor<162x5xf32>
  %e = tensor.expand_shape %v [[0, 1, 2], [3]] output_shape [2, 9, 9, 5] : tensor<162x5xf32> into tensor<2x9x9x5xf32>
  %f = tensor.collapse_shape %e [[0], [1, 2, 3]] : tensor<2x9x9x5xf32> into tensor<2x405xf32>
  %q = systile.pack %f : tensor<2x405xf32> -> !systile.tiled<2x405xf32>
  %same = systile.reshape %y : !systile.tiled<162x5xf32> -> !systile.tiled<162x5xf32>
  %r1 = systile.reshape %same : !systile.tiled<162x5xf32> -> !systile.tiled<18x45xf32>
  %r2 = systile.reshape %r1 : !systile.tiled<18x45xf32> -> !systile.tiled<2x9x45xf32>
  %r3 = systile.reshape %r1 : !systile.tiled<18x45xf32> -> !systile.tiled<162x5xf32>
  return %p, %q, %r2, %r3 : !systile.tiled<2x16xf32>, !systile.tiled<2x405xf32>, !systile.tiled<2x9x45xf32>, !systile.tiled<162x5xf32>
}

// -----

// A transposing pack of a reshaped unpack is not a reshape.
// CHECK-LABEL: func.func @reshape_not_transposed
// CHECK: systile.unpack
// CHECK: systile.pack %{{.*}} transpose
func.func @reshape_not_transposed(%x: !systile.tiled<2x8x1xf32>) -> !systile.tiled<8x2xf32> {
  %u = systile.unpack %x : !systile.tiled<2x8x1xf32> -> tensor<2x8x1xf32>
  %c = tensor.collapse_shape %u [[0], [1, 2]] : tensor<2x8x1xf32> into tensor<2x8xf32>
  %p = systile.pack %c transpose : tensor<2x8xf32> -> !systile.tiled<8x2xf32>
  return %p : !systile.tiled<8x2xf32>
}

// -----

// Two 1x3 rows [1 2 3], [4 5 6], 8 storage slots each. A batch reshape is
// the same storage; merging them (1 row is not whole 2-row tiles) is the
// 2x3 matrix [[1 2 3] [4 5 6]], padded 2x4.
// CHECK-LABEL: func.func @relayout_constants_by_regroup
// CHECK-DAG: systile.constant dense<[1, 2, 3, 0, 0, 0, 0, 0, 4, 5, 6, 0, 0, 0, 0, 0]> : tensor<16xi32> -> !systile.tiled<2x1x1x3xi32, #systile.geometry<2x4, mxu = 4>>
// CHECK-DAG: systile.constant dense<[1, 2, 3, 0, 4, 5, 6, 0]> : tensor<8xi32> -> !systile.tiled<2x3xi32, #systile.geometry<2x4, mxu = 4>>
// CHECK-NOT: systile.reshape_batch
// CHECK-NOT: systile.merge_rows
func.func @relayout_constants_by_regroup()
    -> (!systile.tiled<2x1x1x3xi32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<2x3xi32, #systile.geometry<2x4, mxu = 4>>) {
  %c = systile.constant dense<[1, 2, 3, 0, 0, 0, 0, 0, 4, 5, 6, 0, 0, 0, 0, 0]>
      : tensor<16xi32> -> !systile.tiled<2x1x3xi32, #systile.geometry<2x4, mxu = 4>>
  %r = systile.reshape_batch %c : !systile.tiled<2x1x3xi32, #systile.geometry<2x4, mxu = 4>>
      -> !systile.tiled<2x1x1x3xi32, #systile.geometry<2x4, mxu = 4>>
  %m = systile.merge_rows %c : !systile.tiled<2x1x3xi32, #systile.geometry<2x4, mxu = 4>>
      -> !systile.tiled<2x3xi32, #systile.geometry<2x4, mxu = 4>>
  return %r, %m : !systile.tiled<2x1x1x3xi32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<2x3xi32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// The 1x4 row [1 2 3 4]: its transpose is a 4x1 column padded 4x4 (one
// tile column, two tile rows: 1, 2 in tile 0, 3, 4 in tile 1); split into
// 2 heads of 2 it is [1 2] and [3 4], each padded 2x4.
// CHECK-LABEL: func.func @relayout_constants_by_permutation
// CHECK-DAG: systile.constant dense<[1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0]> : tensor<16xi32> -> !systile.tiled<4x1xi32, #systile.geometry<2x4, mxu = 4>>
// CHECK-DAG: systile.constant dense<[1, 2, 0, 0, 0, 0, 0, 0, 3, 4, 0, 0, 0, 0, 0, 0]> : tensor<16xi32> -> !systile.tiled<2x1x2xi32, #systile.geometry<2x4, mxu = 4>>
// CHECK-NOT: systile.transpose
// CHECK-NOT: systile.split_heads
func.func @relayout_constants_by_permutation()
    -> (!systile.tiled<4x1xi32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<2x1x2xi32, #systile.geometry<2x4, mxu = 4>>) {
  %c = systile.constant dense<[1, 2, 3, 4, 0, 0, 0, 0]>
      : tensor<8xi32> -> !systile.tiled<1x4xi32, #systile.geometry<2x4, mxu = 4>>
  %t = systile.transpose %c : !systile.tiled<1x4xi32, #systile.geometry<2x4, mxu = 4>>
      -> !systile.tiled<4x1xi32, #systile.geometry<2x4, mxu = 4>>
  %h = systile.split_heads %c : !systile.tiled<1x4xi32, #systile.geometry<2x4, mxu = 4>>
      -> !systile.tiled<2x1x2xi32, #systile.geometry<2x4, mxu = 4>>
  return %t, %h : !systile.tiled<4x1xi32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<2x1x2xi32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// The transpose of an element-wise op of constants is the op of the
// transposed constants (which fold): no copy is left. A reshape of the
// transpose of a column reads the column itself (the same row-major order).
// CHECK-LABEL: func.func @transposed_constant_elementwise
// CHECK-NOT: systile.transpose
// (The element-wise op of the transposed constant then folds too: sqrt is
// correctly rounded.)
// CHECK: %[[E:.*]] = systile.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 0.000000e+00]> : tensor<4xf32> -> !systile.tiled<1x3xf32, #systile.geometry<1x4, mxu = 4>>
// CHECK: %[[F:.*]] = systile.reshape %{{.*}} : !systile.tiled<3x1xf32, #systile.geometry<1x4, mxu = 4>> -> !systile.tiled<1x1x3xf32
// CHECK-NOT: systile.transpose
// CHECK: return %[[E]], %[[F]]
func.func @transposed_constant_elementwise(%col: !systile.tiled<3x1xf32, #systile.geometry<1x4, mxu = 4>>)
    -> (!systile.tiled<1x3xf32, #systile.geometry<1x4, mxu = 4>>, !systile.tiled<1x1x3xf32, #systile.geometry<1x4, mxu = 4>>) {
  %c = systile.constant dense<[1.0, 0.0, 0.0, 0.0, 4.0, 0.0, 0.0, 0.0, 9.0, 0.0, 0.0, 0.0]> : tensor<12xf32> -> !systile.tiled<3x1xf32, #systile.geometry<1x4, mxu = 4>>
  %e = systile.elementwise ins(%c : !systile.tiled<3x1xf32, #systile.geometry<1x4, mxu = 4>>) -> !systile.tiled<3x1xf32, #systile.geometry<1x4, mxu = 4>> {
  ^bb0(%a: f32):
    %0 = math.sqrt %a : f32
    systile.yield %0 : f32
  }
  %t = systile.transpose %e : !systile.tiled<3x1xf32, #systile.geometry<1x4, mxu = 4>> -> !systile.tiled<1x3xf32, #systile.geometry<1x4, mxu = 4>>
  %ct = systile.transpose %col : !systile.tiled<3x1xf32, #systile.geometry<1x4, mxu = 4>> -> !systile.tiled<1x3xf32, #systile.geometry<1x4, mxu = 4>>
  %f = systile.reshape %ct : !systile.tiled<1x3xf32, #systile.geometry<1x4, mxu = 4>> -> !systile.tiled<1x1x3xf32, #systile.geometry<1x4, mxu = 4>>
  return %t, %f : !systile.tiled<1x3xf32, #systile.geometry<1x4, mxu = 4>>, !systile.tiled<1x1x3xf32, #systile.geometry<1x4, mxu = 4>>
}

// -----

// A slice of the input's own shape is the input; a slice of a slice is one
// slice at the summed offsets.
// CHECK-LABEL: func.func @slice_folds
// CHECK-SAME: (%[[X:.*]]: !systile.tiled<3x5x12xf32>)
// CHECK-NEXT: %[[S:.*]] = systile.slice %[[X]] offsets [2, 1, 7] : !systile.tiled<3x5x12xf32> -> !systile.tiled<1x2x3xf32>
// CHECK-NEXT: return %[[X]], %[[S]]
func.func @slice_folds(%x: !systile.tiled<3x5x12xf32>) -> (!systile.tiled<3x5x12xf32>, !systile.tiled<1x2x3xf32>) {
  %same = systile.slice %x offsets [0, 0, 0] : !systile.tiled<3x5x12xf32> -> !systile.tiled<3x5x12xf32>
  %a = systile.slice %x offsets [1, 0, 4] : !systile.tiled<3x5x12xf32> -> !systile.tiled<2x4x6xf32>
  %b = systile.slice %a offsets [1, 1, 3] : !systile.tiled<2x4x6xf32> -> !systile.tiled<1x2x3xf32>
  return %same, %b : !systile.tiled<3x5x12xf32>, !systile.tiled<1x2x3xf32>
}

// -----

// A matmul's rhs that is a transpose (through a batch reshape or not) is
// read the other way round in place; a transposed rhs that is a transpose
// is read as it is. The transposes then go away.
// CHECK-LABEL: func.func @matmul_reads_transpose_in_place
// CHECK-SAME: (%[[Q:.*]]: !systile.tiled<2x4x6x8xf32>, %[[K:.*]]: !systile.tiled<2x4x6x8xf32>, %[[A:.*]]: !systile.tiled<8x6x6xf32>, %[[W:.*]]: !systile.tiled<5x8xf32>, %[[B:.*]]: !systile.tiled<6x5xf32>, %[[C:.*]]: !systile.tiled<6x8xf32>)
// CHECK-NOT: systile.transpose
// CHECK-DAG: %[[Q8:.*]] = systile.reshape_batch %[[Q]] : !systile.tiled<2x4x6x8xf32> -> !systile.tiled<8x6x8xf32>
// CHECK-DAG: %[[K8:.*]] = systile.reshape_batch %[[K]] : !systile.tiled<2x4x6x8xf32> -> !systile.tiled<8x6x8xf32>
// CHECK: %[[S:.*]] = systile.mxu_matmul %[[Q8]], %[[K8]], %[[A]] [0, 0] rhs_transposed : !systile.tiled<8x6x8xf32>, !systile.tiled<8x6x8xf32> -> !systile.tiled<8x6x6xf32>
// CHECK: %[[M:.*]] = systile.matmul %[[B]], %[[W]], %[[C]] : !systile.tiled<6x5xf32>, !systile.tiled<5x8xf32> -> !systile.tiled<6x8xf32>
// CHECK: return %[[S]], %[[M]]
func.func @matmul_reads_transpose_in_place(%q: !systile.tiled<2x4x6x8xf32>, %k: !systile.tiled<2x4x6x8xf32>,
    %acc: !systile.tiled<8x6x6xf32>, %w: !systile.tiled<5x8xf32>, %b: !systile.tiled<6x5xf32>,
    %c: !systile.tiled<6x8xf32>) -> (!systile.tiled<8x6x6xf32>, !systile.tiled<6x8xf32>) {
  %kt = systile.transpose %k : !systile.tiled<2x4x6x8xf32> -> !systile.tiled<2x4x8x6xf32>
  %kt8 = systile.reshape_batch %kt : !systile.tiled<2x4x8x6xf32> -> !systile.tiled<8x8x6xf32>
  %q8 = systile.reshape_batch %q : !systile.tiled<2x4x6x8xf32> -> !systile.tiled<8x6x8xf32>
  %s = systile.mxu_matmul %q8, %kt8, %acc [0, 0] : !systile.tiled<8x6x8xf32>, !systile.tiled<8x8x6xf32> -> !systile.tiled<8x6x6xf32>
  %wt = systile.transpose %w : !systile.tiled<5x8xf32> -> !systile.tiled<8x5xf32>
  %m = systile.matmul %b, %wt, %c rhs_transposed : !systile.tiled<6x5xf32>, !systile.tiled<8x5xf32> -> !systile.tiled<6x8xf32>
  return %s, %m : !systile.tiled<8x6x6xf32>, !systile.tiled<6x8xf32>
}

// -----

// The storage of a tiled value and the tiled value of a storage fold away
// in pairs; a from_storage of another type stays.
!m = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
!u = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>, pad = undef>
// CHECK-LABEL: func.func @storage_round_trips(
// CHECK-SAME: %[[T:.*]]: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>, %[[S:.*]]: tensor<32xf32>)
// CHECK: %[[U:.*]] = systile.to_storage %[[T]]
// CHECK: %[[V:.*]] = systile.from_storage %[[U]] : tensor<32xf32> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>, pad = undef>
// CHECK: return %[[T]], %[[S]], %[[V]]
func.func @storage_round_trips(%t: !m, %s: tensor<32xf32>) -> (!m, tensor<32xf32>, !u) {
  %0 = systile.to_storage %t : !m -> tensor<32xf32>
  %1 = systile.from_storage %0 : tensor<32xf32> -> !m
  %2 = systile.from_storage %s : tensor<32xf32> -> !m
  %3 = systile.to_storage %2 : !m -> tensor<32xf32>
  %4 = systile.from_storage %0 : tensor<32xf32> -> !u
  return %1, %3, %4 : !m, tensor<32xf32>, !u
}

// -----

// The storage of a constant is its value, in storage order: a 3x2 matrix
// on 2x4 tiles is padded to 4x4, one tile per row of tiles, tile (0,0)
// holding rows 0-1 and tile (1,0) rows 2-3, each 2x4 row-major.
// CHECK-LABEL: func.func @storage_of_constant(
// CHECK: %[[C:.*]] = arith.constant dense<[1.000000e+00, 2.000000e+00, 0.000000e+00, 0.000000e+00, 3.000000e+00, 4.000000e+00, 0.000000e+00, 0.000000e+00, 5.000000e+00, 6.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00]> : tensor<16xf32>
// CHECK: return %[[C]]
func.func @storage_of_constant() -> tensor<16xf32> {
  %x = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %a = systile.pack %x : tensor<3x2xf32> -> !systile.tiled<3x2xf32, #systile.geometry<2x4, mxu = 4>>
  %s = systile.to_storage %a : !systile.tiled<3x2xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<16xf32>
  return %s : tensor<16xf32>
}
