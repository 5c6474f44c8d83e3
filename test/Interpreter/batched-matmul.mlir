// Batched systile.matmul / mxu_matmul executed per matrix: a weight per
// matrix, one shared weight (rank 2) streaming every matrix, a transposed
// rhs ([.., N, K] read as the K x N weight), both, and i8; 2x4 tiles, mxu
// 4, M = 5, K = 7, N = 6 (two k and two n blocks, the last ones partial).
// Expected values: numpy's RFC 6 model per matrix (Inputs/batched_matmul_ref.py),
// bit for bit. The same entries after systile-block-matmul (mxu_matmul
// chains, run fused and load by load) agree with the matmul bit for bit.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/batched_matmul_ref.py %t
// RUN: systile-run %s --entry per_matrix --input %t/a.npy --input %t/b.npy --input %t/c.npy --expect %t/per_matrix.npy --stats | FileCheck %s --check-prefix=PER
// RUN: systile-run %s --entry shared_bf16 --input %t/a.npy --input %t/wb.npy --input %t/c.npy --expect %t/shared_bf16.npy --stats | FileCheck %s --check-prefix=SHARED
// RUN: systile-run %s --entry transposed --input %t/a.npy --input %t/bt.npy --input %t/c.npy --expect %t/transposed.npy | FileCheck %s --check-prefix=TRANS
// RUN: systile-run %s --entry shared_transposed --input %t/a.npy --input %t/wt.npy --input %t/c.npy --expect %t/shared_transposed.npy | FileCheck %s --check-prefix=SHTRANS
// RUN: systile-run %s --entry shared_f32 --input %t/a.npy --input %t/wz.npy --input %t/c.npy --expect %t/shared_zero.npy --skip-zero-blocks --stats | FileCheck %s --check-prefix=SKIP
// RUN: systile-run %s --entry shared_f32 --input %t/a.npy --input %t/wz.npy --input %t/c.npy --compare-after="builtin.module(func.func(systile-block-matmul))" --max-ulp 0 --skip-zero-blocks --fuse-mxu-chains=false --stats | FileCheck %s --check-prefix=CMP-SKIP
// RUN: systile-run %s --entry int8 --input %t/qa.npy --input %t/qb.npy --input %t/qc.npy --expect %t/int8.npy --stats | FileCheck %s --check-prefix=INT8
//
// After systile-block-matmul: fused chains, then load by load.
// RUN: systile-run %s --entry per_matrix --input %t/a.npy --input %t/b.npy --input %t/c.npy --compare-after="builtin.module(func.func(systile-block-matmul))" --max-ulp 0 --stats | FileCheck %s --check-prefix=CMP-PER
// RUN: systile-run %s --entry shared_bf16 --input %t/a.npy --input %t/wb.npy --input %t/c.npy --compare-after="builtin.module(func.func(systile-block-matmul))" --max-ulp 0 --fuse-mxu-chains=false --stats | FileCheck %s --check-prefix=CMP-SHARED
// RUN: systile-run %s --entry shared_transposed --input %t/a.npy --input %t/wt.npy --input %t/c.npy --compare-after="builtin.module(func.func(systile-block-matmul))" --max-ulp 0 --fuse-mxu-chains=false | FileCheck %s --check-prefix=CMP
// RUN: systile-run %s --entry transposed --input %t/a.npy --input %t/bt.npy --input %t/c.npy --compare-after="builtin.module(func.func(systile-block-matmul))" --max-ulp 0 | FileCheck %s --check-prefix=CMP
// RUN: systile-run %s --entry int8 --input %t/qa.npy --input %t/qb.npy --input %t/qc.npy --compare-after="builtin.module(func.func(systile-block-matmul))" --max-ulp 0 --fuse-mxu-chains=false | FileCheck %s --check-prefix=CMP-I8

#g = #systile.geometry<2x4, mxu = 4>

