// arith float ops: IEEE special values, the four max/min flavours, cmpf's
// ordered and unordered predicates, select (element-wise and scalar
// condition), and bf16/f16 arithmetic rounded once from f32. Values by
// hand.
//
// RUN: systile-run %s --entry specials | FileCheck %s --check-prefix=SPEC
// RUN: systile-run %s --entry maxmin | FileCheck %s --check-prefix=MAX
// RUN: systile-run %s --entry cmpf | FileCheck %s --check-prefix=CMPF
// RUN: systile-run %s --entry select | FileCheck %s --check-prefix=SEL
// RUN: systile-run %s --entry narrow | FileCheck %s --check-prefix=NARROW

// divf: 1/0 = inf, -1/0 = -inf, 0/0 = nan (x86's default NaN, negative),
// 1/-inf = -0; remf is fmod:
// fmod(5.5, 2) = 1.5, fmod(-5.5, 2) = -1.5 (the dividend's sign),
// fmod(5.5, -2) = 1.5, fmod(1, 0) = nan; negf flips the sign bit, also
// of 0 and NaN (printed without its sign).
// SPEC: result #0: tensor<4xf32> = [inf, -inf, -nan, -0]
// SPEC: result #1: tensor<4xf32> = [1.5, -1.5, 1.5, -nan]
// SPEC: result #2: tensor<4xf32> = [-1, 1, -0, inf]
// SPEC: result #3: tensor<4xi32> = [-1082130432, 1065353216, -2147483648, 2143289344]
func.func @specials() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>) {
  %a = arith.constant dense<[1.0, -1.0, 0.0, 1.0]> : tensor<4xf32>
  %b = arith.constant dense<[0.0, 0.0, 0.0, 0xFF800000]> : tensor<4xf32>
  %0 = arith.divf %a, %b : tensor<4xf32>
  %x = arith.constant dense<[5.5, -5.5, 5.5, 1.0]> : tensor<4xf32>
  %y = arith.constant dense<[2.0, 2.0, -2.0, 0.0]> : tensor<4xf32>
  %1 = arith.remf %x, %y : tensor<4xf32>
  %z = arith.constant dense<[1.0, -1.0, 0.0, 0xFF800000]> : tensor<4xf32>
  %2 = arith.negf %z : tensor<4xf32>
  // Bits: -1.0 = 0xbf800000, 1.0 = 0x3f800000, -0 = 0x80000000, and the
  // negated NaN 0xffc00000 becomes 0x7fc00000.
  %n = arith.constant dense<[1.0, -1.0, 0.0, 0xFFC00000]> : tensor<4xf32>
  %3 = arith.negf %n : tensor<4xf32>
  %4 = arith.bitcast %3 : tensor<4xf32> to tensor<4xi32>
  return %0, %1, %2, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>
}

// x = [nan, 1, -0, 2, +0, -inf], y = [3, -1, +0, -2, -0, nan].
// maximumf/minimumf propagate NaN and order -0 < +0; maxnumf/minnumf
// ignore a NaN operand and, of two equal operands (-0 == +0), return the
// first, as x86's maxss/minss do under LLVM's lowering (mlir-runner
// agrees: mlir-runner-diff.test).
// MAX: result #0: tensor<6xf32> = [nan, 1, 0, 2, 0, nan]
// MAX: result #1: tensor<6xf32> = [nan, -1, -0, -2, -0, nan]
// MAX: result #2: tensor<6xf32> = [3, 1, -0, 2, 0, -inf]
// MAX: result #3: tensor<6xf32> = [3, -1, -0, -2, 0, -inf]
func.func @maxmin() -> (tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>) {
  %x = arith.constant dense<[0x7FC00000, 1.0, -0.0, 2.0, 0.0, 0xFF800000]> : tensor<6xf32>
  %y = arith.constant dense<[3.0, -1.0, 0.0, -2.0, -0.0, 0x7FC00000]> : tensor<6xf32>
  %0 = arith.maximumf %x, %y : tensor<6xf32>
  %1 = arith.minimumf %x, %y : tensor<6xf32>
  %2 = arith.maxnumf %x, %y : tensor<6xf32>
  %3 = arith.minnumf %x, %y : tensor<6xf32>
  return %0, %1, %2, %3 : tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>
}

