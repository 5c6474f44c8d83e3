// A tiled value carried by a loop has no compiled path (MLIR's scf
// bufferization takes builtin tensors only, and would rebuild the loop
// until memory runs out): systile-run --compile refuses it before
// bufferization, exit 1 and no output file. Interpreted, it runs.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: not systile-run %s --compile --output %t/out.npy 2>&1 | FileCheck %s --check-prefix=CARRIED
// RUN: not ls %t/out.npy
// RUN: systile-run %s | FileCheck %s --check-prefix=INTERPRETED
// CARRIED: tiled-loop.mlir:[[@LINE+9]]:8: error: 'scf.for' op carries a tiled value ('!systile.tiled<2x4xf32>') through its regions
// INTERPRETED: result #0: tensor<2x4xf32> = {{\[\[}}4, 4, 4, 4], [4, 4, 4, 4]]

func.func @main() -> tensor<2x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %x = arith.constant dense<1.0> : tensor<2x4xf32>
  %a = systile.pack %x : tensor<2x4xf32> -> !systile.tiled<2x4xf32>
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%s = %a) -> (!systile.tiled<2x4xf32>) {
    %t = systile.elementwise ins(%s : !systile.tiled<2x4xf32>) -> !systile.tiled<2x4xf32> {
    ^bb0(%p: f32):
      %q = arith.addf %p, %p : f32
      systile.yield %q : f32
    }
    scf.yield %t : !systile.tiled<2x4xf32>
  }
  %u = systile.unpack %r : !systile.tiled<2x4xf32> -> tensor<2x4xf32>
  return %u : tensor<2x4xf32>
}
