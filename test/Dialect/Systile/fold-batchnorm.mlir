// RUN: systile-opt %s --systile-fold-batchnorm -split-input-file | FileCheck %s
// RUN: systile-opt %s --systile-fold-batchnorm --mlir-pass-statistics -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS

// torch-mlir's form: the bias a linalg.broadcast init, BatchNorm's [C]
// parameters expanded to [C, 1, 1] and read by (d1, 0, 0), rsqrt(var + eps)
// computed on [C] with eps an f64 constant truncated in the body. By hand,
// per channel: b = [0.5, 1] - [1.5, 2] = [-1, -1]; * rsqrt([3, 0] + 1) =
// [0.5, 1]: a = [0.5, 1], b = [-0.5, -1]; * [3, 2]: a = [1.5, 2],
// b = [-1.5, -2]; + [1, -1]: b = [-0.5, -3]. Filter [2, -1] * a = [3, -2].
// The ReLU after it stays.
// CHECK-LABEL: func.func @torch_conv_bn_relu
// CHECK-SAME: (%[[X:.*]]: tensor<1x1x2x2xf32>)
// CHECK-DAG: %[[W:.*]] = arith.constant dense<[{{\[\[}}[3.000000e+00]]], {{\[\[}}[-2.000000e+00]]]]> : tensor<2x1x1x1xf32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<[-5.000000e-01, -3.000000e+00]> : tensor<2xf32>
// CHECK: %[[E:.*]] = tensor.empty() : tensor<1x2x2x2xf32>
// CHECK: %[[I:.*]] = linalg.broadcast ins(%[[B]] : tensor<2xf32>) outs(%[[E]] : tensor<1x2x2x2xf32>) dimensions = [0, 2, 3]
// CHECK: %[[C:.*]] = linalg.conv_2d_nchw_fchw {{.*}} ins(%[[X]], %[[W]] : tensor<1x1x2x2xf32>, tensor<2x1x1x1xf32>) outs(%[[I]] : tensor<1x2x2x2xf32>)
// CHECK: %[[R:.*]] = linalg.generic {{.*}} ins(%[[C]] : tensor<1x2x2x2xf32>)
// CHECK: arith.cmpf ugt
// CHECK: return %[[R]]
// CHECK-NOT: math.rsqrt
#map = affine_map<(d0) -> (d0)>
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#chan = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
func.func @torch_conv_bn_relu(%x: tensor<1x1x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %eps = arith.constant 1.000000e+00 : f64
  %w = arith.constant dense<[[[[2.0]]], [[[-1.0]]]]> : tensor<2x1x1x1xf32>
  %bias = arith.constant dense<[0.5, 1.0]> : tensor<2xf32>
  %mean = arith.constant dense<[1.5, 2.0]> : tensor<2xf32>
  %var = arith.constant dense<[3.0, 0.0]> : tensor<2xf32>
  %gamma = arith.constant dense<[3.0, 2.0]> : tensor<2xf32>
  %beta = arith.constant dense<[1.0, -1.0]> : tensor<2xf32>
  %e = tensor.empty() : tensor<1x2x2x2xf32>
  %bb = linalg.broadcast ins(%bias : tensor<2xf32>) outs(%e : tensor<1x2x2x2xf32>) dimensions = [0, 2, 3]
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x1x2x2xf32>, tensor<2x1x1x1xf32>) outs(%bb : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %e1 = tensor.empty() : tensor<2xf32>
  %ve = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%var : tensor<2xf32>) outs(%e1 : tensor<2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = arith.truncf %eps : f64 to f32
    %s = arith.addf %in, %t : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%ve : tensor<2xf32>) outs(%e1 : tensor<2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = math.rsqrt %in : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  %mean3 = tensor.expand_shape %mean [[0, 1, 2]] output_shape [2, 1, 1] : tensor<2xf32> into tensor<2x1x1xf32>
  %r3 = tensor.expand_shape %r [[0, 1, 2]] output_shape [2, 1, 1] : tensor<2xf32> into tensor<2x1x1xf32>
  %gamma3 = tensor.expand_shape %gamma [[0, 1, 2]] output_shape [2, 1, 1] : tensor<2xf32> into tensor<2x1x1xf32>
  %beta3 = tensor.expand_shape %beta [[0, 1, 2]] output_shape [2, 1, 1] : tensor<2xf32> into tensor<2x1x1xf32>
  %0 = linalg.generic {indexing_maps = [#id, #chan, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%conv, %mean3 : tensor<1x2x2x2xf32>, tensor<2x1x1xf32>) outs(%e : tensor<1x2x2x2xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %s = arith.subf %in, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x2x2x2xf32>
  %1 = linalg.generic {indexing_maps = [#id, #chan, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0, %r3 : tensor<1x2x2x2xf32>, tensor<2x1x1xf32>) outs(%e : tensor<1x2x2x2xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %s = arith.mulf %in, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x2x2x2xf32>
  %2 = linalg.generic {indexing_maps = [#id, #chan, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1, %gamma3 : tensor<1x2x2x2xf32>, tensor<2x1x1xf32>) outs(%e : tensor<1x2x2x2xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %s = arith.mulf %in, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x2x2x2xf32>
  %3 = linalg.generic {indexing_maps = [#id, #chan, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2, %beta3 : tensor<1x2x2x2xf32>, tensor<2x1x1xf32>) outs(%e : tensor<1x2x2x2xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %s = arith.addf %in, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x2x2x2xf32>
  %4 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : tensor<1x2x2x2xf32>) outs(%e : tensor<1x2x2x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = arith.cmpf ugt, %in, %zero : f32
    %s = arith.select %c, %in, %zero : f32
    linalg.yield %s : f32
  } -> tensor<1x2x2x2xf32>
  return %4 : tensor<1x2x2x2xf32>
}

// -----

// JAX's form: NHWC/HWIO, no bias (a zero fill), the parameters broadcast
// to the activation's shape by broadcasting generics, and one fused body
// (x - c) * s + t after linalg's element-wise fusion. By hand: a = [2, 0.5],
// b = (0 - [1, 4]) * [2, 0.5] + [0, 1] = [-2, -1]; the filter [[1, 2]]
// (c = 0, f = 0 and 1) times a is [[2, 1]].
// CHECK-LABEL: func.func @jax_nhwc_fused_body
// CHECK-DAG: %[[W:.*]] = arith.constant dense<{{\[\[\[\[}}2.000000e+00, 1.000000e+00]]]]> : tensor<1x1x1x2xf32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<[-2.000000e+00, -1.000000e+00]> : tensor<2xf32>
// CHECK: %[[I:.*]] = linalg.broadcast ins(%[[B]] : tensor<2xf32>) outs(%{{.*}} : tensor<1x3x3x2xf32>) dimensions = [0, 1, 2]
// CHECK: %[[C:.*]] = linalg.conv_2d_nhwc_hwcf {{.*}} ins(%{{.*}}, %[[W]] : {{.*}}) outs(%[[I]] : tensor<1x3x3x2xf32>)
// CHECK-NEXT: return %[[C]]
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#last = affine_map<(d0, d1, d2, d3) -> (d3)>
func.func @jax_nhwc_fused_body(%x: tensor<1x3x3x1xf32>) -> tensor<1x3x3x2xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %w = arith.constant dense<[[[[1.0, 2.0]]]]> : tensor<1x1x1x2xf32>
  %c = arith.constant dense<[1.0, 4.0]> : tensor<2xf32>
  %s = arith.constant dense<[2.0, 0.5]> : tensor<2xf32>
  %t = arith.constant dense<[0.0, 1.0]> : tensor<2xf32>
  %e = tensor.empty() : tensor<1x3x3x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32>
  %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x3x3x1xf32>, tensor<1x1x1x2xf32>) outs(%f : tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32>
  %cb = linalg.generic {indexing_maps = [#last, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<2xf32>) outs(%e : tensor<1x3x3x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x3x3x2xf32>
  %sb = linalg.broadcast ins(%s : tensor<2xf32>) outs(%e : tensor<1x3x3x2xf32>) dimensions = [0, 1, 2]
  %0 = linalg.generic {indexing_maps = [#id4, #id4, #id4, #last, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%conv, %cb, %sb, %t : tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32>, tensor<2xf32>) outs(%e : tensor<1x3x3x2xf32>) {
  ^bb0(%in: f32, %a: f32, %b: f32, %d: f32, %out: f32):
    %1 = arith.subf %in, %a : f32
    %2 = arith.mulf %1, %b : f32
    %3 = arith.addf %2, %d : f32
    linalg.yield %3 : f32
  } -> tensor<1x3x3x2xf32>
  return %0 : tensor<1x3x3x2xf32>
}

// -----

// Not folded: a filter that is not a constant, a pooling (not linear), and
// a chain op whose parameter varies along a non-channel dimension.
// CHECK-LABEL: func.func @not_folded
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} ins(%{{.*}}, %[[ARGW:.*]] :
// CHECK: arith.addf
// CHECK: linalg.pooling_nhwc_max
// CHECK: arith.mulf
// CHECK: linalg.conv_2d_nhwc_hwcf
// CHECK: arith.mulf
// CHECK: return
#id4b = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#lastb = affine_map<(d0, d1, d2, d3) -> (d3)>
#row = affine_map<(d0, d1, d2, d3) -> (d1)>
func.func @not_folded(%x: tensor<1x3x3x2xf32>, %w: tensor<1x1x2x2xf32>) -> (tensor<1x3x3x2xf32>, tensor<1x2x2x2xf32>, tensor<1x3x3x2xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %c = arith.constant dense<[1.0, 4.0]> : tensor<2xf32>
  %rows = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %wc = arith.constant dense<1.0> : tensor<1x1x2x2xf32>
  %e = tensor.empty() : tensor<1x3x3x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32>
  %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x3x3x2xf32>, tensor<1x1x2x2xf32>) outs(%f : tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32>
  %0 = linalg.generic {indexing_maps = [#id4b, #lastb, #id4b], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%conv, %c : tensor<1x3x3x2xf32>, tensor<2xf32>) outs(%e : tensor<1x3x3x2xf32>) {
  ^bb0(%in: f32, %a: f32, %out: f32):
    %1 = arith.addf %in, %a : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x3x2xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %pe = tensor.empty() : tensor<1x2x2x2xf32>
  %pf = linalg.fill ins(%ninf : f32) outs(%pe : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %win = tensor.empty() : tensor<2x2xf32>
  %pool = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %win : tensor<1x3x3x2xf32>, tensor<2x2xf32>) outs(%pf : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %id2 = tensor.empty() : tensor<1x2x2x2xf32>
  %p1 = linalg.generic {indexing_maps = [#id4b, #lastb, #id4b], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%pool, %c : tensor<1x2x2x2xf32>, tensor<2xf32>) outs(%id2 : tensor<1x2x2x2xf32>) {
  ^bb0(%in: f32, %a: f32, %out: f32):
    %1 = arith.mulf %in, %a : f32
    linalg.yield %1 : f32
  } -> tensor<1x2x2x2xf32>
  %conv2 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %wc : tensor<1x3x3x2xf32>, tensor<1x1x2x2xf32>) outs(%f : tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32>
  %q = linalg.generic {indexing_maps = [#id4b, #row, #id4b], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%conv2, %rows : tensor<1x3x3x2xf32>, tensor<3xf32>) outs(%e : tensor<1x3x3x2xf32>) {
  ^bb0(%in: f32, %a: f32, %out: f32):
    %1 = arith.mulf %in, %a : f32
    linalg.yield %1 : f32
  } -> tensor<1x3x3x2xf32>
  return %0, %p1, %q : tensor<1x3x3x2xf32>, tensor<1x2x2x2xf32>, tensor<1x3x3x2xf32>
}

// Folds: 4 generics into @torch_conv_bn_relu's conv, 1 into
// @jax_nhwc_fused_body's, none in @not_folded.
// STATS: systile pass statistics
// STATS: systile-fold-batchnorm
// STATS-NEXT: (S) 2 convs-folded
// STATS-NEXT: (S) 5 ops-folded
