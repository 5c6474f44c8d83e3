// arith's overflow flags: with overflow<nsw> (overflow<nuw>) a result that
// is not the exact result of the operands read as signed (unsigned) is
// poison, an error naming the op, the flag, the operands and the element,
// with exit status exactly 1. Results that fit, and the same ops without
// flags (they wrap), run. Values by hand.
//
// RUN: systile-run %s --entry fits | FileCheck %s --check-prefix=FITS
// RUN: systile-run %s --entry wraps | FileCheck %s --check-prefix=WRAPS
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry add_nsw | FileCheck %s --check-prefix=ADDNSW
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry add_nuw | FileCheck %s --check-prefix=ADDNUW
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry sub_nuw | FileCheck %s --check-prefix=SUBNUW
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry sub_nsw | FileCheck %s --check-prefix=SUBNSW
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry mul_nsw | FileCheck %s --check-prefix=MULNSW
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry mul_nuw64 | FileCheck %s --check-prefix=MULNUW64
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry both | FileCheck %s --check-prefix=BOTH
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry shl_nsw | FileCheck %s --check-prefix=SHLNSW
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry shl_nuw | FileCheck %s --check-prefix=SHLNUW
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry shl_amount | FileCheck %s --check-prefix=SHLAMOUNT
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry trunc_nsw | FileCheck %s --check-prefix=TRUNCNSW
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry trunc_nuw | FileCheck %s --check-prefix=TRUNCNUW
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry bool_nsw | FileCheck %s --check-prefix=BOOLNSW

// Exact results pass every flag: addi nsw [126, -2] + 1; addi nuw
// [254, 100] + [1, 27] (254 + 1 = 255 unsigned, printed -1); muli nsw
// -127 * -1; shli nuw 64 << 1 = 128 (printed -128) and shli nsw
// -64 << 1 = -128; trunci nsw of [127, -1] and trunci nuw of 255.
// FITS: result #0: tensor<2xi8> = [127, -1]
// FITS: result #1: tensor<2xi8> = [-1, 127]
// FITS: result #2: tensor<i8> = 127
// FITS: result #3: tensor<i8> = -128
// FITS: result #4: tensor<i8> = -128
// FITS: result #5: tensor<2xi8> = [127, -1]
// FITS: result #6: tensor<i8> = -1
func.func @fits() -> (tensor<2xi8>, tensor<2xi8>, tensor<i8>, tensor<i8>,
                      tensor<i8>, tensor<2xi8>, tensor<i8>) {
  %a = arith.constant dense<[126, -2]> : tensor<2xi8>
  %one = arith.constant dense<1> : tensor<2xi8>
  %r0 = arith.addi %a, %one overflow<nsw> : tensor<2xi8>
  %b = arith.constant dense<[1, 27]> : tensor<2xi8>
  %c = arith.constant dense<[-2, 100]> : tensor<2xi8>
  %r1 = arith.addi %c, %b overflow<nuw> : tensor<2xi8>
  %m0 = arith.constant dense<-127> : tensor<i8>
  %m1 = arith.constant dense<-1> : tensor<i8>
  %r2 = arith.muli %m0, %m1 overflow<nsw> : tensor<i8>
  %p = arith.constant dense<64> : tensor<i8>
  %n = arith.constant dense<-64> : tensor<i8>
  %s = arith.constant dense<1> : tensor<i8>
  %r3 = arith.shli %p, %s overflow<nuw> : tensor<i8>
  %r4 = arith.shli %n, %s overflow<nsw> : tensor<i8>
  %w = arith.constant dense<[127, -1]> : tensor<2xi32>
  %r5 = arith.trunci %w overflow<nsw> : tensor<2xi32> to tensor<2xi8>
  %u = arith.constant dense<255> : tensor<i32>
  %r6 = arith.trunci %u overflow<nuw> : tensor<i32> to tensor<i8>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6
      : tensor<2xi8>, tensor<2xi8>, tensor<i8>, tensor<i8>, tensor<i8>,
        tensor<2xi8>, tensor<i8>
}

// Without flags the same overflows wrap: 127 + 1, 255 + 1 (-1 + 1),
// 0 - 1, -128 * -1, 64 << 1, 300 trunci to i8 (300 - 256).
// WRAPS: result #0: tensor<2xi8> = [-128, 0]
// WRAPS: result #1: tensor<i8> = -1
// WRAPS: result #2: tensor<i8> = -128
// WRAPS: result #3: tensor<i8> = -128
// WRAPS: result #4: tensor<i8> = 44
func.func @wraps() -> (tensor<2xi8>, tensor<i8>, tensor<i8>, tensor<i8>,
                       tensor<i8>) {
  %a = arith.constant dense<[127, -1]> : tensor<2xi8>
  %one = arith.constant dense<1> : tensor<2xi8>
  %r0 = arith.addi %a, %one : tensor<2xi8>
  %z = arith.constant dense<0> : tensor<i8>
  %s = arith.constant dense<1> : tensor<i8>
  %r1 = arith.subi %z, %s : tensor<i8>
  %m0 = arith.constant dense<-128> : tensor<i8>
  %m1 = arith.constant dense<-1> : tensor<i8>
  %r2 = arith.muli %m0, %m1 : tensor<i8>
  %p = arith.constant dense<64> : tensor<i8>
  %r3 = arith.shli %p, %s : tensor<i8>
  %w = arith.constant dense<300> : tensor<i32>
  %r4 = arith.trunci %w : tensor<i32> to tensor<i8>
  return %r0, %r1, %r2, %r3, %r4
      : tensor<2xi8>, tensor<i8>, tensor<i8>, tensor<i8>, tensor<i8>
}

