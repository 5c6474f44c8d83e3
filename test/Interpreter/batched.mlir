// Batched tiled values (2 x 3 matrices of 5x7 on 2x4 tiles, padded 6x8:
// a padding row and column in every matrix) through pack, elementwise,
// conversions and unpack, and as .npy entry arguments and results, against
// numpy (Inputs/batched_ref.py), bit for bit; storage order by hand.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/batched_ref.py %t
// RUN: systile-run %s --entry relu --input %t/x.npy --input %t/y.npy --input %t/row.npy --expect %t/relu.npy | FileCheck %s --check-prefix=RELU
// RUN: systile-run %s --entry mixed --input %t/x.npy --input %t/k.npy --expect %t/mixed.npy | FileCheck %s --check-prefix=MIXED
// RUN: systile-run %s --entry transpose --input %t/w.npy --expect %t/transposed.npy --stats | FileCheck %s --check-prefix=TRANSPOSE
// RUN: systile-opt %s --systile-report-layout -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATIC
// RUN: systile-run %s --entry quant --input %t/x.npy --expect %t/q.npy --expect %t/dq.npy --output %t/q-out.npy | FileCheck %s --check-prefix=QUANT
// RUN: %python -c "import numpy as n; a = n.load('%t/q-out.npy'); print(a.dtype, a.shape)" | FileCheck %s --check-prefix=QNPY
// RUN: systile-run %s --entry trunc --input %t/x.npy --expect %t/bf16.npy | FileCheck %s --check-prefix=TRUNC
// RUN: systile-run %s --entry storage | FileCheck %s --check-prefix=STORAGE
// RUN: systile-run %s --entry padding --input %t/x.npy --expect %t/x.npy | FileCheck %s --check-prefix=PADDING

#g = #systile.geometry<2x4, mxu = 4>

// The element-wise program; the packed x dies at the op (in place), the
// 1x7 rows broadcast in every matrix.
// RELU: expect: result #0 matches {{.*}}relu.npy (0 of 210 elements differ, max ulp 0)
func.func @relu(%x: tensor<2x3x5x7xf32>, %y: tensor<2x3x5x7xf32>,
                %row: tensor<2x3x1x7xf32>) -> tensor<2x3x5x7xf32> {
  %tx = systile.pack %x : tensor<2x3x5x7xf32> -> !systile.tiled<2x3x5x7xf32, #g>
  %ty = systile.pack %y : tensor<2x3x5x7xf32> -> !systile.tiled<2x3x5x7xf32, #g>
  %tr = systile.pack %row : tensor<2x3x1x7xf32> -> !systile.tiled<2x3x1x7xf32, #g>
  %e = systile.elementwise ins(%tx, %ty, %tr : !systile.tiled<2x3x5x7xf32, #g>,
                               !systile.tiled<2x3x5x7xf32, #g>, !systile.tiled<2x3x1x7xf32, #g>)
      -> !systile.tiled<2x3x5x7xf32, #g> {
  ^bb0(%a: f32, %b: f32, %r: f32):
    %zero = arith.constant 0.000000e+00 : f32
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %m, %r : f32
    %v = arith.maximumf %s, %zero : f32
    systile.yield %v : f32
  }
  %u = systile.unpack %e : !systile.tiled<2x3x5x7xf32, #g> -> tensor<2x3x5x7xf32>
  return %u : tensor<2x3x5x7xf32>
}

// Mixed element types: the region runner, over every matrix.
// MIXED: expect: result #0 matches {{.*}}mixed.npy (0 of 210 elements differ, max ulp 0)
func.func @mixed(%x: tensor<2x3x5x7xf32>, %k: tensor<2x3x5x7xi32>) -> tensor<2x3x5x7xf32> {
  %tx = systile.pack %x : tensor<2x3x5x7xf32> -> !systile.tiled<2x3x5x7xf32, #g>
  %tk = systile.pack %k : tensor<2x3x5x7xi32> -> !systile.tiled<2x3x5x7xi32, #g>
  %e = systile.elementwise ins(%tx, %tk : !systile.tiled<2x3x5x7xf32, #g>, !systile.tiled<2x3x5x7xi32, #g>)
      -> !systile.tiled<2x3x5x7xf32, #g> {
  ^bb0(%a: f32, %b: i32):
    %f = arith.sitofp %b : i32 to f32
    %m = arith.mulf %a, %f : f32
    systile.yield %m : f32
  }
  %u = systile.unpack %e : !systile.tiled<2x3x5x7xf32, #g> -> tensor<2x3x5x7xf32>
  return %u : tensor<2x3x5x7xf32>
}

// The layout figures count every matrix: the pack writes 6 x 6x8 padded
// slots of 4 bytes, 1152 bytes; the unpack reads 6 x 5x7 logical ones, 840
// bytes; the static report agrees.
// TRANSPOSE: layout: packs=1 unpacks=1 packed_bytes=1152 unpacked_bytes=840
// TRANSPOSE: expect: result #0 matches {{.*}}transposed.npy (0 of 210 elements differ, max ulp 0)
// STATIC: batched.mlir:[[@LINE+1]]:1: remark: layout: packs=1 unpacks=1 packed_bytes=1152 unpacked_bytes=840
func.func @transpose(%w: tensor<2x3x7x5xf32>) -> tensor<2x3x5x7xf32> {
  %t = systile.pack %w transpose : tensor<2x3x7x5xf32> -> !systile.tiled<2x3x5x7xf32, #g>
  %u = systile.unpack %t : !systile.tiled<2x3x5x7xf32, #g> -> tensor<2x3x5x7xf32>
  return %u : tensor<2x3x5x7xf32>
}

