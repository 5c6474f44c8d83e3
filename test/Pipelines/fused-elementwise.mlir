// A matmul followed by a bias row, a per-row scale (a column) and a ReLU
// in frontend form. systile-pipeline leaves one systile.elementwise that
// reads the matmul's result, the 1x7 bias row and the 5x1 scale column
// (nothing of 5x7 is built for them: no systile.broadcast), with the three
// generics' payloads fused in order. Run before and after the pipeline, it
// gives numpy's float32 values bit for bit (the weight is the identity, so
// the matmul is exact in either order).
//
// RUN: systile-opt %s --systile-pipeline="sublanes=2 lanes=4 mxu=4" -o %t.lowered.mlir
// RUN: FileCheck %s < %t.lowered.mlir
// RUN: %python -c "import numpy as np; rng = np.random.default_rng(5); \
// RUN:   x = rng.standard_normal((5, 7)).astype(np.float32); \
// RUN:   b = rng.standard_normal(7).astype(np.float32); \
// RUN:   c = rng.standard_normal(5).astype(np.float32); \
// RUN:   [np.save('%t.' + n + '.npy', a) for n, a in (('x', x), ('b', b), ('c', c))]; \
// RUN:   np.save('%t.want.npy', np.maximum((x + b) * c[:, None], np.float32(0)))"
// RUN: systile-run %s --input %t.x.npy --input %t.b.npy --input %t.c.npy --expect %t.want.npy | FileCheck %s --check-prefix=RUN-CHECK
// RUN: systile-run %t.lowered.mlir --input %t.x.npy --input %t.b.npy --input %t.c.npy --expect %t.want.npy --stats | FileCheck %s --check-prefix=RUN-CHECK

// CHECK-LABEL: func.func @main
// CHECK-NOT: systile.broadcast
// CHECK-DAG: %[[B:.*]] = systile.pack %{{.*}} : tensor<1x7xf32> -> !systile.tiled<1x7xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK-DAG: %[[C:.*]] = systile.pack %{{.*}} : tensor<5x1xf32> -> !systile.tiled<5x1xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK-DAG: %[[H:.*]] = systile.mxu_matmul %{{.*}} [1, 1]
// CHECK: systile.elementwise ins(%[[H]], %[[B]], %[[C]] : !systile.tiled<5x7xf32, {{.*}}>, !systile.tiled<1x7xf32, {{.*}}>, !systile.tiled<5x1xf32, {{.*}}>) -> !systile.tiled<5x7xf32
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[R:.*]]: f32, %[[S:.*]]: f32):
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[A:.*]] = arith.addf %[[X]], %[[R]] : f32
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[A]], %[[S]] : f32
// CHECK-NEXT: %[[Y:.*]] = arith.maximumf %[[M]], %[[Z]] : f32
// CHECK-NEXT: systile.yield %[[Y]] : f32
// CHECK-NOT: systile.elementwise
// CHECK-NOT: systile.broadcast
// CHECK-NOT: linalg.
// CHECK: return

// RUN-CHECK: expect: result #0 matches

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
#col = affine_map<(d0, d1) -> (d0)>
func.func @main(%x: tensor<5x7xf32>, %b: tensor<7xf32>, %c: tensor<5xf32>) -> tensor<5x7xf32> {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<[[1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
                             [0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0],
                             [0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0],
                             [0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0],
                             [0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0],
                             [0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0],
                             [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0]]> : tensor<7x7xf32>
  %e = tensor.empty() : tensor<5x7xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<5x7xf32>) -> tensor<5x7xf32>
  %h = linalg.matmul ins(%x, %w : tensor<5x7xf32>, tensor<7x7xf32>) outs(%acc : tensor<5x7xf32>) -> tensor<5x7xf32>
  %biased = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%h, %b : tensor<5x7xf32>, tensor<7xf32>) outs(%e : tensor<5x7xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %0 = arith.addf %in, %bias : f32
    linalg.yield %0 : f32
  } -> tensor<5x7xf32>
  %scaled = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%biased, %c : tensor<5x7xf32>, tensor<5xf32>) outs(%e : tensor<5x7xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.mulf %in, %s : f32
    linalg.yield %0 : f32
  } -> tensor<5x7xf32>
  %relu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%scaled : tensor<5x7xf32>) outs(%e : tensor<5x7xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %in, %zero : f32
    linalg.yield %0 : f32
  } -> tensor<5x7xf32>
  return %relu : tensor<5x7xf32>
}
