// Every contraction form convert-linalg-to-systile recognises, on 2x4 tiles
// with a 4x4 mxu: the packs (transposed where an operand stores its
// dimensions the other way round), the reshapes and slices around vectors
// and batches, and (BLOCKS, through systile-pipeline) the mxu blocks.
//
// RUN: systile-opt %s --convert-linalg-to-systile="sublanes=2 lanes=4 mxu=4 unroll-batch-limit=2" --canonicalize | FileCheck %s
// RUN: systile-opt %s --systile-pipeline="sublanes=2 lanes=4 mxu=4 unroll-batch-limit=2" | FileCheck %s --check-prefix=BLOCKS
// RUN: systile-opt %s --convert-linalg-to-systile="sublanes=2 lanes=4 mxu=4" --mlir-pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS

// STATS: convert-linalg-to-systile
// STATS-DAG: 20 matmuls-lowered
// STATS-DAG: 0 matmuls-left

// nn.Linear: x [M, K] times an [N, K] weight. K = 5 and N = 7 make 2 x 2
// weight loads, in RFC 6 order (kb inner).
// CHECK-LABEL: func.func @rhs_transposed
// CHECK-SAME: (%[[A:.*]]: tensor<3x5xf32>, %[[W:.*]]: tensor<7x5xf32>, %[[C:.*]]: tensor<3x7xf32>)
// CHECK: %[[TA:.*]] = systile.pack %[[A]] : tensor<3x5xf32> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: %[[TW:.*]] = systile.pack %[[W]] transpose : tensor<7x5xf32> -> !systile.tiled<5x7xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: %[[TC:.*]] = systile.pack %[[C]] : tensor<3x7xf32> -> !systile.tiled<3x7xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: %[[TD:.*]] = systile.matmul %[[TA]], %[[TW]], %[[TC]]
// CHECK: %[[D:.*]] = systile.unpack %[[TD]] : !systile.tiled<3x7xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<3x7xf32>
// CHECK: return %[[D]]
// BLOCKS-LABEL: func.func @rhs_transposed
// BLOCKS: systile.pack %{{.*}} transpose : tensor<7x5xf32>
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 0]
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 0]
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 1]
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 1]
// BLOCKS-NOT: systile.mxu_matmul
// BLOCKS: return
func.func @rhs_transposed(%a: tensor<3x5xf32>, %w: tensor<7x5xf32>, %c: tensor<3x7xf32>) -> tensor<3x7xf32> {
  %d = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %w : tensor<3x5xf32>, tensor<7x5xf32>) outs(%c : tensor<3x7xf32>) -> tensor<3x7xf32>
  return %d : tensor<3x7xf32>
}

// CHECK-LABEL: func.func @lhs_transposed
// CHECK-SAME: (%[[A:.*]]: tensor<5x3xf32>, %[[B:.*]]: tensor<5x7xf32>
// CHECK: systile.pack %[[A]] transpose : tensor<5x3xf32> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: systile.pack %[[B]] : tensor<5x7xf32> -> !systile.tiled<5x7xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: systile.matmul
// BLOCKS-LABEL: func.func @lhs_transposed(
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 0]
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 0]
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 1]
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 1]
// BLOCKS-NOT: systile.mxu_matmul
// BLOCKS: return
func.func @lhs_transposed(%a: tensor<5x3xf32>, %b: tensor<5x7xf32>, %c: tensor<3x7xf32>) -> tensor<3x7xf32> {
  %d = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %b : tensor<5x3xf32>, tensor<5x7xf32>) outs(%c : tensor<3x7xf32>) -> tensor<3x7xf32>
  return %d : tensor<3x7xf32>
}

