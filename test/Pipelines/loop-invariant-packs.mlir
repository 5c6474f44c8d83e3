// RUN: systile-opt %s --systile-pipeline="sublanes=2 lanes=4 mxu=4" | FileCheck %s
// RUN: systile-opt %s --convert-linalg-to-systile="sublanes=2 lanes=4 mxu=4" | FileCheck %s --check-prefix=CONVERT

// A loop over the rows of a batch of inputs, each multiplied by the same
// [N, K] weight. The conversion packs the weight where the matmul is, in
// the loop body; systile-pipeline's loop-invariant code motion packs it (and
// the loop-invariant accumulator) once, before the loop.

// CONVERT-LABEL: func.func @loop
// CONVERT: scf.for
// CONVERT: systile.pack %{{.*}} transpose
// CONVERT: scf.yield

// CHECK-LABEL: func.func @loop
// CHECK-SAME: (%[[XS:.*]]: tensor<4x3x5xf32>, %[[W:.*]]: tensor<7x5xf32>, %[[C:.*]]: tensor<3x7xf32>
// CHECK-DAG: %[[TW:.*]] = systile.pack %[[W]] transpose : tensor<7x5xf32> -> !systile.tiled<5x7xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK-DAG: %[[TC:.*]] = systile.pack %[[C]] : tensor<3x7xf32>
// CHECK: scf.for
// CHECK: %[[X:.*]] = tensor.extract_slice %[[XS]]
// CHECK: %[[TX:.*]] = systile.pack %[[X]] : tensor<3x5xf32>
// CHECK-NOT: systile.pack
// CHECK: systile.mxu_matmul %[[TX]], %[[TW]], %[[TC]] [0, 0]
// CHECK: scf.yield
func.func @loop(%xs: tensor<4x3x5xf32>, %w: tensor<7x5xf32>, %c: tensor<3x7xf32>, %init: tensor<4x3x7xf32>) -> tensor<4x3x7xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (tensor<4x3x7xf32>) {
    %x = tensor.extract_slice %xs[%i, 0, 0] [1, 3, 5] [1, 1, 1] : tensor<4x3x5xf32> to tensor<3x5xf32>
    %y = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
        ins(%x, %w : tensor<3x5xf32>, tensor<7x5xf32>) outs(%c : tensor<3x7xf32>) -> tensor<3x7xf32>
    %next = tensor.insert_slice %y into %acc[%i, 0, 0] [1, 3, 7] [1, 1, 1] : tensor<3x7xf32> into tensor<4x3x7xf32>
    scf.yield %next : tensor<4x3x7xf32>
  }
  return %r : tensor<4x3x7xf32>
}
