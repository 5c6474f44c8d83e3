// End to end: linalg.matmul on f32 -> systile-pipeline (2x4 tiles, mxu 4)
// -> systile-run. Expected values are computed by hand; all are integers
// (or exact bf16 roundings), so every summation order gives them.
//
// RUN: %python %S/Inputs/npy_tool.py %t.a.npy f32 3x6 1,1,1,1,1,1,2,2,2,2,2,2,3,3,3,3,3,3
// RUN: %python %S/Inputs/npy_tool.py %t.c.npy f32 3x5 0,0,0,0,0,100,100,100,100,100,200,200,200,200,200
// RUN: systile-opt %s --systile-pipeline="sublanes=2 lanes=4 mxu=4 precision=bf16 fold-zero-tiles=true" -o %t.lowered.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.lowered.mlir
// RUN: systile-run %t.lowered.mlir --input %t.a.npy --input %t.c.npy --stats --output %t.d.npy | FileCheck %s
// RUN: systile-run %t.lowered.mlir --entry bf16_rounding | FileCheck %s --check-prefix=ROUND
// RUN: systile-run %s --entry bf16_rounding | FileCheck %s --check-prefix=LINALG
// RUN: systile-run %t.lowered.mlir --entry bias_relu | FileCheck %s --check-prefix=RELU
// The --output file holds the printed values.
// RUN: systile-run %t.lowered.mlir --input %t.a.npy --input %t.c.npy --expect %t.d.npy | FileCheck %s --check-prefix=EXPECT

// IR-LABEL: func.func @main
// IR-COUNT-4: systile.mxu_matmul
// IR-NOT: linalg.matmul

// A is 3x6 with row i all (i + 1); B[k][j] = k + j; C[i][j] = 100 * i, so
// D[i][j] = (i + 1) * (15 + 6 j) + 100 i. K = 6 and N = 5 make 2 x 2 weight
// loads; M = 3 pads to 4 rows: issued = 4 loads * 4 * 4 * 4 = 256,
// logical = 3 * 6 * 5 = 90.
// CHECK: result #0: tensor<3x5xf32> = {{\[\[}}15, 21, 27, 33, 39], [130, 142, 154, 166, 178], [245, 263, 281, 299, 317]]
// CHECK-NEXT: utilization: logical_macs=90 issued_macs=256 padding_macs=166 weight_loads=4 skipped_loads=0 utilization=35.156{{[23]}}%
// CHECK-NEXT: total: logical_macs=90 issued_macs=256 padding_macs=166 weight_loads=4 skipped_loads=0 utilization=35.156{{[23]}}%
// EXPECT: expect: result #0 matches {{.*}}d.npy (0 of 15 elements differ, max ulp 0)
func.func @main(%a: tensor<3x6xf32>, %c: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %b = arith.constant dense<[[0., 1., 2., 3., 4.], [1., 2., 3., 4., 5.],
                             [2., 3., 4., 5., 6.], [3., 4., 5., 6., 7.],
                             [4., 5., 6., 7., 8.], [5., 6., 7., 8., 9.]]> : tensor<6x5xf32>
  %d = linalg.matmul ins(%a, %b : tensor<3x6xf32>, tensor<6x5xf32>)
                     outs(%c : tensor<3x5xf32>) -> tensor<3x5xf32>
  return %d : tensor<3x5xf32>
}

// precision = bf16 rounds the inputs first: 1.00390625 = 1 + 2^-8 is the
// midpoint of bf16's 1 and 1 + 2^-7 and rounds to even, 1; 1.01171875 =
// 1 + 3 * 2^-8 rounds up to 1 + 2^-6 = 1.015625. So
// [1.00390625, 1.01171875] x [[3], [2]] = 1 * 3 + 1.015625 * 2 = 5.03125,
// while linalg.matmul's own (f32) semantics give 3.01171875 + 2.0234375 =
// 5.03515625 (printed in its shortest round-trip form, 5.0351562).
// ROUND: result #0: tensor<1x1xf32> = {{\[\[}}5.03125]]
// LINALG: result #0: tensor<1x1xf32> = {{\[\[}}5.0351562]]
func.func @bf16_rounding() -> tensor<1x1xf32> {
  %a = arith.constant dense<[[1.00390625, 1.01171875]]> : tensor<1x2xf32>
  %b = arith.constant dense<[[3.0], [2.0]]> : tensor<2x1xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1xf32>) -> tensor<1x1xf32>
  %d = linalg.matmul ins(%a, %b : tensor<1x2xf32>, tensor<2x1xf32>)
                     outs(%c : tensor<1x1xf32>) -> tensor<1x1xf32>
  return %d : tensor<1x1xf32>
}

// What a user puts around a matmul: x W + bias, then relu (maximumf with 0)
// and a truncation to bf16. x = [[1, -2], [3, 4]], W = [[1, 2], [3, 4]]:
// x W = [[-5, -6], [15, 22]]; + [[0.5, 0.5]] -> [[-4.5, -5.5], [15.5, 22.5]];
// relu -> [[0, 0], [15.5, 22.5]]. All exact in bf16.
// RELU: result #0: tensor<2x2xf32> = {{\[\[}}0, 0], [15.5, 22.5]]
// RELU: result #1: tensor<2x2xbf16> = {{\[\[}}0, 0], [15.5, 22.5]]
func.func @bias_relu() -> (tensor<2x2xf32>, tensor<2x2xbf16>) {
  %x = arith.constant dense<[[1.0, -2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %w = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %bias = arith.constant dense<0.5> : tensor<2x2xf32>
  %zeros = arith.constant dense<0.0> : tensor<2x2xf32>
  %e = tensor.empty() : tensor<2x2xf32>
  %zero = arith.constant 0.0 : f32
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<2x2xf32>, tensor<2x2xf32>)
                      outs(%c : tensor<2x2xf32>) -> tensor<2x2xf32>
  %biased = arith.addf %mm, %bias : tensor<2x2xf32>
  %relu = arith.maximumf %biased, %zeros : tensor<2x2xf32>
  %half = arith.truncf %relu : tensor<2x2xf32> to tensor<2x2xbf16>
  return %relu, %half : tensor<2x2xf32>, tensor<2x2xbf16>
}
