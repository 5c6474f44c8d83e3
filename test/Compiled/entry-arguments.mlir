// systile-run --compile compiles only what the entry reaches, and never
// writes into the entry's arguments.
//
// The arguments are the run's inputs: --repeat passes them again, and a
// large .npy input may be mapped read-only. A matmul accumulating into
// its init argument must work on a copy (One-Shot Bufferize takes a
// function's arguments as writable unless told otherwise): each run gives
// a @ b + c, not the sum of all runs so far, and the 300 x 130 input
// mapped from its file is not written (before, a segmentation fault).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/a.npy', np.ones((3, 5), dtype='<f4')); np.save('%t/b.npy', np.ones((5, 7), dtype='<f4')); np.save('%t/c.npy', np.full((3, 7), 2, dtype='<f4'))"
// RUN: systile-run %s --entry accumulate --compile --repeat 3 --input %t/a.npy --input %t/b.npy --input %t/c.npy | FileCheck %s --check-prefix=ACC
// ACC: result #0: tensor<3x7xf32> = {{\[\[}}7, 7, 7, 7, 7, 7, 7], [7, 7, 7, 7, 7, 7, 7], [7, 7, 7, 7, 7, 7, 7]]
// RUN: %python -c "import numpy as np; r = np.random.default_rng(0); a = r.integers(-3, 4, (300, 200)).astype('<f4'); b = r.integers(-3, 4, (200, 130)).astype('<f4'); c = r.integers(-3, 4, (300, 130)).astype('<f4'); [np.save('%t/%%s.npy' %% k, v) for k, v in (('A', a), ('B', b), ('C', c), ('D', a @ b + c))]"
// RUN: systile-run %s --entry big --compile --repeat 2 --input %t/A.npy --input %t/B.npy --input %t/C.npy --expect %t/D.npy | FileCheck %s --check-prefix=BIG
// BIG: expect: result #0 matches {{.*}}D.npy (0 of 39000 elements differ, max ulp 0)
//
// An entry may take and return tiled values: compiled as interpreted, a
// tiled argument is packed from its file's logical tensor and a tiled
// result is its logical elements (systile-run --compile calls the entry
// through a function of dense tensors that packs and unpacks them). A
// 3x5 matrix on 2x4 tiles, so the storage has padding; -a and the sum of
// a's rows by hand.
// RUN: systile-run %s --entry tiled --compile --input %t/a.npy | FileCheck %s --check-prefix=TILED
// RUN: systile-run %s --entry tiled --input %t/a.npy | FileCheck %s --check-prefix=TILED
// TILED: result #0: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> = {{\[\[}}-1, -1, -1, -1, -1], [-1, -1, -1, -1, -1], [-1, -1, -1, -1, -1]]
// TILED: result #1: !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>, pad = undef> = {{\[\[}}3, 3, 3, 3, 3]]
// TILED: result #2: tensor<3x5xf32> = {{\[\[}}1, 1, 1, 1, 1], [1, 1, 1, 1, 1], [1, 1, 1, 1, 1]]
//
// A function the entry does not reach is not compiled: @elided's constant
// has no data, which the lowering to LLVM refuses, yet @accumulate runs
// (as interpreted, where only the entry runs). Compiled, @elided itself is
// refused.
// RUN: not systile-run %s --entry elided --compile 2>&1 | FileCheck %s --check-prefix=ELIDED
// ELIDED: error: resource does not exist

func.func @accumulate(%a: tensor<3x5xf32>, %b: tensor<5x7xf32>, %c: tensor<3x7xf32>) -> tensor<3x7xf32> {
  %d = linalg.matmul ins(%a, %b : tensor<3x5xf32>, tensor<5x7xf32>) outs(%c : tensor<3x7xf32>) -> tensor<3x7xf32>
  return %d : tensor<3x7xf32>
}

func.func @big(%a: tensor<300x200xf32>, %b: tensor<200x130xf32>, %c: tensor<300x130xf32>) -> tensor<300x130xf32> {
  %d = linalg.matmul ins(%a, %b : tensor<300x200xf32>, tensor<200x130xf32>) outs(%c : tensor<300x130xf32>) -> tensor<300x130xf32>
  return %d : tensor<300x130xf32>
}

func.func @elided() -> tensor<2xf32> {
  %0 = arith.constant dense_resource<__elided__> : tensor<2xf32>
  return %0 : tensor<2xf32>
}

!t = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
!r = !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>, pad = undef>
func.func @tiled(%a: !t) -> (!t, !r, tensor<3x5xf32>) {
  %n = systile.elementwise ins(%a : !t) -> !t {
  ^bb0(%p: f32):
    %q = arith.negf %p : f32
    systile.yield %q : f32
  }
  %s = systile.reduce <sum> %a dim = 0 : !t -> !r
  %u = systile.unpack %a : !t -> tensor<3x5xf32>
  return %n, %s, %u : !t, !r, tensor<3x5xf32>
}