// An output stored (n, m) is computed as B^T x A^T: the rhs becomes the lhs.
// CHECK-LABEL: func.func @output_transposed
// CHECK-SAME: (%[[A:.*]]: tensor<3x5xf32>, %[[B:.*]]: tensor<5x7xf32>, %[[C:.*]]: tensor<7x3xf32>)
// CHECK: %[[TB:.*]] = systile.pack %[[B]] transpose : tensor<5x7xf32> -> !systile.tiled<7x5xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: %[[TA:.*]] = systile.pack %[[A]] transpose : tensor<3x5xf32> -> !systile.tiled<5x3xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: %[[TC:.*]] = systile.pack %[[C]] : tensor<7x3xf32> -> !systile.tiled<7x3xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: systile.matmul %[[TB]], %[[TA]], %[[TC]]
// BLOCKS-LABEL: func.func @output_transposed
// BLOCKS-COUNT-2: systile.mxu_matmul
// BLOCKS-NOT: systile.mxu_matmul
// BLOCKS: return
func.func @output_transposed(%a: tensor<3x5xf32>, %b: tensor<5x7xf32>, %c: tensor<7x3xf32>) -> tensor<7x3xf32> {
  %d = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (n, m)>]
      ins(%a, %b : tensor<3x5xf32>, tensor<5x7xf32>) outs(%c : tensor<7x3xf32>) -> tensor<7x3xf32>
  return %d : tensor<7x3xf32>
}

// A linalg.transpose feeding only the matmul becomes the transposing pack
// and is erased.
// CHECK-LABEL: func.func @transpose_op
// CHECK-SAME: (%[[A:.*]]: tensor<3x5xf32>, %[[W:.*]]: tensor<7x5xf32>
// CHECK-NOT: linalg.transpose
// CHECK: systile.pack %[[W]] transpose : tensor<7x5xf32> -> !systile.tiled<5x7xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK-NOT: linalg.transpose
// CHECK: return
// BLOCKS-LABEL: func.func @transpose_op(
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 0]
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 0]
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 1]
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 1]
// BLOCKS-NOT: systile.mxu_matmul
// BLOCKS: return
func.func @transpose_op(%a: tensor<3x5xf32>, %w: tensor<7x5xf32>, %c: tensor<3x7xf32>) -> tensor<3x7xf32> {
  %e = tensor.empty() : tensor<5x7xf32>
  %t = linalg.transpose ins(%w : tensor<7x5xf32>) outs(%e : tensor<5x7xf32>) permutation = [1, 0]
  %d = linalg.matmul ins(%a, %t : tensor<3x5xf32>, tensor<5x7xf32>) outs(%c : tensor<3x7xf32>) -> tensor<3x7xf32>
  return %d : tensor<3x7xf32>
}

// A transpose with another user stays for it; the matmul still reads its
// input through the transposing pack.
// CHECK-LABEL: func.func @transpose_op_shared
// CHECK-SAME: (%[[A:.*]]: tensor<3x5xf32>, %[[W:.*]]: tensor<7x5xf32>
// CHECK: %[[T:.*]] = linalg.transpose
// CHECK: systile.pack %[[W]] transpose
// CHECK: return %{{.*}}, %[[T]]
// BLOCKS-LABEL: func.func @transpose_op_shared(
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 0]
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 0]
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 1]
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 1]
// BLOCKS-NOT: systile.mxu_matmul
// BLOCKS: return
func.func @transpose_op_shared(%a: tensor<3x5xf32>, %w: tensor<7x5xf32>, %c: tensor<3x7xf32>) -> (tensor<3x7xf32>, tensor<5x7xf32>) {
  %e = tensor.empty() : tensor<5x7xf32>
  %t = linalg.transpose ins(%w : tensor<7x5xf32>) outs(%e : tensor<5x7xf32>) permutation = [1, 0]
  %d = linalg.matmul ins(%a, %t : tensor<3x5xf32>, tensor<5x7xf32>) outs(%c : tensor<3x7xf32>) -> tensor<3x7xf32>
  return %d, %t : tensor<3x7xf32>, tensor<5x7xf32>
}

