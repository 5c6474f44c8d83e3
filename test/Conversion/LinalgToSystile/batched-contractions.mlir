// Contractions with batch dimensions become ONE batched systile.matmul (a
// pack of each operand, an unpack of the result), on 2x4 tiles with a 4x4
// mxu: linalg.batch_matmul with any indexing maps (a rhs stored [b, n, k]
// is read rhs_transposed, an lhs stored [b, k, m] is packed transposed),
// the rank-4/5 linalg.generics that stablehlo-legalize-to-linalg makes of
// jnp.einsum (two batch dimensions), a rhs without batch dimensions (one
// weight shared by every matrix), batches of 1 reshaped away. What is
// refused gets a remark.
//
// RUN: systile-opt %s --convert-linalg-to-systile="sublanes=2 lanes=4 mxu=4" --canonicalize --split-input-file --verify-diagnostics | FileCheck %s
// RUN: systile-opt %s --systile-pipeline="sublanes=2 lanes=4 mxu=4" --split-input-file --verify-diagnostics | FileCheck %s --check-prefix=BLOCKS

// CHECK-LABEL: func.func @batch_matmul
// CHECK-SAME: (%[[A:.*]]: tensor<3x5x7xf32>, %[[B:.*]]: tensor<3x7x6xf32>, %[[C:.*]]: tensor<3x5x6xf32>)
// CHECK-NOT: tensor.extract_slice
// CHECK: %[[TA:.*]] = systile.pack %[[A]] : tensor<3x5x7xf32> -> !systile.tiled<3x5x7xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: %[[TB:.*]] = systile.pack %[[B]] : tensor<3x7x6xf32> -> !systile.tiled<3x7x6xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: %[[TC:.*]] = systile.pack %[[C]] : tensor<3x5x6xf32> -> !systile.tiled<3x5x6xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: %[[TD:.*]] = systile.matmul %[[TA]], %[[TB]], %[[TC]] : !systile.tiled<3x5x7xf32, {{.*}}>, !systile.tiled<3x7x6xf32, {{.*}}> -> !systile.tiled<3x5x6xf32
// CHECK: %[[D:.*]] = systile.unpack %[[TD]] : !systile.tiled<3x5x6xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<3x5x6xf32>
// CHECK: return %[[D]]
// The batched matmul's 2 x 2 weight loads, each over the whole batch.
// BLOCKS-LABEL: func.func @batch_matmul
// BLOCKS-COUNT-4: systile.mxu_matmul {{.*}} : !systile.tiled<3x5x7xf32, {{.*}}>, !systile.tiled<3x7x6xf32
// BLOCKS-NOT: systile.mxu_matmul
func.func @batch_matmul(%a: tensor<3x5x7xf32>, %b: tensor<3x7x6xf32>, %c: tensor<3x5x6xf32>) -> tensor<3x5x6xf32> {
  %d = linalg.batch_matmul ins(%a, %b : tensor<3x5x7xf32>, tensor<3x7x6xf32>) outs(%c : tensor<3x5x6xf32>) -> tensor<3x5x6xf32>
  return %d : tensor<3x5x6xf32>
}

// -----

// q x k^T: the rhs stored [b, n, k] is packed as it is and read transposed
// by the matmul; the lhs stored [b, k, m] is packed transposed.
// CHECK-LABEL: func.func @batch_matmul_transposed
// CHECK-SAME: (%[[A:.*]]: tensor<3x7x5xbf16>, %[[B:.*]]: tensor<3x6x7xbf16>, %[[C:.*]]: tensor<3x5x6xf32>)
// CHECK: %[[TA:.*]] = systile.pack %[[A]] transpose : tensor<3x7x5xbf16> -> !systile.tiled<3x5x7xbf16, #systile.geometry<2x4, mxu = 4>>
// CHECK: %[[TB:.*]] = systile.pack %[[B]] : tensor<3x6x7xbf16> -> !systile.tiled<3x6x7xbf16, #systile.geometry<2x4, mxu = 4>>
// CHECK: %[[TC:.*]] = systile.pack %[[C]]
// CHECK: systile.matmul %[[TA]], %[[TB]], %[[TC]] rhs_transposed : !systile.tiled<3x5x7xbf16, {{.*}}>, !systile.tiled<3x6x7xbf16, {{.*}}> -> !systile.tiled<3x5x6xf32
// BLOCKS-LABEL: func.func @batch_matmul_transposed
// BLOCKS-COUNT-4: systile.mxu_matmul {{.*}} rhs_transposed
func.func @batch_matmul_transposed(%a: tensor<3x7x5xbf16>, %b: tensor<3x6x7xbf16>, %c: tensor<3x5x6xf32>) -> tensor<3x5x6xf32> {
  %d = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%a, %b : tensor<3x7x5xbf16>, tensor<3x6x7xbf16>) outs(%c : tensor<3x5x6xf32>) -> tensor<3x5x6xf32>
  return %d : tensor<3x5x6xf32>
}

