// Frontend weights come as dense_resource blobs (torch-mlir's nn.Linear:
// an [out, in] weight transposed by linalg.transpose, a 1-d bias broadcast by
// a generic). systile-pipeline folds both into storage-order
// systile.constants, so the only pack left is the activation's, and
// systile-fold-zero-tiles sees the weight's all-zero block (columns 4-5 of
// the weight, block kb = 1 of its transpose) as it would in a dense<>
// constant. (dense-resource-elided.mlir: an elided blob is not a value.)
//
// RUN: systile-opt %s --systile-pipeline="sublanes=2 lanes=4 mxu=4" | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; x = np.arange(12, dtype=np.float32).reshape(2, 6) - 5; \
// RUN:   w = np.array([[-1, .5, 2, 1, 0, 0], [0, 1, 3, 0, 0, 0], [0] * 6], np.float32); \
// RUN:   np.save('%t/x.npy', x); np.save('%t/want.npy', x @ w.T + np.array([1, 2, -3], np.float32))"
// RUN: systile-opt %s --systile-pipeline="sublanes=2 lanes=4 mxu=4" -o %t/lowered.mlir
// RUN: systile-run %s --input %t/x.npy --expect %t/want.npy --stats | FileCheck %s --check-prefix=DENSE
// RUN: systile-run %t/lowered.mlir --input %t/x.npy --expect %t/want.npy --stats | FileCheck %s --check-prefix=RUN-CHECK

// CHECK-LABEL: func.func @main
// CHECK-DAG:   %[[B:.*]] = systile.constant dense<[1.000000e+00, 2.000000e+00, -3.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00]> : tensor<8xf32> -> !systile.tiled<1x3xf32
// CHECK-DAG:   %[[W:.*]] = systile.constant dense<[-1.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 5.000000e-01, 1.000000e+00, 0.000000e+00, 0.000000e+00,
// CHECK-DAG:   %[[X:.*]] = systile.pack %arg0 :
// CHECK-NOT:   systile.pack
// CHECK:       systile.mxu_matmul %[[X]], %[[W]], %{{.*}} [0, 0]
// CHECK-NOT:   systile.mxu_matmul
// CHECK-NOT:   systile.broadcast
// CHECK:       systile.elementwise ins(%{{.*}}, %[[B]] : !systile.tiled<2x3xf32, {{.*}}>, !systile.tiled<1x3xf32, {{.*}}>)
// CHECK:       systile.unpack

// The dense program, and the lowered one (one weight load; the zero block
// counts as skipped), agree with numpy.
// DENSE: expect: result #0 matches
// RUN-CHECK: utilization: logical_macs=24 issued_macs=32 padding_macs=8 weight_loads=1 skipped_loads=1
// RUN-CHECK: layout: packs=1 unpacks=1
// RUN-CHECK: expect: result #0 matches
func.func @main(%x: tensor<2x6xf32>) -> tensor<2x3xf32> {
  %w = arith.constant dense_resource<w> : tensor<3x6xf32>
  %b = arith.constant dense_resource<b> : tensor<3xf32>
  %e = tensor.empty() : tensor<6x3xf32>
  %wt = linalg.transpose ins(%w : tensor<3x6xf32>) outs(%e : tensor<6x3xf32>) permutation = [1, 0]
  %z = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<2x3xf32>
  %acc = linalg.fill ins(%z : f32) outs(%o : tensor<2x3xf32>) -> tensor<2x3xf32>
  %mm = linalg.matmul ins(%x, %wt : tensor<2x6xf32>, tensor<6x3xf32>) outs(%acc : tensor<2x3xf32>) -> tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm, %b : tensor<2x3xf32>, tensor<3xf32>) outs(%o : tensor<2x3xf32>) {
  ^bb0(%in: f32, %bb: f32, %out: f32):
    %s = arith.addf %in, %bb : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
{-#
  dialect_resources: {
    builtin: {
      w: "0x04000000000080BF0000003F000000400000803F0000000000000000000000000000803F00004040000000000000000000000000000000000000000000000000000000000000000000000000",
      b: "0x040000000000803F00000040000040C0"
    }
  }
#-}

