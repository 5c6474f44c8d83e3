// Compiled, a free relayout's result is its input's buffer (no copy), so
// one buffer may hold several live values. A matmul must then not
// accumulate over it while another of them is read later: not after the
// relayout (@shared), not in a later iteration of a loop whose body sees
// an outer value through a relayout (@loop). Every value here is a small
// integer, so each sum is exact in f32 whatever the order, and the
// expected results are numpy's.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; x = np.arange(32, dtype='<f4').reshape(2, 4, 4) - 15; l = (np.arange(32, dtype='<f4').reshape(8, 4) % 5) - 2; w = (np.arange(16, dtype='<f4').reshape(4, 4) % 3) - 1; np.save('%t/x.npy', x); np.save('%t/l.npy', l); np.save('%t/w.npy', w); np.save('%t/neg.npy', -x); np.save('%t/d.npy', l @ w - x.reshape(8, 4)); d = -x.reshape(8, 4); d = l @ w + d; d = l @ w - x.reshape(8, 4) + d; np.save('%t/loop.npy', d)"
// RUN: systile-run %s --entry shared --compile --input %t/x.npy --input %t/l.npy --input %t/w.npy --expect %t/neg.npy --expect %t/d.npy | FileCheck %s --check-prefix=SHARED
// RUN: systile-run %s --entry shared --input %t/x.npy --input %t/l.npy --input %t/w.npy --expect %t/neg.npy --expect %t/d.npy | FileCheck %s --check-prefix=SHARED
// SHARED: expect: result #0 matches {{.*}}neg.npy (0 of 32 elements differ, max ulp 0)
// SHARED: expect: result #1 matches {{.*}}d.npy (0 of 32 elements differ, max ulp 0)
// RUN: systile-run %s --entry loop --compile --input %t/x.npy --input %t/l.npy --input %t/w.npy --expect %t/loop.npy | FileCheck %s --check-prefix=LOOP
// RUN: systile-run %s --entry loop --input %t/x.npy --input %t/l.npy --input %t/w.npy --expect %t/loop.npy | FileCheck %s --check-prefix=LOOP
// LOOP: expect: result #0 matches {{.*}}loop.npy (0 of 32 elements differ, max ulp 0)
//
// No relayout call is left for the free ones:
// RUN: systile-opt %s --pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map allow-return-allocs-from-loops},convert-systile-to-runtime)" | FileCheck %s --check-prefix=IR
// IR-NOT: systile_relayout

#g = #systile.geometry<2x4, mxu = 4>
!b2 = !systile.tiled<2x4x4xf32, #g>
!m8 = !systile.tiled<8x4xf32, #g>
!w4 = !systile.tiled<4x4xf32, #g>

func.func @shared(%x: tensor<2x4x4xf32>, %l: tensor<8x4xf32>, %w: tensor<4x4xf32>)
    -> (tensor<2x4x4xf32>, tensor<8x4xf32>) {
  %a = systile.pack %x : tensor<2x4x4xf32> -> !b2
  %lt = systile.pack %l : tensor<8x4xf32> -> !m8
  %wt = systile.pack %w : tensor<4x4xf32> -> !w4
  %n = systile.elementwise ins(%a : !b2) -> !b2 {
  ^bb0(%e: f32):
    %r = arith.negf %e : f32
    systile.yield %r : f32
  }
  %v = systile.merge_rows %n : !b2 -> !m8
  %d = systile.matmul %lt, %wt, %v : !m8, !w4 -> !m8
  // %n is read after the matmul: its storage must still be -x.
  %un = systile.unpack %n : !b2 -> tensor<2x4x4xf32>
  %ud = systile.unpack %d : !m8 -> tensor<8x4xf32>
  return %un, %ud : tensor<2x4x4xf32>, tensor<8x4xf32>
}

// Each iteration accumulates l @ w over the merged rows of the same -x
// (seen through a relayout inside the body) and adds the carried value.
// Nothing reads -x after the loop, but the next iteration does.
func.func @loop(%x: tensor<2x4x4xf32>, %l: tensor<8x4xf32>, %w: tensor<4x4xf32>)
    -> tensor<8x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = systile.pack %x : tensor<2x4x4xf32> -> !b2
  %lt = systile.pack %l : tensor<8x4xf32> -> !m8
  %wt = systile.pack %w : tensor<4x4xf32> -> !w4
  %n = systile.elementwise ins(%a : !b2) -> !b2 {
  ^bb0(%e: f32):
    %r = arith.negf %e : f32
    systile.yield %r : f32
  }
  %zero = arith.constant dense<0.0> : tensor<8x4xf32>
  %sum = scf.for %i = %c0 to %c2 step %c1 iter_args(%s = %zero) -> (tensor<8x4xf32>) {
    %st = systile.pack %s : tensor<8x4xf32> -> !m8
    %v = systile.merge_rows %n : !b2 -> !m8
    %d = systile.matmul %lt, %wt, %v : !m8, !w4 -> !m8
    %t = systile.elementwise ins(%d, %st : !m8, !m8) -> !m8 {
    ^bb0(%p: f32, %q: f32):
      %r = arith.addf %p, %q : f32
      systile.yield %r : f32
    }
    %ut = systile.unpack %t : !m8 -> tensor<8x4xf32>
    scf.yield %ut : tensor<8x4xf32>
  }
  return %sum : tensor<8x4xf32>
}