// -----

// jnp.einsum('bhqd,bhkd->bhqk', q, k) as torch-mlir-opt
// --stablehlo-legalize-to-linalg --canonicalize emits it: two batch
// dimensions, the rhs stored [b, h, k, d] (transposed).
#map = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3, d4)>
#map2 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @einsum_scores
// CHECK: %[[Q:.*]] = systile.pack %arg0 : tensor<2x3x5x8xf32> -> !systile.tiled<2x3x5x8xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: %[[K:.*]] = systile.pack %arg1 : tensor<2x3x7x8xf32> -> !systile.tiled<2x3x7x8xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: %[[Z:.*]] = systile.pack %{{.*}} : tensor<2x3x5x7xf32> -> !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: %[[S:.*]] = systile.matmul %[[Q]], %[[K]], %[[Z]] rhs_transposed : !systile.tiled<2x3x5x8xf32, {{.*}}>, !systile.tiled<2x3x7x8xf32, {{.*}}> -> !systile.tiled<2x3x5x7xf32
// CHECK: systile.unpack %[[S]] : !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<2x3x5x7xf32>
// CHECK-NOT: linalg.generic
func.func @einsum_scores(%arg0: tensor<2x3x5x8xf32>, %arg1: tensor<2x3x7x8xf32>) -> tensor<2x3x5x7xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<2x3x5x7xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x3x5x7xf32>) -> tensor<2x3x5x7xf32>
  %2 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<2x3x5x8xf32>, tensor<2x3x7x8xf32>) outs(%1 : tensor<2x3x5x7xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %3 = arith.mulf %in, %in_0 : f32
    %4 = arith.addf %out, %3 : f32
    linalg.yield %4 : f32
  } -> tensor<2x3x5x7xf32>
  return %2 : tensor<2x3x5x7xf32>
}

// -----

// jnp.einsum('bhqk,bhkd->bhqd', p, v): the rhs stored [b, h, k, d].
#map = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>
#map3 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4, d3)>
#map2 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @einsum_values
// CHECK: %[[V:.*]] = systile.pack %arg1 : tensor<2x3x7x8xf32> -> !systile.tiled<2x3x7x8xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: systile.matmul %{{.*}}, %[[V]], %{{.*}} : !systile.tiled<2x3x5x7xf32, {{.*}}>, !systile.tiled<2x3x7x8xf32, {{.*}}> -> !systile.tiled<2x3x5x8xf32
func.func @einsum_values(%arg0: tensor<2x3x5x7xf32>, %arg1: tensor<2x3x7x8xf32>) -> tensor<2x3x5x8xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<2x3x5x8xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x3x5x8xf32>) -> tensor<2x3x5x8xf32>
  %2 = linalg.generic {indexing_maps = [#map, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<2x3x5x7xf32>, tensor<2x3x7x8xf32>) outs(%1 : tensor<2x3x5x8xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %3 = arith.mulf %in, %in_0 : f32
    %4 = arith.addf %out, %3 : f32
    linalg.yield %4 : f32
  } -> tensor<2x3x5x8xf32>
  return %2 : tensor<2x3x5x8xf32>
}

// -----

