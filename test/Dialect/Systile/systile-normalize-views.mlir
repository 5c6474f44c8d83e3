// RUN: systile-opt %s --pass-pipeline='builtin.module(func.func(systile-normalize-views),canonicalize)' | FileCheck %s
//
// No bit changes: each function run before and after the pass on random
// inputs (the softmax's with rows that are all -inf, rows with a NaN and
// rows with one finite element among -inf).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/normalize_views_inputs.py %t
// RUN: systile-run %s --entry qkv_split --input %t/y.npy --quiet --max-ulp=0 --compare-after='func.func(systile-normalize-views)' | FileCheck %s --check-prefix=SAME
// RUN: systile-run %s --entry merge_heads_rows --input %t/a.npy --quiet --max-ulp=0 --compare-after='func.func(systile-normalize-views)' | FileCheck %s --check-prefix=SAME
// RUN: systile-run %s --entry sink_generic --input %t/x.npy --input %t/b.npy --quiet --max-ulp=0 --compare-after='func.func(systile-normalize-views)' | FileCheck %s --check-prefix=SAME
// RUN: systile-run %s --entry shared_weight_bmm --input %t/x.npy --input %t/w.npy --quiet --max-ulp=0 --compare-after='func.func(systile-normalize-views)' | FileCheck %s --check-prefix=SAME
// RUN: systile-run %s --entry matmul_rows --input %t/x.npy --input %t/w8.npy --input %t/b.npy --quiet --max-ulp=0 --compare-after='func.func(systile-normalize-views)' | FileCheck %s --check-prefix=SAME
// RUN: systile-run %s --entry safe_softmax --input %t/s.npy --input %t/p.npy --expect %t/safe.npy --quiet --max-ulp=0 --compare-after='func.func(systile-normalize-views)' | FileCheck %s --check-prefix=SAME
// SAME: compare: result #0: 0 of {{[0-9]+}} elements differ, max ulp 0

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row3 = affine_map<(d0, d1, d2) -> (d2)>
#w3 = affine_map<(d0, d1, d2) -> (d1, d2)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row2 = affine_map<(d0, d1) -> (d1)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#red4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>

// The query of a sequence-first fused qkv projection [S, B, 3E] (S 5,
// B 2, E 8 in 2 heads of 4): nine view ops, one slice of the lanes.
// CHECK-LABEL: func.func @qkv_split
// CHECK:      %[[S:.*]] = tensor.extract_slice %arg0[0, 0, 8] [5, 2, 8] [1, 1, 1]
// CHECK-NEXT: %[[E:.*]] = tensor.expand_shape %[[S]] {{\[}}[0], [1], [2, 3]] output_shape [5, 2, 2, 4]
// CHECK:      %[[T:.*]] = linalg.transpose ins(%[[E]] {{.*}} permutation = [1, 2, 0, 3]
// CHECK-NEXT: return %[[T]]
func.func @qkv_split(%y: tensor<5x2x24xf32>) -> tensor<2x2x5x4xf32> {
  %e = tensor.expand_shape %y [[0, 1], [2], [3, 4]] output_shape [1, 5, 2, 3, 8] : tensor<5x2x24xf32> into tensor<1x5x2x3x8xf32>
  %0 = tensor.empty() : tensor<3x5x2x1x8xf32>
  %t = linalg.transpose ins(%e : tensor<1x5x2x3x8xf32>) outs(%0 : tensor<3x5x2x1x8xf32>) permutation = [3, 1, 2, 0, 4]
  %c = tensor.collapse_shape %t [[0], [1], [2, 3], [4]] : tensor<3x5x2x1x8xf32> into tensor<3x5x2x8xf32>
  %s = tensor.extract_slice %c[1, 0, 0, 0] [1, 5, 2, 8] [1, 1, 1, 1] : tensor<3x5x2x8xf32> to tensor<1x5x2x8xf32>
  %c2 = tensor.collapse_shape %s [[0, 1], [2, 3]] : tensor<1x5x2x8xf32> into tensor<5x16xf32>
  %e2 = tensor.expand_shape %c2 [[0], [1, 2]] output_shape [5, 4, 4] : tensor<5x16xf32> into tensor<5x4x4xf32>
  %1 = tensor.empty() : tensor<4x5x4xf32>
  %t2 = linalg.transpose ins(%e2 : tensor<5x4x4xf32>) outs(%1 : tensor<4x5x4xf32>) permutation = [1, 0, 2]
  %e3 = tensor.expand_shape %t2 [[0, 1], [2], [3]] output_shape [2, 2, 5, 4] : tensor<4x5x4xf32> into tensor<2x2x5x4xf32>
  return %e3 : tensor<2x2x5x4xf32>
}

