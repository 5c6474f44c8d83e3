// math ops on values whose results are known exactly (by hand): exact ops,
// the expansions -convert-math-to-llvm makes (expm1 = exp(x) - 1,
// log1p = log(1 + x), rsqrt = 1 / sqrt(x), each step rounded), fpowi by
// repeated squaring, ipowi, bit counts and classification.
//
// RUN: systile-run %s --entry exact | FileCheck %s --check-prefix=EXACT
// RUN: systile-run %s --entry expansions | FileCheck %s --check-prefix=EXPAND
// RUN: systile-run %s --entry special | FileCheck %s --check-prefix=SPECIAL
// RUN: systile-run %s --entry powers | FileCheck %s --check-prefix=POW
// RUN: systile-run %s --entry ints | FileCheck %s --check-prefix=INT
// RUN: systile-run %s --entry classify | FileCheck %s --check-prefix=CLASS
// RUN: systile-run %s --entry narrow | FileCheck %s --check-prefix=NARROW

// x = [-2.5, -0.5, 0.5, 1.5, 2.5]: floor, ceil, round (half away from
// zero), roundeven (half to even), trunc; sqrt of [4, 2.25, -1, inf, -0]
// (-1 gives x86's default NaN, negative); absf, copysign.
// EXACT: result #0: tensor<5xf32> = [-3, -1, 0, 1, 2]
// EXACT: result #1: tensor<5xf32> = [-2, -0, 1, 2, 3]
// EXACT: result #2: tensor<5xf32> = [-3, -1, 1, 2, 3]
// EXACT: result #3: tensor<5xf32> = [-2, -0, 0, 2, 2]
// EXACT: result #4: tensor<5xf32> = [-2, -0, 0, 1, 2]
// EXACT: result #5: tensor<5xf32> = [2, 1.5, -nan, inf, -0]
// EXACT: result #6: tensor<5xf32> = [2.5, 0.5, 0.5, 1.5, 2.5]
// EXACT: result #7: tensor<5xf32> = [2.5, 0.5, -0.5, 1.5, -2.5]
func.func @exact() -> (tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>) {
  %x = arith.constant dense<[-2.5, -0.5, 0.5, 1.5, 2.5]> : tensor<5xf32>
  %0 = math.floor %x : tensor<5xf32>
  %1 = math.ceil %x : tensor<5xf32>
  %2 = math.round %x : tensor<5xf32>
  %3 = math.roundeven %x : tensor<5xf32>
  %4 = math.trunc %x : tensor<5xf32>
  %s = arith.constant dense<[4.0, 2.25, -1.0, 0x7F800000, -0.0]> : tensor<5xf32>
  %5 = math.sqrt %s : tensor<5xf32>
  %6 = math.absf %x : tensor<5xf32>
  %sign = arith.constant dense<[1.0, 0.0, -0.0, 3.0, -7.0]> : tensor<5xf32>
  %7 = math.copysign %x, %sign : tensor<5xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>
}

// expm1(1e-10) = exp(1e-10) - 1 = 1 - 1 = 0 and log1p(1e-10) = log(1) = 0
// (the expansions lose what the libm functions would keep); expm1(0) = 0,
// log1p(0) = 0; rsqrt(4) = 1 / 2; rsqrt(2) = 1 / fl(sqrt 2) =
// 0.70710677; fma(1 + 2^-12, 1 + 2^-12, -1) rounds once: 2^-11 + 2^-24 =
// 0.00048834085, where mulf then addf gives 2^-11.
// EXPAND: result #0: tensor<2xf32> = [0, 0]
// EXPAND: result #1: tensor<2xf32> = [0, 0]
// EXPAND: result #2: tensor<2xf32> = [0.5, 0.70710677]
// EXPAND: result #3: tensor<2xf32> = [0.00048834085, 0.00048828125]
func.func @expansions() -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %x = arith.constant dense<[1.0e-10, 0.0]> : tensor<2xf32>
  %0 = math.expm1 %x : tensor<2xf32>
  %1 = math.log1p %x : tensor<2xf32>
  %r = arith.constant dense<[4.0, 2.0]> : tensor<2xf32>
  %2 = math.rsqrt %r : tensor<2xf32>
  %a = arith.constant dense<1.000244140625> : tensor<2xf32>
  %m1 = arith.constant dense<-1.0> : tensor<2xf32>
  %f = math.fma %a, %a, %m1 : tensor<2xf32>
  %p = arith.mulf %a, %a : tensor<2xf32>
  %s = arith.addf %p, %m1 : tensor<2xf32>
  %sel = arith.constant dense<[true, false]> : tensor<2xi1>
  %3 = arith.select %sel, %f, %s : tensor<2xi1>, tensor<2xf32>
  return %0, %1, %2, %3 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