// matvec: the vector becomes a K x 1 matrix, the result M x 1.
// CHECK-LABEL: func.func @matvec
// CHECK-SAME: (%[[A:.*]]: tensor<3x5xf32>, %[[X:.*]]: tensor<5xf32>, %[[Y:.*]]: tensor<3xf32>)
// CHECK: systile.pack %[[A]] : tensor<3x5xf32>
// CHECK: %[[XE:.*]] = tensor.expand_shape %[[X]] {{\[\[}}0, 1]] output_shape [5, 1] : tensor<5xf32> into tensor<5x1xf32>
// CHECK: systile.pack %[[XE]] : tensor<5x1xf32> -> !systile.tiled<5x1xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: %[[YE:.*]] = tensor.expand_shape %[[Y]] {{\[\[}}0, 1]] output_shape [3, 1]
// CHECK: systile.pack %[[YE]] : tensor<3x1xf32>
// CHECK: %[[R:.*]] = systile.unpack %{{.*}} -> tensor<3x1xf32>
// CHECK: %[[D:.*]] = tensor.collapse_shape %[[R]] {{\[\[}}0, 1]] : tensor<3x1xf32> into tensor<3xf32>
// CHECK: return %[[D]]
// BLOCKS-LABEL: func.func @matvec(
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 0]
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 0]
// BLOCKS-NOT: systile.mxu_matmul
// BLOCKS: return
func.func @matvec(%a: tensor<3x5xf32>, %x: tensor<5xf32>, %y: tensor<3xf32>) -> tensor<3xf32> {
  %d = linalg.matvec ins(%a, %x : tensor<3x5xf32>, tensor<5xf32>) outs(%y : tensor<3xf32>) -> tensor<3xf32>
  return %d : tensor<3xf32>
}

// CHECK-LABEL: func.func @vecmat
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [1, 5] : tensor<5xf32> into tensor<1x5xf32>
// CHECK: systile.pack %{{.*}} : tensor<5x3xf32> -> !systile.tiled<5x3xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: systile.matmul {{.*}} -> !systile.tiled<1x3xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<1x3xf32> into tensor<3xf32>
// BLOCKS-LABEL: func.func @vecmat(
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 0]
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 0]
// BLOCKS-NOT: systile.mxu_matmul
// BLOCKS: return
func.func @vecmat(%x: tensor<5xf32>, %a: tensor<5x3xf32>, %y: tensor<3xf32>) -> tensor<3xf32> {
  %d = linalg.vecmat ins(%x, %a : tensor<5xf32>, tensor<5x3xf32>) outs(%y : tensor<3xf32>) -> tensor<3xf32>
  return %d : tensor<3xf32>
}

// dot: 1 x K times K x 1 into a 1 x 1 accumulator.
// CHECK-LABEL: func.func @dot
// CHECK: tensor.expand_shape %{{.*}} [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
// CHECK: systile.matmul {{.*}} : !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<5x1xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<1x1xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: tensor.collapse_shape %{{.*}} [] : tensor<1x1xf32> into tensor<f32>
// BLOCKS-LABEL: func.func @dot(
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 0]
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 0]
// BLOCKS-NOT: systile.mxu_matmul
// BLOCKS: return
func.func @dot(%x: tensor<5xf32>, %z: tensor<5xf32>, %y: tensor<f32>) -> tensor<f32> {
  %d = linalg.dot ins(%x, %z : tensor<5xf32>, tensor<5xf32>) outs(%y : tensor<f32>) -> tensor<f32>
  return %d : tensor<f32>
}

// A parallel batch is the batch of ONE systile.matmul, whatever its size
// (unroll-batch-limit does not apply): a pack per operand, one unpack.
// CHECK-LABEL: func.func @batch_unrolled
// CHECK-SAME: (%[[A:.*]]: tensor<2x2x5xf32>, %[[B:.*]]: tensor<2x5x4xf32>, %[[C:.*]]: tensor<2x2x4xf32>)
// CHECK-NOT: tensor.extract_slice
// CHECK: %[[TA:.*]] = systile.pack %[[A]] : tensor<2x2x5xf32> -> !systile.tiled<2x2x5xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: %[[TB:.*]] = systile.pack %[[B]] : tensor<2x5x4xf32> -> !systile.tiled<2x5x4xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: %[[TC:.*]] = systile.pack %[[C]] : tensor<2x2x4xf32> -> !systile.tiled<2x2x4xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: %[[TD:.*]] = systile.matmul %[[TA]], %[[TB]], %[[TC]] : !systile.tiled<2x2x5xf32, {{.*}}>, !systile.tiled<2x5x4xf32, {{.*}}> -> !systile.tiled<2x2x4xf32
// CHECK: %[[D:.*]] = systile.unpack %[[TD]] : !systile.tiled<2x2x4xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<2x2x4xf32>
// CHECK-NOT: systile.matmul
// CHECK: return %[[D]]
// BLOCKS-LABEL: func.func @batch_unrolled(
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 0] : !systile.tiled<2x2x5xf32
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 0] : !systile.tiled<2x2x5xf32
// BLOCKS-NOT: systile.mxu_matmul
// BLOCKS: return
func.func @batch_unrolled(%a: tensor<2x2x5xf32>, %b: tensor<2x5x4xf32>, %c: tensor<2x2x4xf32>) -> tensor<2x2x4xf32> {
  %d = linalg.batch_matmul ins(%a, %b : tensor<2x2x5xf32>, tensor<2x5x4xf32>) outs(%c : tensor<2x2x4xf32>) -> tensor<2x2x4xf32>
  return %d : tensor<2x2x4xf32>
}

