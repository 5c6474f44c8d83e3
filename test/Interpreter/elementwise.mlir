// The non-systile ops around a matmul: arith constants, element-wise and
// cast ops on tensors and scalars, func.call, tensor.empty, linalg.fill;
// and .npy arguments of bf16 ('<u2' bit patterns) and tiled types. Values
// by hand.
//
// RUN: systile-run %s --entry floats | FileCheck %s --check-prefix=FLOAT
// RUN: systile-run %s --entry ints | FileCheck %s --check-prefix=INT
// RUN: systile-run %s --entry casts | FileCheck %s --check-prefix=CAST
// RUN: systile-run %s --entry calls | FileCheck %s --check-prefix=CALL
// RUN: %python %S/Inputs/npy_tool.py %t.h.npy bf16 1x3 1.00390625,2.5,-3
// RUN: %python %S/Inputs/npy_tool.py %t.s.npy f32 scalar 0.25
// RUN: %python %S/Inputs/npy_tool.py %t.t.npy i8 3x5 iota
// RUN: systile-run %s --entry args --input %t.h.npy --input %t.s.npy --input %t.t.npy --output %t.o0.npy --output %t.o1.npy --output %t.o2.npy | FileCheck %s --check-prefix=ARGS
// RUN: %python -c "import numpy as n; print(n.load('%t.o0.npy').dtype, n.load('%t.o1.npy').shape, n.load('%t.o2.npy').tolist())" | FileCheck %s --check-prefix=NPY

// maximumf propagates NaN and orders -0 < +0; minnumf ignores NaN and
// takes -0 over +0. bf16 arithmetic is the exact result rounded to bf16:
// 1 + 2^-8 is a tie that rounds to even, 1; 3 + 1.0078125 = 4.0078125 rounds
// to 4 (bf16 spacing at 4 is 2^-5); 3 * 1.0078125 = 3.0234375 is a tie
// between 3.015625 and 3.03125 and rounds to the even one, 3.03125.
// -y * 0.5 - (-y) with y = [3, -1, 0, -2]: [1.5, -0.5, +0, -1].
// 0.25 * 0.4f is exactly 0.1f (0.4f / 4), printed as 0.1.
// FLOAT: result #0: tensor<4xf32> = [nan, 1, 0, 2]
// FLOAT: result #1: tensor<4xf32> = [3, -1, -0, -2]
// FLOAT: result #2: tensor<2xbf16> = [1, 4]
// FLOAT: result #3: tensor<2xbf16> = [0.00390625, 3.03125]
// FLOAT: result #4: tensor<4xf32> = [1.5, -0.5, 0, -1]
// FLOAT: result #5: f32 = 0.1
func.func @floats() -> (tensor<4xf32>, tensor<4xf32>, tensor<2xbf16>, tensor<2xbf16>, tensor<4xf32>, f32) {
  %x = arith.constant dense<[0x7FC00000, 1.0, -0.0, 2.0]> : tensor<4xf32>
  %y = arith.constant dense<[3.0, -1.0, 0.0, -2.0]> : tensor<4xf32>
  %max = arith.maximumf %x, %y : tensor<4xf32>
  %mn = arith.minnumf %x, %y : tensor<4xf32>
  %h1 = arith.constant dense<[1.0, 3.0]> : tensor<2xbf16>
  %h2 = arith.constant dense<[0.00390625, 1.0078125]> : tensor<2xbf16>
  %sum = arith.addf %h1, %h2 : tensor<2xbf16>
  %prod = arith.mulf %h1, %h2 : tensor<2xbf16>
  %neg = arith.negf %y : tensor<4xf32>
  %half = arith.constant dense<0.5> : tensor<4xf32>
  %m = arith.mulf %neg, %half : tensor<4xf32>
  %r = arith.subf %m, %neg : tensor<4xf32>
  %a = arith.constant 0.25 : f32
  %b = arith.constant 0.4 : f32
  %s = arith.mulf %a, %b : f32
  return %max, %mn, %sum, %prod, %r, %s : tensor<4xf32>, tensor<4xf32>, tensor<2xbf16>, tensor<2xbf16>, tensor<4xf32>, f32
}

