// arith casts. Rounding to bf16 follows LLVM's lowering, which goes
// through f32 (f64 -> f32 -> bf16, i32 -> f32 -> bf16): a double rounding
// that can differ from the correctly rounded result, as the cases below
// show (mlir-runner agrees: mlir-runner-diff.test). Values by hand.
//
// RUN: systile-run %s --entry floats | FileCheck %s --check-prefix=FLT
// RUN: systile-run %s --entry tofloat | FileCheck %s --check-prefix=TOF
// RUN: systile-run %s --entry toint | FileCheck %s --check-prefix=TOI
// RUN: systile-run %s --entry ints | FileCheck %s --check-prefix=INT

// truncf f32 -> bf16 rounds to nearest even: 1 + 2^-8 ties to 1;
// 1 + 3 * 2^-8 ties to 1 + 2^-6 (even); 3.4e38 is past the largest bf16
// (3.3895e38) by more than half a step: inf.
// f64 -> bf16: 1 + 2^-8 + 2^-30 becomes 1 + 2^-8 in f32, a tie, so 1
// (rounded once it would be 1 + 2^-7 = 1.0078125).
// f64 -> f16 -> f32: 1 + 2^-11 + 2^-40 rounds once, up to 1 + 2^-10.
// f64 -> f32: 0.1 is the f32 nearest 0.1, 1 + 2^-11 + 2^-40 is
// 1 + 2^-11; bf16 -> f32 is exact.
// FLT: result #0: tensor<4xbf16> = [1, 1.015625, inf, nan]
// FLT: result #1: tensor<2xbf16> = [1, -2]
// FLT: result #2: tensor<2xf32> = [1.0009766, 0.1]
// FLT: result #3: tensor<2xf32> = [1.0004883, 1.015625]
func.func @floats() -> (tensor<4xbf16>, tensor<2xbf16>, tensor<2xf32>, tensor<2xf32>) {
  %f = arith.constant dense<[1.00390625, 1.01171875, 3.4e38, 0x7FC00000]> : tensor<4xf32>
  %0 = arith.truncf %f : tensor<4xf32> to tensor<4xbf16>
  %d = arith.constant dense<[1.00390625093132257461547851562, -2.0]> : tensor<2xf64>
  %1 = arith.truncf %d : tensor<2xf64> to tensor<2xbf16>
  %e = arith.constant dense<[1.00048828125000090949470177292824, 0.1]> : tensor<2xf64>
  %h = arith.truncf %e : tensor<2xf64> to tensor<2xf16>
  %hs = arith.truncf %e : tensor<2xf64> to tensor<2xf32>
  %h32 = arith.extf %h : tensor<2xf16> to tensor<2xf32>
  %sel = arith.constant dense<[true, false]> : tensor<2xi1>
  %2 = arith.select %sel, %h32, %hs : tensor<2xi1>, tensor<2xf32>
  %b = arith.constant dense<[1.015625, 1.015625]> : tensor<2xbf16>
  %bx = arith.extf %b : tensor<2xbf16> to tensor<2xf32>
  %3 = arith.select %sel, %hs, %bx : tensor<2xi1>, tensor<2xf32>
  return %0, %1, %2, %3 : tensor<4xbf16>, tensor<2xbf16>, tensor<2xf32>, tensor<2xf32>
}