// Three batches (above the limit): still one batched matmul, no loop.
// CHECK-LABEL: func.func @batch_loop
// CHECK-NOT: scf.for
// CHECK: systile.matmul %{{.*}}, %{{.*}}, %{{.*}} : !systile.tiled<3x2x5xf32, {{.*}}>, !systile.tiled<3x5x4xf32, {{.*}}> -> !systile.tiled<3x2x4xf32
// CHECK-NOT: systile.matmul
// CHECK: return
// BLOCKS-LABEL: func.func @batch_loop(
// BLOCKS-NOT: scf.for
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 0]
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 0]
// BLOCKS-NOT: systile.mxu_matmul
// BLOCKS: return
func.func @batch_loop(%a: tensor<3x2x5xf32>, %b: tensor<3x5x4xf32>, %c: tensor<3x2x4xf32>) -> tensor<3x2x4xf32> {
  %d = linalg.batch_matmul ins(%a, %b : tensor<3x2x5xf32>, tensor<3x5x4xf32>) outs(%c : tensor<3x2x4xf32>) -> tensor<3x2x4xf32>
  return %d : tensor<3x2x4xf32>
}

// A batch of 1 (what tosa.matmul usually is) is reshaped away.
// CHECK-LABEL: func.func @batch_one
// CHECK-NOT: tensor.extract_slice
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : tensor<1x2x5xf32> into tensor<2x5xf32>
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : tensor<1x5x4xf32> into tensor<5x4xf32>
// CHECK: systile.matmul
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1], [2]] output_shape [1, 2, 4] : tensor<2x4xf32> into tensor<1x2x4xf32>
// BLOCKS-LABEL: func.func @batch_one(
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 0]
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 0]
// BLOCKS-NOT: systile.mxu_matmul
// BLOCKS: return
func.func @batch_one(%a: tensor<1x2x5xf32>, %b: tensor<1x5x4xf32>, %c: tensor<1x2x4xf32>) -> tensor<1x2x4xf32> {
  %d = linalg.batch_matmul ins(%a, %b : tensor<1x2x5xf32>, tensor<1x5x4xf32>) outs(%c : tensor<1x2x4xf32>) -> tensor<1x2x4xf32>
  return %d : tensor<1x2x4xf32>
}

// batch_reduce_matmul: the matmuls accumulate into one tiled accumulator,
// packed once and unpacked once.
// CHECK-LABEL: func.func @batch_reduce_unrolled
// CHECK-SAME: (%[[A:.*]]: tensor<2x2x5xf32>, %[[B:.*]]: tensor<2x5x4xf32>, %[[C:.*]]: tensor<2x4xf32>)
// CHECK: %[[T:.*]] = systile.pack %[[C]]
// CHECK: %[[M0:.*]] = systile.matmul %{{.*}}, %{{.*}}, %[[T]]
// CHECK: %[[M1:.*]] = systile.matmul %{{.*}}, %{{.*}}, %[[M0]]
// CHECK: %[[D:.*]] = systile.unpack %[[M1]]
// CHECK: return %[[D]]
// BLOCKS-LABEL: func.func @batch_reduce_unrolled(
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 0]
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 0]
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 0]
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 0]
// BLOCKS-NOT: systile.mxu_matmul
// BLOCKS: return
func.func @batch_reduce_unrolled(%a: tensor<2x2x5xf32>, %b: tensor<2x5x4xf32>, %c: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %d = linalg.batch_reduce_matmul ins(%a, %b : tensor<2x2x5xf32>, tensor<2x5x4xf32>) outs(%c : tensor<2x4xf32>) -> tensor<2x4xf32>
  return %d : tensor<2x4xf32>
}