// jnp.einsum('bmk,kn->bmn', x, w) (stablehlo.dot_general with no batching
// dimensions): one weight for every matrix, a rank-2 rhs.
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d3, d2)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @shared_weight
// CHECK: %[[X:.*]] = systile.pack %arg0 : tensor<4x5x8xf32> -> !systile.tiled<4x5x8xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: %[[W:.*]] = systile.pack %arg1 : tensor<8x6xf32> -> !systile.tiled<8x6xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: systile.matmul %[[X]], %[[W]], %{{.*}} : !systile.tiled<4x5x8xf32, {{.*}}>, !systile.tiled<8x6xf32, {{.*}}> -> !systile.tiled<4x5x6xf32
// BLOCKS-LABEL: func.func @shared_weight
// BLOCKS-COUNT-4: systile.mxu_matmul {{.*}} : !systile.tiled<4x5x8xf32, {{.*}}>, !systile.tiled<8x6xf32
func.func @shared_weight(%arg0: tensor<4x5x8xf32>, %arg1: tensor<8x6xf32>) -> tensor<4x5x6xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<4x5x6xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x5x6xf32>) -> tensor<4x5x6xf32>
  %2 = linalg.generic {indexing_maps = [#map4, #map5, #map6], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<4x5x8xf32>, tensor<8x6xf32>) outs(%1 : tensor<4x5x6xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %3 = arith.mulf %in, %in_0 : f32
    %4 = arith.addf %out, %3 : f32
    linalg.yield %4 : f32
  } -> tensor<4x5x6xf32>
  return %2 : tensor<4x5x6xf32>
}

// -----