// Per matrix (6 of them): 4 loads of 6 padded rows x 4 x 4 = 384 issued
// MACs and 5 x 7 x 6 = 210 logical ones each.
// PER: total: logical_macs=1260 issued_macs=2304 padding_macs=1044 weight_loads=24 skipped_loads=0
// PER: expect: result #0 matches {{.*}}per_matrix.npy (0 of 180 elements differ, max ulp 0)
// CMP-PER: compare: result #0: 0 of 180 elements differ, max ulp 0
// CMP-PER: total: logical_macs=1260 issued_macs=2304 padding_macs=1044 weight_loads=24 skipped_loads=0
func.func @per_matrix(%a: tensor<2x3x5x7xf32>, %b: tensor<2x3x7x6xf32>,
                      %c: tensor<2x3x5x6xf32>) -> tensor<2x3x5x6xf32> {
  %ta = systile.pack %a : tensor<2x3x5x7xf32> -> !systile.tiled<2x3x5x7xf32, #g>
  %tb = systile.pack %b : tensor<2x3x7x6xf32> -> !systile.tiled<2x3x7x6xf32, #g>
  %tc = systile.pack %c : tensor<2x3x5x6xf32> -> !systile.tiled<2x3x5x6xf32, #g>
  %d = systile.matmul %ta, %tb, %tc : !systile.tiled<2x3x5x7xf32, #g>,
      !systile.tiled<2x3x7x6xf32, #g> -> !systile.tiled<2x3x5x6xf32, #g>
  %u = systile.unpack %d : !systile.tiled<2x3x5x6xf32, #g> -> tensor<2x3x5x6xf32>
  return %u : tensor<2x3x5x6xf32>
}

// One bf16 weight for all 6 matrices: its 4 loads are counted once.
// SHARED: total: logical_macs=1260 issued_macs=2304 padding_macs=1044 weight_loads=4 skipped_loads=0
// SHARED: expect: result #0 matches {{.*}}shared_bf16.npy (0 of 180 elements differ, max ulp 0)
// CMP-SHARED: compare: result #0: 0 of 180 elements differ, max ulp 0
// CMP-SHARED: total: logical_macs=1260 issued_macs=2304 padding_macs=1044 weight_loads=4 skipped_loads=0
func.func @shared_bf16(%a: tensor<2x3x5x7xf32>, %w: tensor<7x6xbf16>,
                       %c: tensor<2x3x5x6xf32>) -> tensor<2x3x5x6xf32> {
  %ta = systile.pack %a : tensor<2x3x5x7xf32> -> !systile.tiled<2x3x5x7xf32, #g>
  %tw = systile.pack %w : tensor<7x6xbf16> -> !systile.tiled<7x6xbf16, #g>
  %tc = systile.pack %c : tensor<2x3x5x6xf32> -> !systile.tiled<2x3x5x6xf32, #g>
  %d = systile.matmul %ta, %tw, %tc precision = bf16 : !systile.tiled<2x3x5x7xf32, #g>,
      !systile.tiled<7x6xbf16, #g> -> !systile.tiled<2x3x5x6xf32, #g>
  %u = systile.unpack %d : !systile.tiled<2x3x5x6xf32, #g> -> tensor<2x3x5x6xf32>
  return %u : tensor<2x3x5x6xf32>
}

// k block 1 of the shared weight zero, skipped: 2 loads (counted once) of
// 96 issued MACs per matrix, 5 x 4 x 6 = 120 logical.
// SKIP: total: logical_macs=720 issued_macs=1152 padding_macs=432 weight_loads=2 skipped_loads=2
// SKIP: expect: result #0 matches {{.*}}shared_zero.npy (0 of 180 elements differ, max ulp 0)
// CMP-SKIP: compare: result #0: 0 of 180 elements differ, max ulp 0
// CMP-SKIP: total: logical_macs=720 issued_macs=1152 padding_macs=432 weight_loads=2 skipped_loads=2
func.func @shared_f32(%a: tensor<2x3x5x7xf32>, %w: tensor<7x6xf32>,
                      %c: tensor<2x3x5x6xf32>) -> tensor<2x3x5x6xf32> {
  %ta = systile.pack %a : tensor<2x3x5x7xf32> -> !systile.tiled<2x3x5x7xf32, #g>
  %tw = systile.pack %w : tensor<7x6xf32> -> !systile.tiled<7x6xf32, #g>
  %tc = systile.pack %c : tensor<2x3x5x6xf32> -> !systile.tiled<2x3x5x6xf32, #g>
  %d = systile.matmul %ta, %tw, %tc : !systile.tiled<2x3x5x7xf32, #g>,
      !systile.tiled<7x6xf32, #g> -> !systile.tiled<2x3x5x6xf32, #g>
  %u = systile.unpack %d : !systile.tiled<2x3x5x6xf32, #g> -> tensor<2x3x5x6xf32>
  return %u : tensor<2x3x5x6xf32>
}

