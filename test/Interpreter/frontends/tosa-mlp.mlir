// A TOSA MLP (tosa.matmul, tosa.add with a broadcast bias, tosa.clamp as
// ReLU) lowered by upstream's tosa-to-linalg passes, then run. Bit-exact
// against a numpy model of upstream's sequential-k order.
//
// Also run after systile-pipeline (precision=f32), within 1e-5 of max |ref|.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: mlir-opt %s --pass-pipeline="builtin.module(func.func(tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,tosa-to-tensor))" -o %t/lowered.mlir
// RUN: FileCheck %s --check-prefix=IR < %t/lowered.mlir
// RUN: %python %S/Inputs/frontend.py tosa_mlp --mlir %t/lowered.mlir --lowered \
// RUN:   --bin-dir %systile_obj_root/bin --work-dir %t | FileCheck %s
// IR: linalg.batch_matmul
// IR: linalg.generic
// IR-NOT: tosa.
// CHECK: ok tosa mlp: exact
// CHECK: ok tosa mlp after systile-pipeline: max error
// CHECK: PASS

func.func @main(%x: tensor<1x8x64xf32>, %w1: tensor<1x64x96xf32>, %b1: tensor<1x1x96xf32>,
                %w2: tensor<1x96x32xf32>, %b2: tensor<1x1x32xf32>) -> tensor<1x8x32xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %0 = tosa.matmul %x, %w1, %zp, %zp : (tensor<1x8x64xf32>, tensor<1x64x96xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x96xf32>
  %1 = tosa.add %0, %b1 : (tensor<1x8x96xf32>, tensor<1x1x96xf32>) -> tensor<1x8x96xf32>
  %2 = tosa.clamp %1 {min_val = 0.0 : f32, max_val = 3.40282347E+38 : f32} : (tensor<1x8x96xf32>) -> tensor<1x8x96xf32>
  %3 = tosa.matmul %2, %w2, %zp, %zp : (tensor<1x8x96xf32>, tensor<1x96x32xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x32xf32>
  %4 = tosa.add %3, %b2 : (tensor<1x8x32xf32>, tensor<1x1x32xf32>) -> tensor<1x8x32xf32>
  return %4 : tensor<1x8x32xf32>
}
