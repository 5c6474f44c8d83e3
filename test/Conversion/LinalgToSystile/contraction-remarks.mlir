// Each reason convert-linalg-to-systile gives for leaving a contraction
// that its structure check (upstream's isaContractionOpInterface and
// inferContractionDims) recognises, one case each; every one is counted in
// matmuls-left. (convert-linalg-to-systile.mlir covers the operand-type
// reasons: memref, dynamic, zero-sized, encoding, element types, overflow;
// batched-contractions.mlir the batch-layout ones.)
//
// RUN: systile-opt %s -split-input-file -verify-diagnostics --convert-linalg-to-systile="sublanes=2 lanes=4 mxu=4" | FileCheck %s
// RUN: systile-opt %s -split-input-file --convert-linalg-to-systile="sublanes=2 lanes=4 mxu=4" --mlir-pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS

// STATS-DAG: 0 matmuls-lowered
// STATS-DAG: 6 matmuls-left

// isaContractionOpInterface looks through any unary op; systile.matmul
// computes exactly out + a * b.
// CHECK-LABEL: func.func @exp_in_body
// CHECK: linalg.generic
func.func @exp_in_body(%a: tensor<3x5xf32>, %b: tensor<5x4xf32>, %c: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-remark @below {{linalg.generic not lowered to systile: its body is not out + a * b (with only a bf16 -> f32 arith.extf or an i8 -> i32 arith.extsi on the inputs), which is what systile.matmul computes}}
  %d = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<3x5xf32>, tensor<5x4xf32>) outs(%c : tensor<3x4xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %e = math.exp %x : f32
    %p = arith.mulf %e, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<3x4xf32>
  return %d : tensor<3x4xf32>
}

// -----

// The product rounded to bf16 before the f32 accumulation is not what
// systile.matmul computes (its products are exact in f32).
// CHECK-LABEL: func.func @bf16_product
// CHECK: linalg.generic
func.func @bf16_product(%a: tensor<3x5xbf16>, %b: tensor<5x4xbf16>, %c: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-remark @below {{linalg.generic not lowered to systile: its body is not out + a * b}}
  %d = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<3x5xbf16>, tensor<5x4xbf16>) outs(%c : tensor<3x4xf32>) {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %p = arith.mulf %x, %y : bf16
    %pe = arith.extf %p : bf16 to f32
    %s = arith.addf %acc, %pe : f32
    linalg.yield %s : f32
  } -> tensor<3x4xf32>
  return %d : tensor<3x4xf32>
}

// -----

// CHECK-LABEL: func.func @zero_extended
// CHECK: linalg.generic
func.func @zero_extended(%a: tensor<3x5xi8>, %b: tensor<5x4xi8>, %c: tensor<3x4xi32>) -> tensor<3x4xi32> {
  // expected-remark @below {{linalg.generic not lowered to systile: it zero-extends its i8 operands (arith.extui, e.g. cast_unsigned); systile's i8 matmul sign-extends}}
  %d = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<3x5xi8>, tensor<5x4xi8>) outs(%c : tensor<3x4xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %xe = arith.extui %x : i8 to i32
    %ye = arith.extsi %y : i8 to i32
    %p = arith.muli %xe, %ye : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<3x4xi32>
  return %d : tensor<3x4xi32>
}

// -----

// The lhs is broadcast along m: m indexes only the output.
// CHECK-LABEL: func.func @broadcast_operand
// CHECK: linalg.matmul
func.func @broadcast_operand(%a: tensor<5xf32>, %b: tensor<5x4xf32>, %c: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-remark @below {{linalg.matmul not lowered to systile: a loop dimension is none of batch, M, N or K (an operand is broadcast along it, or indexes it twice)}}
  %d = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %b : tensor<5xf32>, tensor<5x4xf32>) outs(%c : tensor<3x4xf32>) -> tensor<3x4xf32>
  return %d : tensor<3x4xf32>
}

// -----

// A parallel batch and a reduced batch at once.
// CHECK-LABEL: func.func @batch_and_two_reductions
// CHECK: linalg.generic
func.func @batch_and_two_reductions(%a: tensor<2x2x3x5xf32>, %b: tensor<2x2x5x4xf32>, %c: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  // expected-remark @below {{linalg.generic not lowered to systile: it has 1 batch dimension and 2 reduction dimensions}}
  %d = linalg.generic {indexing_maps = [affine_map<(p, r, m, n, k) -> (p, r, m, k)>, affine_map<(p, r, m, n, k) -> (p, r, k, n)>, affine_map<(p, r, m, n, k) -> (p, m, n)>], iterator_types = ["parallel", "reduction", "parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<2x2x3x5xf32>, tensor<2x2x5x4xf32>) outs(%c : tensor<2x3x4xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x3x4xf32>
  return %d : tensor<2x3x4xf32>
}

// -----

// CHECK-LABEL: func.func @wide_zero_point
// CHECK: linalg.quantized_matmul
func.func @wide_zero_point(%a: tensor<3x5xi8>, %b: tensor<5x4xi8>, %za: i64, %zb: i64, %c: tensor<3x4xi32>) -> tensor<3x4xi32> {
  // expected-remark @below {{linalg.quantized_matmul not lowered to systile: its zero point has type i64; integer scalars of at most 32 bits are lowered}}
  %d = linalg.quantized_matmul ins(%a, %b, %za, %zb : tensor<3x5xi8>, tensor<5x4xi8>, i64, i64) outs(%c : tensor<3x4xi32>) -> tensor<3x4xi32>
  return %d : tensor<3x4xi32>
}