// TRANS: expect: result #0 matches {{.*}}transposed.npy (0 of 180 elements differ, max ulp 0)
// CMP: compare: result #0: 0 of 180 elements differ, max ulp 0
func.func @transposed(%a: tensor<2x3x5x7xf32>, %bt: tensor<2x3x6x7xf32>,
                      %c: tensor<2x3x5x6xf32>) -> tensor<2x3x5x6xf32> {
  %ta = systile.pack %a : tensor<2x3x5x7xf32> -> !systile.tiled<2x3x5x7xf32, #g>
  %tb = systile.pack %bt : tensor<2x3x6x7xf32> -> !systile.tiled<2x3x6x7xf32, #g>
  %tc = systile.pack %c : tensor<2x3x5x6xf32> -> !systile.tiled<2x3x5x6xf32, #g>
  %d = systile.matmul %ta, %tb, %tc rhs_transposed : !systile.tiled<2x3x5x7xf32, #g>,
      !systile.tiled<2x3x6x7xf32, #g> -> !systile.tiled<2x3x5x6xf32, #g>
  %u = systile.unpack %d : !systile.tiled<2x3x5x6xf32, #g> -> tensor<2x3x5x6xf32>
  return %u : tensor<2x3x5x6xf32>
}

// SHTRANS: expect: result #0 matches {{.*}}shared_transposed.npy (0 of 180 elements differ, max ulp 0)
func.func @shared_transposed(%a: tensor<2x3x5x7xf32>, %wt: tensor<6x7xf32>,
                             %c: tensor<2x3x5x6xf32>) -> tensor<2x3x5x6xf32> {
  %ta = systile.pack %a : tensor<2x3x5x7xf32> -> !systile.tiled<2x3x5x7xf32, #g>
  %tw = systile.pack %wt : tensor<6x7xf32> -> !systile.tiled<6x7xf32, #g>
  %tc = systile.pack %c : tensor<2x3x5x6xf32> -> !systile.tiled<2x3x5x6xf32, #g>
  %d = systile.matmul %ta, %tw, %tc rhs_transposed : !systile.tiled<2x3x5x7xf32, #g>,
      !systile.tiled<6x7xf32, #g> -> !systile.tiled<2x3x5x6xf32, #g>
  %u = systile.unpack %d : !systile.tiled<2x3x5x6xf32, #g> -> tensor<2x3x5x6xf32>
  return %u : tensor<2x3x5x6xf32>
}

// Three i8 matrices, transposed weights: 3 x 4 loads.
// INT8: total: logical_macs=630 issued_macs=1152 padding_macs=522 weight_loads=12 skipped_loads=0
// INT8: expect: result #0 matches {{.*}}int8.npy (0 of 90 elements differ, max ulp 0)
// CMP-I8: compare: result #0: 0 of 90 elements differ, max ulp 0
func.func @int8(%a: tensor<3x5x7xi8>, %bt: tensor<3x6x7xi8>,
                %c: tensor<3x5x6xi32>) -> tensor<3x5x6xi32> {
  %ta = systile.pack %a : tensor<3x5x7xi8> -> !systile.tiled<3x5x7xi8, #g>
  %tb = systile.pack %bt : tensor<3x6x7xi8> -> !systile.tiled<3x6x7xi8, #g>
  %tc = systile.pack %c : tensor<3x5x6xi32> -> !systile.tiled<3x5x6xi32, #g>
  %d = systile.matmul %ta, %tb, %tc rhs_transposed : !systile.tiled<3x5x7xi8, #g>,
      !systile.tiled<3x6x7xi8, #g> -> !systile.tiled<3x5x6xi32, #g>
  %u = systile.unpack %d : !systile.tiled<3x5x6xi32, #g> -> tensor<3x5x6xi32>
  return %u : tensor<3x5x6xi32>
}
