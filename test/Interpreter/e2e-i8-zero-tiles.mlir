// End to end on i8 and on all-zero weight blocks: linalg.matmul ->
// systile-pipeline (2x4 tiles, mxu 4) -> systile-run, values by hand.
//
// RUN: systile-opt %s --systile-pipeline="sublanes=2 lanes=4 mxu=4 precision=f32 fold-zero-tiles=true" -o %t.lowered.mlir
// RUN: systile-run %t.lowered.mlir --entry int8 --stats | FileCheck %s --check-prefix=I8
// RUN: systile-run %t.lowered.mlir --entry wrap | FileCheck %s --check-prefix=WRAP
// RUN: systile-run %t.lowered.mlir --entry static_zero --stats | FileCheck %s --check-prefix=STATIC
// RUN: %python %S/Inputs/npy_tool.py %t.b.npy f32 8x4 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1
// RUN: systile-run %t.lowered.mlir --entry dynamic_zero --input %t.b.npy --stats | FileCheck %s --check-prefix=NOSKIP
// RUN: systile-run %t.lowered.mlir --entry dynamic_zero --input %t.b.npy --stats --skip-zero-blocks | FileCheck %s --check-prefix=SKIP

// A = [[1, -2, 3], [-4, 5, -6]], B = [[7, -8], [-9, 10], [11, -12]]:
// A B = [[7 + 18 + 33, -8 - 20 - 36], [-28 - 45 - 66, 32 + 50 + 72]]
//     = [[58, -64], [-139, 154]]; C adds [[0, 1], [2147483647, -1]]:
// [[58, -63], [2147483508, 153]].
// I8: result #0: tensor<2x2xi32> = {{\[\[}}58, -63], [2147483508, 153]]
// I8: utilization: logical_macs=12 issued_macs=32 padding_macs=20 weight_loads=1 skipped_loads=0 utilization=37.5000%
func.func @int8() -> tensor<2x2xi32> {
  %a = arith.constant dense<[[1, -2, 3], [-4, 5, -6]]> : tensor<2x3xi8>
  %b = arith.constant dense<[[7, -8], [-9, 10], [11, -12]]> : tensor<3x2xi8>
  %c = arith.constant dense<[[0, 1], [2147483647, -1]]> : tensor<2x2xi32>
  %d = linalg.matmul ins(%a, %b : tensor<2x3xi8>, tensor<3x2xi8>)
                     outs(%c : tensor<2x2xi32>) -> tensor<2x2xi32>
  return %d : tensor<2x2xi32>
}

// Wrap-around: 127 * 127 * 4 = 64516 added to INT32_MAX wraps to
// -2147483648 + 64515 = -2147419133.
// WRAP: result #0: tensor<1x1xi32> = {{\[\[}}-2147419133]]
func.func @wrap() -> tensor<1x1xi32> {
  %a = arith.constant dense<127> : tensor<1x4xi8>
  %b = arith.constant dense<127> : tensor<4x1xi8>
  %c = arith.constant dense<2147483647> : tensor<1x1xi32>
  %d = linalg.matmul ins(%a, %b : tensor<1x4xi8>, tensor<4x1xi8>)
                     outs(%c : tensor<1x1xi32>) -> tensor<1x1xi32>
  return %d : tensor<1x1xi32>
}

// B is 8x4 (two 4x4 weight blocks), the first all zero and constant:
// systile-fold-zero-tiles erases its load, which --stats reports as
// skipped. A = ones(1x8): D = C + column sums of B's second block
// = [10, 20, 30, 40] + 4.
// STATIC: result #0: tensor<1x4xf32> = {{\[\[}}14, 24, 34, 44]]
// STATIC: utilization: logical_macs=16 issued_macs=32 padding_macs=16 weight_loads=1 skipped_loads=1 utilization=50.0000%
// STATIC: total: logical_macs=16 issued_macs=32 padding_macs=16 weight_loads=1 skipped_loads=1 utilization=50.0000%
func.func @static_zero() -> tensor<1x4xf32> {
  %a = arith.constant dense<1.0> : tensor<1x8xf32>
  %b = arith.constant dense<[[0., 0., 0., 0.], [0., 0., 0., 0.], [0., 0., 0., 0.], [0., 0., 0., 0.],
                             [1., 1., 1., 1.], [1., 1., 1., 1.], [1., 1., 1., 1.], [1., 1., 1., 1.]]> : tensor<8x4xf32>
  %c = arith.constant dense<[[10., 20., 30., 40.]]> : tensor<1x4xf32>
  %d = linalg.matmul ins(%a, %b : tensor<1x8xf32>, tensor<8x4xf32>)
                     outs(%c : tensor<1x4xf32>) -> tensor<1x4xf32>
  return %d : tensor<1x4xf32>
}

// The same B from an .npy file: nothing is known statically, so both loads
// are issued; --skip-zero-blocks skips the zero one at run time.
// NOSKIP: result #0: tensor<1x4xf32> = {{\[\[}}14, 24, 34, 44]]
// NOSKIP: utilization: logical_macs=32 issued_macs=64 padding_macs=32 weight_loads=2 skipped_loads=0 utilization=50.0000%
// SKIP: result #0: tensor<1x4xf32> = {{\[\[}}14, 24, 34, 44]]
// SKIP: utilization: logical_macs=16 issued_macs=32 padding_macs=16 weight_loads=1 skipped_loads=1 utilization=50.0000%
func.func @dynamic_zero(%b: tensor<8x4xf32>) -> tensor<1x4xf32> {
  %a = arith.constant dense<1.0> : tensor<1x8xf32>
  %c = arith.constant dense<[[10., 20., 30., 40.]]> : tensor<1x4xf32>
  %d = linalg.matmul ins(%a, %b : tensor<1x8xf32>, tensor<8x4xf32>)
                     outs(%c : tensor<1x4xf32>) -> tensor<1x4xf32>
  return %d : tensor<1x4xf32>
}
