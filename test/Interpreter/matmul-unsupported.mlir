// The interpreter's matmul simulator takes one K x N weight matrix: a
// rhs_transposed matmul (or one of its loads) is refused with an error
// naming the op, never read as a K x N rhs. The exit status is exactly 1.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; \
// RUN:   np.save('%t/a.npy', np.ones((3, 5), np.float32)); \
// RUN:   np.save('%t/b.npy', np.ones((7, 5), np.float32))"
// RUN: %python %S/Inputs/expect_exit.py 1 systile-run %s --entry matmul --input %t/a.npy --input %t/b.npy 2>&1 | FileCheck %s --check-prefix=MATMUL
// RUN: %python %S/Inputs/expect_exit.py 1 systile-run %s --entry mxu --input %t/a.npy --input %t/b.npy 2>&1 | FileCheck %s --check-prefix=MXU

!A = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
!B = !systile.tiled<7x5xf32, #systile.geometry<2x4, mxu = 4>>
!C = !systile.tiled<3x7xf32, #systile.geometry<2x4, mxu = 4>>

// MATMUL: error: 'systile.matmul': rhs_transposed is not executed by the interpreter; its simulator takes a K x N rhs
func.func @matmul(%a: tensor<3x5xf32>, %b: tensor<7x5xf32>) -> tensor<3x7xf32> {
  %ta = systile.pack %a : tensor<3x5xf32> -> !A
  %tb = systile.pack %b : tensor<7x5xf32> -> !B
  %zero = arith.constant 0.0 : f32
  %c = systile.splat %zero : !C
  %d = systile.matmul %ta, %tb, %c rhs_transposed : !A, !B -> !C
  %r = systile.unpack %d : !C -> tensor<3x7xf32>
  return %r : tensor<3x7xf32>
}

// MXU: error: 'systile.mxu_matmul': rhs_transposed is not executed by the interpreter; its simulator takes a K x N rhs
func.func @mxu(%a: tensor<3x5xf32>, %b: tensor<7x5xf32>) -> tensor<3x7xf32> {
  %ta = systile.pack %a : tensor<3x5xf32> -> !A
  %tb = systile.pack %b : tensor<7x5xf32> -> !B
  %zero = arith.constant 0.0 : f32
  %c = systile.splat %zero : !C
  %d = systile.mxu_matmul %ta, %tb, %c [0, 0] rhs_transposed : !A, !B -> !C
  %r = systile.unpack %d : !C -> tensor<3x7xf32>
  return %r : tensor<3x7xf32>
}