// sitofp i32 -> bf16: 33685505 = 2^25 + 2^17 + 1 rounds in f32 to
// 2^25 + 2^17, a bf16 tie, so 2^25 (rounded once: 2^25 + 2^18).
// uitofp: -1 is 2^32 - 1, which rounds to 2^32 in f32; sitofp: -1.
// i64 2^53 + 1 -> f32: 2^53. i1 true: sitofp -1, uitofp 1. i16 -> f16 ->
// f32: 2049 ties to 2048.
// TOF: result #0: tensor<2xbf16> = [33554432, -33554432]
// TOF: result #1: tensor<2xf32> = [4294967296, 1]
// TOF: result #2: tensor<2xf32> = [-1, 1]
// TOF: result #3: tensor<2xf32> = [9.007199e+15, 2048]
// TOF: result #4: tensor<2xf32> = [-1, 1]
func.func @tofloat() -> (tensor<2xbf16>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %i = arith.constant dense<[33685505, -33685505]> : tensor<2xi32>
  %0 = arith.sitofp %i : tensor<2xi32> to tensor<2xbf16>
  %u = arith.constant dense<[-1, 1]> : tensor<2xi32>
  %1 = arith.uitofp %u : tensor<2xi32> to tensor<2xf32>
  %2 = arith.sitofp %u : tensor<2xi32> to tensor<2xf32>
  %l = arith.constant dense<[9007199254740993, 0]> : tensor<2xi64>
  %lf = arith.sitofp %l : tensor<2xi64> to tensor<2xf32>
  %s = arith.constant dense<[0, 2049]> : tensor<2xi16>
  %sh = arith.sitofp %s : tensor<2xi16> to tensor<2xf16>
  %shf = arith.extf %sh : tensor<2xf16> to tensor<2xf32>
  %sel = arith.constant dense<[true, false]> : tensor<2xi1>
  %3 = arith.select %sel, %lf, %shf : tensor<2xi1>, tensor<2xf32>
  %t = arith.constant dense<[true, true]> : tensor<2xi1>
  %ts = arith.sitofp %t : tensor<2xi1> to tensor<2xf32>
  %tu = arith.uitofp %t : tensor<2xi1> to tensor<2xf32>
  %4 = arith.select %sel, %ts, %tu : tensor<2xi1>, tensor<2xf32>
  return %0, %1, %2, %3, %4 : tensor<2xbf16>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

// fptosi/fptoui truncate toward zero: [-2.7, 2.7, -0.5, 2147483520]
// -> [-2, 2, 0, 2147483520]; fptoui to i8: 255.9 -> 255 (-1 as i8),
// 0.99 -> 0, 128.5 -> 128 (-128); bf16 -> i32: -3.5 -> -3.
// TOI: result #0: tensor<4xi32> = [-2, 2, 0, 2147483520]
// TOI: result #1: tensor<3xi8> = [-1, 0, -128]
// TOI: result #2: tensor<2xi32> = [-3, 100]
func.func @toint() -> (tensor<4xi32>, tensor<3xi8>, tensor<2xi32>) {
  %f = arith.constant dense<[-2.7, 2.7, -0.5, 2147483520.0]> : tensor<4xf32>
  %0 = arith.fptosi %f : tensor<4xf32> to tensor<4xi32>
  %g = arith.constant dense<[255.9, 0.99, 128.5]> : tensor<3xf32>
  %1 = arith.fptoui %g : tensor<3xf32> to tensor<3xi8>
  %b = arith.constant dense<[-3.5, 100.0]> : tensor<2xbf16>
  %2 = arith.fptosi %b : tensor<2xbf16> to tensor<2xi32>
  return %0, %1, %2 : tensor<4xi32>, tensor<3xi8>, tensor<2xi32>
}

// extsi/extui of i8 -1: -1 / 255; trunci i32 -> i8: 300 -> 44,
// -129 -> 127; index_castui of i8 -1 is 255, index_cast -1; bitcast
// f32 -> i32: 1.0 = 0x3f800000, -0 = 0x80000000; i32 -> f32:
// 0x40490fdb = pi in f32.
// INT: result #0: tensor<2xi32> = [-1, 5]
// INT: result #1: tensor<2xi32> = [255, 5]
// INT: result #2: tensor<2xi8> = [44, 127]
// INT: result #3: tensor<2xi32> = [255, 5]
// INT: result #4: tensor<2xi32> = [-1, 5]
// INT: result #5: tensor<2xi32> = [1065353216, -2147483648]
// INT: result #6: tensor<1xf32> = [3.1415927]
func.func @ints() -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi8>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<1xf32>) {
  %a = arith.constant dense<[-1, 5]> : tensor<2xi8>
  %0 = arith.extsi %a : tensor<2xi8> to tensor<2xi32>
  %1 = arith.extui %a : tensor<2xi8> to tensor<2xi32>
  %w = arith.constant dense<[300, -129]> : tensor<2xi32>
  %2 = arith.trunci %w : tensor<2xi32> to tensor<2xi8>
  %iu = arith.index_castui %a : tensor<2xi8> to tensor<2xindex>
  %3 = arith.index_cast %iu : tensor<2xindex> to tensor<2xi32>
  %is = arith.index_cast %a : tensor<2xi8> to tensor<2xindex>
  %4 = arith.index_cast %is : tensor<2xindex> to tensor<2xi32>
  %f = arith.constant dense<[1.0, -0.0]> : tensor<2xf32>
  %5 = arith.bitcast %f : tensor<2xf32> to tensor<2xi32>
  %p = arith.constant dense<1078530011> : tensor<1xi32>
  %6 = arith.bitcast %p : tensor<1xi32> to tensor<1xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<2xi32>, tensor<2xi32>, tensor<2xi8>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<1xf32>
}
