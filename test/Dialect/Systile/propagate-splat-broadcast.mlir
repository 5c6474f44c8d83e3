// RUN: systile-opt %s --systile-propagate-layout | FileCheck %s
// StableHLO's legalisation broadcasts 0-d constants with copying generics
// (jax.nn.softmax: the max's -inf, a maximum against a broadcast -inf) and
// fills 0-d tensors with generics that read nothing. Both are splat
// constants: they fold, the element-wise op reads a scalar, and the whole
// chain runs tiled with no pack of a constant.

#id = affine_map<(d0, d1) -> (d0, d1)>
#scalar = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @max_with_broadcast_inf
// CHECK-NOT: linalg.generic
// CHECK: systile.elementwise
// CHECK: arith.maximumf
// CHECK-NOT: systile.pack %cst
// CHECK: return
func.func @max_with_broadcast_inf(%x: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>) -> tensor<3x5xf32> {
  %u = systile.unpack %x : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<3x5xf32>
  %inf = arith.constant dense<0xFF800000> : tensor<f32>
  %e = tensor.empty() : tensor<3x5xf32>
  %b = linalg.generic {indexing_maps = [#scalar, #id], iterator_types = ["parallel", "parallel"]} ins(%inf : tensor<f32>) outs(%e : tensor<3x5xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<3x5xf32>
  %m = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%b, %u : tensor<3x5xf32>, tensor<3x5xf32>) outs(%e : tensor<3x5xf32>) {
  ^bb0(%a: f32, %c: f32, %out: f32):
    %r = arith.maximumf %a, %c : f32
    linalg.yield %r : f32
  } -> tensor<3x5xf32>
  return %m : tensor<3x5xf32>
}

// A generic that yields a constant from above into a 0-d tensor is that
// splat too.
// CHECK-LABEL: func.func @zero_d_fill
// CHECK: %[[C:.*]] = arith.constant dense<0xFF800000> : tensor<f32>
// CHECK-NOT: linalg.generic
// CHECK: return %[[C]]
func.func @zero_d_fill() -> tensor<f32> {
  %cst = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<f32>
  %r = linalg.generic {indexing_maps = [affine_map<() -> ()>], iterator_types = []} outs(%e : tensor<f32>) {
  ^bb0(%out: f32):
    linalg.yield %cst : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}

// Not a splat: a broadcast of a non-constant 0-d tensor stays.
// CHECK-LABEL: func.func @broadcast_argument
// CHECK: linalg.generic
func.func @broadcast_argument(%s: tensor<f32>) -> tensor<3x5xf32> {
  %e = tensor.empty() : tensor<3x5xf32>
  %b = linalg.generic {indexing_maps = [#scalar, #id], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<f32>) outs(%e : tensor<3x5xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<3x5xf32>
  return %b : tensor<3x5xf32>
}
