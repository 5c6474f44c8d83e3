// RUN: systile-opt %s | systile-opt | FileCheck %s
// RUN: systile-opt %s --emit-bytecode -o %t.mlirbc
// RUN: systile-opt %t.mlirbc | FileCheck %s
// RUN: systile-opt %s --systile-fold-zero-tiles | FileCheck %s --check-prefix=FOLD

// systile.constant with a dense_resource value: the blob holds the storage
// bytes (here 8 f32 slots of a 1x3 row on 2x4 tiles, after the 4-byte
// alignment prefix 0x40000000 = 64). It round-trips through text and
// bytecode, and systile-fold-zero-tiles reads it in place like a dense<>
// value. (Round trips go through files: upstream's --verify-roundtrip
// parses bytecode from a buffer aligned to 16 only, less than the blob's
// 64.)

#g = #systile.geometry<2x4, mxu = 4>

// CHECK-LABEL: func.func @row
// CHECK:       systile.constant dense_resource<row> : tensor<8xf32> -> !systile.tiled<1x3xf32, #systile.geometry<2x4, mxu = 4>>
func.func @row() -> !systile.tiled<1x3xf32, #g> {
  %w = systile.constant dense_resource<row> : tensor<8xf32> -> !systile.tiled<1x3xf32, #g>
  return %w : !systile.tiled<1x3xf32, #g>
}

// A blob that is not in the file (e.g. elided) verifies: there is nothing
// to check, and nothing to fold.
// CHECK-LABEL: func.func @absent
// CHECK:       systile.constant dense_resource<absent> : tensor<8xf32>
func.func @absent() -> !systile.tiled<1x3xf32, #g> {
  %w = systile.constant dense_resource<absent> : tensor<8xf32> -> !systile.tiled<1x3xf32, #g>
  return %w : !systile.tiled<1x3xf32, #g>
}

// A 4x4 rhs of 2x4 tiles with mxu = 4: one mxu block, all +-0 in the blob
// (16 slots; the second is -0), so the matmul becomes its accumulator. In
// @keep, slot 14 (row 3, column 2) of the blob is 1.0: the matmul stays.
// FOLD-LABEL: func.func @fold
// FOLD-NOT:   systile.matmul
// FOLD:       return %arg1
func.func @fold(%a: !systile.tiled<1x4xf32, #g>, %c: !systile.tiled<1x4xf32, #g>) -> !systile.tiled<1x4xf32, #g> {
  %z = systile.constant dense_resource<zeros> : tensor<16xf32> -> !systile.tiled<4x4xf32, #g>
  %r = systile.matmul %a, %z, %c : !systile.tiled<1x4xf32, #g>, !systile.tiled<4x4xf32, #g> -> !systile.tiled<1x4xf32, #g>
  return %r : !systile.tiled<1x4xf32, #g>
}

// FOLD-LABEL: func.func @keep
// FOLD:       systile.matmul
func.func @keep(%a: !systile.tiled<1x4xf32, #g>, %c: !systile.tiled<1x4xf32, #g>) -> !systile.tiled<1x4xf32, #g> {
  %z = systile.constant dense_resource<ones> : tensor<16xf32> -> !systile.tiled<4x4xf32, #g>
  %r = systile.matmul %a, %z, %c : !systile.tiled<1x4xf32, #g>, !systile.tiled<4x4xf32, #g> -> !systile.tiled<1x4xf32, #g>
  return %r : !systile.tiled<1x4xf32, #g>
}

// CHECK: dialect_resources
// CHECK: row: "0x400000000000803F00000040000040400000000000000000000000000000000000000000"
{-#
  dialect_resources: {
    builtin: {
      row: "0x400000000000803F00000040000040400000000000000000000000000000000000000000",
      zeros: "0x4000000000000000000000800000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      ones: "0x4000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000803F00000000"
    }
  }
#-}
