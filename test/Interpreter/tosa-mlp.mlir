// The TOSA MLP of Inputs/tosa_mlp.mlir (test/Pipelines/
// systile-tosa-pipeline.mlir checks its lowering), lowered by the documented
// TOSA path in one systile-opt run and executed by systile-run. Every
// product and sum is exact in f32 (small integers and halves), so the
// values below, worked out by hand, hold in any summation order.
//
// RUN: systile-opt %S/Inputs/tosa_mlp.mlir --systile-tosa-pipeline="sublanes=2 lanes=4 mxu=4" -o %t.mlir
// RUN: %python %S/Inputs/npy_tool.py %t.x.npy f32 2x3 1,2,3,2,-1,1
// RUN: systile-run %t.mlir --input %t.x.npy | FileCheck %s

// x = [[1, 2, 3], [2, -1, 1]]; W = [[1, 2, 3, 4], [0.5, -1, 0, 2], [-2, 1, 1, 0]]
// x W: row 0 = [1 + 1 - 6, 2 - 2 + 3, 3 + 0 + 3, 4 + 4 + 0] = [-4, 3, 6, 8],
//      row 1 = [2 - 0.5 - 2, 4 + 1 + 1, 6 + 0 + 1, 8 - 2 + 0] = [-0.5, 6, 7, 6];
// + b = [[-3.5, 2.5, 7, 0], [0, 5.5, 8, -2]]; relu clamps the negatives.
// CHECK: result #0: tensor<2x4xf32> = {{\[\[}}0, 2.5, 7, 0], [0, 5.5, 8, 0]]