// x W^T with an nn.Linear weight [n, k] shared by two batch dimensions
// (torch.matmul of a 4-D activation by a Linear weight).
// CHECK-LABEL: func.func @shared_weight_transposed
// CHECK: %[[W:.*]] = systile.pack %arg1 : tensor<6x8xi8> -> !systile.tiled<6x8xi8, #systile.geometry<2x4, mxu = 4>>
// CHECK: systile.matmul %{{.*}}, %[[W]], %{{.*}} rhs_transposed : !systile.tiled<2x3x5x8xi8, {{.*}}>, !systile.tiled<6x8xi8, {{.*}}> -> !systile.tiled<2x3x5x6xi32
func.func @shared_weight_transposed(%arg0: tensor<2x3x5x8xi8>, %arg1: tensor<6x8xi8>, %acc: tensor<2x3x5x6xi32>) -> tensor<2x3x5x6xi32> {
  %2 = linalg.generic {indexing_maps = [affine_map<(b, h, m, n, k) -> (b, h, m, k)>, affine_map<(b, h, m, n, k) -> (n, k)>, affine_map<(b, h, m, n, k) -> (b, h, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<2x3x5x8xi8>, tensor<6x8xi8>) outs(%acc : tensor<2x3x5x6xi32>) {
  ^bb0(%in: i8, %in_0: i8, %out: i32):
    %a = arith.extsi %in : i8 to i32
    %b = arith.extsi %in_0 : i8 to i32
    %3 = arith.muli %a, %b : i32
    %4 = arith.addi %out, %3 : i32
    linalg.yield %4 : i32
  } -> tensor<2x3x5x6xi32>
  return %2 : tensor<2x3x5x6xi32>
}

// -----

// Batch dimensions of 1 are reshaped away: [1, 3] is a batch of 3.
// CHECK-LABEL: func.func @unit_batch
// CHECK: %[[A:.*]] = tensor.collapse_shape %arg0 {{\[\[}}0, 1], [2], [3]] : tensor<1x3x5x7xf32> into tensor<3x5x7xf32>
// CHECK: systile.pack %[[A]] : tensor<3x5x7xf32> -> !systile.tiled<3x5x7xf32
// CHECK: %[[R:.*]] = systile.unpack %{{.*}} -> tensor<3x5x6xf32>
// CHECK: tensor.expand_shape %[[R]] {{\[\[}}0, 1], [2], [3]] output_shape [1, 3, 5, 6] : tensor<3x5x6xf32> into tensor<1x3x5x6xf32>
func.func @unit_batch(%a: tensor<1x3x5x7xf32>, %b: tensor<1x3x7x6xf32>, %c: tensor<1x3x5x6xf32>) -> tensor<1x3x5x6xf32> {
  %d = linalg.generic {indexing_maps = [affine_map<(b, h, m, n, k) -> (b, h, m, k)>, affine_map<(b, h, m, n, k) -> (b, h, k, n)>, affine_map<(b, h, m, n, k) -> (b, h, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%a, %b : tensor<1x3x5x7xf32>, tensor<1x3x7x6xf32>) outs(%c : tensor<1x3x5x6xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %z, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x3x5x6xf32>
  return %d : tensor<1x3x5x6xf32>
}

// -----

// The output stored [b, n, m]: computed as rhs^T x lhs^T per matrix, the
// former lhs [b, m, k] becoming a rhs read transposed.
// CHECK-LABEL: func.func @output_transposed
// CHECK-SAME: (%[[A:.*]]: tensor<3x5x7xf32>, %[[B:.*]]: tensor<3x7x6xf32>, %[[C:.*]]: tensor<3x6x5xf32>)
// CHECK: %[[TB:.*]] = systile.pack %[[B]] transpose : tensor<3x7x6xf32> -> !systile.tiled<3x6x7xf32
// CHECK: %[[TA:.*]] = systile.pack %[[A]] : tensor<3x5x7xf32> -> !systile.tiled<3x5x7xf32
// CHECK: systile.matmul %[[TB]], %[[TA]], %{{.*}} rhs_transposed : !systile.tiled<3x6x7xf32, {{.*}}>, !systile.tiled<3x5x7xf32, {{.*}}> -> !systile.tiled<3x6x5xf32
func.func @output_transposed(%a: tensor<3x5x7xf32>, %b: tensor<3x7x6xf32>, %c: tensor<3x6x5xf32>) -> tensor<3x6x5xf32> {
  %d = linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, n, m)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%a, %b : tensor<3x5x7xf32>, tensor<3x7x6xf32>) outs(%c : tensor<3x6x5xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %z, %p : f32
    linalg.yield %s : f32
  } -> tensor<3x6x5xf32>
  return %d : tensor<3x6x5xf32>
}

// -----

// batch_matvec: a batch of vectors, a unit column added.
// CHECK-LABEL: func.func @batch_matvec
// CHECK: tensor.expand_shape %arg1 {{\[\[}}0], [1, 2]] output_shape [3, 7, 1] : tensor<3x7xf32> into tensor<3x7x1xf32>
// CHECK: systile.matmul {{.*}} : !systile.tiled<3x5x7xf32, {{.*}}>, !systile.tiled<3x7x1xf32, {{.*}}> -> !systile.tiled<3x5x1xf32
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0], [1, 2]] : tensor<3x5x1xf32> into tensor<3x5xf32>
func.func @batch_matvec(%a: tensor<3x5x7xf32>, %v: tensor<3x7xf32>, %c: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %d = linalg.batch_matvec ins(%a, %v : tensor<3x5x7xf32>, tensor<3x7xf32>) outs(%c : tensor<3x5xf32>) -> tensor<3x5xf32>
  return %d : tensor<3x5xf32>
}

// -----

// Refused: a weight shared along one batch dimension but not the other.
func.func @partly_shared(%q: tensor<2x3x5x8xf32>, %w: tensor<3x8x6xf32>, %c: tensor<2x3x5x6xf32>) -> tensor<2x3x5x6xf32> {
  // expected-remark @below {{linalg.generic not lowered to systile: it has 1 batch dimension and 2 M dimensions: a weight shared by some of the batch dimensions only is not lowered (a rhs has all of them or none)}}
  %d = linalg.generic {indexing_maps = [affine_map<(b, h, m, n, k) -> (b, h, m, k)>, affine_map<(b, h, m, n, k) -> (h, k, n)>, affine_map<(b, h, m, n, k) -> (b, h, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%q, %w : tensor<2x3x5x8xf32>, tensor<3x8x6xf32>) outs(%c : tensor<2x3x5x6xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %z, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x3x5x6xf32>
  return %d : tensor<2x3x5x6xf32>
}

// -----

// Refused: the lhs stores its batch dimensions [h, b], the output [b, h].
func.func @batch_order(%q: tensor<3x2x5x8xf32>, %k: tensor<2x3x8x6xf32>, %c: tensor<2x3x5x6xf32>) -> tensor<2x3x5x6xf32> {
  // expected-remark @below {{linalg.generic not lowered to systile: the lhs stores the batch dimensions in another order than the output; every operand of systile.matmul stores them in one order}}
  %d = linalg.generic {indexing_maps = [affine_map<(b, h, m, n, k) -> (h, b, m, k)>, affine_map<(b, h, m, n, k) -> (b, h, k, n)>, affine_map<(b, h, m, n, k) -> (b, h, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%q, %k : tensor<3x2x5x8xf32>, tensor<2x3x8x6xf32>) outs(%c : tensor<2x3x5x6xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %z, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x3x5x6xf32>
  return %d : tensor<2x3x5x6xf32>
}

// -----

// Refused: the rhs stores its batch dimension between its matrix ones
// ([k, b, n], e.g. a permuted einsum operand).
func.func @batch_inside(%a: tensor<3x5x7xf32>, %b: tensor<7x3x6xf32>, %c: tensor<3x5x6xf32>) -> tensor<3x5x6xf32> {
  // expected-remark @below {{linalg.generic not lowered to systile: the rhs stores a batch dimension after a matrix dimension; the batch dimensions of systile.matmul lead}}
  %d = linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (k, b, n)>, affine_map<(b, m, n, k) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%a, %b : tensor<3x5x7xf32>, tensor<7x3x6xf32>) outs(%c : tensor<3x5x6xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %z, %p : f32
    linalg.yield %s : f32
  } -> tensor<3x5x6xf32>
  return %d : tensor<3x5x6xf32>
}

// -----

// Refused: an lhs shared by every matrix (the batch is an N dimension).
func.func @shared_lhs(%a: tensor<5x7xf32>, %b: tensor<3x7x6xf32>, %c: tensor<3x5x6xf32>) -> tensor<3x5x6xf32> {
  // expected-remark @below {{linalg.generic not lowered to systile: it has 2 N dimensions; one (or none, for a vector) is lowered: an N dimension the lhs lacks is not a batch of systile.matmul (only a rhs is shared)}}
  %d = linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (m, k)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%a, %b : tensor<5x7xf32>, tensor<3x7x6xf32>) outs(%c : tensor<3x5x6xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %z, %p : f32
    linalg.yield %s : f32
  } -> tensor<3x5x6xf32>
  return %d : tensor<3x5x6xf32>
}

// -----

// A linalg.transpose that moves the batch dimension (torch's
// x.transpose(0, 1) before a bmm) is not looked through: it stays, and the
// batched matmul packs its result, batch first.
// CHECK-LABEL: func.func @batch_moving_transpose
// CHECK: %[[T:.*]] = linalg.transpose ins(%arg0 : tensor<5x3x7xf32>) {{.*}} permutation = [1, 0, 2]
// CHECK: systile.pack %[[T]] : tensor<3x5x7xf32> -> !systile.tiled<3x5x7xf32
// CHECK: systile.matmul {{.*}} : !systile.tiled<3x5x7xf32, {{.*}}>, !systile.tiled<3x7x6xf32, {{.*}}> -> !systile.tiled<3x5x6xf32
func.func @batch_moving_transpose(%x: tensor<5x3x7xf32>, %b: tensor<3x7x6xf32>, %c: tensor<3x5x6xf32>) -> tensor<3x5x6xf32> {
  %e = tensor.empty() : tensor<3x5x7xf32>
  %t = linalg.transpose ins(%x : tensor<5x3x7xf32>) outs(%e : tensor<3x5x7xf32>) permutation = [1, 0, 2]
  %d = linalg.batch_matmul ins(%t, %b : tensor<3x5x7xf32>, tensor<3x7x6xf32>) outs(%c : tensor<3x5x6xf32>) -> tensor<3x5x6xf32>
  return %d : tensor<3x5x6xf32>
}
