// Splat constants of 64 MiB or more are filled at run time, not compiled
// into the program (LLVM spells out every element of a global: a 16 GiB
// splat ran LLVM out of memory). systile-expand-unlowered-ops turns such
// an arith.constant into linalg.fill of tensor.empty and such a
// systile.constant into systile.splat; the buffer is then an allocation
// of the run, held to --max-memory like the interpreter's values.
//
// RUN: systile-opt %s --split-input-file --systile-expand-unlowered-ops | FileCheck %s --check-prefix=IR
//
// A 64 MiB splat weight runs compiled and gives numpy's sums (exact: 4096
// ones times 1, 2 or 3):
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; x = np.tile(np.array([1, 2, 3, 0], dtype='<f4'), (1, 1024)); np.save('%t/x.npy', x); np.save('%t/y.npy', x @ np.ones((4096, 4096), dtype='<f4'))"
// RUN: systile-opt %S/Inputs/splat-64mib.mlir --systile-pipeline -o %t/w.mlir
// RUN: systile-run %t/w.mlir --compile --input %t/x.npy --expect %t/y.npy | FileCheck %s --check-prefix=SAME
// RUN: systile-run %t/w.mlir --input %t/x.npy --expect %t/y.npy | FileCheck %s --check-prefix=SAME
// RUN: systile-run %S/Inputs/splat-64mib.mlir --compile --input %t/x.npy --expect %t/y.npy | FileCheck %s --check-prefix=SAME
// SAME-LABEL: expect: result #0 matches
// SAME-SAME: (0 of 4096 elements differ, max ulp 0)
//
// A 16 GiB one is refused at run time against the budget, by both modes:
// RUN: %python -c "import numpy as np; np.save('%t/h.npy', np.ones((1, 65536), dtype='<f4'))"
// RUN: not systile-run %S/Inputs/splat-16gib.mlir --compile --max-memory=1G --input %t/h.npy 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not systile-run %S/Inputs/splat-16gib.mlir --max-memory=1G --input %t/h.npy 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: splat-16gib.mlir:3:8{{.*}} needs 16.00 GiB, which exceeds the memory budget (1.00 GiB

// IR-LABEL: func.func @dense
// IR: %[[V:.*]] = arith.constant 1.000000e+00 : f32
// IR: %[[E:.*]] = tensor.empty() : tensor<4096x4096xf32>
// IR: linalg.fill ins(%[[V]] : f32) outs(%[[E]] : tensor<4096x4096xf32>)
// IR: arith.constant dense<2.000000e+00> : tensor<4096x4095xf32>
func.func @dense() -> (tensor<4096x4096xf32>, tensor<4096x4095xf32>) {
  %big = arith.constant dense<1.0> : tensor<4096x4096xf32>
  %small = arith.constant dense<2.0> : tensor<4096x4095xf32>
  return %big, %small : tensor<4096x4096xf32>, tensor<4096x4095xf32>
}

// -----

// Storage of 4096 x 4096 slots: the splat where it has the same storage
// (zero, no padding, or pad kind undef), the constant kept where small.
// IR-LABEL: func.func @tiled
// IR: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// IR: systile.splat %[[Z]] : !systile.tiled<4090x4090xf32>
// IR: %[[O:.*]] = arith.constant 1.000000e+00 : f32
// IR: systile.splat %[[O]] : !systile.tiled<4096x4096xf32>
// IR: %[[U:.*]] = arith.constant 3.000000e+00 : f32
// IR: systile.splat %[[U]] : !systile.tiled<4090x4090xf32, pad = undef>
// IR: systile.constant dense<1.000000e+00> : tensor<4096xf32> -> !systile.tiled<32x128xf32>
func.func @tiled() -> (!systile.tiled<4090x4090xf32>, !systile.tiled<4096x4096xf32>,
                       !systile.tiled<4090x4090xf32, pad = undef>,
                       !systile.tiled<32x128xf32>) {
  %z = systile.constant dense<0.0> : tensor<16777216xf32> -> !systile.tiled<4090x4090xf32>
  %o = systile.constant dense<1.0> : tensor<16777216xf32> -> !systile.tiled<4096x4096xf32>
  %u = systile.constant dense<3.0> : tensor<16777216xf32> -> !systile.tiled<4090x4090xf32, pad = undef>
  %s = systile.constant dense<1.0> : tensor<4096xf32> -> !systile.tiled<32x128xf32>
  return %z, %o, %u, %s : !systile.tiled<4090x4090xf32>, !systile.tiled<4096x4096xf32>,
                          !systile.tiled<4090x4090xf32, pad = undef>,
                          !systile.tiled<32x128xf32>
}