// a = [nan, 1, 2, 2], b = [1, 1, 3, nan]: ordered predicates are false
// with a NaN, unordered ones true.
// CMPF: result #0: tensor<4xi8> = [0, 1, 0, 0]
// CMPF: result #1: tensor<4xi8> = [1, 0, 1, 1]
// CMPF: result #2: tensor<4xi8> = [1, 1, 0, 1]
// CMPF: result #3: tensor<4xi8> = [0, 0, 1, 0]
// CMPF: result #4: tensor<4xi8> = [0, 1, 1, 0]
// CMPF: result #5: tensor<4xi8> = [1, 0, 0, 1]
// CMPF: result #6: tensor<4xi8> = [1, 0, 1, 1]
// CMPF: result #7: tensor<4xi8> = [0, 1, 0, 0]
// CMPF: result #8: tensor<4xi8> = [1, 1, 1, 1]
// CMPF: result #9: tensor<4xi8> = [0, 0, 0, 0]
func.func @cmpf() -> (tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>) {
  %a = arith.constant dense<[0x7FC00000, 1.0, 2.0, 2.0]> : tensor<4xf32>
  %b = arith.constant dense<[1.0, 1.0, 3.0, 0x7FC00000]> : tensor<4xf32>
  %0 = arith.cmpf oeq, %a, %b : tensor<4xf32>
  %1 = arith.cmpf une, %a, %b : tensor<4xf32>
  %2 = arith.cmpf ueq, %a, %b : tensor<4xf32>
  %3 = arith.cmpf one, %a, %b : tensor<4xf32>
  %4 = arith.cmpf ord, %a, %b : tensor<4xf32>
  %5 = arith.cmpf uno, %a, %b : tensor<4xf32>
  %6 = arith.cmpf ult, %a, %b : tensor<4xf32>
  %7 = arith.cmpf oge, %a, %b : tensor<4xf32>
  %8 = arith.cmpf ule, %a, %b : tensor<4xf32>
  %9 = arith.cmpf ogt, %a, %b : tensor<4xf32>
  %r0 = arith.extui %0 : tensor<4xi1> to tensor<4xi8>
  %r1 = arith.extui %1 : tensor<4xi1> to tensor<4xi8>
  %r2 = arith.extui %2 : tensor<4xi1> to tensor<4xi8>
  %r3 = arith.extui %3 : tensor<4xi1> to tensor<4xi8>
  %r4 = arith.extui %4 : tensor<4xi1> to tensor<4xi8>
  %r5 = arith.extui %5 : tensor<4xi1> to tensor<4xi8>
  %r6 = arith.extui %6 : tensor<4xi1> to tensor<4xi8>
  %r7 = arith.extui %7 : tensor<4xi1> to tensor<4xi8>
  %r8 = arith.extui %8 : tensor<4xi1> to tensor<4xi8>
  %r9 = arith.extui %9 : tensor<4xi1> to tensor<4xi8>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9 : tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>
}

// Element-wise: a < b picks a, else b (NaN compares false): [1, 1, 2, nan];
// a scalar condition picks a whole operand; scalars select too.
// SEL: result #0: tensor<4xf32> = [1, 1, 2, nan]
// SEL: result #1: tensor<4xf32> = [1, 1, 3, nan]
// SEL: result #2: tensor<4xi32> = [7, 8, 9, 10]
// SEL: result #3: i32 = 7
func.func @select() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, i32) {
  %a = arith.constant dense<[0x7FC00000, 1.0, 2.0, 2.0]> : tensor<4xf32>
  %b = arith.constant dense<[1.0, 1.0, 3.0, 0x7FC00000]> : tensor<4xf32>
  %lt = arith.cmpf olt, %a, %b : tensor<4xf32>
  %0 = arith.select %lt, %a, %b : tensor<4xi1>, tensor<4xf32>
  %f = arith.constant false
  %1 = arith.select %f, %a, %b : tensor<4xf32>
  %t = arith.constant true
  %i = arith.constant dense<[7, 8, 9, 10]> : tensor<4xi32>
  %j = arith.constant dense<0> : tensor<4xi32>
  %2 = arith.select %t, %i, %j : tensor<4xi32>
  %s7 = arith.constant 7 : i32
  %s8 = arith.constant 8 : i32
  %3 = arith.select %t, %s7, %s8 : i32
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, i32
}

// bf16 (8 significant bits): 1 + 2^-8 is a tie that rounds to even, 1;
// 3 + 1.0078125 = 4.0078125 rounds to 4 (spacing 2^-5 at 4); 3 * 1.0078125
// = 3.0234375 is a tie between 3.015625 and 3.03125 and goes to the even
// one, 3.03125; 1 / 3 = 0.33333 rounds to 0.333984375 (171 * 2^-9).
// f16 (11 bits): 1 + 2^-11 ties to 1; 2048 + 3 = 2051 ties to 2052
// (spacing 2); f16(0.1) = 819 * 2^-13, times 3 = 2457 * 2^-13 ties (spacing
// 2^-12 in [0.25, 0.5)) to the even 1228 * 2^-12 = 0.2998046875.
// NARROW: result #0: tensor<3xbf16> = [1, 4, 0.33398438]
// NARROW: result #1: tensor<2xbf16> = [0.00390625, 3.03125]
// NARROW: result #2: tensor<3xf32> = [1, 2052, 0.2998047]
func.func @narrow() -> (tensor<3xbf16>, tensor<2xbf16>, tensor<3xf32>) {
  %h1 = arith.constant dense<[1.0, 3.0, 1.0]> : tensor<3xbf16>
  %h2 = arith.constant dense<[0.00390625, 1.0078125, 3.0]> : tensor<3xbf16>
  %sum = arith.addf %h1, %h2 : tensor<3xbf16>
  %q = arith.divf %h1, %h2 : tensor<3xbf16>
  %p1 = arith.constant dense<[1.0, 3.0]> : tensor<2xbf16>
  %p2 = arith.constant dense<[0.00390625, 1.0078125]> : tensor<2xbf16>
  %prod = arith.mulf %p1, %p2 : tensor<2xbf16>
  %c = arith.constant dense<[true, true, false]> : tensor<3xi1>
  %s = arith.select %c, %sum, %q : tensor<3xi1>, tensor<3xbf16>
  %f1 = arith.constant dense<[1.0, 2048.0, 0.0999755859375]> : tensor<3xf16>
  %f2 = arith.constant dense<[0.00048828125, 3.0, 3.0]> : tensor<3xf16>
  %fa = arith.addf %f1, %f2 : tensor<3xf16>
  %fm = arith.mulf %f1, %f2 : tensor<3xf16>
  %cf = arith.constant dense<[true, true, false]> : tensor<3xi1>
  %fs = arith.select %cf, %fa, %fm : tensor<3xi1>, tensor<3xf16>
  %fe = arith.extf %fs : tensor<3xf16> to tensor<3xf32>
  return %s, %prod, %fe : tensor<3xbf16>, tensor<2xbf16>, tensor<3xf32>
}