// ADDNSW: overflow-flags.mlir:[[@LINE+4]]:8: error: 'arith.addi': nsw overflow (127 + 1) at element 1 (the result would be poison)
func.func @add_nsw() -> tensor<2xi8> {
  %a = arith.constant dense<[1, 127]> : tensor<2xi8>
  %b = arith.constant dense<1> : tensor<2xi8>
  %r = arith.addi %a, %b overflow<nsw> : tensor<2xi8>
  return %r : tensor<2xi8>
}

// ADDNUW: error: 'arith.addi': nuw overflow (255 + 1) at element 0 (the result would be poison)
func.func @add_nuw() -> tensor<i8> {
  %a = arith.constant dense<-1> : tensor<i8>
  %b = arith.constant dense<1> : tensor<i8>
  %r = arith.addi %a, %b overflow<nuw> : tensor<i8>
  return %r : tensor<i8>
}

// SUBNUW: error: 'arith.subi': nuw overflow (0 - 1) at element 0 (the result would be poison)
func.func @sub_nuw() -> tensor<i8> {
  %a = arith.constant dense<0> : tensor<i8>
  %b = arith.constant dense<1> : tensor<i8>
  %r = arith.subi %a, %b overflow<nuw> : tensor<i8>
  return %r : tensor<i8>
}

// SUBNSW: error: 'arith.subi': nsw overflow (-128 - 1) at element 0 (the result would be poison)
func.func @sub_nsw() -> tensor<i8> {
  %a = arith.constant dense<-128> : tensor<i8>
  %b = arith.constant dense<1> : tensor<i8>
  %r = arith.subi %a, %b overflow<nsw> : tensor<i8>
  return %r : tensor<i8>
}

// MULNSW: error: 'arith.muli': nsw overflow (-128 * -1) at element 0 (the result would be poison)
func.func @mul_nsw() -> tensor<i8> {
  %a = arith.constant dense<-128> : tensor<i8>
  %b = arith.constant dense<-1> : tensor<i8>
  %r = arith.muli %a, %b overflow<nsw> : tensor<i8>
  return %r : tensor<i8>
}

// 2^32 * 2^32 = 2^64 does not fit 64 unsigned bits.
// MULNUW64: error: 'arith.muli': nuw overflow (4294967296 * 4294967296) at element 0 (the result would be poison)
func.func @mul_nuw64() -> tensor<i64> {
  %a = arith.constant dense<4294967296> : tensor<i64>
  %r = arith.muli %a, %a overflow<nuw> : tensor<i64>
  return %r : tensor<i64>
}

// With both flags the first element breaks nuw (255 + 1); 127 + 1 would
// break nsw.
// BOTH: error: 'arith.addi': nuw overflow (255 + 1) at element 0 (the result would be poison)
func.func @both() -> tensor<2xi8> {
  %a = arith.constant dense<[-1, 127]> : tensor<2xi8>
  %b = arith.constant dense<1> : tensor<2xi8>
  %r = arith.addi %a, %b overflow<nsw, nuw> : tensor<2xi8>
  return %r : tensor<2xi8>
}

// SHLNSW: error: 'arith.shli': nsw overflow (64 << 1) at element 0 (the result would be poison)
func.func @shl_nsw() -> tensor<i8> {
  %a = arith.constant dense<64> : tensor<i8>
  %b = arith.constant dense<1> : tensor<i8>
  %r = arith.shli %a, %b overflow<nsw> : tensor<i8>
  return %r : tensor<i8>
}

// -64 is 192 unsigned: 192 << 1 = 384.
// SHLNUW: error: 'arith.shli': nuw overflow (192 << 1) at element 0 (the result would be poison)
func.func @shl_nuw() -> tensor<i8> {
  %a = arith.constant dense<-64> : tensor<i8>
  %b = arith.constant dense<1> : tensor<i8>
  %r = arith.shli %a, %b overflow<nuw> : tensor<i8>
  return %r : tensor<i8>
}

// An oversized amount is poison with or without flags.
// SHLAMOUNT: error: 'arith.shli': shift amount 8 is not less than the bit width 8 (1 << 8) at element 0 (the result would be poison)
func.func @shl_amount() -> tensor<i8> {
  %a = arith.constant dense<1> : tensor<i8>
  %b = arith.constant dense<8> : tensor<i8>
  %r = arith.shli %a, %b overflow<nsw> : tensor<i8>
  return %r : tensor<i8>
}

// 200 is -56 in i8 (nuw alone would pass: 200 < 256).
// TRUNCNSW: error: 'arith.trunci': nsw overflow (200 truncated to i8) at element 1 (the result would be poison)
func.func @trunc_nsw() -> tensor<2xi8> {
  %a = arith.constant dense<[-100, 200]> : tensor<2xi32>
  %r = arith.trunci %a overflow<nsw> : tensor<2xi32> to tensor<2xi8>
  return %r : tensor<2xi8>
}

// TRUNCNUW: error: 'arith.trunci': nuw overflow (4294967295 truncated to i8) at element 0 (the result would be poison)
func.func @trunc_nuw() -> tensor<i8> {
  %a = arith.constant dense<-1> : tensor<i32>
  %r = arith.trunci %a overflow<nuw> : tensor<i32> to tensor<i8>
  return %r : tensor<i8>
}

// i1 read as signed holds -1 and 0: true + true = -2 breaks nsw.
// BOOLNSW: error: 'arith.addi': nsw overflow (-1 + -1) at element 0 (the result would be poison)
func.func @bool_nsw() -> tensor<i1> {
  %a = arith.constant dense<true> : tensor<i1>
  %r = arith.addi %a, %a overflow<nsw> : tensor<i1>
  return %r : tensor<i1>
}
