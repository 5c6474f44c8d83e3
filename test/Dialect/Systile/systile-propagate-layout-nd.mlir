// RUN: systile-opt %s --systile-propagate-layout -split-input-file | FileCheck %s
// RUN: systile-opt %s --systile-propagate-layout --mlir-pass-statistics -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS

// N-d element-wise generics, broadcasts and reductions as torch-mlir and
// JAX emit them for softmax, LayerNorm and RMSNorm on batched tiled values
// (2x4 tiles): every step stays tiled between the unpacked input and the
// packed result. The counters add up over the file: softmax 2 element-wise
// ops and 2 reductions, LayerNorm 6 and 2, RMSNorm 3 and 1, each mask 1
// (the index-built one also folded, torch's triu in its four generics),
// the packed f64 column 1, the packed statistic 1 reduction and the input
// packed once 1 reduction.
// STATS: systile-propagate-layout
// STATS-NEXT: (S) 15 ops-tiled
// STATS-NEXT: (S) 0 fills-splat
// STATS-NEXT: (S) 5 masks-folded
// STATS-NEXT: (S) 7 reductions-tiled

#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#drop3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#keep3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
!x = !systile.tiled<2x2x4x6xf32, #systile.geometry<2x4, mxu = 4>>

// torch-mlir's softmax over the last dim of [B, H, S, S]: a max from
// -FLT_MAX into [B, H, S] (expanded to [B, H, S, 1]), exp(x - max), a
// keep-dim sum from +0, and the division.
// CHECK-LABEL: func.func @softmax_rank4
// CHECK-SAME: (%[[X:.*]]: !systile.tiled<2x2x4x6xf32, {{.*}}>)
// CHECK: %[[MAX:.*]] = systile.reduce <max> %[[X]] dim = 3 : {{.*}} -> !systile.tiled<2x2x4x1xf32, {{.*}}>
// CHECK: %[[M:.*]] = systile.elementwise ins(%[[MAX]] : {{.*}}) -> !systile.tiled<2x2x4x1xf32, {{.*}}> {
// CHECK: arith.constant -3.40282347E+38 : f32
// CHECK: arith.maximumf %{{.*}}, %{{.*}} : f32
// CHECK: %[[E:.*]] = systile.elementwise ins(%[[X]], %[[M]] : !systile.tiled<2x2x4x6xf32, {{.*}}>, !systile.tiled<2x2x4x1xf32, {{.*}}>) -> !systile.tiled<2x2x4x6xf32
// CHECK: math.exp
// CHECK: %[[S:.*]] = systile.reduce <sum> %[[E]] dim = 3
// CHECK: %[[D:.*]] = systile.elementwise ins(%[[E]], %[[S]] : {{.*}})
// CHECK: arith.divf
// CHECK-NOT: linalg.generic
// CHECK-NOT: systile.pack
// CHECK: return %[[D]]
func.func @softmax_rank4(%x: !x) -> !x {
  %u = systile.unpack %x : !x -> tensor<2x2x4x6xf32>
  %ninf = arith.constant -3.40282347E+38 : f32
  %zero = arith.constant 0.0 : f32
  %e3 = tensor.empty() : tensor<2x2x4xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%e3 : tensor<2x2x4xf32>) -> tensor<2x2x4xf32>
  %max = linalg.generic {indexing_maps = [#id4, #drop3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%u : tensor<2x2x4x6xf32>) outs(%fm : tensor<2x2x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<2x2x4xf32>
  %maxk = tensor.expand_shape %max [[0], [1], [2, 3]] output_shape [2, 2, 4, 1] : tensor<2x2x4xf32> into tensor<2x2x4x1xf32>
  %e4 = tensor.empty() : tensor<2x2x4x6xf32>
  %exp = linalg.generic {indexing_maps = [#id4, #keep3, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%u, %maxk : tensor<2x2x4x6xf32>, tensor<2x2x4x1xf32>) outs(%e4 : tensor<2x2x4x6xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %0 = arith.subf %in, %m : f32
    %1 = math.exp %0 : f32
    linalg.yield %1 : f32
  } -> tensor<2x2x4x6xf32>
  %e31 = tensor.empty() : tensor<2x2x4x1xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%e31 : tensor<2x2x4x1xf32>) -> tensor<2x2x4x1xf32>
  %sum = linalg.generic {indexing_maps = [#id4, #keep3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%exp : tensor<2x2x4x6xf32>) outs(%fs : tensor<2x2x4x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<2x2x4x1xf32>
  %div = linalg.generic {indexing_maps = [#id4, #keep3, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%exp, %sum : tensor<2x2x4x6xf32>, tensor<2x2x4x1xf32>) outs(%e4 : tensor<2x2x4x6xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.divf %in, %s : f32
    linalg.yield %0 : f32
  } -> tensor<2x2x4x6xf32>
  %p = systile.pack %div : tensor<2x2x4x6xf32> -> !x
  return %p : !x
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#col = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#lane = affine_map<(d0, d1, d2) -> (d2)>
!y = !systile.tiled<2x3x6xf32, #systile.geometry<2x4, mxu = 4>>
!c = !systile.tiled<2x3x1xf32, #systile.geometry<2x4, mxu = 4>>

// torch-mlir's LayerNorm over D = 6 of [B, S, D]: keep-dim sums into
// [B, S, 1], the mean and variance as element-wise ops on the column,
// rsqrt, and the [D] weight and bias read (d0, d1, d2) -> (d2): tiled as
// one 1x6 row each, shared by every matrix (their packs are the only ones).
// CHECK-LABEL: func.func @layernorm_rank3
// CHECK-SAME: (%[[X:.*]]: !systile.tiled<2x3x6xf32, {{.*}}>, %[[W:.*]]: tensor<6xf32>, %[[B:.*]]: tensor<6xf32>)
// CHECK: %[[S:.*]] = systile.reduce <sum> %[[X]] dim = 2 : {{.*}} -> !systile.tiled<2x3x1xf32
// CHECK: %[[MEAN:.*]] = systile.elementwise ins(%[[S]] : !systile.tiled<2x3x1xf32
// CHECK: %[[C:.*]] = systile.elementwise ins(%[[X]], %[[MEAN]] : !systile.tiled<2x3x6xf32, {{.*}}>, !systile.tiled<2x3x1xf32
// The square reads the centred value twice: it is tiled from the pack of
// its result (the variance's sum is only packed), before upstream's
// erase-unused-operands patterns would merge the repeated operand.
// CHECK: %[[SQ:.*]] = systile.elementwise ins(%[[C]], %[[C]] :
// CHECK: arith.mulf
// CHECK: %[[V:.*]] = systile.reduce <sum> %[[SQ]] dim = 2
// CHECK: %[[R:.*]] = systile.elementwise ins(%[[V]] : !systile.tiled<2x3x1xf32
// CHECK: math.rsqrt
// CHECK: %[[N:.*]] = systile.elementwise ins(%[[C]], %[[R]]
// CHECK: %[[WE:.*]] = tensor.expand_shape %[[W]] {{\[\[}}0, 1]] output_shape [1, 6] : tensor<6xf32> into tensor<1x6xf32>
// CHECK: %[[WT:.*]] = systile.pack %[[WE]] : tensor<1x6xf32> -> !systile.tiled<1x6xf32
// CHECK: %[[BE:.*]] = tensor.expand_shape %[[B]]
// CHECK: %[[BT:.*]] = systile.pack %[[BE]] : tensor<1x6xf32> -> !systile.tiled<1x6xf32
// CHECK: %[[OUT:.*]] = systile.elementwise ins(%[[N]], %[[WT]], %[[BT]] : !systile.tiled<2x3x6xf32, {{.*}}>, !systile.tiled<1x6xf32, {{.*}}>, !systile.tiled<1x6xf32, {{.*}}>) -> !systile.tiled<2x3x6xf32
// CHECK-NOT: linalg.generic
// CHECK: return %[[OUT]]
func.func @layernorm_rank3(%x: !y, %w: tensor<6xf32>, %b: tensor<6xf32>) -> !y {
  %u = systile.unpack %x : !y -> tensor<2x3x6xf32>
  %zero = arith.constant 0.0 : f32
  %d = arith.constant 6.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %e1 = tensor.empty() : tensor<2x3x1xf32>
  %e = tensor.empty() : tensor<2x3x6xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e1 : tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
  %sum = linalg.generic {indexing_maps = [#id3, #col], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%u : tensor<2x3x6xf32>) outs(%z : tensor<2x3x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<2x3x1xf32>
  %mean = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%sum : tensor<2x3x1xf32>) outs(%e1 : tensor<2x3x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.divf %in, %d : f32
    linalg.yield %0 : f32
  } -> tensor<2x3x1xf32>
  %c = linalg.generic {indexing_maps = [#id3, #col, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%u, %mean : tensor<2x3x6xf32>, tensor<2x3x1xf32>) outs(%e : tensor<2x3x6xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %0 = arith.subf %in, %m : f32
    linalg.yield %0 : f32
  } -> tensor<2x3x6xf32>
  %sq = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%c, %c : tensor<2x3x6xf32>, tensor<2x3x6xf32>) outs(%e : tensor<2x3x6xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %0 = arith.mulf %in, %in2 : f32
    linalg.yield %0 : f32
  } -> tensor<2x3x6xf32>
  %vs = linalg.generic {indexing_maps = [#id3, #col], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%sq : tensor<2x3x6xf32>) outs(%z : tensor<2x3x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<2x3x1xf32>
  %rstd = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%vs : tensor<2x3x1xf32>) outs(%e1 : tensor<2x3x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.divf %in, %d : f32
    %1 = arith.addf %0, %eps : f32
    %2 = math.rsqrt %1 : f32
    linalg.yield %2 : f32
  } -> tensor<2x3x1xf32>
  %n = linalg.generic {indexing_maps = [#id3, #col, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%c, %rstd : tensor<2x3x6xf32>, tensor<2x3x1xf32>) outs(%e : tensor<2x3x6xf32>) {
  ^bb0(%in: f32, %r: f32, %out: f32):
    %0 = arith.mulf %in, %r : f32
    linalg.yield %0 : f32
  } -> tensor<2x3x6xf32>
  %o = linalg.generic {indexing_maps = [#id3, #lane, #lane, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%n, %w, %b : tensor<2x3x6xf32>, tensor<6xf32>, tensor<6xf32>) outs(%e : tensor<2x3x6xf32>) {
  ^bb0(%in: f32, %wi: f32, %bi: f32, %out: f32):
    %0 = arith.mulf %in, %wi : f32
    %1 = arith.addf %0, %bi : f32
    linalg.yield %1 : f32
  } -> tensor<2x3x6xf32>
  %p = systile.pack %o : tensor<2x3x6xf32> -> !y
  return %p : !y
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row = affine_map<(d0, d1, d2) -> (d0, d1)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#lane = affine_map<(d0, d1, d2) -> (d2)>
!y = !systile.tiled<2x3x6xf32, #systile.geometry<2x4, mxu = 4>>

// RMSNorm as JAX emits it: x * x summed into [B, S] (the reduced dim
// dropped), the statistic read (d0, d1, d2) -> (d0, d1): the [B, S] value
// is the collapse of the unpacked [B, S, 1] column, which the rank-2
// generic on it and the last one read tiled (no pack of it).
// CHECK-LABEL: func.func @rmsnorm_rank3
// CHECK-SAME: (%[[X:.*]]: !systile.tiled<2x3x6xf32, {{.*}}>, %[[W:.*]]: tensor<6xf32>)
// CHECK: %[[SQ:.*]] = systile.elementwise ins(%[[X]] : !systile.tiled<2x3x6xf32
// CHECK: %[[S:.*]] = systile.reduce <sum> %[[SQ]] dim = 2 : {{.*}} -> !systile.tiled<2x3x1xf32
// CHECK: %[[R:.*]] = systile.elementwise ins(%[[S]] : !systile.tiled<2x3x1xf32
// CHECK: %[[WT:.*]] = systile.pack %{{.*}} : tensor<1x6xf32> -> !systile.tiled<1x6xf32
// CHECK: %[[OUT:.*]] = systile.elementwise ins(%[[X]], %[[R]], %[[WT]] : !systile.tiled<2x3x6xf32, {{.*}}>, !systile.tiled<2x3x1xf32, {{.*}}>, !systile.tiled<1x6xf32, {{.*}}>)
// CHECK-NOT: linalg.generic
// CHECK-NOT: systile.pack
// CHECK: return %[[OUT]]
func.func @rmsnorm_rank3(%x: !y, %w: tensor<6xf32>) -> !y {
  %u = systile.unpack %x : !y -> tensor<2x3x6xf32>
  %zero = arith.constant 0.0 : f32
  %d = arith.constant 6.0 : f32
  %eps = arith.constant 1.0e-6 : f32
  %e = tensor.empty() : tensor<2x3x6xf32>
  %e2 = tensor.empty() : tensor<2x3xf32>
  %sq = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%u : tensor<2x3x6xf32>) outs(%e : tensor<2x3x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.mulf %in, %in : f32
    linalg.yield %0 : f32
  } -> tensor<2x3x6xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e2 : tensor<2x3xf32>) -> tensor<2x3xf32>
  %ss = linalg.reduce ins(%sq : tensor<2x3x6xf32>) outs(%z : tensor<2x3xf32>) dimensions = [2]
    (%in: f32, %acc: f32) {
      %0 = arith.addf %in, %acc : f32
      linalg.yield %0 : f32
    }
  %r = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%ss : tensor<2x3xf32>) outs(%e2 : tensor<2x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.divf %in, %d : f32
    %1 = arith.addf %0, %eps : f32
    %2 = math.rsqrt %1 : f32
    linalg.yield %2 : f32
  } -> tensor<2x3xf32>
  %o = linalg.generic {indexing_maps = [#id3, #row, #lane, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%u, %r, %w : tensor<2x3x6xf32>, tensor<2x3xf32>, tensor<6xf32>) outs(%e : tensor<2x3x6xf32>) {
  ^bb0(%in: f32, %ri: f32, %wi: f32, %out: f32):
    %0 = arith.mulf %in, %ri : f32
    %1 = arith.mulf %0, %wi : f32
    linalg.yield %1 : f32
  } -> tensor<2x3x6xf32>
  %p = systile.pack %o : tensor<2x3x6xf32> -> !y
  return %p : !y
}

// -----

#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#mask = affine_map<(d0, d1, d2, d3) -> (0, 0, d2, d3)>
!s = !systile.tiled<2x2x3x3xf32, #systile.geometry<2x4, mxu = 4>>

// A causal mask as torch-mlir hands it over (a [1, 1, S, S] i1 buffer read
// (0, 0, d2, d3)) in arith.select: packed once as a 3x3 i8 constant shared
// by every matrix, truncated back to i1 in the region.
// CHECK-LABEL: func.func @causal_mask
// CHECK-SAME: (%[[X:.*]]: !systile.tiled<2x2x3x3xf32, {{.*}}>)
// CHECK: %[[M:.*]] = systile.constant dense<[1, 0, 0, 0, 1, 1, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0]> : tensor<16xi8> -> !systile.tiled<3x3xi8, {{.*}}>
// CHECK: %[[R:.*]] = systile.elementwise ins(%[[X]], %[[M]] : !systile.tiled<2x2x3x3xf32, {{.*}}>, !systile.tiled<3x3xi8, {{.*}}>) -> !systile.tiled<2x2x3x3xf32
// CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: i8):
// CHECK: %[[T:.*]] = arith.trunci %[[B]] : i8 to i1
// CHECK: arith.select %[[T]], %[[A]], %{{.*}} : f32
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]
func.func @causal_mask(%x: !s) -> !s {
  %u = systile.unpack %x : !s -> tensor<2x2x3x3xf32>
  %m = arith.constant dense<[[[[true, false, false], [true, true, false], [true, true, true]]]]> : tensor<1x1x3x3xi1>
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<2x2x3x3xf32>
  %r = linalg.generic {indexing_maps = [#id4, #mask, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%u, %m : tensor<2x2x3x3xf32>, tensor<1x1x3x3xi1>) outs(%e : tensor<2x2x3x3xf32>) {
  ^bb0(%in: f32, %keep: i1, %out: f32):
    %0 = arith.select %keep, %in, %ninf : f32
    linalg.yield %0 : f32
  } -> tensor<2x2x3x3xf32>
  %p = systile.pack %r : tensor<2x2x3x3xf32> -> !s
  return %p : !s
}

// -----

#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#sq = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
!s = !systile.tiled<2x2x3x3xf32, #systile.geometry<2x4, mxu = 4>>

// A causal mask computed from linalg.index (j <= i, torch's tril) is folded
// to its constant and then packed once like the constant one.
// CHECK-LABEL: func.func @index_mask
// CHECK-SAME: (%[[X:.*]]: !systile.tiled<2x2x3x3xf32, {{.*}}>)
// CHECK: %[[M:.*]] = systile.constant dense<[1, 0, 0, 0, 1, 1, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0]> : tensor<16xi8> -> !systile.tiled<3x3xi8, {{.*}}>
// CHECK: %[[R:.*]] = systile.elementwise ins(%[[X]], %[[M]] : !systile.tiled<2x2x3x3xf32, {{.*}}>, !systile.tiled<3x3xi8, {{.*}}>)
// CHECK: arith.trunci
// CHECK: arith.select
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]
func.func @index_mask(%x: !s) -> !s {
  %u = systile.unpack %x : !s -> tensor<2x2x3x3xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %em = tensor.empty() : tensor<3x3xi1>
  %m = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%em : tensor<3x3xi1>) {
  ^bb0(%out: i1):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %keep = arith.cmpi ule, %j, %i : index
    linalg.yield %keep : i1
  } -> tensor<3x3xi1>
  %e = tensor.empty() : tensor<2x2x3x3xf32>
  %r = linalg.generic {indexing_maps = [#id4, #sq, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%u, %m : tensor<2x2x3x3xf32>, tensor<3x3xi1>) outs(%e : tensor<2x2x3x3xf32>) {
  ^bb0(%in: f32, %keep: i1, %out: f32):
    %0 = arith.select %keep, %in, %ninf : f32
    linalg.yield %0 : f32
  } -> tensor<2x2x3x3xf32>
  %p = systile.pack %r : tensor<2x2x3x3xf32> -> !s
  return %p : !s
}

// -----

#id1 = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (0, d1)>
#colb = affine_map<(d0, d1) -> (d0, 0)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#sq = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#scalar = affine_map<(d0, d1, d2, d3) -> ()>
!s = !systile.tiled<2x2x3x3xf32, #systile.geometry<2x4, mxu = 4>>

// torch's `triu(ones(S, S, dtype=bool), diagonal=1)` as torch-mlir lowers
// it: an i64 arange, its row and column broadcasts subtracted, compared
// with 1, and-ed with a constant. Every step reads only linalg.index and
// integer constants, so each folds (the reshapes between them fold with
// them) and the mask is one packed constant: row 0 keeps j - i >= 1 but
// for the constant's false at (0, 2).
// CHECK-LABEL: func.func @triu_mask
// CHECK-SAME: (%[[X:.*]]: !systile.tiled<2x2x3x3xf32, {{.*}}>)
// CHECK: %[[M:.*]] = systile.constant dense<[0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]> : tensor<16xi8> -> !systile.tiled<3x3xi8, {{.*}}>
// CHECK: %[[R:.*]] = systile.elementwise ins(%[[M]], %{{.*}}, %[[X]] : !systile.tiled<3x3xi8, {{.*}}>, !systile.tiled<1x1xf32, {{.*}}>, !systile.tiled<2x2x3x3xf32, {{.*}}>)
// CHECK: arith.select
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]
func.func @triu_mask(%x: !s) -> !s {
  %u = systile.unpack %x : !s -> tensor<2x2x3x3xf32>
  %c1 = arith.constant 1 : i64
  %keep = arith.constant dense<[[true, true, false], [true, true, true], [true, true, true]]> : tensor<3x3xi1>
  %ninf = arith.constant dense<0xFF800000> : tensor<f32>
  %e1 = tensor.empty() : tensor<3xi64>
  %ar = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%e1 : tensor<3xi64>) {
  ^bb0(%out: i64):
    %i = linalg.index 0 : index
    %v = arith.index_cast %i : index to i64
    linalg.yield %v : i64
  } -> tensor<3xi64>
  %r1 = tensor.expand_shape %ar [[0, 1]] output_shape [1, 3] : tensor<3xi64> into tensor<1x3xi64>
  %c3 = tensor.expand_shape %ar [[0, 1]] output_shape [3, 1] : tensor<3xi64> into tensor<3x1xi64>
  %e2 = tensor.empty() : tensor<3x3xi64>
  %diff = linalg.generic {indexing_maps = [#row, #colb, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%r1, %c3 : tensor<1x3xi64>, tensor<3x1xi64>) outs(%e2 : tensor<3x3xi64>) {
  ^bb0(%j: i64, %i: i64, %out: i64):
    %d = arith.subi %j, %i : i64
    linalg.yield %d : i64
  } -> tensor<3x3xi64>
  %e3 = tensor.empty() : tensor<3x3xi1>
  %ge = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%diff : tensor<3x3xi64>) outs(%e3 : tensor<3x3xi1>) {
  ^bb0(%d: i64, %out: i1):
    %b = arith.cmpi sge, %d, %c1 : i64
    linalg.yield %b : i1
  } -> tensor<3x3xi1>
  %m = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%ge, %keep : tensor<3x3xi1>, tensor<3x3xi1>) outs(%e3 : tensor<3x3xi1>) {
  ^bb0(%a: i1, %b: i1, %out: i1):
    %and = arith.andi %a, %b : i1
    linalg.yield %and : i1
  } -> tensor<3x3xi1>
  %e = tensor.empty() : tensor<2x2x3x3xf32>
  %r = linalg.generic {indexing_maps = [#sq, #scalar, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%m, %ninf, %u : tensor<3x3xi1>, tensor<f32>, tensor<2x2x3x3xf32>) outs(%e : tensor<2x2x3x3xf32>) {
  ^bb0(%mask: i1, %n: f32, %in: f32, %out: f32):
    %0 = arith.select %mask, %n, %in : f32
    linalg.yield %0 : f32
  } -> tensor<2x2x3x3xf32>
  %p = systile.pack %r : tensor<2x2x3x3xf32> -> !s
  return %p : !s
}

// -----

#id1 = affine_map<(d0) -> (d0)>
!col = !systile.tiled<6x1xf32, #systile.geometry<2x4, mxu = 4>>

// A one-dimensional op whose result is packed as a column is lifted to the
// column, and tiles (its f64 operand is packed as an f64 column); the
// lifted op is not dropped back to rank 1 by the unit-dimension folding
// (the two undid each other endlessly on torch-mlir's f64 LayerNorm, which
// truncates its per-row statistics on [B*S] and expands them to [B*S, 1]).
// CHECK-LABEL: func.func @packed_rank1_column
// CHECK-SAME: (%[[A:.*]]: tensor<6xf64>)
// CHECK: %[[E:.*]] = tensor.expand_shape %[[A]] {{\[\[}}0, 1]] output_shape [6, 1] : tensor<6xf64> into tensor<6x1xf64>
// CHECK: %[[P:.*]] = systile.pack %[[E]] : tensor<6x1xf64> -> !systile.tiled<6x1xf64
// CHECK: %[[T:.*]] = systile.elementwise ins(%[[P]] : !systile.tiled<6x1xf64, {{.*}}>) -> !systile.tiled<6x1xf32
// CHECK: arith.truncf
// CHECK-NOT: linalg.generic
// CHECK: return %[[T]]
func.func @packed_rank1_column(%a: tensor<6xf64>) -> !col {
  %e = tensor.empty() : tensor<6xf32>
  %t = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%a : tensor<6xf64>) outs(%e : tensor<6xf32>) {
  ^bb0(%in: f64, %out: f32):
    %0 = arith.truncf %in : f64 to f32
    linalg.yield %0 : f32
  } -> tensor<6xf32>
  %x = tensor.expand_shape %t [[0, 1]] output_shape [6, 1] : tensor<6xf32> into tensor<6x1xf32>
  %p = systile.pack %x : tensor<6x1xf32> -> !col
  return %p : !col
}

// -----

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#rows = affine_map<(d0, d1) -> (d0)>
!r = !systile.tiled<3x1xf32, #systile.geometry<2x4, mxu = 4>>

// A sum of a dense input (JAX's LayerNorm mean of a model argument) whose
// result is only packed, through the keep-dim reshape: the pack moves to
// the input and the sum is a systile.reduce of it.
// CHECK-LABEL: func.func @packed_statistic
// CHECK-SAME: (%[[X:.*]]: tensor<3x6xf32>)
// CHECK: %[[P:.*]] = systile.pack %[[X]] : tensor<3x6xf32> -> !systile.tiled<3x6xf32
// CHECK: %[[S:.*]] = systile.reduce <sum> %[[P]] dim = 1 : {{.*}} -> !systile.tiled<3x1xf32
// CHECK-NOT: linalg.generic
// CHECK: return %[[S]]
func.func @packed_statistic(%x: tensor<3x6xf32>) -> !r {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %s = linalg.generic {indexing_maps = [#id2, #rows], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<3x6xf32>) outs(%z : tensor<3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  } -> tensor<3xf32>
  %k = tensor.expand_shape %s [[0, 1]] output_shape [3, 1] : tensor<3xf32> into tensor<3x1xf32>
  %p = systile.pack %k : tensor<3x1xf32> -> !r
  return %p : !r
}

// -----

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#rows = affine_map<(d0, d1) -> (d0)>
!r = !systile.tiled<3x1xf32, #systile.geometry<2x4, mxu = 4>>

// The same sum also used dense: nothing is packed that was not before.
// CHECK-LABEL: func.func @statistic_also_dense
// CHECK: linalg.generic
// CHECK-NOT: systile.reduce
func.func @statistic_also_dense(%x: tensor<3x6xf32>) -> (!r, tensor<3xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %s = linalg.generic {indexing_maps = [#id2, #rows], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<3x6xf32>) outs(%z : tensor<3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  } -> tensor<3xf32>
  %k = tensor.expand_shape %s [[0, 1]] output_shape [3, 1] : tensor<3xf32> into tensor<3x1xf32>
  %p = systile.pack %k : tensor<3x1xf32> -> !r
  return %p, %s : !r, tensor<3xf32>
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#col = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
!w = !systile.tiled<2x3x6xf32, #systile.geometry<2x4, mxu = 4>>

// A keep-dim sum whose init is longer than 1 along the reduced dimension
// (it verifies: the map reads and writes slot 0 only, the other 16 keep
// the init's values) is not a tiled reduce; it stays as it is. The
// bytecode fuzz target found it as a mutant of LayerNorm's mean, on which
// the pass read a reassociation it had never found.
// CHECK-LABEL: func.func @keep_dim_init_too_long
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<2x3x17xf32>)
// CHECK-NOT: systile.reduce
func.func @keep_dim_init_too_long(%t: !w) -> tensor<2x3x17xf32> {
  %x = systile.unpack %t : !w -> tensor<2x3x6xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x3x17xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x3x17xf32>) -> tensor<2x3x17xf32>
  %s = linalg.generic {indexing_maps = [#id3, #col], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<2x3x6xf32>) outs(%z : tensor<2x3x17xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  } -> tensor<2x3x17xf32>
  return %s : tensor<2x3x17xf32>
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#keep = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
!m = !systile.tiled<16x6xf32, #systile.geometry<2x4, mxu = 4>>

// A model input that a LayerNorm reads as [B, S, D] and a tiled op packs
// as [B*S, D] (the collapse is free: S = 8 is whole 2-row tiles): the input
// is packed once, as [B, S, D], the packed collapse becomes merge_rows, and
// the LayerNorm's sum reads the packed input and tiles too.
// CHECK-LABEL: func.func @input_packed_once
// CHECK-SAME: (%[[X:.*]]: tensor<2x8x6xf32>)
// CHECK: %[[P:.*]] = systile.pack %[[X]] : tensor<2x8x6xf32> -> !systile.tiled<2x8x6xf32
// CHECK-NOT: systile.pack
// CHECK-DAG: systile.reduce <sum> %[[P]] dim = 2
// CHECK-DAG: systile.merge_rows %[[P]] : !systile.tiled<2x8x6xf32, {{.*}}> -> !systile.tiled<16x6xf32
// CHECK-NOT: linalg.generic
// CHECK-NOT: tensor.collapse_shape
func.func @input_packed_once(%x: tensor<2x8x6xf32>) -> (!m, !systile.tiled<16x1xf32, #systile.geometry<2x4, mxu = 4>>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x8x1xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2x8x1xf32>) -> tensor<2x8x1xf32>
  %sum = linalg.generic {indexing_maps = [#id3, #keep], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<2x8x6xf32>) outs(%init : tensor<2x8x1xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.addf %in, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<2x8x1xf32>
  %sc = tensor.collapse_shape %sum [[0, 1], [2]] : tensor<2x8x1xf32> into tensor<16x1xf32>
  %ps = systile.pack %sc : tensor<16x1xf32> -> !systile.tiled<16x1xf32, #systile.geometry<2x4, mxu = 4>>
  %xc = tensor.collapse_shape %x [[0, 1], [2]] : tensor<2x8x6xf32> into tensor<16x6xf32>
  %px = systile.pack %xc : tensor<16x6xf32> -> !m
  return %px, %ps : !m, !systile.tiled<16x1xf32, #systile.geometry<2x4, mxu = 4>>
}
