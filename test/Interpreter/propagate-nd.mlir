// A batched attention softmax (rank 4, after q @ k^T; also under a causal
// mask, constant or built from linalg.index) and a LayerNorm with
// weight and bias (rank 3, after a batched matmul), written as torch-mlir
// emits them, run before and after systile-pipeline: the pipeline keeps
// every step tiled (one unpack per result), and the two runs agree bit for
// bit; both agree with numpy (Inputs/propagate_nd_ref.py) bit for bit.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/propagate_nd_ref.py %t
// RUN: systile-opt %s --systile-pipeline="sublanes=2 lanes=4 mxu=4" | FileCheck %s --check-prefix=IR
// RUN: systile-run %s --entry attention --input %t/q.npy --input %t/k.npy --expect %t/attn.npy --compare-after="systile-pipeline{sublanes=2 lanes=4 mxu=4}" | FileCheck %s --check-prefix=ATTN
// RUN: systile-run %s --entry masked --input %t/q.npy --input %t/q.npy --expect %t/masked.npy --compare-after="systile-pipeline{sublanes=2 lanes=4 mxu=4}" | FileCheck %s --check-prefix=MASKED
// RUN: systile-run %s --entry index_mask --input %t/q.npy --input %t/q.npy --expect %t/scores_masked.npy --compare-after="systile-pipeline{sublanes=2 lanes=4 mxu=4}" | FileCheck %s --check-prefix=INDEX
// RUN: systile-run %s --entry layernorm --input %t/x.npy --input %t/w.npy --input %t/gamma.npy --input %t/beta.npy --expect %t/ln.npy --compare-after="systile-pipeline{sublanes=2 lanes=4 mxu=4}" | FileCheck %s --check-prefix=LN

#q = affine_map<(b, h, i, j, d) -> (b, h, i, d)>
#k = affine_map<(b, h, i, j, d) -> (b, h, j, d)>
#s = affine_map<(b, h, i, j, d) -> (b, h, i, j)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#drop3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#keep3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>

