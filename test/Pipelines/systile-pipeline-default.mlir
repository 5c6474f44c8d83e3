// RUN: systile-opt %s --systile-pipeline | FileCheck %s
// RUN: systile-opt %s --systile-pipeline --systile-report-utilization -verify-diagnostics -o /dev/null
// RUN: systile-opt %s --pass-pipeline="builtin.module(systile-pipeline{mxu=256})" | FileCheck %s --check-prefix=MXU256

// Default options: geometry (8, 128, 128), precision f32.
// 300x200 @ 200x130: ceil(200/128) = 2 by ceil(130/128) = 2 = 4 loads;
// Mpad = 304: issued 4 * 304*128*128 = 19922944; logical 300*200*130 =
// 7800000; padding 12122944; 7800000/19922944 = 39.1508%.
// With mxu = 256: 1 load, issued 304*256*256 = 19922944 as well.
// expected-remark @below {{total: logical_macs=7800105 issued_macs=20054016 padding_macs=12253911 weight_loads=5 skipped_loads=0 utilization=38.8955%}}
module {

// CHECK-LABEL: func.func @big
// CHECK-COUNT-4: systile.mxu_matmul
// CHECK-NOT: precision
// CHECK: return
// MXU256-LABEL: func.func @big
// MXU256: systile.mxu_matmul {{.*}} [0, 0] : !systile.tiled<300x200xf32, #systile.geometry<8x128, mxu = 256>>
// MXU256-NOT: systile.mxu_matmul
// MXU256-LABEL: func.func @rfc_example
func.func @big(%a: tensor<300x200xf32>, %b: tensor<200x130xf32>, %c: tensor<300x130xf32>) -> tensor<300x130xf32> {
  // expected-remark @below {{utilization: logical_macs=7800000 issued_macs=19922944 padding_macs=12122944 weight_loads=4 skipped_loads=0 utilization=39.1508%}}
  %d = linalg.matmul ins(%a, %b : tensor<300x200xf32>, tensor<200x130xf32>) outs(%c : tensor<300x130xf32>) -> tensor<300x130xf32>
  return %d : tensor<300x130xf32>
}

// RFC 8's example, 3x5 @ 5x7: 1 load, 105 of 131072 MACs, 0.0801%.
// CHECK-LABEL: func.func @rfc_example
// CHECK: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 0] : !systile.tiled<3x5xf32>, !systile.tiled<5x7xf32> -> !systile.tiled<3x7xf32>
func.func @rfc_example(%a: tensor<3x5xf32>, %b: tensor<5x7xf32>, %c: tensor<3x7xf32>) -> tensor<3x7xf32> {
  // expected-remark @below {{utilization: logical_macs=105 issued_macs=131072 padding_macs=130967 weight_loads=1 skipped_loads=0 utilization=0.0801%}}
  %d = linalg.matmul ins(%a, %b : tensor<3x5xf32>, tensor<5x7xf32>) outs(%c : tensor<3x7xf32>) -> tensor<3x7xf32>
  return %d : tensor<3x7xf32>
}

}
