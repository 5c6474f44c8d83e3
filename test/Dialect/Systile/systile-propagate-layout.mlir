// RUN: systile-opt %s --systile-propagate-layout -split-input-file | FileCheck %s
// RUN: systile-opt %s --systile-propagate-layout=reductions=false -split-input-file | FileCheck %s --check-prefix=NORED

// Geometry (2, 4, 4) throughout: !t is 3x5 f32.

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>

// Unpack pushed down, pack bubbled up: the bias add (a broadcast row) and
// the ReLU between two tiled values become tiled ops; the bias is packed
// once as a 1x5 row (a constant: folded to storage order), which the
// elementwise op reads as a broadcast input: no 3x5 bias is built.
// CHECK-LABEL: func.func @bias_relu
// CHECK-SAME: (%[[M:.*]]: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>)
// CHECK-DAG: %[[B:.*]] = systile.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 5.000000e+00, {{.*}}]> : tensor<16xf32> -> !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK-NOT: systile.broadcast
// CHECK: %[[S:.*]] = systile.elementwise ins(%[[M]], %[[B]] : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>>) -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> {
// CHECK-NEXT: ^bb0(%[[A0:.*]]: f32, %[[A1:.*]]: f32):
// CHECK-NEXT: %[[ADD:.*]] = arith.addf %[[A0]], %[[A1]] : f32
// CHECK-NEXT: systile.yield %[[ADD]] : f32
// CHECK: %[[R:.*]] = systile.elementwise ins(%[[S]] : {{.*}}) -> {{.*}} {
// CHECK-NEXT: ^bb0(%[[A2:.*]]: f32):
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[MAX:.*]] = arith.maximumf %[[A2]], %[[Z]] : f32
// CHECK-NEXT: systile.yield %[[MAX]] : f32
// CHECK: return %[[R]]
// CHECK-NOT: linalg.generic
func.func @bias_relu(%m: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>) -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> {
  %zero = arith.constant 0.0 : f32
  %b = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf32>
  %u = systile.unpack %m : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<3x5xf32>
  %e = tensor.empty() : tensor<3x5xf32>
  %s = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%u, %b : tensor<3x5xf32>, tensor<5xf32>) outs(%e : tensor<3x5xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %0 = arith.addf %in, %bias : f32
    linalg.yield %0 : f32
  } -> tensor<3x5xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<3x5xf32>) outs(%e : tensor<3x5xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %in, %zero : f32
    linalg.yield %0 : f32
  } -> tensor<3x5xf32>
  %p = systile.pack %r : tensor<3x5xf32> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
  return %p : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// A pack of an element-wise op on an argument moves up to the argument.
