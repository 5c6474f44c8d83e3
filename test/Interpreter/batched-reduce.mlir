// systile.reduce along every dimension of a batch (2 x 3 matrices of 5x7
// on 2x4 tiles, padded 6x8), systile.broadcast along batch and matrix
// dimensions, and systile.elementwise inputs broadcast along unit or absent
// batch dimensions, against numpy (Inputs/batched_reduce_ref.py), bit for
// bit.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/batched_reduce_ref.py %t
// RUN: systile-run %s --entry reduce_minor --input %t/x.npy --expect %t/sum3.npy --expect %t/max2.npy | FileCheck %s --check-prefix=MINOR
// RUN: systile-run %s --entry reduce_batch --input %t/x.npy --expect %t/sum1.npy --expect %t/max0.npy | FileCheck %s --check-prefix=BATCH
// RUN: systile-run %s --entry broadcast --input %t/x.npy --expect %t/bcast1.npy --expect %t/bcast3.npy | FileCheck %s --check-prefix=BCAST
// RUN: systile-run %s --entry elementwise --input %t/x.npy --input %t/stat.npy --input %t/shared.npy --input %t/bias.npy --expect %t/ew.npy | FileCheck %s --check-prefix=EW

#g = #systile.geometry<2x4, mxu = 4>

// MINOR: expect: result #0 matches {{.*}}sum3.npy (0 of 30 elements differ, max ulp 0)
// MINOR: expect: result #1 matches {{.*}}max2.npy (0 of 42 elements differ, max ulp 0)
func.func @reduce_minor(%x: tensor<2x3x5x7xf32>) -> (tensor<2x3x5x1xf32>, tensor<2x3x1x7xf32>) {
  %t = systile.pack %x : tensor<2x3x5x7xf32> -> !systile.tiled<2x3x5x7xf32, #g>
  %s = systile.reduce <sum> %t dim = 3 : !systile.tiled<2x3x5x7xf32, #g> -> !systile.tiled<2x3x5x1xf32, #g>
  %m = systile.reduce <max> %t dim = 2 : !systile.tiled<2x3x5x7xf32, #g> -> !systile.tiled<2x3x1x7xf32, #g>
  %us = systile.unpack %s : !systile.tiled<2x3x5x1xf32, #g> -> tensor<2x3x5x1xf32>
  %um = systile.unpack %m : !systile.tiled<2x3x1x7xf32, #g> -> tensor<2x3x1x7xf32>
  return %us, %um : tensor<2x3x5x1xf32>, tensor<2x3x1x7xf32>
}

// BATCH: expect: result #0 matches {{.*}}sum1.npy (0 of 70 elements differ, max ulp 0)
// BATCH: expect: result #1 matches {{.*}}max0.npy (0 of 105 elements differ, max ulp 0)
func.func @reduce_batch(%x: tensor<2x3x5x7xf32>) -> (tensor<2x1x5x7xf32>, tensor<1x3x5x7xf32>) {
  %t = systile.pack %x : tensor<2x3x5x7xf32> -> !systile.tiled<2x3x5x7xf32, #g>
  %s = systile.reduce <sum> %t dim = 1 : !systile.tiled<2x3x5x7xf32, #g> -> !systile.tiled<2x1x5x7xf32, #g>
  %m = systile.reduce <max> %t dim = 0 : !systile.tiled<2x3x5x7xf32, #g> -> !systile.tiled<1x3x5x7xf32, #g>
  %us = systile.unpack %s : !systile.tiled<2x1x5x7xf32, #g> -> tensor<2x1x5x7xf32>
  %um = systile.unpack %m : !systile.tiled<1x3x5x7xf32, #g> -> tensor<1x3x5x7xf32>
  return %us, %um : tensor<2x1x5x7xf32>, tensor<1x3x5x7xf32>
}

// BCAST: expect: result #0 matches {{.*}}bcast1.npy (0 of 210 elements differ, max ulp 0)
// BCAST: expect: result #1 matches {{.*}}bcast3.npy (0 of 210 elements differ, max ulp 0)
func.func @broadcast(%x: tensor<2x3x5x7xf32>) -> (tensor<2x3x5x7xf32>, tensor<2x3x5x7xf32>) {
  %t = systile.pack %x : tensor<2x3x5x7xf32> -> !systile.tiled<2x3x5x7xf32, #g>
  %m = systile.reduce <max> %t dim = 1 : !systile.tiled<2x3x5x7xf32, #g> -> !systile.tiled<2x1x5x7xf32, #g>
  %bm = systile.broadcast %m dim = 1 : !systile.tiled<2x1x5x7xf32, #g> -> !systile.tiled<2x3x5x7xf32, #g>
  %s = systile.reduce <sum> %t dim = 3 : !systile.tiled<2x3x5x7xf32, #g> -> !systile.tiled<2x3x5x1xf32, #g>
  %bs = systile.broadcast %s dim = 3 : !systile.tiled<2x3x5x1xf32, #g> -> !systile.tiled<2x3x5x7xf32, #g>
  %um = systile.unpack %bm : !systile.tiled<2x3x5x7xf32, #g> -> tensor<2x3x5x7xf32>
  %us = systile.unpack %bs : !systile.tiled<2x3x5x7xf32, #g> -> tensor<2x3x5x7xf32>
  return %um, %us : tensor<2x3x5x7xf32>, tensor<2x3x5x7xf32>
}

// A per-row statistic (unit column), a 3x5x7 value shared along the
// leading batch dimension, and a 1x7 bias shared by every matrix.
// EW: expect: result #0 matches {{.*}}ew.npy (0 of 210 elements differ, max ulp 0)
func.func @elementwise(%x: tensor<2x3x5x7xf32>, %stat: tensor<2x3x5x1xf32>,
                       %shared: tensor<3x5x7xf32>, %bias: tensor<1x7xf32>) -> tensor<2x3x5x7xf32> {
  %t = systile.pack %x : tensor<2x3x5x7xf32> -> !systile.tiled<2x3x5x7xf32, #g>
  %ts = systile.pack %stat : tensor<2x3x5x1xf32> -> !systile.tiled<2x3x5x1xf32, #g>
  %th = systile.pack %shared : tensor<3x5x7xf32> -> !systile.tiled<3x5x7xf32, #g>
  %tb = systile.pack %bias : tensor<1x7xf32> -> !systile.tiled<1x7xf32, #g>
  %e = systile.elementwise ins(%t, %ts, %th, %tb : !systile.tiled<2x3x5x7xf32, #g>,
          !systile.tiled<2x3x5x1xf32, #g>, !systile.tiled<3x5x7xf32, #g>, !systile.tiled<1x7xf32, #g>)
      -> !systile.tiled<2x3x5x7xf32, #g> {
  ^bb0(%a: f32, %s: f32, %h: f32, %b: f32):
    %d = arith.subf %a, %s : f32
    %m = arith.mulf %d, %h : f32
    %r = arith.addf %m, %b : f32
    systile.yield %r : f32
  }
  %u = systile.unpack %e : !systile.tiled<2x3x5x7xf32, #g> -> tensor<2x3x5x7xf32>
  return %u : tensor<2x3x5x7xf32>
}
