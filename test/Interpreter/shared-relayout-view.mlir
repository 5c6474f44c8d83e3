// A free relayout of a value that is used again is a view of its storage
// (docs/Interpreter.md). Here the view's only use is an element-wise op
// that could update its operand in place, after the viewed value's last
// use: a borrowed matrix is never updated in place (its copy on write
// would drop the storage the op still reads as its operand; the sanitizer
// build reports that use after free). The results against numpy: -x and
// 2x merged into 8 rows.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; x = (np.arange(32, dtype='<f4').reshape(2, 4, 4) - 7.5) / 3; np.save('%t/x.npy', x); np.save('%t/neg.npy', -x); np.save('%t/twice.npy', (2 * x).reshape(8, 4))"
// RUN: systile-run %s --input %t/x.npy --expect %t/neg.npy --expect %t/twice.npy | FileCheck %s

#g = #systile.geometry<2x4, mxu = 4>

// CHECK: expect: result #0 matches {{.*}}neg.npy (0 of 32 elements differ, max ulp 0)
// CHECK: expect: result #1 matches {{.*}}twice.npy (0 of 32 elements differ, max ulp 0)
func.func @main(%x: tensor<2x4x4xf32>) -> (tensor<2x4x4xf32>, tensor<8x4xf32>) {
  %a = systile.pack %x : tensor<2x4x4xf32> -> !systile.tiled<2x4x4xf32, #g>
  %v = systile.merge_rows %a : !systile.tiled<2x4x4xf32, #g> -> !systile.tiled<8x4xf32, #g>
  %n = systile.elementwise ins(%a : !systile.tiled<2x4x4xf32, #g>) -> !systile.tiled<2x4x4xf32, #g> {
  ^bb0(%e: f32):
    %r = arith.negf %e : f32
    systile.yield %r : f32
  }
  %t = systile.elementwise ins(%v : !systile.tiled<8x4xf32, #g>) -> !systile.tiled<8x4xf32, #g> {
  ^bb0(%e: f32):
    %r = arith.addf %e, %e : f32
    systile.yield %r : f32
  }
  %un = systile.unpack %n : !systile.tiled<2x4x4xf32, #g> -> tensor<2x4x4xf32>
  %ut = systile.unpack %t : !systile.tiled<8x4xf32, #g> -> tensor<8x4xf32>
  return %un, %ut : tensor<2x4x4xf32>, tensor<8x4xf32>
}
