// RUN: systile-opt %s --systile-propagate-layout -split-input-file | FileCheck %s

// Reshapes and transposes of unpacked values, in the forms torch-mlir
// (tensor.expand_shape with output_shape, linalg.transpose) and JAX
// (permutation linalg.generic) emit, become relayout ops; the unpack moves
// past them. Geometry (2, 4, 4) throughout.

#g = #systile.geometry<2x4, mxu = 4>

// Batch dimensions regrouped (multi-head attention's [B, H] <-> [B*H]).
// CHECK-LABEL: func.func @batch_regroup
// CHECK-SAME: (%[[X:.*]]: !systile.tiled<2x4x8x8xf32, #systile.geometry<2x4, mxu = 4>>, %[[Y:.*]]: !systile.tiled<8x8x8xf32, #systile.geometry<2x4, mxu = 4>>)
// CHECK-DAG: %[[C:.*]] = systile.reshape_batch %[[X]] : !systile.tiled<2x4x8x8xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<8x8x8xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK-DAG: %[[E:.*]] = systile.reshape_batch %[[Y]] : !systile.tiled<8x8x8xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<2x4x8x8xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK-DAG: %[[UC:.*]] = systile.unpack %[[C]]
// CHECK-DAG: %[[UE:.*]] = systile.unpack %[[E]]
// CHECK-NOT: tensor.collapse_shape
// CHECK-NOT: tensor.expand_shape
// CHECK: return %[[UC]], %[[UE]]
func.func @batch_regroup(%x: !systile.tiled<2x4x8x8xf32, #g>, %y: !systile.tiled<8x8x8xf32, #g>)
    -> (tensor<8x8x8xf32>, tensor<2x4x8x8xf32>) {
  %dx = systile.unpack %x : !systile.tiled<2x4x8x8xf32, #g> -> tensor<2x4x8x8xf32>
  %collapsed = tensor.collapse_shape %dx [[0, 1], [2], [3]] : tensor<2x4x8x8xf32> into tensor<8x8x8xf32>
  %dy = systile.unpack %y : !systile.tiled<8x8x8xf32, #g> -> tensor<8x8x8xf32>
  %expanded = tensor.expand_shape %dy [[0, 1], [2], [3]] output_shape [2, 4, 8, 8] : tensor<8x8x8xf32> into tensor<2x4x8x8xf32>
  return %collapsed, %expanded : tensor<8x8x8xf32>, tensor<2x4x8x8xf32>
}

// -----

#g = #systile.geometry<2x4, mxu = 4>

// The batch into the rows and back ([B, S, D] <-> [B*S, D] around a
// linear layer), with a leading batch dimension kept.
// CHECK-LABEL: func.func @rows
// CHECK: %[[M:.*]] = systile.merge_rows %{{.*}} : !systile.tiled<2x8x32xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<16x32xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: %[[S:.*]] = systile.split_rows %{{.*}} : !systile.tiled<16x64xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<2x8x64xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: %[[M4:.*]] = systile.merge_rows %{{.*}} : !systile.tiled<2x3x4x5xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<2x12x5xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK-NOT: tensor.collapse_shape
// CHECK-NOT: tensor.expand_shape
func.func @rows(%x: !systile.tiled<2x8x32xf32, #g>, %y: !systile.tiled<16x64xf32, #g>,
                %z: !systile.tiled<2x3x4x5xf32, #g>)
    -> (tensor<16x32xf32>, tensor<2x8x64xf32>, tensor<2x12x5xf32>) {
  %dx = systile.unpack %x : !systile.tiled<2x8x32xf32, #g> -> tensor<2x8x32xf32>
  %collapsed = tensor.collapse_shape %dx [[0, 1], [2]] : tensor<2x8x32xf32> into tensor<16x32xf32>
  %dy = systile.unpack %y : !systile.tiled<16x64xf32, #g> -> tensor<16x64xf32>
  %expanded = tensor.expand_shape %dy [[0, 1], [2]] output_shape [2, 8, 64] : tensor<16x64xf32> into tensor<2x8x64xf32>
  %dz = systile.unpack %z : !systile.tiled<2x3x4x5xf32, #g> -> tensor<2x3x4x5xf32>
  %collapsed_0 = tensor.collapse_shape %dz [[0], [1, 2], [3]] : tensor<2x3x4x5xf32> into tensor<2x12x5xf32>
  return %collapsed, %expanded, %collapsed_0 : tensor<16x32xf32>, tensor<2x8x64xf32>, tensor<2x12x5xf32>
}

// -----

#g = #systile.geometry<2x4, mxu = 4>

// Heads split out of the columns: torch-mlir's [S, H*D] -> [S, H, D] ->
// [H, S, D] (no batch) and [B, S, H*D] -> [B, S, H, D] -> [B, H, S, D].
// CHECK-LABEL: func.func @split_heads
// CHECK: systile.split_heads %{{.*}} : !systile.tiled<8x64xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<8x8x8xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: systile.split_heads %{{.*}} : !systile.tiled<2x8x32xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<2x4x8x8xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK-NOT: linalg.transpose
func.func @split_heads(%x: !systile.tiled<8x64xf32, #g>, %y: !systile.tiled<2x8x32xf32, #g>)
    -> (tensor<8x8x8xf32>, tensor<2x4x8x8xf32>) {
  %dx = systile.unpack %x : !systile.tiled<8x64xf32, #g> -> tensor<8x64xf32>
  %expanded = tensor.expand_shape %dx [[0], [1, 2]] output_shape [8, 8, 8] : tensor<8x64xf32> into tensor<8x8x8xf32>
  %0 = tensor.empty() : tensor<8x8x8xf32>
  %transposed = linalg.transpose ins(%expanded : tensor<8x8x8xf32>) outs(%0 : tensor<8x8x8xf32>) permutation = [1, 0, 2]
  %dy = systile.unpack %y : !systile.tiled<2x8x32xf32, #g> -> tensor<2x8x32xf32>
  %expanded_0 = tensor.expand_shape %dy [[0], [1], [2, 3]] output_shape [2, 8, 4, 8] : tensor<2x8x32xf32> into tensor<2x8x4x8xf32>
  %1 = tensor.empty() : tensor<2x4x8x8xf32>
  %transposed_1 = linalg.transpose ins(%expanded_0 : tensor<2x8x4x8xf32>) outs(%1 : tensor<2x4x8x8xf32>) permutation = [0, 2, 1, 3]
  return %transposed, %transposed_1 : tensor<8x8x8xf32>, tensor<2x4x8x8xf32>
}

// -----

#g = #systile.geometry<2x4, mxu = 4>
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#swap12 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>

// The same split as JAX emits it: a generic whose only job is the
// permutation (the output indexed by the permuted loops).
// CHECK-LABEL: func.func @split_heads_generic
// CHECK: systile.split_heads %{{.*}} : !systile.tiled<2x8x32xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<2x4x8x8xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK-NOT: linalg.generic
func.func @split_heads_generic(%y: !systile.tiled<2x8x32xf32, #g>) -> tensor<2x4x8x8xf32> {
  %dy = systile.unpack %y : !systile.tiled<2x8x32xf32, #g> -> tensor<2x8x32xf32>
  %expanded = tensor.expand_shape %dy [[0], [1], [2, 3]] output_shape [2, 8, 4, 8] : tensor<2x8x32xf32> into tensor<2x8x4x8xf32>
  %0 = tensor.empty() : tensor<2x4x8x8xf32>
  %1 = linalg.generic {indexing_maps = [#id, #swap12], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%expanded : tensor<2x8x4x8xf32>) outs(%0 : tensor<2x4x8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x4x8x8xf32>
  return %1 : tensor<2x4x8x8xf32>
}

// -----

#g = #systile.geometry<2x4, mxu = 4>

// Heads merged back: [B, H, S, D] -> [B, S, H, D] -> [B, S, H*D].
// CHECK-LABEL: func.func @merge_heads
// CHECK-SAME: (%[[X:.*]]: !systile.tiled<2x4x8x8xf32, #systile.geometry<2x4, mxu = 4>>)
// CHECK: %[[M:.*]] = systile.merge_heads %[[X]] : !systile.tiled<2x4x8x8xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<2x8x32xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: %[[U:.*]] = systile.unpack %[[M]]
// CHECK-NOT: tensor.collapse_shape
// CHECK: return %[[U]]
func.func @merge_heads(%x: !systile.tiled<2x4x8x8xf32, #g>) -> tensor<2x8x32xf32> {
  %dx = systile.unpack %x : !systile.tiled<2x4x8x8xf32, #g> -> tensor<2x4x8x8xf32>
  %0 = tensor.empty() : tensor<2x8x4x8xf32>
  %transposed = linalg.transpose ins(%dx : tensor<2x4x8x8xf32>) outs(%0 : tensor<2x8x4x8xf32>) permutation = [0, 2, 1, 3]
  %collapsed = tensor.collapse_shape %transposed [[0], [1], [2, 3]] : tensor<2x8x4x8xf32> into tensor<2x8x32xf32>
  return %collapsed : tensor<2x8x32xf32>
}

// -----

#g = #systile.geometry<2x4, mxu = 4>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#minor = affine_map<(d0, d1, d2) -> (d0, d2, d1)>

// k^T of attention scores: torch-mlir's linalg.transpose [0, 1, 3, 2], and
// a permutation generic reading its input transposed.
// CHECK-LABEL: func.func @minor_transpose
// CHECK: systile.transpose %{{.*}} : !systile.tiled<2x4x8x6xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<2x4x6x8xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: systile.transpose %{{.*}} : !systile.tiled<3x5x7xi8, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<3x7x5xi8, #systile.geometry<2x4, mxu = 4>>
// CHECK-NOT: linalg.transpose
// CHECK-NOT: linalg.generic
func.func @minor_transpose(%k: !systile.tiled<2x4x8x6xf32, #g>, %q: !systile.tiled<3x5x7xi8, #g>)
    -> (tensor<2x4x6x8xf32>, tensor<3x7x5xi8>) {
  %dk = systile.unpack %k : !systile.tiled<2x4x8x6xf32, #g> -> tensor<2x4x8x6xf32>
  %0 = tensor.empty() : tensor<2x4x6x8xf32>
  %transposed = linalg.transpose ins(%dk : tensor<2x4x8x6xf32>) outs(%0 : tensor<2x4x6x8xf32>) permutation = [0, 1, 3, 2]
  %dq = systile.unpack %q : !systile.tiled<3x5x7xi8, #g> -> tensor<3x5x7xi8>
  %1 = tensor.empty() : tensor<3x7x5xi8>
  %2 = linalg.generic {indexing_maps = [#minor, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%dq : tensor<3x5x7xi8>) outs(%1 : tensor<3x7x5xi8>) {
  ^bb0(%in: i8, %out: i8):
    linalg.yield %in : i8
  } -> tensor<3x7x5xi8>
  return %transposed, %2 : tensor<2x4x6x8xf32>, tensor<3x7x5xi8>
}

// -----

#g = #systile.geometry<2x4, mxu = 4>

// A matrix (no batch dimension) transposed.
// CHECK-LABEL: func.func @matrix_transpose
// CHECK-SAME: (%[[X:.*]]: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>)
// CHECK-NEXT: %[[T:.*]] = systile.transpose %[[X]] : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<5x3xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK-NEXT: %[[U:.*]] = systile.unpack %[[T]]
// CHECK-NEXT: return %[[U]]
func.func @matrix_transpose(%x: !systile.tiled<3x5xf32, #g>) -> tensor<5x3xf32> {
  %d = systile.unpack %x : !systile.tiled<3x5xf32, #g> -> tensor<3x5xf32>
  %0 = tensor.empty() : tensor<5x3xf32>
  %transposed = linalg.transpose ins(%d : tensor<3x5xf32>) outs(%0 : tensor<5x3xf32>) permutation = [1, 0]
  return %transposed : tensor<5x3xf32>
}

// -----

#g = #systile.geometry<2x4, mxu = 4>

// Left dense: an operand that is not an unpack, a collapse of batch
// dimensions with the rows ([B, H, S, D] -> [B*H*S, D] is not one op), a
// transpose of a batch and the rows, and a generic that computes.
// CHECK-LABEL: func.func @left_dense
// CHECK-NOT: systile.reshape_batch
// CHECK-NOT: systile.merge_rows
// CHECK-NOT: systile.transpose
// CHECK-NOT: systile.split_heads
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : tensor<2x8x32xf32> into tensor<16x32xf32>
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1, 2], [3]]
// CHECK: linalg.transpose
// CHECK: linalg.generic
func.func @left_dense(%d: tensor<2x8x32xf32>, %x: !systile.tiled<2x3x4x5xf32, #g>)
    -> (tensor<16x32xf32>, tensor<24x5xf32>, tensor<2x4x3x5xf32>, tensor<2x3x5x4xf32>) {
  %c = tensor.collapse_shape %d [[0, 1], [2]] : tensor<2x8x32xf32> into tensor<16x32xf32>
  %dx = systile.unpack %x : !systile.tiled<2x3x4x5xf32, #g> -> tensor<2x3x4x5xf32>
  %c2 = tensor.collapse_shape %dx [[0, 1, 2], [3]] : tensor<2x3x4x5xf32> into tensor<24x5xf32>
  %0 = tensor.empty() : tensor<2x4x3x5xf32>
  %t = linalg.transpose ins(%dx : tensor<2x3x4x5xf32>) outs(%0 : tensor<2x4x3x5xf32>) permutation = [0, 2, 1, 3]
  %1 = tensor.empty() : tensor<2x3x5x4xf32>
  %g2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%dx : tensor<2x3x4x5xf32>) outs(%1 : tensor<2x3x5x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<2x3x5x4xf32>
  return %c, %c2, %t, %g2 : tensor<16x32xf32>, tensor<24x5xf32>, tensor<2x4x3x5xf32>, tensor<2x3x5x4xf32>
}

// -----

// A transpose before an element-wise op moves to its result, where it
// cancels against the next transpose: the per-channel column becomes a row
// (its constant transpose folds after canonicalization), the plain pack of
// the other full operand a transposing one; a reduction of the transposed
// value reduces the untransposed one along the other dimension.
!ct = !systile.tiled<2x4x6xf32>
!tt = !systile.tiled<2x6x4xf32>
// CHECK-LABEL: func.func @sink_transposes
// CHECK-SAME: (%[[X:.*]]: !systile.tiled<2x6x4xf32>, %[[D:.*]]: tensor<2x4x6xf32>, %[[C:.*]]: !systile.tiled<4x1xf32>)
// CHECK-DAG: %[[P:.*]] = systile.pack %[[D]] transpose : tensor<2x4x6xf32> -> !systile.tiled<2x6x4xf32>
// CHECK-DAG: %[[R:.*]] = systile.transpose %[[C]] : !systile.tiled<4x1xf32> -> !systile.tiled<1x4xf32>
// CHECK: %[[E:.*]] = systile.elementwise ins(%[[X]], %[[R]], %[[P]] : !systile.tiled<2x6x4xf32>, !systile.tiled<1x4xf32>, !systile.tiled<2x6x4xf32>) -> !systile.tiled<2x6x4xf32>
// CHECK: %[[S:.*]] = systile.reduce <sum> %[[E]] dim = 1 : !systile.tiled<2x6x4xf32> -> !systile.tiled<2x1x4xf32>
// CHECK: %[[T:.*]] = systile.transpose %[[S]] : !systile.tiled<2x1x4xf32> -> !systile.tiled<2x4x1xf32>
// CHECK: return %[[E]], %[[T]]
func.func @sink_transposes(%x: !tt, %d: tensor<2x4x6xf32>, %c: !systile.tiled<4x1xf32>)
    -> (!tt, !systile.tiled<2x4x1xf32>) {
  %t = systile.transpose %x : !tt -> !ct
  %p = systile.pack %d : tensor<2x4x6xf32> -> !ct
  %e = systile.elementwise ins(%t, %c, %p : !ct, !systile.tiled<4x1xf32>, !ct) -> !ct {
  ^bb0(%a: f32, %b: f32, %q: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.addf %0, %q : f32
    systile.yield %1 : f32
  }
  %back = systile.transpose %e : !ct -> !tt
  %s = systile.reduce <sum> %e dim = 2 : !ct -> !systile.tiled<2x4x1xf32>
  return %back, %s : !tt, !systile.tiled<2x4x1xf32>
}

// -----

// Without a transposed operand nothing moves.
// CHECK-LABEL: func.func @no_transpose_no_sinking
// CHECK-NOT: systile.transpose
func.func @no_transpose_no_sinking(%x: !systile.tiled<2x4x6xf32>, %c: !systile.tiled<4x1xf32>) -> !systile.tiled<2x4x6xf32> {
  %e = systile.elementwise ins(%x, %c : !systile.tiled<2x4x6xf32>, !systile.tiled<4x1xf32>) -> !systile.tiled<2x4x6xf32> {
  ^bb0(%a: f32, %b: f32):
    %0 = arith.mulf %a, %b : f32
    systile.yield %0 : f32
  }
  return %e : !systile.tiled<2x4x6xf32>
}

// -----

// A fused qkv projection's columns cut into three (unit strides, static
// offsets): systile.slice; a strided slice stays dense.
// CHECK-LABEL: func.func @qkv_columns
// CHECK-SAME: (%[[X:.*]]: !systile.tiled<2x5x12xf32, #systile.geometry<2x4, mxu = 4>>)
// CHECK-DAG: systile.slice %[[X]] offsets [0, 0, 0] : !systile.tiled<2x5x12xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<2x5x4xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK-DAG: systile.slice %[[X]] offsets [0, 0, 4]
// CHECK-DAG: systile.slice %[[X]] offsets [0, 0, 8]
// CHECK: tensor.extract_slice %{{.*}}[0, 0, 0] [2, 4, 4] [1, 1, 3]
// CHECK-NOT: tensor.extract_slice
#g = #systile.geometry<2x4, mxu = 4>

func.func @qkv_columns(%x: !systile.tiled<2x5x12xf32, #g>) -> (tensor<2x5x4xf32>, tensor<2x5x4xf32>, tensor<2x5x4xf32>, tensor<2x4x4xf32>) {
  %d = systile.unpack %x : !systile.tiled<2x5x12xf32, #g> -> tensor<2x5x12xf32>
  %q = tensor.extract_slice %d[0, 0, 0] [2, 5, 4] [1, 1, 1] : tensor<2x5x12xf32> to tensor<2x5x4xf32>
  %k = tensor.extract_slice %d[0, 0, 4] [2, 5, 4] [1, 1, 1] : tensor<2x5x12xf32> to tensor<2x5x4xf32>
  %v = tensor.extract_slice %d[0, 0, 8] [2, 5, 4] [1, 1, 1] : tensor<2x5x12xf32> to tensor<2x5x4xf32>
  %strided = tensor.extract_slice %d[0, 0, 0] [2, 4, 4] [1, 1, 3] : tensor<2x5x12xf32> to tensor<2x4x4xf32>
  return %q, %k, %v, %strided : tensor<2x5x4xf32>, tensor<2x5x4xf32>, tensor<2x5x4xf32>, tensor<2x4x4xf32>
}

// -----

// The key's heads split and transposed at once (`k.view(B, S, H, D)
// .permute(0, 2, 3, 1)`): split_heads then the minor transpose, which a
// matmul then reads in place (rhs_transposed).
// CHECK-LABEL: func.func @key_heads_transposed
// CHECK-SAME: (%[[K:.*]]: !systile.tiled<2x5x12xf32, #systile.geometry<2x4, mxu = 4>>)
// CHECK: %[[H:.*]] = systile.split_heads %[[K]] : !systile.tiled<2x5x12xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<2x3x5x4xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: %[[T:.*]] = systile.transpose %[[H]] : !systile.tiled<2x3x5x4xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<2x3x4x5xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: %[[U:.*]] = systile.unpack %[[T]]
// CHECK-NOT: linalg.transpose
// CHECK: return %[[U]]
#g = #systile.geometry<2x4, mxu = 4>

func.func @key_heads_transposed(%k: !systile.tiled<2x5x12xf32, #g>) -> tensor<2x3x4x5xf32> {
  %d = systile.unpack %k : !systile.tiled<2x5x12xf32, #g> -> tensor<2x5x12xf32>
  %e = tensor.expand_shape %d [[0], [1], [2, 3]] output_shape [2, 5, 3, 4] : tensor<2x5x12xf32> into tensor<2x5x3x4xf32>
  %init = tensor.empty() : tensor<2x3x4x5xf32>
  %t = linalg.transpose ins(%e : tensor<2x5x3x4xf32>) outs(%init : tensor<2x3x4x5xf32>) permutation = [0, 2, 3, 1]
  return %t : tensor<2x3x4x5xf32>
}

// -----

// The heads merged and the batch folded into the rows by one collapse
// (`y.transpose(1, 2).reshape(B*S, H*D)`): merge_heads, then merge_rows.
// CHECK-LABEL: func.func @merge_heads_and_rows
// CHECK-SAME: (%[[H:.*]]: !systile.tiled<2x3x5x4xf32, #systile.geometry<2x4, mxu = 4>>)
// CHECK: %[[M:.*]] = systile.merge_heads %[[H]] : !systile.tiled<2x3x5x4xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<2x5x12xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: %[[R:.*]] = systile.merge_rows %[[M]] : !systile.tiled<2x5x12xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<10x12xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: %[[U:.*]] = systile.unpack %[[R]]
// CHECK-NOT: linalg.transpose
// CHECK-NOT: tensor.collapse_shape
// CHECK: return %[[U]]
#g = #systile.geometry<2x4, mxu = 4>

func.func @merge_heads_and_rows(%h: !systile.tiled<2x3x5x4xf32, #g>) -> tensor<10x12xf32> {
  %d = systile.unpack %h : !systile.tiled<2x3x5x4xf32, #g> -> tensor<2x3x5x4xf32>
  %init = tensor.empty() : tensor<2x5x3x4xf32>
  %t = linalg.transpose ins(%d : tensor<2x3x5x4xf32>) outs(%init : tensor<2x5x3x4xf32>) permutation = [0, 2, 1, 3]
  %c = tensor.collapse_shape %t [[0, 1], [2, 3]] : tensor<2x5x3x4xf32> into tensor<10x12xf32>
  return %c : tensor<10x12xf32>
}
