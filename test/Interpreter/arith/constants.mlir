// arith.constant: scalars of every kind, dense and splat tensors, i1
// elements, and dense_resource blobs from the file's resources section
// (little-endian element bytes after a 4-byte alignment). Values by hand.
//
// RUN: systile-run %s --entry scalars | FileCheck %s --check-prefix=SCALAR
// RUN: systile-run %s --entry tensors | FileCheck %s --check-prefix=TENSOR
// RUN: systile-run %s --entry resources | FileCheck %s --check-prefix=RES
// RUN: systile-run %s --entry repeated | FileCheck %s --check-prefix=REP

// 0.1 : f64 -> f32 is 0.1f; -1 : i64 / index / i16 -> i32 are -1;
// 0x7f7f : bf16 is the largest bf16 (3.3895314e38); true : i1 -> 1.
// SCALAR: result #0: f32 = 0.1
// SCALAR: result #1: i32 = -1
// SCALAR: result #2: i32 = -1
// SCALAR: result #3: i32 = -1
// SCALAR: result #4: bf16 = 3.3895314e+38
// SCALAR: result #5: i8 = 1
// SCALAR: result #6: f32 = 1.5
func.func @scalars() -> (f32, i32, i32, i32, bf16, i8, f32) {
  %d = arith.constant 0.1 : f64
  %0 = arith.truncf %d : f64 to f32
  %l = arith.constant -1 : i64
  %1 = arith.trunci %l : i64 to i32
  %x = arith.constant -1 : index
  %2 = arith.index_cast %x : index to i32
  %s = arith.constant -1 : i16
  %3 = arith.extsi %s : i16 to i32
  %4 = arith.constant 0x7F7F : bf16
  %t = arith.constant true
  %5 = arith.extui %t : i1 to i8
  %h = arith.constant 1.5 : f16
  %6 = arith.extf %h : f16 to f32
  return %0, %1, %2, %3, %4, %5, %6 : f32, i32, i32, i32, bf16, i8, f32
}

// A splat of rank 2; an i1 tensor (its elements as 0/1); a dense f64
// tensor narrowed to f32.
// TENSOR: result #0: tensor<2x3xf32> = {{\[\[}}2.5, 2.5, 2.5], [2.5, 2.5, 2.5]]
// TENSOR: result #1: tensor<4xi8> = [1, 0, 0, 1]
// TENSOR: result #2: tensor<2xf32> = [-0.5, 1e+30]
// TENSOR: result #3: tensor<3xi8> = [1, 1, 1]
func.func @tensors() -> (tensor<2x3xf32>, tensor<4xi8>, tensor<2xf32>, tensor<3xi8>) {
  %0 = arith.constant dense<2.5> : tensor<2x3xf32>
  %b = arith.constant dense<[true, false, false, true]> : tensor<4xi1>
  %1 = arith.extui %b : tensor<4xi1> to tensor<4xi8>
  %d = arith.constant dense<[-0.5, 1.0e30]> : tensor<2xf64>
  %2 = arith.truncf %d : tensor<2xf64> to tensor<2xf32>
  %t = arith.constant dense<true> : tensor<3xi1>
  %3 = arith.extui %t : tensor<3xi1> to tensor<3xi8>
  return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<4xi8>, tensor<2xf32>, tensor<3xi8>
}

// f32 blob: 0x3f800000 = 1, 0x40000000 = 2, 0x40400000 = 3,
// 0xbf000000 = -0.5; i8 blob: 0x01, 0xff = -1, 0x7f = 127, 0x80 = -128;
// i32 blob: 0x00000100 = 256, 0xfffffffe = -2; bf16 blob: 0x3fc0 = 1.5,
// 0xc040 = -3.
// RES: result #0: tensor<2x2xf32> = {{\[\[}}1, 2], [3, -0.5]]
// RES: result #1: tensor<4xi8> = [1, -1, 127, -128]
// RES: result #2: tensor<2xi32> = [256, -2]
// RES: result #3: tensor<2xbf16> = [1.5, -3]
func.func @resources() -> (tensor<2x2xf32>, tensor<4xi8>, tensor<2xi32>, tensor<2xbf16>) {
  %0 = arith.constant dense_resource<weights_f32> : tensor<2x2xf32>
  %1 = arith.constant dense_resource<bytes_i8> : tensor<4xi8>
  %2 = arith.constant dense_resource<words_i32> : tensor<2xi32>
  %3 = arith.constant dense_resource<halves_bf16> : tensor<2xbf16>
  return %0, %1, %2, %3 : tensor<2x2xf32>, tensor<4xi8>, tensor<2xi32>, tensor<2xbf16>
}

// A constant in a function called twice (its value is built on the first
// run and shared after): w + w.
// REP: result #0: tensor<2x2xf32> = {{\[\[}}2, 4], [6, -1]]
func.func @weights() -> tensor<2x2xf32> {
  %0 = arith.constant dense_resource<weights_f32> : tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
func.func @repeated() -> tensor<2x2xf32> {
  %a = func.call @weights() : () -> tensor<2x2xf32>
  %b = func.call @weights() : () -> tensor<2x2xf32>
  %0 = arith.addf %a, %b : tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

{-#
  dialect_resources: {
    builtin: {
      weights_f32: "0x040000000000803F0000004000004040000000BF",
      bytes_i8: "0x0100000001FF7F80",
      words_i32: "0x0400000000010000FEFFFFFF",
      halves_bf16: "0x02000000C03F40C0"
    }
  }
#-}