// A batched tiled argument and result, read and written as 4-d .npy.
// QUANT: expect: result #0 matches {{.*}}q.npy (0 of 210 elements differ, max ulp 0)
// QUANT: expect: result #1 matches {{.*}}dq.npy (0 of 210 elements differ, max ulp 0)
// QNPY: int8 (2, 3, 5, 7)
func.func @quant(%t: !systile.tiled<2x3x5x7xf32, #g>)
    -> (!systile.tiled<2x3x5x7xi8, #g>, tensor<2x3x5x7xf32>) {
  %q = systile.quantize %t {scale = 3.000000e-01 : f32, zero_point = 3 : i32}
      : !systile.tiled<2x3x5x7xf32, #g> -> !systile.tiled<2x3x5x7xi8, #g>
  %d = systile.dequantize %q {scale = 3.000000e-01 : f32, zero_point = 3 : i32}
      : !systile.tiled<2x3x5x7xi8, #g> -> !systile.tiled<2x3x5x7xf32, #g>
  %u = systile.unpack %d : !systile.tiled<2x3x5x7xf32, #g> -> tensor<2x3x5x7xf32>
  return %q, %u : !systile.tiled<2x3x5x7xi8, #g>, tensor<2x3x5x7xf32>
}

// truncf and extf; the result is the truncated value.
// TRUNC: expect: result #0 matches {{.*}}bf16.npy (0 of 210 elements differ, max ulp 0)
func.func @trunc(%t: !systile.tiled<2x3x5x7xf32, #g>) -> tensor<2x3x5x7xbf16> {
  %h = systile.truncf %t : !systile.tiled<2x3x5x7xf32, #g> -> !systile.tiled<2x3x5x7xbf16, #g>
  %f = systile.extf %h : !systile.tiled<2x3x5x7xbf16, #g> -> !systile.tiled<2x3x5x7xf32, #g>
  %h2 = systile.truncf %f : !systile.tiled<2x3x5x7xf32, #g> -> !systile.tiled<2x3x5x7xbf16, #g>
  %u = systile.unpack %h2 : !systile.tiled<2x3x5x7xbf16, #g> -> tensor<2x3x5x7xbf16>
  return %u : tensor<2x3x5x7xbf16>
}

// Batch-major storage by hand: two 2x3 matrices on 2x4 tiles are one tile
// each (8 slots), matrix 1 from slot 8, so the constant below is
// [[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]]. The run-time pack of
// that dense value minus the constant is zero in every logical slot, and a
// splat adds 100 to every logical slot of both matrices.
// STORAGE: result #0: tensor<2x2x3xi32> = {{\[\[\[}}1, 2, 3], [4, 5, 6]], {{\[\[}}7, 8, 9], [10, 11, 12]]]
// STORAGE: result #1: tensor<2x2x3xi32> = {{\[\[\[}}100, 100, 100], [100, 100, 100]], {{\[\[}}100, 100, 100], [100, 100, 100]]]
func.func @storage() -> (tensor<2x2x3xi32>, tensor<2x2x3xi32>) {
  %c = systile.constant dense<[1, 2, 3, 0, 4, 5, 6, 0, 7, 8, 9, 0, 10, 11, 12, 0]>
      : tensor<16xi32> -> !systile.tiled<2x2x3xi32, #g>
  %d = arith.constant dense<[[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]]> : tensor<2x2x3xi32>
  %p = systile.pack %d : tensor<2x2x3xi32> -> !systile.tiled<2x2x3xi32, #g>
  %hundred = arith.constant 100 : i32
  %s = systile.splat %hundred : !systile.tiled<2x2x3xi32, #g>
  %e = systile.elementwise ins(%p, %c, %s : !systile.tiled<2x2x3xi32, #g>,
                               !systile.tiled<2x2x3xi32, #g>, !systile.tiled<2x2x3xi32, #g>)
      -> !systile.tiled<2x2x3xi32, #g> {
  ^bb0(%a: i32, %b: i32, %h: i32):
    %diff = arith.subi %a, %b : i32
    %r = arith.addi %diff, %h : i32
    systile.yield %r : i32
  }
  %uc = systile.unpack %c : !systile.tiled<2x2x3xi32, #g> -> tensor<2x2x3xi32>
  %ue = systile.unpack %e : !systile.tiled<2x2x3xi32, #g> -> tensor<2x2x3xi32>
  return %uc, %ue : tensor<2x2x3xi32>, tensor<2x2x3xi32>
}

// fill_padding of every matrix: 1.0, then 0.0. systile-run checks that a
// pad = zero result has zero padding, so the second fill must reach the
// padding of all six matrices; logical slots are unchanged.
// PADDING: expect: result #0 matches {{.*}}x.npy (0 of 210 elements differ, max ulp 0)
func.func @padding(%x: tensor<2x3x5x7xf32>) -> tensor<2x3x5x7xf32> {
  %t = systile.pack %x : tensor<2x3x5x7xf32> -> !systile.tiled<2x3x5x7xf32, #g>
  %one = systile.fill_padding %t, 1.0 : f32
      : !systile.tiled<2x3x5x7xf32, #g> -> !systile.tiled<2x3x5x7xf32, #g, pad = undef>
  %zero = systile.fill_padding %one, 0.0 : f32
      : !systile.tiled<2x3x5x7xf32, #g, pad = undef> -> !systile.tiled<2x3x5x7xf32, #g>
  %u = systile.unpack %zero : !systile.tiled<2x3x5x7xf32, #g> -> tensor<2x3x5x7xf32>
  return %u : tensor<2x3x5x7xf32>
}