// Heads merged back and rows made sequence-first for the output
// projection: the head merge, then a transpose of leading dimensions.
// CHECK-LABEL: func.func @merge_heads_rows
// CHECK:      %[[E:.*]] = tensor.expand_shape %arg0 {{\[}}[0, 1], [2], [3]] output_shape [2, 2, 5, 4]
// CHECK:      %[[H:.*]] = linalg.transpose ins(%[[E]] {{.*}} permutation = [0, 2, 1, 3]
// CHECK-NEXT: %[[M:.*]] = tensor.collapse_shape %[[H]] {{\[}}[0], [1], [2, 3]] : tensor<2x5x2x4xf32> into tensor<2x5x8xf32>
// CHECK:      %[[R:.*]] = linalg.transpose ins(%[[M]] {{.*}} permutation = [1, 0, 2]
// CHECK-NEXT: %[[C:.*]] = tensor.collapse_shape %[[R]] {{\[}}[0, 1], [2]] : tensor<5x2x8xf32> into tensor<10x8xf32>
// CHECK-NEXT: return %[[C]]
func.func @merge_heads_rows(%a: tensor<4x5x4xf32>) -> tensor<10x8xf32> {
  %e = tensor.expand_shape %a [[0, 1], [2], [3]] output_shape [2, 2, 5, 4] : tensor<4x5x4xf32> into tensor<2x2x5x4xf32>
  %0 = tensor.empty() : tensor<5x2x2x4xf32>
  %t = linalg.transpose ins(%e : tensor<2x2x5x4xf32>) outs(%0 : tensor<5x2x2x4xf32>) permutation = [2, 0, 1, 3]
  %c = tensor.collapse_shape %t [[0, 1], [2, 3]] : tensor<5x2x2x4xf32> into tensor<10x8xf32>
  return %c : tensor<10x8xf32>
}

// NCHW to NHWC rows: the row dimension's run spans two source dimensions
// (H and W), not a split of one: left as it is.
// CHECK-LABEL: func.func @straddle
// CHECK:      linalg.transpose {{.*}} permutation = [0, 2, 3, 1]
// CHECK-NEXT: tensor.collapse_shape %{{.*}} {{\[}}[0, 1, 2], [3]]
func.func @straddle(%x: tensor<2x3x4x5xf32>) -> tensor<40x3xf32> {
  %0 = tensor.empty() : tensor<2x4x5x3xf32>
  %t = linalg.transpose ins(%x : tensor<2x3x4x5xf32>) outs(%0 : tensor<2x4x5x3xf32>) permutation = [0, 2, 3, 1]
  %c = tensor.collapse_shape %t [[0, 1, 2], [3]] : tensor<2x4x5x3xf32> into tensor<40x3xf32>
  return %c : tensor<40x3xf32>
}