// Exact values of the libm functions: exp(0) = 1, exp2(10) = 1024,
// log(1) = 0, log2(8) = 3, log10(1000) = 3, tanh(-0) = -0, tanh(inf) = 1,
// erf(0) = 0, erfc(0) = 1, cbrt(-27) = -3, sin(0) = 0, cos(0) = 1,
// atan2(+-0, -1) = +-pi (the f32 nearest pi), powf(2, 10) = 1024,
// powf(nan, 0) = 1, powf(-8, 1/3) = nan; sincos(0) = (0, 1).
// SPECIAL: result #0: f32 = 1
// SPECIAL: result #1: f32 = 1024
// SPECIAL: result #2: f32 = 0
// SPECIAL: result #3: f32 = 3
// SPECIAL: result #4: f32 = 3
// SPECIAL: result #5: tensor<2xf32> = [-0, 1]
// SPECIAL: result #6: f32 = 0
// SPECIAL: result #7: f32 = 1
// SPECIAL: result #8: f32 = -3
// SPECIAL: result #9: f32 = 0
// SPECIAL: result #10: f32 = 1
// SPECIAL: result #11: tensor<2xf32> = [3.1415927, -3.1415927]
// SPECIAL: result #12: tensor<2xf32> = [1024, 1]
// SPECIAL: result #13: f32 = -nan
// SPECIAL: result #14: f32 = 0
// SPECIAL: result #15: f32 = 1
func.func @special() -> (f32, f32, f32, f32, f32, tensor<2xf32>, f32, f32, f32, f32, f32, tensor<2xf32>, tensor<2xf32>, f32, f32, f32) {
  %z = arith.constant 0.0 : f32
  %e = math.exp %z : f32
  %ten = arith.constant 10.0 : f32
  %e2 = math.exp2 %ten : f32
  %one = arith.constant 1.0 : f32
  %l = math.log %one : f32
  %eight = arith.constant 8.0 : f32
  %l2 = math.log2 %eight : f32
  %thousand = arith.constant 1000.0 : f32
  %l10 = math.log10 %thousand : f32
  %t = arith.constant dense<[-0.0, 0x7F800000]> : tensor<2xf32>
  %th = math.tanh %t : tensor<2xf32>
  %ef = math.erf %z : f32
  %ec = math.erfc %z : f32
  %m27 = arith.constant -27.0 : f32
  %cb = math.cbrt %m27 : f32
  %sn = math.sin %z : f32
  %cs = math.cos %z : f32
  %y = arith.constant dense<[0.0, -0.0]> : tensor<2xf32>
  %mone = arith.constant dense<-1.0> : tensor<2xf32>
  %at = math.atan2 %y, %mone : tensor<2xf32>
  %b = arith.constant dense<[2.0, 0x7FC00000]> : tensor<2xf32>
  %p = arith.constant dense<[10.0, 0.0]> : tensor<2xf32>
  %pw = math.powf %b, %p : tensor<2xf32>
  %m8 = arith.constant -8.0 : f32
  %third = arith.constant 0.333333343 : f32
  %nan = math.powf %m8, %third : f32
  %s, %c = math.sincos %z : f32
  return %e, %e2, %l, %l2, %l10, %th, %ef, %ec, %cb, %sn, %cs, %at, %pw, %nan, %s, %c : f32, f32, f32, f32, f32, tensor<2xf32>, f32, f32, f32, f32, f32, tensor<2xf32>, tensor<2xf32>, f32, f32, f32
}

// fpowi: 2^-3 = 1 / 8; 3^5 = 243; (-2)^3 = -8; nan^0 = 1;
// 1.1^2 = fl(1.1f * 1.1f) = 1.21 (the f32 nearest it); clampf by its
// definition maximumf(minimumf(v, min), max): v = [5, -5, 0.5, nan],
// min = 1, max = 0: [1, 0, 0.5, nan].
// POW: result #0: tensor<5xf32> = [0.125, 243, -8, 1, 1.21]
// POW: result #1: tensor<4xf32> = [1, 0, 0.5, nan]
func.func @powers() -> (tensor<5xf32>, tensor<4xf32>) {
  %b = arith.constant dense<[2.0, 3.0, -2.0, 0x7FC00000, 1.1]> : tensor<5xf32>
  %n = arith.constant dense<[-3, 5, 3, 0, 2]> : tensor<5xi32>
  %0 = math.fpowi %b, %n : tensor<5xf32>, tensor<5xi32>
  %v = arith.constant dense<[5.0, -5.0, 0.5, 0x7FC00000]> : tensor<4xf32>
  %lo = arith.constant dense<1.0> : tensor<4xf32>
  %hi = arith.constant dense<0.0> : tensor<4xf32>
  %1 = math.clampf %v to [%lo, %hi] : tensor<4xf32>
  return %0, %1 : tensor<5xf32>, tensor<4xf32>
}

