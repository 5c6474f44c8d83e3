// Batched contractions run before and after systile-pipeline (one batched
// systile.matmul each: two batch dimensions with a transposed rhs, a shared
// weight, a transposed lhs, a batch-moving linalg.transpose kept), with
// --compare-after: on small-integer inputs every sum is exact, so linalg's
// sequential order and RFC 6's blocked one agree bit for bit (K = 7: two
// k blocks of mxu 4). The lowered IR is checked to hold batched matmuls.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(3); \
// RUN:   s = lambda *d: r.integers(-3, 4, d).astype(np.float32); \
// RUN:   [np.save('%t/' + n + '.npy', s(*d)) for n, d in [('q', (2, 3, 5, 7)), \
// RUN:     ('k', (2, 3, 6, 7)), ('x', (4, 5, 7)), ('w', (7, 6)), ('at', (3, 7, 5)), \
// RUN:     ('b', (3, 7, 6)), ('xt', (5, 3, 7))]]"
// RUN: systile-run %s --entry scores --input %t/q.npy --input %t/k.npy --compare-after="systile-pipeline{sublanes=2 lanes=4 mxu=4}" --max-ulp 0 | FileCheck %s --check-prefix=SCORES
// RUN: systile-run %s --entry shared --input %t/x.npy --input %t/w.npy --compare-after="systile-pipeline{sublanes=2 lanes=4 mxu=4}" --max-ulp 0 --stats | FileCheck %s --check-prefix=SHARED
// RUN: systile-run %s --entry lhs_t --input %t/at.npy --input %t/b.npy --compare-after="systile-pipeline{sublanes=2 lanes=4 mxu=4}" --max-ulp 0 | FileCheck %s --check-prefix=LHST
// RUN: systile-run %s --entry moved --input %t/xt.npy --input %t/b.npy --compare-after="systile-pipeline{sublanes=2 lanes=4 mxu=4}" --max-ulp 0 | FileCheck %s --check-prefix=MOVED
// RUN: systile-opt %s --systile-pipeline="sublanes=2 lanes=4 mxu=4" | FileCheck %s --check-prefix=IR

// SCORES: compare: result #0: 0 of 180 elements differ, max ulp 0
// IR-LABEL: func.func @scores
// IR: systile.mxu_matmul {{.*}} rhs_transposed : !systile.tiled<2x3x5x7xf32, {{.*}}>, !systile.tiled<2x3x6x7xf32
func.func @scores(%q: tensor<2x3x5x7xf32>, %k: tensor<2x3x6x7xf32>) -> tensor<2x3x5x6xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<2x3x5x6xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x3x5x6xf32>) -> tensor<2x3x5x6xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%q, %k : tensor<2x3x5x7xf32>, tensor<2x3x6x7xf32>) outs(%1 : tensor<2x3x5x6xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %3 = arith.mulf %in, %in_0 : f32
    %4 = arith.addf %out, %3 : f32
    linalg.yield %4 : f32
  } -> tensor<2x3x5x6xf32>
  return %2 : tensor<2x3x5x6xf32>
}

// One 7x6 weight for 4 matrices: 4 loads, counted once (4 x 5 x 7 x 6 =
// 840 logical MACs).
// SHARED: compare: result #0: 0 of 120 elements differ, max ulp 0
// SHARED: total: logical_macs=840 issued_macs=1536 padding_macs=696 weight_loads=4 skipped_loads=0
// IR-LABEL: func.func @shared
// IR: systile.mxu_matmul {{.*}} : !systile.tiled<4x5x7xf32, {{.*}}>, !systile.tiled<7x6xf32
func.func @shared(%x: tensor<4x5x7xf32>, %w: tensor<7x6xf32>) -> tensor<4x5x6xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<4x5x6xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x5x6xf32>) -> tensor<4x5x6xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%x, %w : tensor<4x5x7xf32>, tensor<7x6xf32>) outs(%1 : tensor<4x5x6xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %3 = arith.mulf %in, %in_0 : f32
    %4 = arith.addf %out, %3 : f32
    linalg.yield %4 : f32
  } -> tensor<4x5x6xf32>
  return %2 : tensor<4x5x6xf32>
}

// LHST: compare: result #0: 0 of 90 elements differ, max ulp 0
// IR-LABEL: func.func @lhs_t
// IR: systile.pack %{{.*}} transpose : tensor<3x7x5xf32> -> !systile.tiled<3x5x7xf32
func.func @lhs_t(%at: tensor<3x7x5xf32>, %b: tensor<3x7x6xf32>) -> tensor<3x5x6xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<3x5x6xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<3x5x6xf32>) -> tensor<3x5x6xf32>
  %d = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%at, %b : tensor<3x7x5xf32>, tensor<3x7x6xf32>) outs(%1 : tensor<3x5x6xf32>) -> tensor<3x5x6xf32>
  return %d : tensor<3x5x6xf32>
}

// MOVED: compare: result #0: 0 of 90 elements differ, max ulp 0
// IR-LABEL: func.func @moved
// IR: linalg.transpose
// IR: systile.mxu_matmul {{.*}} : !systile.tiled<3x5x7xf32
func.func @moved(%xt: tensor<5x3x7xf32>, %b: tensor<3x7x6xf32>) -> tensor<3x5x6xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<3x5x7xf32>
  %t = linalg.transpose ins(%xt : tensor<5x3x7xf32>) outs(%e : tensor<3x5x7xf32>) permutation = [1, 0, 2]
  %0 = tensor.empty() : tensor<3x5x6xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<3x5x6xf32>) -> tensor<3x5x6xf32>
  %d = linalg.batch_matmul ins(%t, %b : tensor<3x5x7xf32>, tensor<3x7x6xf32>) outs(%1 : tensor<3x5x6xf32>) -> tensor<3x5x6xf32>
  return %d : tensor<3x5x6xf32>
}