// A bias add on sequence-first rows runs on the batch-first value; the two
// transposes then meet and fold.
// CHECK-LABEL: func.func @sink_generic
// CHECK-NOT:  linalg.transpose
// CHECK:      %[[G:.*]] = linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<2x5x8xf32>, tensor<8xf32>)
// CHECK-NOT:  linalg.transpose
// CHECK:      return %[[G]]
func.func @sink_generic(%x: tensor<2x5x8xf32>, %b: tensor<8xf32>) -> tensor<2x5x8xf32> {
  %0 = tensor.empty() : tensor<5x2x8xf32>
  %t = linalg.transpose ins(%x : tensor<2x5x8xf32>) outs(%0 : tensor<5x2x8xf32>) permutation = [1, 0, 2]
  %g = linalg.generic {indexing_maps = [#id3, #row3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%t, %b : tensor<5x2x8xf32>, tensor<8xf32>) outs(%0 : tensor<5x2x8xf32>) {
  ^bb0(%in: f32, %c: f32, %out: f32):
    %s = arith.addf %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<5x2x8xf32>
  %1 = tensor.empty() : tensor<2x5x8xf32>
  %back = linalg.transpose ins(%g : tensor<5x2x8xf32>) outs(%1 : tensor<2x5x8xf32>) permutation = [1, 0, 2]
  return %back : tensor<2x5x8xf32>
}

// torch's sequence-first projection: batch_matmul against the weight
// broadcast to every position.
// CHECK-LABEL: func.func @shared_weight_bmm
// CHECK-NOT:  linalg.batch_matmul
// CHECK:      %[[G:.*]] = linalg.generic {indexing_maps = [#[[LHS:.*]], #[[RHS:.*]], #[[OUT:.*]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<2x5x8xf32>, tensor<8x24xf32>)
// CHECK:      arith.mulf
// CHECK:      arith.addf
// CHECK:      %[[T:.*]] = linalg.transpose ins(%[[G]] {{.*}} permutation = [1, 0, 2]
// CHECK-NEXT: return %[[T]]
func.func @shared_weight_bmm(%x: tensor<2x5x8xf32>, %w: tensor<8x24xf32>) -> tensor<5x2x24xf32> {
  %0 = tensor.empty() : tensor<5x2x8xf32>
  %t = linalg.transpose ins(%x : tensor<2x5x8xf32>) outs(%0 : tensor<5x2x8xf32>) permutation = [1, 0, 2]
  %1 = tensor.empty() : tensor<5x8x24xf32>
  %wb = linalg.generic {indexing_maps = [#w3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%w : tensor<8x24xf32>) outs(%1 : tensor<5x8x24xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<5x8x24xf32>
  %z = arith.constant 0.0 : f32
  %2 = tensor.empty() : tensor<5x2x24xf32>
  %acc = linalg.fill ins(%z : f32) outs(%2 : tensor<5x2x24xf32>) -> tensor<5x2x24xf32>
  %r = linalg.batch_matmul ins(%t, %wb : tensor<5x2x8xf32>, tensor<5x8x24xf32>) outs(%acc : tensor<5x2x24xf32>) -> tensor<5x2x24xf32>
  return %r : tensor<5x2x24xf32>
}

// The output projection on sequence-first rows collapsed to [S*B, E], its
// bias broadcast to every row, and the rows made batch-first again: the
// whole detour folds away.
// CHECK-LABEL: func.func @matmul_rows
// CHECK-NOT:  linalg.transpose
// CHECK:      %[[M:.*]] = linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<2x5x8xf32>, tensor<8x8xf32>)
// CHECK:      %[[B:.*]] = linalg.generic {{.*}} ins(%[[M]], %arg2 : tensor<2x5x8xf32>, tensor<8xf32>)
// CHECK-NOT:  linalg.transpose
// CHECK-NOT:  tensor.collapse_shape
// CHECK:      return %[[B]]
func.func @matmul_rows(%y: tensor<2x5x8xf32>, %w: tensor<8x8xf32>, %b: tensor<8xf32>) -> tensor<2x5x8xf32> {
  %0 = tensor.empty() : tensor<5x2x8xf32>
  %t = linalg.transpose ins(%y : tensor<2x5x8xf32>) outs(%0 : tensor<5x2x8xf32>) permutation = [1, 0, 2]
  %c = tensor.collapse_shape %t [[0, 1], [2]] : tensor<5x2x8xf32> into tensor<10x8xf32>
  %z = arith.constant 0.0 : f32
  %1 = tensor.empty() : tensor<10x8xf32>
  %acc = linalg.fill ins(%z : f32) outs(%1 : tensor<10x8xf32>) -> tensor<10x8xf32>
  %m = linalg.matmul ins(%c, %w : tensor<10x8xf32>, tensor<8x8xf32>) outs(%acc : tensor<10x8xf32>) -> tensor<10x8xf32>
  %bb = linalg.generic {indexing_maps = [#row2, #id2], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<8xf32>) outs(%1 : tensor<10x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<10x8xf32>
  %s = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%m, %bb : tensor<10x8xf32>, tensor<10x8xf32>) outs(%1 : tensor<10x8xf32>) {
  ^bb0(%p: f32, %q: f32, %out: f32):
    %a = arith.addf %p, %q : f32
    linalg.yield %a : f32
  } -> tensor<10x8xf32>
  %e = tensor.expand_shape %s [[0, 1], [2]] output_shape [5, 2, 8] : tensor<10x8xf32> into tensor<5x2x8xf32>
  %2 = tensor.empty() : tensor<2x5x8xf32>
  %back = linalg.transpose ins(%e : tensor<5x2x8xf32>) outs(%2 : tensor<2x5x8xf32>) permutation = [1, 0, 2]
  return %back : tensor<2x5x8xf32>
}

// torch's _safe_softmax tail: rows that are all -inf give zeros.
// CHECK-LABEL: func.func @safe_softmax
// CHECK-DAG:  %[[ZEROS:.*]] = arith.constant dense<0.000000e+00> : tensor<2x2x5x5xf32>
// CHECK-DAG:  %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK:      %[[INIT:.*]] = linalg.fill ins(%[[NINF]] : f32)
// CHECK:      %[[MAX:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%arg0 : tensor<2x2x5x5xf32>) outs(%[[INIT]] : tensor<2x2x5x1xf32>)
// CHECK:        arith.maximumf
// CHECK:      %[[R:.*]] = linalg.generic {{.*}} ins(%[[MAX]], %[[ZEROS]], %arg1 : tensor<2x2x5x1xf32>, tensor<2x2x5x5xf32>, tensor<2x2x5x5xf32>)
// CHECK:        %[[C:.*]] = arith.cmpf oeq, %{{.*}}, %[[NINF]] : f32
// CHECK:        arith.select %[[C]], %{{.*}}, %{{.*}} : f32
// CHECK-NOT:  i1>
// CHECK:      return %[[R]]
func.func @safe_softmax(%x: tensor<2x2x5x5xf32>, %p: tensor<2x2x5x5xf32>) -> tensor<2x2x5x5xf32> {
  %ninf = arith.constant 0xFFF0000000000000 : f64
  %true = arith.constant true
  %zeros = arith.constant dense<0.0> : tensor<2x2x5x5xf32>
  %0 = tensor.empty() : tensor<2x2x5x5xi1>
  %isinf = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<2x2x5x5xf32>) outs(%0 : tensor<2x2x5x5xi1>) {
  ^bb0(%in: f32, %out: i1):
    %e = arith.extf %in : f32 to f64
    %c = arith.cmpf oeq, %e, %ninf : f64
    linalg.yield %c : i1
  } -> tensor<2x2x5x5xi1>
  %1 = tensor.empty() : tensor<2x2x5x1xi1>
  %init = linalg.fill ins(%true : i1) outs(%1 : tensor<2x2x5x1xi1>) -> tensor<2x2x5x1xi1>
  %all = linalg.generic {indexing_maps = [#id4, #red4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%isinf : tensor<2x2x5x5xi1>) outs(%init : tensor<2x2x5x1xi1>) {
  ^bb0(%in: i1, %out: i1):
    %a = arith.andi %in, %out : i1
    linalg.yield %a : i1
  } -> tensor<2x2x5x1xi1>
  %2 = tensor.empty() : tensor<2x2x5x5xf32>
  %r = linalg.generic {indexing_maps = [#red4, #id4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%all, %zeros, %p : tensor<2x2x5x1xi1>, tensor<2x2x5x5xf32>, tensor<2x2x5x5xf32>) outs(%2 : tensor<2x2x5x5xf32>) {
  ^bb0(%c: i1, %z: f32, %v: f32, %out: f32):
    %s = arith.select %c, %z, %v : f32
    linalg.yield %s : f32
  } -> tensor<2x2x5x5xf32>
  return %r : tensor<2x2x5x5xf32>
}