// ipowi (i32): 3^4 = 81, 2^31 wraps to -2^31, (-1)^-3 = -1, 5^-1 = 0,
// 1^-7 = 1, 7^0 = 1. ctlz/cttz/ctpop of [0, 1, -1, 256]: [32, 31, 0, 23],
// [32, 0, 0, 8], [0, 1, 32, 1]. absi (i8) keeps -128.
// INT: result #0: tensor<6xi32> = [81, -2147483648, -1, 0, 1, 1]
// INT: result #1: tensor<4xi32> = [32, 31, 0, 23]
// INT: result #2: tensor<4xi32> = [32, 0, 0, 8]
// INT: result #3: tensor<4xi32> = [0, 1, 32, 1]
// INT: result #4: tensor<3xi8> = [-128, 5, 7]
func.func @ints() -> (tensor<6xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<3xi8>) {
  %a = arith.constant dense<[3, 2, -1, 5, 1, 7]> : tensor<6xi32>
  %b = arith.constant dense<[4, 31, -3, -1, -7, 0]> : tensor<6xi32>
  %0 = math.ipowi %a, %b : tensor<6xi32>
  %x = arith.constant dense<[0, 1, -1, 256]> : tensor<4xi32>
  %1 = math.ctlz %x : tensor<4xi32>
  %2 = math.cttz %x : tensor<4xi32>
  %3 = math.ctpop %x : tensor<4xi32>
  %y = arith.constant dense<[-128, -5, 7]> : tensor<3xi8>
  %4 = math.absi %y : tensor<3xi8>
  return %0, %1, %2, %3, %4 : tensor<6xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<3xi8>
}

// [nan, inf, 1, 1e-40 (subnormal), 0]; f16 2^-14 is its smallest normal,
// 2^-15 a subnormal.
// CLASS: result #0: tensor<5xi8> = [1, 0, 0, 0, 0]
// CLASS: result #1: tensor<5xi8> = [0, 1, 0, 0, 0]
// CLASS: result #2: tensor<5xi8> = [0, 0, 1, 1, 1]
// CLASS: result #3: tensor<5xi8> = [0, 0, 1, 0, 0]
// CLASS: result #4: tensor<2xi8> = [1, 0]
func.func @classify() -> (tensor<5xi8>, tensor<5xi8>, tensor<5xi8>, tensor<5xi8>, tensor<2xi8>) {
  %x = arith.constant dense<[0x7FC00000, 0x7F800000, 1.0, 1.0e-40, 0.0]> : tensor<5xf32>
  %0 = math.isnan %x : tensor<5xf32>
  %1 = math.isinf %x : tensor<5xf32>
  %2 = math.isfinite %x : tensor<5xf32>
  %3 = math.isnormal %x : tensor<5xf32>
  %h = arith.constant dense<[6.103515625e-05, 3.0517578125e-05]> : tensor<2xf16>
  %4 = math.isnormal %h : tensor<2xf16>
  %r0 = arith.extui %0 : tensor<5xi1> to tensor<5xi8>
  %r1 = arith.extui %1 : tensor<5xi1> to tensor<5xi8>
  %r2 = arith.extui %2 : tensor<5xi1> to tensor<5xi8>
  %r3 = arith.extui %3 : tensor<5xi1> to tensor<5xi8>
  %r4 = arith.extui %4 : tensor<2xi1> to tensor<2xi8>
  return %r0, %r1, %r2, %r3, %r4 : tensor<5xi8>, tensor<5xi8>, tensor<5xi8>, tensor<5xi8>, tensor<2xi8>
}

// bf16 goes through f32 and rounds once per step: exp(1) = 2.71828 rounds
// to 2.71875 (174 * 2^-6); rsqrt(2): sqrt(2) rounds to 1.4140625, then
// 1 / 1.4140625 = 0.70718 to 0.70703125 (181 * 2^-8); expm1(2^-7):
// exp(2^-7) = 1.00784 rounds to 1.0078125, minus 1 = 2^-7 (expm1 itself
// would be 0.0078431).
// NARROW: result #0: tensor<3xbf16> = [2.71875, 0.70703125, 0.0078125]
func.func @narrow() -> tensor<3xbf16> {
  %x = arith.constant dense<[1.0, 2.0, 0.0078125]> : tensor<3xbf16>
  %e = math.exp %x : tensor<3xbf16>
  %r = math.rsqrt %x : tensor<3xbf16>
  %m = math.expm1 %x : tensor<3xbf16>
  %c0 = arith.constant dense<[true, false, false]> : tensor<3xi1>
  %c1 = arith.constant dense<[false, true, false]> : tensor<3xi1>
  %s = arith.select %c1, %r, %m : tensor<3xi1>, tensor<3xbf16>
  %0 = arith.select %c0, %e, %s : tensor<3xi1>, tensor<3xbf16>
  return %0 : tensor<3xbf16>
}
