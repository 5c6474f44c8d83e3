// A rhs_transposed matmul (and one of its loads) on matrices: the 7x5 rhs
// is read as the 5x7 weight, b(k, j) = rhs(j, k). With a = ones and
// rhs(j, k) = j + 1, d(i, j) = 5 (j + 1); the load [0, 0] adds k 0..3 into
// columns 0..3 only: 4 (j + 1), the other columns keep the zero
// accumulator.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; \
// RUN:   np.save('%t/a.npy', np.ones((3, 5), np.float32)); \
// RUN:   np.save('%t/b.npy', np.repeat(np.arange(1, 8, dtype=np.float32)[:, None], 5, 1))"
// RUN: systile-run %s --entry matmul --input %t/a.npy --input %t/b.npy 2>&1 | FileCheck %s --check-prefix=MATMUL
// RUN: systile-run %s --entry mxu --input %t/a.npy --input %t/b.npy 2>&1 | FileCheck %s --check-prefix=MXU

!A = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
!B = !systile.tiled<7x5xf32, #systile.geometry<2x4, mxu = 4>>
!C = !systile.tiled<3x7xf32, #systile.geometry<2x4, mxu = 4>>

// MATMUL: result #0: tensor<3x7xf32> = {{\[\[}}5, 10, 15, 20, 25, 30, 35], [5, 10, 15, 20, 25, 30, 35], [5, 10, 15, 20, 25, 30, 35]]
func.func @matmul(%a: tensor<3x5xf32>, %b: tensor<7x5xf32>) -> tensor<3x7xf32> {
  %ta = systile.pack %a : tensor<3x5xf32> -> !A
  %tb = systile.pack %b : tensor<7x5xf32> -> !B
  %zero = arith.constant 0.0 : f32
  %c = systile.splat %zero : !C
  %d = systile.matmul %ta, %tb, %c rhs_transposed : !A, !B -> !C
  %r = systile.unpack %d : !C -> tensor<3x7xf32>
  return %r : tensor<3x7xf32>
}

// MXU: result #0: tensor<3x7xf32> = {{\[\[}}4, 8, 12, 16, 0, 0, 0], [4, 8, 12, 16, 0, 0, 0], [4, 8, 12, 16, 0, 0, 0]]
func.func @mxu(%a: tensor<3x5xf32>, %b: tensor<7x5xf32>) -> tensor<3x7xf32> {
  %ta = systile.pack %a : tensor<3x5xf32> -> !A
  %tb = systile.pack %b : tensor<7x5xf32> -> !B
  %zero = arith.constant 0.0 : f32
  %c = systile.splat %zero : !C
  %d = systile.mxu_matmul %ta, %tb, %c [0, 0] rhs_transposed : !A, !B -> !C
  %r = systile.unpack %d : !C -> tensor<3x7xf32>
  return %r : tensor<3x7xf32>
}