// i8 wraps: 100 + 100 = 200 - 256 = -56, 127 + 2 = -127; 100 * 100 =
// 10000 = 39 * 256 + 16, 127 * 2 = 254 - 256. divsi/remsi truncate:
// [-15, 7, -5] / [2, 3, 4] = [-7, 2, -1] rem [-1, 1, -1]; maxsi(x, y) =
// [2, 7, 4], + rem = [1, 8, 3].
// INT: result #0: tensor<3xi8> = [-56, -127, 5]
// INT: result #1: tensor<3xi8> = [16, -2, 6]
// INT: result #2: tensor<3xi32> = [-7, 2, -1]
// INT: result #3: tensor<3xi32> = [1, 8, 3]
func.func @ints() -> (tensor<3xi8>, tensor<3xi8>, tensor<3xi32>, tensor<3xi32>) {
  %a = arith.constant dense<[100, 127, 3]> : tensor<3xi8>
  %b = arith.constant dense<[100, 2, 2]> : tensor<3xi8>
  %s = arith.addi %a, %b : tensor<3xi8>
  %m = arith.muli %a, %b : tensor<3xi8>
  %x = arith.constant dense<[-15, 7, -5]> : tensor<3xi32>
  %y = arith.constant dense<[2, 3, 4]> : tensor<3xi32>
  %q = arith.divsi %x, %y : tensor<3xi32>
  %r = arith.remsi %x, %y : tensor<3xi32>
  %mx = arith.maxsi %x, %y : tensor<3xi32>
  %w = arith.addi %mx, %r : tensor<3xi32>
  return %s, %m, %q, %w : tensor<3xi8>, tensor<3xi8>, tensor<3xi32>, tensor<3xi32>
}

// sitofp i32 -> bf16 rounds correctly: 257 lies between bf16's 256 and 258
// (a tie, to even: 256); 16777217 -> 16777216. fptosi truncates.
// CAST: result #0: tensor<3xbf16> = [256, 16777216, -3]
// CAST: result #1: tensor<3xi32> = [-128, 127, -3]
// CAST: result #2: tensor<3xf32> = [256, 16777216, -3]
// CAST: result #3: tensor<3xi8> = [1, 2, -3]
func.func @casts() -> (tensor<3xbf16>, tensor<3xi32>, tensor<3xf32>, tensor<3xi8>) {
  %i = arith.constant dense<[257, 16777217, -3]> : tensor<3xi32>
  %h = arith.sitofp %i : tensor<3xi32> to tensor<3xbf16>
  %b = arith.constant dense<[-128, 127, -3]> : tensor<3xi8>
  %e = arith.extsi %b : tensor<3xi8> to tensor<3xi32>
  %f = arith.extf %h : tensor<3xbf16> to tensor<3xf32>
  %g = arith.constant dense<[1.9, 2.5, -3.99]> : tensor<3xf32>
  %t = arith.fptosi %g : tensor<3xf32> to tensor<3xi8>
  return %h, %e, %f, %t : tensor<3xbf16>, tensor<3xi32>, tensor<3xf32>, tensor<3xi8>
}

// CALL: result #0: tensor<2x2xf32> = {{\[\[}}2, 2], [2, 2]]
// CALL: result #1: tensor<1x2xbf16> = {{\[\[}}1.5, 1.5]]
func.func @twice(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %y = arith.addf %x, %x : tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}
func.func @calls() -> (tensor<2x2xf32>, tensor<1x2xbf16>) {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<2x2xf32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %r = func.call @twice(%f) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %v = arith.constant 1.5 : bf16
  %eh = tensor.empty() : tensor<1x2xbf16>
  %fh = linalg.fill ins(%v : bf16) outs(%eh : tensor<1x2xbf16>) -> tensor<1x2xbf16>
  return %r, %fh : tensor<2x2xf32>, tensor<1x2xbf16>
}

// bf16 argument from '<u2' bits (1.00390625 was rounded to 1 when written),
// an f32 scalar, and a tiled argument packed from an i8 .npy.
// ARGS: result #0: tensor<1x3xf32> = {{\[\[}}1.25, 2.75, -2.75]]
// ARGS: result #1: tensor<1x3xbf16> = {{\[\[}}1, 2.5, -3]]
// ARGS: result #2: tensor<3x5xi8> = {{\[\[}}0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14]]
// NPY: float32 (1, 3) {{\[\[}}0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14]]
func.func @args(%h: tensor<1x3xbf16>, %s: f32, %t: !systile.tiled<3x5xi8, #systile.geometry<2x4, mxu = 4>>)
    -> (tensor<1x3xf32>, tensor<1x3xbf16>, tensor<3x5xi8>) {
  %w = arith.extf %h : tensor<1x3xbf16> to tensor<1x3xf32>
  %e = tensor.empty() : tensor<1x3xf32>
  %sv = linalg.fill ins(%s : f32) outs(%e : tensor<1x3xf32>) -> tensor<1x3xf32>
  %r = arith.addf %w, %sv : tensor<1x3xf32>
  %d = systile.unpack %t : !systile.tiled<3x5xi8, #systile.geometry<2x4, mxu = 4>> -> tensor<3x5xi8>
  return %r, %h, %d : tensor<1x3xf32>, tensor<1x3xbf16>, tensor<3x5xi8>
}
