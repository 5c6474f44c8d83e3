// RUN: systile-opt %s --systile-pipeline="sublanes=2 lanes=4 mxu=4 precision=bf16" | FileCheck %s
// RUN: systile-opt %s --systile-pipeline="sublanes=2 lanes=4 mxu=4 precision=bf16" --systile-report-utilization -verify-diagnostics --mlir-disable-threading -o /dev/null
// RUN: systile-opt %s --systile-pipeline="sublanes=2 lanes=4 mxu=4 fold-zero-tiles=false" | FileCheck %s --check-prefix=NOFOLD
// The -verify-diagnostics run is single-threaded. Multithreaded, under
// ASan on a loaded 2-core machine, it lost the remark of @dynamic (the one
// remark emitted from a pass-manager worker thread, by
// convert-linalg-to-systile) in 7 of 600 runs: neither matched nor
// printed as unexpected, although the pass's matmuls-left counter
// (--mlir-pass-statistics) shows it was emitted, so it was lost on its way
// from the worker thread to the verifier. Single-threaded, that remark
// reaches the verifier directly, and 700 runs under the same load lost none.

// The whole pipeline on geometry (2, 4, 4). The number of mxu_matmul ops is
// RFC 8's weight loads minus the folded all-zero blocks, and the remarks'
// figures, worked out by hand, follow RFC 8 for the blocks left.

// Module total: logical 270 + 150 + 24 = 444, issued 576 + 384 + 32 = 992,
// padding 548, loads 6 + 4 + 1 = 11, skipped 2, 444/992 = 44.7581%.
// expected-remark @below {{total: logical_macs=444 issued_macs=992 padding_macs=548 weight_loads=11 skipped_loads=2 utilization=44.7581%}}
module {

// 5x9 @ 9x6: ceil(9/4) = 3 by ceil(6/4) = 2 = 6 loads, none foldable.
// Mpad = 6: issued 6 * 6*16 = 576, logical 5*9*6 = 270, 46.8750%.
// CHECK-LABEL: func.func @dense
// CHECK: systile.pack %{{.*}} : tensor<5x9xf32> -> !systile.tiled<5x9xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK-COUNT-6: systile.mxu_matmul {{.*}} precision = bf16
// CHECK-NOT: systile.mxu_matmul
// CHECK: systile.unpack
// CHECK-NOT: linalg.matmul
// NOFOLD-LABEL: func.func @dense
// NOFOLD-COUNT-6: systile.mxu_matmul
func.func @dense(%a: tensor<5x9xf32>, %b: tensor<9x6xf32>, %c: tensor<5x6xf32>) -> tensor<5x6xf32> {
  // expected-remark @below {{utilization: logical_macs=270 issued_macs=576 padding_macs=306 weight_loads=6 skipped_loads=0 utilization=46.8750%}}
  %d = linalg.matmul ins(%a, %b : tensor<5x9xf32>, tensor<9x6xf32>) outs(%c : tensor<5x6xf32>) -> tensor<5x6xf32>
  return %d : tensor<5x6xf32>
}

// The same shapes with a constant rhs whose blocks (1, 0) (rows 4-7, cols
// 0-3) and (0, 1) (rows 0-3, cols 4-5) are all zero: 6 - 2 = 4 loads left,
// (0,0), (2,0), (1,1), (2,1). Logical 5*4*4 + 5*1*4 + 5*4*2 + 5*1*2 = 150,
// issued 4 * 96 = 384, 39.0625%.
// CHECK-LABEL: func.func @sparse
// CHECK: %[[B:.*]] = systile.constant
// CHECK: %[[R0:.*]] = systile.mxu_matmul %{{.*}}, %[[B]], %{{.*}} [0, 0]
// CHECK-NEXT: %[[R1:.*]] = systile.mxu_matmul %{{.*}}, %[[B]], %[[R0]] [2, 0]
// CHECK-NEXT: %[[R2:.*]] = systile.mxu_matmul %{{.*}}, %[[B]], %[[R1]] [1, 1]
// CHECK-NEXT: %[[R3:.*]] = systile.mxu_matmul %{{.*}}, %[[B]], %[[R2]] [2, 1]
// CHECK-NEXT: systile.unpack %[[R3]]
// NOFOLD-LABEL: func.func @sparse
// NOFOLD-COUNT-6: systile.mxu_matmul
func.func @sparse(%a: tensor<5x9xf32>, %c: tensor<5x6xf32>) -> tensor<5x6xf32> {
  %b = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 0.0, 0.0],
                             [7.0, 1.0, 2.0, 3.0, 0.0, 0.0],
                             [6.0, 7.0, 1.0, 2.0, 0.0, 0.0],
                             [5.0, 6.0, 7.0, 1.0, 0.0, 0.0],
                             [0.0, 0.0, 0.0, 0.0, 1.0, 2.0],
                             [0.0, 0.0, 0.0, 0.0, 7.0, 1.0],
                             [0.0, 0.0, 0.0, 0.0, 6.0, 7.0],
                             [0.0, 0.0, 0.0, 0.0, 5.0, 6.0],
                             [7.0, 1.0, 2.0, 3.0, 4.0, 5.0]]> : tensor<9x6xf32>
  // expected-remark @below {{utilization: logical_macs=150 issued_macs=384 padding_macs=234 weight_loads=4 skipped_loads=2 utilization=39.0625%}}
  %d = linalg.matmul ins(%a, %b : tensor<5x9xf32>, tensor<9x6xf32>) outs(%c : tensor<5x6xf32>) -> tensor<5x6xf32>
  return %d : tensor<5x6xf32>
}

// i8: 2x3 @ 3x4 is one load; Mpad = 2, issued 2*16 = 32, logical 24, 75%.
// Precision does not apply to integers.
// CHECK-LABEL: func.func @int8
// CHECK: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 0] : !systile.tiled<2x3xi8, #systile.geometry<2x4, mxu = 4>>
func.func @int8(%a: tensor<2x3xi8>, %b: tensor<3x4xi8>, %c: tensor<2x4xi32>) -> tensor<2x4xi32> {
  // expected-remark @below {{utilization: logical_macs=24 issued_macs=32 padding_macs=8 weight_loads=1 skipped_loads=0 utilization=75.0000%}}
  %d = linalg.matmul ins(%a, %b : tensor<2x3xi8>, tensor<3x4xi8>) outs(%c : tensor<2x4xi32>) -> tensor<2x4xi32>
  return %d : tensor<2x4xi32>
}

// A matmul it cannot lower stays, with its remark: a dynamic contraction
// depth is no batch.
// CHECK-LABEL: func.func @dynamic
// CHECK: linalg.matmul
func.func @dynamic(%a: tensor<4x?xf32>, %b: tensor<?x?xf32>, %c: tensor<4x6xf32>) -> tensor<4x6xf32> {
  // expected-remark @below {{linalg.matmul not lowered to systile: an operand has dynamic dimensions}}
  %d = linalg.matmul ins(%a, %b : tensor<4x?xf32>, tensor<?x?xf32>) outs(%c : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %d : tensor<4x6xf32>
}

}
