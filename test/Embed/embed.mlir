// The examples/embed downstream compiler, built by scripts/test.sh against
// the installed Systile CMake package, lowers this file with its own
// PassManager on geometry (2, 4, 4), precision bf16.
// REQUIRES: embed-demo
// RUN: %systile_obj_root/embed/systile-embed-demo %s 2>&1 | FileCheck %s
// RUN: not %systile_obj_root/embed/systile-embed-demo %s 0 2>&1 | FileCheck %s --check-prefix=BAD

// 3x6 @ 6x5: 2 x 2 loads; Mpad = 4, issued 4 * 4*16 = 256, logical 90.
// CHECK: remark: utilization: logical_macs=90 issued_macs=256 padding_macs=166 weight_loads=4 skipped_loads=0 utilization=35.1562%
// CHECK-LABEL: func.func @mm
// CHECK-COUNT-4: systile.mxu_matmul {{.*}} precision = bf16 : !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>
// CHECK: systile.unpack
// BAD: error: convert-linalg-to-systile: sublanes, lanes and mxu must be positive, got sublanes=2 lanes=4 mxu=0
func.func @mm(%a: tensor<3x6xf32>, %b: tensor<6x5xf32>, %c: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %d = linalg.matmul ins(%a, %b : tensor<3x6xf32>, tensor<6x5xf32>) outs(%c : tensor<3x5xf32>) -> tensor<3x5xf32>
  return %d : tensor<3x5xf32>
}
