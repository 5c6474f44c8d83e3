// Translation validation: --compare-after runs the entry function on the
// input (linalg.matmul's sequential-k semantics) and after the pipeline
// (RFC 6's blocked order) and reports per result how many elements differ
// and the largest ULP distance.
//
// RUN: systile-run %s --entry small_k --compare-after="systile-pipeline{sublanes=2 lanes=4 mxu=4 precision=f32}" | FileCheck %s --check-prefix=SMALL
// RUN: systile-run %s --entry acc_order --compare-after="systile-pipeline{sublanes=2 lanes=4 mxu=4 precision=f32}" --stats | FileCheck %s --check-prefix=ORDER
// RUN: systile-run %s --entry int8 --compare-after="builtin.module(systile-pipeline{sublanes=2 lanes=4 mxu=4})" --max-ulp 0 | FileCheck %s --check-prefix=INT
// RUN: %python %S/Inputs/expect_exit.py 1 systile-run %s --entry acc_order --compare-after="systile-pipeline{sublanes=2 lanes=4 mxu=4 precision=f32}" --max-ulp 3 | FileCheck %s --check-prefix=TOLERANCE
// RUN: %python %S/Inputs/expect_exit.py 1 systile-run %s --entry small_k --compare-after="no-such-pass" | FileCheck %s --check-prefix=BADPIPE

// K = 3 <= mxu and a zero accumulator: the two orders coincide.
// [0.5, 0.25, 1] . [1, 2, 0] = 1; . [0.5, 1, 1.75] = 0.25 + 0.25 + 1.75;
// [1, -1, 0.5] . [1, 2, 0] = -1; . [0.5, 1, 1.75] = 0.5 - 1 + 0.875.
// SMALL: result #0: tensor<2x2xf32> = {{\[\[}}1, 2.25], [-1, 0.375]]
// SMALL: compare: result #0: 0 of 4 elements differ, max ulp 0
func.func @small_k() -> tensor<2x2xf32> {
  %a = arith.constant dense<[[0.5, 0.25, 1.0], [1.0, -1.0, 0.5]]> : tensor<2x3xf32>
  %b = arith.constant dense<[[1.0, 0.5], [2.0, 1.0], [0.0, 1.75]]> : tensor<3x2xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x2xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %d = linalg.matmul ins(%a, %b : tensor<2x3xf32>, tensor<3x2xf32>)
                     outs(%c : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %d : tensor<2x2xf32>
}

// acc = 2^24 and eight products of 1: one by one, each 2^24 + 1 rounds back
// to 2^24 (a tie, to even); blocked (mxu 4), the partial sums 4 and 4 are
// added: 2^24 + 8. The spacing of floats at 2^24 is 2, so that is 4 ulp.
// ORDER: result #0: tensor<1x1xf32> = {{\[\[}}16777224]]
// ORDER: compare: result #0: 1 of 1 elements differ, max ulp 4
// ORDER: utilization: logical_macs=8 issued_macs=64 padding_macs=56 weight_loads=2 skipped_loads=0 utilization=12.5000%
// TOLERANCE: systile-run: error: result #0 differs after 'systile-pipeline{sublanes=2 lanes=4 mxu=4 precision=f32}' by up to 4 ulp (> --max-ulp 3); worst at [0, 0]: after 16777224 (0x4b800004), before 16777216 (0x4b800000)
func.func @acc_order() -> tensor<1x1xf32> {
  %a = arith.constant dense<1.0> : tensor<1x8xf32>
  %b = arith.constant dense<1.0> : tensor<8x1xf32>
  %c = arith.constant dense<16777216.0> : tensor<1x1xf32>
  %d = linalg.matmul ins(%a, %b : tensor<1x8xf32>, tensor<8x1xf32>)
                     outs(%c : tensor<1x1xf32>) -> tensor<1x1xf32>
  return %d : tensor<1x1xf32>
}

// Integers agree whatever the order. Row 0: -2 and 5 + 20 + 60 + 20 + 30 =
// 135; row 1 is its negation plus C: 2 - 258, -135 + 373.
// INT: result #0: tensor<2x2xi32> = {{\[\[}}-2, 135], [-256, 238]]
// INT: compare: result #0: 0 of 4 elements differ, max ulp 0
func.func @int8() -> tensor<2x2xi32> {
  %a = arith.constant dense<[[1, 2, 3, 4, 5], [-1, -2, -3, -4, -5]]> : tensor<2x5xi8>
  %b = arith.constant dense<[[-2, 5], [0, 10], [0, 20], [0, 5], [0, 6]]> : tensor<5x2xi8>
  %c = arith.constant dense<[[0, 0], [-258, 373]]> : tensor<2x2xi32>
  %d = linalg.matmul ins(%a, %b : tensor<2x5xi8>, tensor<5x2xi8>)
                     outs(%c : tensor<2x2xi32>) -> tensor<2x2xi32>
  return %d : tensor<2x2xi32>
}

// BADPIPE: systile-run: error: invalid --compare-after pipeline 'no-such-pass'
