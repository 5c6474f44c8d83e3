// A matmul whose accumulator is known +0 when it runs gets flag 4 in its
// info array (the runtime then does not read it): a zero systile.constant,
// or a splat of +0 that no op writes before it. A splat of -0 keeps flag
// 0; of two matmuls reading one splat, the second accumulates in place
// (the first still reads the splat: unmarked, but correct either way).
//
// RUN: systile-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --convert-systile-to-runtime | FileCheck %s

!t = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>

// The five matmuls' info arrays: precision, then the flags (1
// rhs_transposed, 2 flush_subnormals, 4 accumulator known zero).
// CHECK-DAG: memref.global "private" constant @[[CONST:__systile_info[_0-9]*]] : memref<25xi64> = dense<[1, 4, -1, -1, 2, 3, 5,
// CHECK-DAG: memref.global "private" constant @[[SPLAT:__systile_info[_0-9]*]] : memref<25xi64> = dense<[0, 5, -1, -1, 2, 3, 5,
// CHECK-DAG: memref.global "private" constant @[[NEG:__systile_info[_0-9]*]] : memref<25xi64> = dense<[0, 0, -1, -1, 2, 3, 5,
// CHECK-DAG: memref.global "private" constant @[[FIRST:__systile_info[_0-9]*]] : memref<25xi64> = dense<[1, 2, -1, -1, 2, 3, 5,
// CHECK-DAG: memref.global "private" constant @[[SECOND:__systile_info[_0-9]*]] : memref<25xi64> = dense<[0, 4, -1, -1, 2, 3, 5,
// CHECK-LABEL: func.func @accumulators(
// CHECK: memref.get_global @[[CONST]]
// CHECK: memref.get_global @[[SPLAT]]
// CHECK: memref.get_global @[[NEG]]
// CHECK: memref.get_global @[[FIRST]]
// CHECK: memref.get_global @[[SECOND]]
func.func @accumulators(%a: tensor<3x5xf32>, %b: tensor<5x5xf32>) -> (tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>) {
  %x = systile.pack %a : tensor<3x5xf32> -> !t
  %w = systile.pack %b : tensor<5x5xf32> -> !systile.tiled<5x5xf32, #systile.geometry<2x4, mxu = 4>>
  %zero = systile.constant dense<0.0> : tensor<32xf32> -> !t
  %m0 = systile.matmul %x, %w, %zero precision = bf16 : !t, !systile.tiled<5x5xf32, #systile.geometry<2x4, mxu = 4>> -> !t
  // rhs_transposed (1) and flag 4.
  %pz = arith.constant 0.0 : f32
  %s = systile.splat %pz : !t
  %m1 = systile.matmul %x, %w, %s rhs_transposed : !t, !systile.tiled<5x5xf32, #systile.geometry<2x4, mxu = 4>> -> !t
  %nz = arith.constant -0.0 : f32
  %n = systile.splat %nz : !t
  %m2 = systile.matmul %x, %w, %n : !t, !systile.tiled<5x5xf32, #systile.geometry<2x4, mxu = 4>> -> !t
  // precision bf16 (1) with flush_subnormals (2); the splat is read twice.
  %s2 = systile.splat %pz : !t
  %m3 = systile.matmul %x, %w, %s2 precision = bf16 flush_subnormals : !t, !systile.tiled<5x5xf32, #systile.geometry<2x4, mxu = 4>> -> !t
  %m4 = systile.matmul %x, %w, %s2 : !t, !systile.tiled<5x5xf32, #systile.geometry<2x4, mxu = 4>> -> !t
  %u0 = systile.unpack %m0 : !t -> tensor<3x5xf32>
  %u1 = systile.unpack %m1 : !t -> tensor<3x5xf32>
  %u2 = systile.unpack %m2 : !t -> tensor<3x5xf32>
  %u3 = systile.unpack %m3 : !t -> tensor<3x5xf32>
  %u4 = systile.unpack %m4 : !t -> tensor<3x5xf32>
  return %u0, %u1, %u2, %u3, %u4 : tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>
}
