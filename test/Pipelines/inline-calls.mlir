// The pipeline inlines calls first (JAX puts jax.nn.relu in a private
// @relu), so the value between the two matmuls stays tiled: one pack of
// the input, one unpack of the result, and no call left. With inline=false
// the call is a boundary: the hidden value is unpacked before it and
// packed again after it. Both run to the same values (the run checks the
// lowered program against the original).
//
// RUN: systile-opt %s --systile-pipeline="sublanes=2 lanes=4 mxu=4" | FileCheck %s
// RUN: systile-opt %s --systile-pipeline="sublanes=2 lanes=4 mxu=4 inline=false" | FileCheck %s --check-prefix=CALL
// RUN: %python -c "import numpy as np; np.save('%t.npy', (np.arange(15, dtype=np.float32).reshape(3, 5) - 7) / 4)"
// RUN: systile-run %s --input %t.npy --compare-after="systile-pipeline{sublanes=2 lanes=4 mxu=4}" | FileCheck %s --check-prefix=COMPARE

// CHECK-LABEL: func.func @main
// CHECK-COUNT-1: systile.pack %arg0
// CHECK-NOT: systile.pack %arg0
// CHECK-NOT: call
// CHECK-COUNT-1: systile.unpack
// CHECK-NOT: systile.unpack
// CHECK-NOT: func.func private @relu
// CALL: call @relu
// CALL: func.func private @relu
// COMPARE: compare: result #0: 0 of 6 elements differ, max ulp 0

func.func @main(%x: tensor<3x5xf32>) -> tensor<3x2xf32> {
  %w1 = arith.constant dense<[[0.5, -1.0, 2.0, 0.25], [1.5, 0.5, -0.5, 1.0], [-2.0, 1.0, 0.75, 0.5], [1.0, 1.0, -1.0, 2.0], [0.25, -0.75, 1.25, -1.5]]> : tensor<5x4xf32>
  %w2 = arith.constant dense<[[1.0, -0.5], [0.5, 2.0], [-1.5, 0.25], [2.0, 1.0]]> : tensor<4x2xf32>
  %z = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<3x4xf32>
  %a1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<3x4xf32>) -> tensor<3x4xf32>
  %h = linalg.matmul ins(%x, %w1 : tensor<3x5xf32>, tensor<5x4xf32>) outs(%a1 : tensor<3x4xf32>) -> tensor<3x4xf32>
  %r = call @relu(%h) : (tensor<3x4xf32>) -> tensor<3x4xf32>
  %e2 = tensor.empty() : tensor<3x2xf32>
  %a2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<3x2xf32>) -> tensor<3x2xf32>
  %y = linalg.matmul ins(%r, %w2 : tensor<3x4xf32>, tensor<4x2xf32>) outs(%a2 : tensor<3x2xf32>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

func.func private @relu(%h: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%h : tensor<3x4xf32>) outs(%e : tensor<3x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %z : f32
    linalg.yield %m : f32
  } -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}