// CHECK-LABEL: func.func @batch_reduce_loop
// CHECK: %[[T:.*]] = systile.pack
// CHECK: %[[L:.*]] = scf.for %[[I:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %[[T]]) -> (!systile.tiled<2x4xf32, #systile.geometry<2x4, mxu = 4>>)
// CHECK: %[[M:.*]] = systile.matmul %{{.*}}, %{{.*}}, %[[ACC]]
// CHECK: scf.yield %[[M]]
// CHECK: systile.unpack %[[L]]
// BLOCKS-LABEL: func.func @batch_reduce_loop(
// BLOCKS: scf.for
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 0]
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 0]
// BLOCKS-NOT: systile.mxu_matmul
// BLOCKS: return
func.func @batch_reduce_loop(%a: tensor<3x2x5xf32>, %b: tensor<3x5x4xf32>, %c: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %d = linalg.batch_reduce_matmul ins(%a, %b : tensor<3x2x5xf32>, tensor<3x5x4xf32>) outs(%c : tensor<2x4xf32>) -> tensor<2x4xf32>
  return %d : tensor<2x4xf32>
}

// quantized_matmul: the i8 matmul on the mxu, then
// - zb * rowsum(A) - za * colsum(B) + K * za * zb in i32 (K = 5); each
// sum reads its operand by the identity (the column sums reduce loop 0),
// and the combination reads the product as an input (element-wise, so
// that layout propagation tiles all of it).
// CHECK-LABEL: func.func @quantized
// CHECK-SAME: (%[[A:.*]]: tensor<3x5xi8>, %[[B:.*]]: tensor<5x4xi8>, %[[ZA:.*]]: i32, %[[ZB:.*]]: i32, %[[C:.*]]: tensor<3x4xi32>)
// CHECK-DAG: %[[K:.*]] = arith.constant 5 : i32
// CHECK: %[[M:.*]] = systile.matmul {{.*}} : !systile.tiled<3x5xi8, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<5x4xi8, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<3x4xi32, #systile.geometry<2x4, mxu = 4>>
// CHECK: %[[AB:.*]] = systile.unpack %[[M]]
// CHECK: %[[ROW:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]} ins(%[[A]] : tensor<3x5xi8>) outs(%{{.*}} : tensor<3xi32>)
// CHECK: arith.extsi
// CHECK: arith.addi
// CHECK: %[[COL:.*]] = linalg.generic {indexing_maps = [#[[ID:.*]], #{{.*}}], iterator_types = ["reduction", "parallel"]} ins(%[[B]] : tensor<5x4xi8>) outs(%{{.*}} : tensor<4xi32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<3x4xi32>
// CHECK: linalg.generic {{.*}} ins(%[[ZA]], %[[ZB]], %[[ROW]], %[[COL]], %[[AB]] : i32, i32, tensor<3xi32>, tensor<4xi32>, tensor<3x4xi32>) outs(%[[E]] : tensor<3x4xi32>)
// CHECK: ^bb0(%[[IZA:.*]]: i32, %[[IZB:.*]]: i32, %[[IROW:.*]]: i32, %[[ICOL:.*]]: i32, %[[OUT:.*]]: i32, %{{.*}}: i32):
// CHECK: %[[T0:.*]] = arith.muli %[[IZB]], %[[IROW]]
// CHECK: %[[T1:.*]] = arith.subi %[[OUT]], %[[T0]]
// CHECK: %[[T2:.*]] = arith.muli %[[IZA]], %[[ICOL]]
// CHECK: %[[T3:.*]] = arith.subi %[[T1]], %[[T2]]
// CHECK: %[[T4:.*]] = arith.muli %[[IZA]], %[[K]]
// CHECK: %[[T5:.*]] = arith.muli %[[T4]], %[[IZB]]
// CHECK: %[[T6:.*]] = arith.addi %[[T3]], %[[T5]]
// CHECK: linalg.yield %[[T6]]
// BLOCKS-LABEL: func.func @quantized(
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 0]
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 0]
// BLOCKS-NOT: systile.mxu_matmul
// BLOCKS: return
func.func @quantized(%a: tensor<3x5xi8>, %b: tensor<5x4xi8>, %za: i32, %zb: i32, %c: tensor<3x4xi32>) -> tensor<3x4xi32> {
  %d = linalg.quantized_matmul ins(%a, %b, %za, %zb : tensor<3x5xi8>, tensor<5x4xi8>, i32, i32) outs(%c : tensor<3x4xi32>) -> tensor<3x4xi32>
  return %d : tensor<3x4xi32>
}