// CHECK-LABEL: func.func @pack_moves_up
// CHECK-SAME: (%[[X:.*]]: tensor<3x5xf32>)
// CHECK-NEXT: %[[P:.*]] = systile.pack %[[X]] : tensor<3x5xf32> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK-NEXT: %[[E:.*]] = systile.elementwise ins(%[[P]] : {{.*}})
// CHECK: math.exp
// CHECK: return %[[E]]
func.func @pack_moves_up(%x: tensor<3x5xf32>) -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> {
  %e = tensor.empty() : tensor<3x5xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<3x5xf32>) outs(%e : tensor<3x5xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<3x5xf32>
  %p = systile.pack %r : tensor<3x5xf32> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
  return %p : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// Nothing tiled in or out: nothing moves (no pack is added).
// CHECK-LABEL: func.func @dense_stays
// CHECK: linalg.generic
// CHECK-NOT: systile.
func.func @dense_stays(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %e = tensor.empty() : tensor<3x5xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<3x5xf32>) outs(%e : tensor<3x5xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

// A packed zero fill is a splat constant; a packed fill of a run-time
// value is a systile.splat.
// CHECK-LABEL: func.func @fills
// CHECK-SAME: (%[[V:.*]]: f32)
// CHECK-DAG: %[[Z:.*]] = systile.constant dense<0.000000e+00> : tensor<32xf32> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK-DAG: %[[S:.*]] = systile.splat %[[V]] : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: return %[[Z]], %[[S]]
// CHECK-NOT: linalg.fill
func.func @fills(%v: f32) -> (!systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x5xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e : tensor<3x5xf32>) -> tensor<3x5xf32>
  %f1 = linalg.fill ins(%v : f32) outs(%e : tensor<3x5xf32>) -> tensor<3x5xf32>
  %p0 = systile.pack %f0 : tensor<3x5xf32> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
  %p1 = systile.pack %f1 : tensor<3x5xf32> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
  return %p0, %p1 : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// Named element-wise ops and arith on tensors; truncf becomes
// systile.truncf. The result leaves through one unpack.
// CHECK-LABEL: func.func @named_and_arith
// CHECK-SAME: (%[[A:.*]]: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>, %[[B:.*]]: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>)
// CHECK: %[[ADD:.*]] = systile.elementwise ins(%[[A]], %[[B]] : {{.*}})
// CHECK: arith.addf
// CHECK: %[[MUL:.*]] = systile.elementwise ins(%[[ADD]], %[[A]] : {{.*}})
// CHECK: arith.mulf
// CHECK: %[[T:.*]] = systile.truncf %[[MUL]] : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<3x5xbf16, #systile.geometry<2x4, mxu = 4>>
// CHECK: %[[U:.*]] = systile.unpack %[[T]]
// CHECK: return %[[U]] : tensor<3x5xbf16>
// CHECK-NOT: linalg.add
func.func @named_and_arith(%a: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>, %b: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>) -> tensor<3x5xbf16> {
  %ua = systile.unpack %a : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<3x5xf32>
  %ub = systile.unpack %b : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<3x5xf32>
  %e = tensor.empty() : tensor<3x5xf32>
  %s = linalg.add ins(%ua, %ub : tensor<3x5xf32>, tensor<3x5xf32>) outs(%e : tensor<3x5xf32>) -> tensor<3x5xf32>
  %m = arith.mulf %s, %ua : tensor<3x5xf32>
  %t = arith.truncf %m : tensor<3x5xf32> to tensor<3x5xbf16>
  return %t : tensor<3x5xbf16>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#rowsum = affine_map<(d0, d1) -> (d0)>

// exp(x) / sum_row(exp(x)): the sum becomes systile.reduce along the rows,
// and the division reads its Mx1 result as a broadcast column input.
// CHECK-LABEL: func.func @normalise
// CHECK-SAME: (%[[X:.*]]: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>)
// CHECK: %[[E:.*]] = systile.elementwise ins(%[[X]] : {{.*}})
// CHECK: %[[S:.*]] = systile.reduce <sum> %[[E]] dim = 1 : {{.*}} -> !systile.tiled<3x1xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK-NOT: systile.broadcast
// CHECK: %[[D:.*]] = systile.elementwise ins(%[[E]], %[[S]] : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<3x1xf32, #systile.geometry<2x4, mxu = 4>>)
// CHECK: arith.divf
// CHECK: systile.unpack %[[D]]
// CHECK-NOT: linalg.generic
// NORED-LABEL: func.func @normalise
// NORED: linalg.generic {{.*}}"reduction"
// NORED-NOT: systile.reduce
func.func @normalise(%x: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>) -> tensor<3x5xf32> {
  %zero = arith.constant 0.0 : f32
  %u = systile.unpack %x : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<3x5xf32>
  %e = tensor.empty() : tensor<3x5xf32>
  %ex = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%u : tensor<3x5xf32>) outs(%e : tensor<3x5xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<3x5xf32>
  %e1 = tensor.empty() : tensor<3xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e1 : tensor<3xf32>) -> tensor<3xf32>
  %sum = linalg.generic {indexing_maps = [#id, #rowsum], iterator_types = ["parallel", "reduction"]}
      ins(%ex : tensor<3x5xf32>) outs(%acc : tensor<3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<3xf32>
  %d = linalg.generic {indexing_maps = [#id, #rowsum, #id], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %sum : tensor<3x5xf32>, tensor<3xf32>) outs(%e : tensor<3x5xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.divf %in, %s : f32
    linalg.yield %0 : f32
  } -> tensor<3x5xf32>
  return %d : tensor<3x5xf32>
}

// -----

// linalg.reduce over dim 0 (down the columns) -> systile.reduce dim = 0.
// CHECK-LABEL: func.func @column_sum
// CHECK: systile.reduce <sum> %{{.*}} dim = 0 : {{.*}} -> !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: tensor.collapse_shape
// CHECK-NOT: linalg.reduce
func.func @column_sum(%x: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>) -> tensor<5xf32> {
  %zero = arith.constant 0.0 : f32
  %u = systile.unpack %x : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<3x5xf32>
  %e = tensor.empty() : tensor<5xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<5xf32>) -> tensor<5xf32>
  %r = linalg.reduce ins(%u : tensor<3x5xf32>) outs(%acc : tensor<5xf32>) dimensions = [0]
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  return %r : tensor<5xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#rowsum = affine_map<(d0, d1) -> (d0)>

// A sum that does not start at +0 (here -0) stays dense; a max whose
// payload takes the accumulator first (StableHLO's form) is tiled like the
// element-first form (the two differ only in which NaN payload survives
// where two meet, which LLVM leaves unspecified).
// CHECK-LABEL: func.func @reductions_that_stay
// CHECK: linalg.generic
// CHECK: arith.addf %in, %out
// CHECK: systile.reduce <max> %{{.*}} dim = 1 :
// CHECK-NOT: linalg.generic
func.func @reductions_that_stay(%x: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>) -> (tensor<3xf32>, tensor<3xf32>) {
  %nzero = arith.constant -0.0 : f32
  %u = systile.unpack %x : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<3x5xf32>
  %e = tensor.empty() : tensor<3xf32>
  %acc = linalg.fill ins(%nzero : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %sum = linalg.generic {indexing_maps = [#id, #rowsum], iterator_types = ["parallel", "reduction"]}
      ins(%u : tensor<3x5xf32>) outs(%acc : tensor<3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<3xf32>
  %max = linalg.generic {indexing_maps = [#id, #rowsum], iterator_types = ["parallel", "reduction"]}
      ins(%u : tensor<3x5xf32>) outs(%acc : tensor<3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  } -> tensor<3xf32>
  return %sum, %max : tensor<3xf32>, tensor<3xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// Operands from two geometries: left as is.
// CHECK-LABEL: func.func @geometry_conflict
// CHECK: linalg.generic
func.func @geometry_conflict(%a: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>, %b: !systile.tiled<3x5xf32>) -> tensor<3x5xf32> {
  %ua = systile.unpack %a : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<3x5xf32>
  %ub = systile.unpack %b : !systile.tiled<3x5xf32> -> tensor<3x5xf32>
  %e = tensor.empty() : tensor<3x5xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%ua, %ub : tensor<3x5xf32>, tensor<3x5xf32>) outs(%e : tensor<3x5xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %0 = arith.addf %x, %y : f32
    linalg.yield %0 : f32
  } -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#scalar = affine_map<(d0, d1) -> ()>

// A scalar input becomes a 1x1 splat (broadcast by the elementwise op); a
// payload that reads linalg.index stays.
// CHECK-LABEL: func.func @scalar_and_index
// CHECK-SAME: (%[[X:.*]]: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>, %[[V:.*]]: f32)
// CHECK: %[[S:.*]] = systile.splat %[[V]] : !systile.tiled<1x1xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: systile.elementwise ins(%[[X]], %[[S]] : {{.*}}, !systile.tiled<1x1xf32, #systile.geometry<2x4, mxu = 4>>)
// CHECK: linalg.generic
// CHECK: linalg.index
func.func @scalar_and_index(%x: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>, %v: f32) -> (tensor<3x5xf32>, tensor<3x5xf32>) {
  %u = systile.unpack %x : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<3x5xf32>
  %e = tensor.empty() : tensor<3x5xf32>
  %r = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel", "parallel"]}
      ins(%u, %v : tensor<3x5xf32>, f32) outs(%e : tensor<3x5xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.mulf %in, %s : f32
    linalg.yield %0 : f32
  } -> tensor<3x5xf32>
  %i = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%u : tensor<3x5xf32>) outs(%e : tensor<3x5xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = linalg.index 1 : index
    %ci = arith.index_cast %c : index to i32
    %cf = arith.sitofp %ci : i32 to f32
    %0 = arith.addf %in, %cf : f32
    linalg.yield %0 : f32
  } -> tensor<3x5xf32>
  return %r, %i : tensor<3x5xf32>, tensor<3x5xf32>
}

// -----

// Named element-wise ops carry their payload into the region.
// CHECK-LABEL: func.func @named_ops
// CHECK: systile.elementwise
// CHECK: arith.maximumf
// CHECK: systile.elementwise
// CHECK: math.exp
// CHECK: systile.elementwise
// CHECK: arith.subf
// CHECK: systile.elementwise
// CHECK: arith.mulf
// CHECK-NOT: linalg.
func.func @named_ops(%a: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>, %b: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>) -> (tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>) {
  %ua = systile.unpack %a : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<3x5xf32>
  %ub = systile.unpack %b : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<3x5xf32>
  %e = tensor.empty() : tensor<3x5xf32>
  %m = linalg.max ins(%ua, %ub : tensor<3x5xf32>, tensor<3x5xf32>) outs(%e : tensor<3x5xf32>) -> tensor<3x5xf32>
  %x = linalg.exp ins(%ua : tensor<3x5xf32>) outs(%e : tensor<3x5xf32>) -> tensor<3x5xf32>
  %p = linalg.map { arith.subf } ins(%ua, %ub : tensor<3x5xf32>, tensor<3x5xf32>) outs(%e : tensor<3x5xf32>)
  %q = linalg.elementwise kind=#linalg.elementwise_kind<mul> ins(%ua, %ub : tensor<3x5xf32>, tensor<3x5xf32>) outs(%e : tensor<3x5xf32>) -> tensor<3x5xf32>
  return %m, %x, %p, %q : tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// A payload that yields a constant from above: the constant is cloned into
// the isolated region.
// CHECK-LABEL: func.func @yield_constant
// CHECK: systile.elementwise ins(%{{.*}} : {{.*}}) -> {{.*}} {
// CHECK-NEXT: ^bb0(%{{.*}}: f32):
// CHECK-NEXT: %[[C:.*]] = arith.constant 2.500000e+00 : f32
// CHECK-NEXT: systile.yield %[[C]] : f32
func.func @yield_constant(%x: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>) -> tensor<3x5xf32> {
  %c = arith.constant 2.5 : f32
  %u = systile.unpack %x : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<3x5xf32>
  %e = tensor.empty() : tensor<3x5xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%u : tensor<3x5xf32>) outs(%e : tensor<3x5xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %c : f32
  } -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// A function argument that is packed is packed once, at the start of the
// block, and its dense uses read that pack: the square of the input runs
// tiled and no second pack is made.
// CHECK-LABEL: func.func @argument_packed_once
// CHECK-NEXT: %[[P:.*]] = systile.pack %arg0
// CHECK-NOT: systile.pack
// CHECK: systile.elementwise ins(%[[P]], %[[P]] :
// CHECK-NOT: linalg.generic
func.func @argument_packed_once(%x: tensor<3x5xf32>) -> (tensor<3x5xf32>, !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>) {
  %e = tensor.empty() : tensor<3x5xf32>
  %sq = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %x : tensor<3x5xf32>, tensor<3x5xf32>) outs(%e : tensor<3x5xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %0 = arith.mulf %a, %b : f32
    linalg.yield %0 : f32
  } -> tensor<3x5xf32>
  %p = systile.pack %x : tensor<3x5xf32> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
  return %sq, %p : tensor<3x5xf32>, !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
}
