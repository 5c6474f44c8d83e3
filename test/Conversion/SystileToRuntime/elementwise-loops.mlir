// systile.elementwise becomes loops over matrices, rows, column tiles and
// the run of at most `lanes` slots of one tile row (contiguous in every
// operand's storage). An f32 math.tanh cuts the region: the slots' tanh
// inputs go to a buffer of `lanes` slots, systile_tanh_f32 (the
// interpreter's vector tanh) computes the run at once, and the next loop
// reads its results and the earlier values it needs from their buffers.
//
// RUN: systile-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --convert-systile-to-runtime | FileCheck %s

!t = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>

// CHECK-DAG: func.func private @systile_tanh_f32(memref<?xf32>, memref<?xf32>, index) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @gelu_like(
// Buffers of 4 slots (the lanes): the tanh input, its result and the
// earlier value the second part reads.
// CHECK-DAG: %[[X:.*]] = memref.alloc() : memref<4xf32>
// CHECK-DAG: %[[Y:.*]] = memref.alloc() : memref<4xf32>
// CHECK-DAG: %[[H:.*]] = memref.alloc() : memref<4xf32>
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: %[[N:.*]] = arith.minui
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %[[N]]
// CHECK:   arith.mulf
// CHECK:   memref.store %{{.*}}, %{{.*}}[%[[J]]] : memref<4xf32>
// CHECK:   arith.addf
// CHECK:   memref.store %{{.*}}, %{{.*}}[%[[J]]] : memref<4xf32>
// CHECK: }
// CHECK-NOT: math.tanh
// CHECK: call @systile_tanh_f32(%{{.*}}, %{{.*}}, %[[N]])
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %[[N]]
// CHECK:   memref.load %{{.*}}[%[[K]]] : memref<4xf32>
// CHECK:   memref.load %{{.*}}[%[[K]]] : memref<4xf32>
// CHECK:   arith.mulf
// CHECK:   memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<32xf32>
func.func @gelu_like(%a: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %x = systile.pack %a : tensor<3x5xf32> -> !t
  %y = systile.elementwise ins(%x : !t) -> !t {
  ^bb0(%v: f32):
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %h = arith.mulf %v, %half : f32
    %s = arith.addf %h, %v : f32
    %t = math.tanh %s : f32
    %p = arith.addf %t, %one : f32
    %r = arith.mulf %h, %p : f32
    systile.yield %r : f32
  }
  %u = systile.unpack %y : !t -> tensor<3x5xf32>
  return %u : tensor<3x5xf32>
}

// An f64 tanh stays in the loop (the C library's tanh, per slot).
// CHECK-LABEL: func.func @scalar_tanh(
// CHECK-NOT: systile_tanh_f32
// CHECK: math.tanh %{{.*}} : f64
func.func @scalar_tanh(%a: tensor<3x5xf64>) -> tensor<3x5xf64> {
  %x = systile.pack %a : tensor<3x5xf64> -> !systile.tiled<3x5xf64, #systile.geometry<2x4, mxu = 4>>
  %y = systile.elementwise ins(%x : !systile.tiled<3x5xf64, #systile.geometry<2x4, mxu = 4>>) -> !systile.tiled<3x5xf64, #systile.geometry<2x4, mxu = 4>> {
  ^bb0(%v: f64):
    %t = math.tanh %v : f64
    systile.yield %t : f64
  }
  %u = systile.unpack %y : !systile.tiled<3x5xf64, #systile.geometry<2x4, mxu = 4>> -> tensor<3x5xf64>
  return %u : tensor<3x5xf64>
}