// Zero points that are constant 0 (symmetric quantization): just the i8
// matmul.
// CHECK-LABEL: func.func @quantized_symmetric
// CHECK: systile.matmul
// CHECK-NOT: linalg.generic
// CHECK: return
// BLOCKS-LABEL: func.func @quantized_symmetric(
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 0]
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 0]
// BLOCKS-NOT: systile.mxu_matmul
// BLOCKS: return
func.func @quantized_symmetric(%a: tensor<3x5xi8>, %b: tensor<5x4xi8>, %c: tensor<3x4xi32>) -> tensor<3x4xi32> {
  %z = arith.constant 0 : i32
  %d = linalg.quantized_matmul ins(%a, %b, %z, %z : tensor<3x5xi8>, tensor<5x4xi8>, i32, i32) outs(%c : tensor<3x4xi32>) -> tensor<3x4xi32>
  return %d : tensor<3x4xi32>
}

// quantized_batch_matmul (what tosa.matmul with zero points becomes): per
// batch; only the lhs zero point is non-zero, so only the column sums.
// CHECK-LABEL: func.func @quantized_batch
// CHECK-COUNT-2: systile.matmul
// CHECK-NOT: systile.matmul
// CHECK: return
// BLOCKS-LABEL: func.func @quantized_batch(
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 0]
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 0]
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 0]
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 0]
// BLOCKS-NOT: systile.mxu_matmul
// BLOCKS: return
func.func @quantized_batch(%a: tensor<2x3x5xi8>, %b: tensor<2x5x4xi8>, %c: tensor<2x3x4xi32>) -> tensor<2x3x4xi32> {
  %za = arith.constant 3 : i32
  %zb = arith.constant 0 : i32
  %d = linalg.quantized_batch_matmul ins(%a, %b, %za, %zb : tensor<2x3x5xi8>, tensor<2x5x4xi8>, i32, i32) outs(%c : tensor<2x3x4xi32>) -> tensor<2x3x4xi32>
  return %d : tensor<2x3x4xi32>
}

// What frontends emit for a bf16 matmul with an f32 accumulator: the bf16
// tensors are packed as they are (systile.matmul widens exactly).
// CHECK-LABEL: func.func @generic_bf16
// CHECK-SAME: (%[[A:.*]]: tensor<3x5xbf16>, %[[B:.*]]: tensor<4x5xbf16>
// CHECK: systile.pack %[[A]] : tensor<3x5xbf16> -> !systile.tiled<3x5xbf16, #systile.geometry<2x4, mxu = 4>>
// CHECK: systile.pack %[[B]] transpose : tensor<4x5xbf16> -> !systile.tiled<5x4xbf16, #systile.geometry<2x4, mxu = 4>>
// CHECK: systile.matmul {{.*}} -> !systile.tiled<3x4xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK-NOT: linalg.generic
// CHECK: return
// BLOCKS-LABEL: func.func @generic_bf16(
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 0]
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 0]
// BLOCKS-NOT: systile.mxu_matmul
// BLOCKS: return
func.func @generic_bf16(%a: tensor<3x5xbf16>, %b: tensor<4x5xbf16>, %c: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %d = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<3x5xbf16>, tensor<4x5xbf16>) outs(%c : tensor<3x4xf32>) {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xe = arith.extf %x : bf16 to f32
    %ye = arith.extf %y : bf16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<3x4xf32>
  return %d : tensor<3x4xf32>
}