// IR-LABEL: func.func @attention
// IR: systile.mxu_matmul
// IR: systile.reduce <max> {{.*}} dim = 3
// IR: systile.reduce <sum> {{.*}} dim = 3
// IR-NOT: linalg.generic
// IR: systile.unpack
// IR-NOT: systile.unpack
// IR: return
// ATTN: compare: result #0: 0 of 96 elements differ, max ulp 0
// ATTN: expect: result #0 matches {{.*}}attn.npy (0 of 96 elements differ, max ulp 0)
func.func @attention(%q: tensor<2x2x4x3xf32>, %k: tensor<2x2x6x3xf32>) -> tensor<2x2x4x6xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant -3.40282347E+38 : f32
  %e4 = tensor.empty() : tensor<2x2x4x6xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e4 : tensor<2x2x4x6xf32>) -> tensor<2x2x4x6xf32>
  %u = linalg.generic {indexing_maps = [#q, #k, #s], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<2x2x4x3xf32>, tensor<2x2x6x3xf32>) outs(%acc : tensor<2x2x4x6xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.addf %out, %0 : f32
    linalg.yield %1 : f32
  } -> tensor<2x2x4x6xf32>
  %e3 = tensor.empty() : tensor<2x2x4xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%e3 : tensor<2x2x4xf32>) -> tensor<2x2x4xf32>
  %max = linalg.generic {indexing_maps = [#id4, #drop3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%u : tensor<2x2x4x6xf32>) outs(%fm : tensor<2x2x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<2x2x4xf32>
  %maxk = tensor.expand_shape %max [[0], [1], [2, 3]] output_shape [2, 2, 4, 1] : tensor<2x2x4xf32> into tensor<2x2x4x1xf32>
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
  return %div : tensor<2x2x4x6xf32>
}

#causal = affine_map<(d0, d1, d2, d3) -> (0, 0, d2, d3)>

// The same softmax of q @ q^T under a causal mask (a constant [1, 1, S, S]
// i1 buffer in arith.select, as torch-mlir passes masked_fill): the mask
// is one tiled i8 constant shared by the batch.
// IR-LABEL: func.func @masked
// IR: systile.constant {{.*}} -> !systile.tiled<4x4xi8
// IR: arith.trunci
// IR: systile.reduce <max> {{.*}} dim = 3
// IR-NOT: linalg.generic
// IR: systile.unpack
// IR-NOT: systile.unpack
// IR: return
// MASKED: compare: result #0: 0 of 64 elements differ, max ulp 0
// MASKED: expect: result #0 matches {{.*}}masked.npy (0 of 64 elements differ, max ulp 0)
func.func @masked(%q: tensor<2x2x4x3xf32>, %k: tensor<2x2x4x3xf32>) -> tensor<2x2x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %mask = arith.constant dense<[[[[true, false, false, false], [true, true, false, false],
                                  [true, true, true, false], [true, true, true, true]]]]> : tensor<1x1x4x4xi1>
  %e4 = tensor.empty() : tensor<2x2x4x4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e4 : tensor<2x2x4x4xf32>) -> tensor<2x2x4x4xf32>
  %u = linalg.generic {indexing_maps = [#q, #k, #s], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<2x2x4x3xf32>, tensor<2x2x4x3xf32>) outs(%acc : tensor<2x2x4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.addf %out, %0 : f32
    linalg.yield %1 : f32
  } -> tensor<2x2x4x4xf32>
  %sel = linalg.generic {indexing_maps = [#id4, #causal, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%u, %mask : tensor<2x2x4x4xf32>, tensor<1x1x4x4xi1>) outs(%e4 : tensor<2x2x4x4xf32>) {
  ^bb0(%in: f32, %keep: i1, %out: f32):
    %0 = arith.select %keep, %in, %ninf : f32
    linalg.yield %0 : f32
  } -> tensor<2x2x4x4xf32>
  %e3 = tensor.empty() : tensor<2x2x4x1xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%e3 : tensor<2x2x4x1xf32>) -> tensor<2x2x4x1xf32>
  %max = linalg.generic {indexing_maps = [#id4, #keep3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%sel : tensor<2x2x4x4xf32>) outs(%fm : tensor<2x2x4x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<2x2x4x1xf32>
  %exp = linalg.generic {indexing_maps = [#id4, #keep3, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%sel, %max : tensor<2x2x4x4xf32>, tensor<2x2x4x1xf32>) outs(%e4 : tensor<2x2x4x4xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %0 = arith.subf %in, %m : f32
    %1 = math.exp %0 : f32
    linalg.yield %1 : f32
  } -> tensor<2x2x4x4xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%e3 : tensor<2x2x4x1xf32>) -> tensor<2x2x4x1xf32>
  %sum = linalg.generic {indexing_maps = [#id4, #keep3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%exp : tensor<2x2x4x4xf32>) outs(%fs : tensor<2x2x4x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<2x2x4x1xf32>
  %div = linalg.generic {indexing_maps = [#id4, #keep3, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%exp, %sum : tensor<2x2x4x4xf32>, tensor<2x2x4x1xf32>) outs(%e4 : tensor<2x2x4x4xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.divf %in, %s : f32
    linalg.yield %0 : f32
  } -> tensor<2x2x4x4xf32>
  return %div : tensor<2x2x4x4xf32>
}

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#sq = affine_map<(d0, d1, d2, d3) -> (d2, d3)>

// The causal mask computed from linalg.index (torch's tril): folded to a
// constant, packed once; the masked scores match numpy bit for bit.
// IR-LABEL: func.func @index_mask
// IR: systile.constant {{.*}} -> !systile.tiled<4x4xi8
// IR-NOT: linalg.generic
// IR: return
// INDEX: compare: result #0: 0 of 64 elements differ, max ulp 0
// INDEX: expect: result #0 matches {{.*}}scores_masked.npy (0 of 64 elements differ, max ulp 0)
func.func @index_mask(%q: tensor<2x2x4x3xf32>, %k: tensor<2x2x4x3xf32>) -> tensor<2x2x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e4 = tensor.empty() : tensor<2x2x4x4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e4 : tensor<2x2x4x4xf32>) -> tensor<2x2x4x4xf32>
  %u = linalg.generic {indexing_maps = [#q, #k, #s], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<2x2x4x3xf32>, tensor<2x2x4x3xf32>) outs(%acc : tensor<2x2x4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.addf %out, %0 : f32
    linalg.yield %1 : f32
  } -> tensor<2x2x4x4xf32>
  %em = tensor.empty() : tensor<4x4xi1>
  %mask = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%em : tensor<4x4xi1>) {
  ^bb0(%out: i1):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %keep = arith.cmpi ule, %j, %i : index
    linalg.yield %keep : i1
  } -> tensor<4x4xi1>
  %sel = linalg.generic {indexing_maps = [#id4, #sq, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%u, %mask : tensor<2x2x4x4xf32>, tensor<4x4xi1>) outs(%e4 : tensor<2x2x4x4xf32>) {
  ^bb0(%in: f32, %keep: i1, %out: f32):
    %0 = arith.select %keep, %in, %ninf : f32
    linalg.yield %0 : f32
  } -> tensor<2x2x4x4xf32>
  return %sel : tensor<2x2x4x4xf32>
}

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#col = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#lane = affine_map<(d0, d1, d2) -> (d2)>

// IR-LABEL: func.func @layernorm
// IR: systile.mxu_matmul
// IR: systile.reduce <sum> {{.*}} dim = 2
// IR: systile.reduce <sum> {{.*}} dim = 2
// IR-NOT: linalg.generic
// IR: systile.unpack
// IR-NOT: systile.unpack
// IR: return
// LN: compare: result #0: 0 of 36 elements differ, max ulp 0
// LN: expect: result #0 matches {{.*}}ln.npy (0 of 36 elements differ, max ulp 0)
func.func @layernorm(%x: tensor<2x3x4xf32>, %w: tensor<2x4x6xf32>, %g: tensor<6xf32>, %b: tensor<6xf32>) -> tensor<2x3x6xf32> {
  %zero = arith.constant 0.0 : f32
  %d = arith.constant 6.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %e = tensor.empty() : tensor<2x3x6xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<2x3x6xf32>) -> tensor<2x3x6xf32>
  %y = linalg.batch_matmul ins(%x, %w : tensor<2x3x4xf32>, tensor<2x4x6xf32>) outs(%acc : tensor<2x3x6xf32>) -> tensor<2x3x6xf32>
  %e1 = tensor.empty() : tensor<2x3x1xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e1 : tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
  %sum = linalg.generic {indexing_maps = [#id3, #col], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%y : tensor<2x3x6xf32>) outs(%z : tensor<2x3x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<2x3x1xf32>
  %c = linalg.generic {indexing_maps = [#id3, #col, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%y, %sum : tensor<2x3x6xf32>, tensor<2x3x1xf32>) outs(%e : tensor<2x3x6xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.divf %s, %d : f32
    %1 = arith.subf %in, %0 : f32
    linalg.yield %1 : f32
  } -> tensor<2x3x6xf32>
  %sq = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%c : tensor<2x3x6xf32>) outs(%e : tensor<2x3x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.mulf %in, %in : f32
    linalg.yield %0 : f32
  } -> tensor<2x3x6xf32>
  %vs = linalg.generic {indexing_maps = [#id3, #col], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%sq : tensor<2x3x6xf32>) outs(%z : tensor<2x3x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<2x3x1xf32>
  %o = linalg.generic {indexing_maps = [#id3, #col, #lane, #lane, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%c, %vs, %g, %b : tensor<2x3x6xf32>, tensor<2x3x1xf32>, tensor<6xf32>, tensor<6xf32>) outs(%e : tensor<2x3x6xf32>) {
  ^bb0(%in: f32, %v: f32, %gi: f32, %bi: f32, %out: f32):
    %0 = arith.divf %v, %d : f32
    %1 = arith.addf %0, %eps : f32
    %2 = math.rsqrt %1 : f32
    %3 = arith.mulf %in, %2 : f32
    %4 = arith.mulf %3, %gi : f32
    %5 = arith.addf %4, %bi : f32
    linalg.yield %5 : f32
  } -> tensor<2x3x6xf32>
  return %o : tensor<2x3x6xf32>
}
