// cf.assert, in the form torch-mlir gives nn.Embedding (the index bounds
// checked inside the gather's linalg.generic) and at function level: a
// true condition does nothing, a false one is an error at the assert with
// its message, and exit 1. The same after systile-pipeline, which leaves
// the gather (and its asserts) as it is.
//
// RUN: systile-run %s --entry embedding | FileCheck %s --check-prefix=OK
// RUN: not systile-run %s --entry embedding_out_of_range 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: not systile-run %s --entry embedding_negative 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: systile-run %s --entry scalar_ok | FileCheck %s --check-prefix=SCALAR
// RUN: not systile-run %s --entry scalar_fail 2>&1 | FileCheck %s --check-prefix=SCALAR-FAIL
// RUN: systile-opt %s --systile-pipeline="sublanes=2 lanes=4 mxu=4" -o %t.mlir
// RUN: systile-run %t.mlir --entry embedding | FileCheck %s --check-prefix=OK
// RUN: not systile-run %t.mlir --entry embedding_out_of_range 2>&1 | FileCheck %s --check-prefix=RANGE-AFTER

// Rows 4, 0, 2 and 1 of [[0, 1, 2], [3, 4, 5], ..., [12, 13, 14]].
// OK: result #0: tensor<4x3xf32> = {{\[\[}}12, 13, 14], [0, 1, 2], [6, 7, 8], [3, 4, 5]]
// RANGE: cf-assert.mlir:[[@LINE+16]]:5: error: assertion failed: index must be smaller than dim size
// RANGE: systile-run: error: executing @embedding_out_of_range
// RANGE-AFTER: error: assertion failed: index must be smaller than dim size
// NEGATIVE: cf-assert.mlir:[[@LINE+15]]:5: error: assertion failed: index must be larger or equal to 0
// SCALAR: result #0: i64 = 6
// SCALAR-FAIL: cf-assert.mlir:[[@LINE+44]]:3: error: assertion failed: n must be positive

func.func private @gather(%weight: tensor<5x3xf32>, %ids: tensor<4xi64>) -> tensor<4x3xf32> {
  %c0_i64 = arith.constant 0 : i64
  %c5_i64 = arith.constant 5 : i64
  %empty = tensor.empty() : tensor<4x3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<4xi64>) outs(%empty : tensor<4x3xf32>) {
  ^bb0(%in: i64, %out: f32):
    %idx = arith.index_cast %in : i64 to index
    %j = linalg.index 1 : index
    %lt = arith.cmpi slt, %in, %c5_i64 : i64
    cf.assert %lt, "index must be smaller than dim size"
    %ge = arith.cmpi sge, %in, %c0_i64 : i64
    cf.assert %ge, "index must be larger or equal to 0"
    %e = tensor.extract %weight[%idx, %j] : tensor<5x3xf32>
    linalg.yield %e : f32
  } -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

func.func @embedding() -> tensor<4x3xf32> {
  %w = arith.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0], [12.0, 13.0, 14.0]]> : tensor<5x3xf32>
  %ids = arith.constant dense<[4, 0, 2, 1]> : tensor<4xi64>
  %r = call @gather(%w, %ids) : (tensor<5x3xf32>, tensor<4xi64>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

func.func @embedding_out_of_range() -> tensor<4x3xf32> {
  %w = arith.constant dense<1.0> : tensor<5x3xf32>
  %ids = arith.constant dense<[4, 0, 7, 1]> : tensor<4xi64>
  %r = call @gather(%w, %ids) : (tensor<5x3xf32>, tensor<4xi64>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

func.func @embedding_negative() -> tensor<4x3xf32> {
  %w = arith.constant dense<1.0> : tensor<5x3xf32>
  %ids = arith.constant dense<[4, -1, 2, 1]> : tensor<4xi64>
  %r = call @gather(%w, %ids) : (tensor<5x3xf32>, tensor<4xi64>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

func.func private @twice(%n: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %positive = arith.cmpi sgt, %n, %c0 : i64
  cf.assert %positive, "n must be positive"
  %r = arith.addi %n, %n : i64
  return %r : i64
}

func.func @scalar_ok() -> i64 {
  %c3 = arith.constant 3 : i64
  %r = call @twice(%c3) : (i64) -> i64
  return %r : i64
}

func.func @scalar_fail() -> i64 {
  %c0 = arith.constant 0 : i64
  %r = call @twice(%c0) : (i64) -> i64
  return %r : i64
}
