// --max-memory bounds the compiled program's buffers as it bounds the
// interpreter's values: memref.alloc lowers to malloc, which systile-run
// --compile reserves against the budget; a refused allocation is exit 1
// naming where the buffer is allocated (systile-insert-runtime-checks
// marks each site), with no output written.
//
// RUN: rm -rf %t && mkdir -p %t
// Two 1024 x 1024 f32 buffers (4 MiB each) alive at once.
// RUN: not systile-run %s --compile --max-memory=6M --output %t/out.npy 2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: not ls %t/out.npy
// REFUSED: systile-run: error: --compile: a buffer allocated at {{.*}}max-memory.mlir:[[# @LINE + 17]]:9 needs 4.00 MiB, which exceeds the memory budget (6.00 MiB, 4.00 MiB in use; raise it with --max-memory)
//
// Enough for one run; --repeat frees each run's buffers, so five runs fit
// as well as one.
// RUN: systile-run %s --compile --max-memory=13M --repeat=5 --output %t/out.npy | FileCheck %s --check-prefix=FITS
// RUN: %python -c "import numpy as np; a = np.load('%t/out.npy'); assert a.shape == (1024, 1024) and (a == 3).all(), a"
// FITS: result #0: tensor<1024x1024xf32>
//
// The interpreter refuses the same budget.
// RUN: not systile-run %s --max-memory=6M 2>&1 | FileCheck %s --check-prefix=INTERPRETED
// INTERPRETED: exceeds the memory budget (6.00 MiB

func.func @main() -> tensor<1024x1024xf32> {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %e0 = tensor.empty() : tensor<1024x1024xf32>
  %a = linalg.fill ins(%one : f32) outs(%e0 : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %e1 = tensor.empty() : tensor<1024x1024xf32>
  %b = linalg.fill ins(%two : f32) outs(%e1 : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %s = linalg.add ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%e0 : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %s : tensor<1024x1024xf32>
}