// The loop order need not be (m, n, k): here (k, n, m), products and sums
// written the other way round, i8 sign-extended.
// CHECK-LABEL: func.func @generic_i8_permuted_loops
// CHECK: systile.matmul {{.*}} : !systile.tiled<3x6xi8, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<6x2xi8, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<3x2xi32, #systile.geometry<2x4, mxu = 4>>
// BLOCKS-LABEL: func.func @generic_i8_permuted_loops(
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 0]
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 0]
// BLOCKS-NOT: systile.mxu_matmul
// BLOCKS: return
func.func @generic_i8_permuted_loops(%a: tensor<3x6xi8>, %b: tensor<6x2xi8>, %c: tensor<3x2xi32>) -> tensor<3x2xi32> {
  %d = linalg.generic {indexing_maps = [affine_map<(k, n, m) -> (m, k)>, affine_map<(k, n, m) -> (k, n)>, affine_map<(k, n, m) -> (m, n)>], iterator_types = ["reduction", "parallel", "parallel"]}
      ins(%a, %b : tensor<3x6xi8>, tensor<6x2xi8>) outs(%c : tensor<3x2xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %xe = arith.extsi %x : i8 to i32
    %ye = arith.extsi %y : i8 to i32
    %p = arith.muli %ye, %xe : i32
    %s = arith.addi %p, %acc : i32
    linalg.yield %s : i32
  } -> tensor<3x2xi32>
  return %d : tensor<3x2xi32>
}

// linalg.contract is recognised by structure like any other contraction.
// CHECK-LABEL: func.func @contract
// CHECK-SAME: (%[[A:.*]]: tensor<5x3xf32>
// CHECK: systile.pack %[[A]] transpose : tensor<5x3xf32> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: systile.matmul
// CHECK-NOT: linalg.contract
// BLOCKS-LABEL: func.func @contract(
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 0]
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 0]
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 1]
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 1]
// BLOCKS-NOT: systile.mxu_matmul
// BLOCKS: return
func.func @contract(%a: tensor<5x3xf32>, %b: tensor<5x7xf32>, %c: tensor<3x7xf32>) -> tensor<3x7xf32> {
  %d = linalg.contract indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %b : tensor<5x3xf32>, tensor<5x7xf32>) outs(%c : tensor<3x7xf32>) -> tensor<3x7xf32>
  return %d : tensor<3x7xf32>
}

// A batched [b, n, k] weight transposed by a 3-D linalg.transpose: the
// transpose is looked through and erased, the weight packed as it is
// stored and read rhs_transposed.
// CHECK-LABEL: func.func @batch_transpose_op
// CHECK-SAME: (%[[A:.*]]: tensor<2x2x5xf32>, %[[W:.*]]: tensor<2x4x5xf32>
// CHECK-NOT: linalg.transpose
// CHECK: %[[TW:.*]] = systile.pack %[[W]] : tensor<2x4x5xf32> -> !systile.tiled<2x4x5xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: systile.matmul %{{.*}}, %[[TW]], %{{.*}} rhs_transposed : !systile.tiled<2x2x5xf32, {{.*}}>, !systile.tiled<2x4x5xf32
// CHECK-NOT: linalg.transpose
// CHECK: return
// BLOCKS-LABEL: func.func @batch_transpose_op(
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 0] rhs_transposed
// BLOCKS: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 0] rhs_transposed
// BLOCKS-NOT: systile.mxu_matmul
// BLOCKS: return
func.func @batch_transpose_op(%a: tensor<2x2x5xf32>, %w: tensor<2x4x5xf32>, %c: tensor<2x2x4xf32>) -> tensor<2x2x4xf32> {
  %e = tensor.empty() : tensor<2x5x4xf32>
  %t = linalg.transpose ins(%w : tensor<2x4x5xf32>) outs(%e : tensor<2x5x4xf32>) permutation = [0, 2, 1]
  %d = linalg.batch_matmul ins(%a, %t : tensor<2x2x5xf32>, tensor<2x5x4xf32>) outs(%c : tensor<2x2x4xf32>) -> tensor<2x2x4xf32>
  return %d : tensor<2x2x4xf32>
}
