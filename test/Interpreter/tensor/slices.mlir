// extract_slice / insert_slice with static and dynamic offsets, strides and
// rank reduction; extract / insert; a destination that is still used later
// is copied, never changed. Values by hand; %iota is [[0..4], [5..9],
// [10..14], [15..19]].
//
// RUN: systile-run %s --entry extract | FileCheck %s --check-prefix=EXTRACT
// RUN: systile-run %s --entry insert | FileCheck %s --check-prefix=INSERT
// RUN: systile-run %s --entry elements | FileCheck %s --check-prefix=ELEM
// RUN: systile-run %s --entry empty | FileCheck %s --check-prefix=EMPTY
//
// Strides of any sign, interpreted and compiled (the arguments are an
// iota, [[1, 2], [3, 4]] and [1, 2, 3]):
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.arange(20, dtype='<i4').reshape(4, 5)); np.save('%t/s.npy', np.array([[1, 2], [3, 4]], '<i4')); np.save('%t/t.npy', np.array([1, 2, 3], '<i4'))"
// RUN: systile-run %s --entry strides --input %t/x.npy --input %t/s.npy --input %t/t.npy | FileCheck %s --check-prefix=STRIDES
// RUN: systile-run %s --entry strides --input %t/x.npy --input %t/s.npy --input %t/t.npy --compile | FileCheck %s --check-prefix=STRIDES
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry below --input %t/x.npy 2>&1 | FileCheck %s --check-prefix=BELOW
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry below --input %t/x.npy --compile 2>&1 | FileCheck %s --check-prefix=BELOW-COMPILED

// Rows 1, 3 and columns 0, 2, 4; row 2 columns 1..4 as a rank-1 tensor (a
// view); rows 1..3 and columns 2..3 at dynamic offsets; column 3 with a
// dynamic size of 4 (stride 1 over rows: not contiguous); the whole tensor.
// EXTRACT: result #0: tensor<2x3xi32> = {{\[\[}}5, 7, 9], [15, 17, 19]]
// EXTRACT: result #1: tensor<4xi32> = [11, 12, 13, 14]
// EXTRACT: result #2: tensor<3x2xi32> = {{\[\[}}7, 8], [12, 13], [17, 18]]
// EXTRACT: result #3: tensor<4xi32> = [3, 8, 13, 18]
// EXTRACT: result #4: tensor<4x5xi32> = {{\[\[}}0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14], [15, 16, 17, 18, 19]]
func.func @extract() -> (tensor<2x3xi32>, tensor<4xi32>, tensor<3x2xi32>, tensor<4xi32>, tensor<4x5xi32>) {
  %iota = arith.constant dense<[[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13, 14], [15, 16, 17, 18, 19]]> : tensor<4x5xi32>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %s0 = tensor.extract_slice %iota[1, 0] [2, 3] [2, 2] : tensor<4x5xi32> to tensor<2x3xi32>
  %s1 = tensor.extract_slice %iota[2, 1] [1, 4] [1, 1] : tensor<4x5xi32> to tensor<4xi32>
  %s2 = tensor.extract_slice %iota[%c1, %c2] [3, 2] [1, 1] : tensor<4x5xi32> to tensor<3x2xi32>
  %s3 = tensor.extract_slice %iota[0, 3] [%c4, 1] [1, 1] : tensor<4x5xi32> to tensor<?xi32>
  %s3s = tensor.cast %s3 : tensor<?xi32> to tensor<4xi32>
  %s4 = tensor.extract_slice %iota[0, 0] [4, 5] [1, 1] : tensor<4x5xi32> to tensor<4x5xi32>
  return %s0, %s1, %s2, %s3s, %s4 : tensor<2x3xi32>, tensor<4xi32>, tensor<3x2xi32>, tensor<4xi32>, tensor<4x5xi32>
}

// [[1, 2], [3, 4]] at (0, 1) with strides (2, 2) lands on (0, 1), (0, 3),
// (2, 1), (2, 3). %row replaces row 1 of that (rank-reduced source, dynamic
// offset). %zero is used after both inserts, so it must still be zero.
// INSERT: result #0: tensor<3x4xf32> = {{\[\[}}0, 1, 0, 2], [0, 0, 0, 0], [0, 3, 0, 4]]
// INSERT: result #1: tensor<3x4xf32> = {{\[\[}}0, 1, 0, 2], [7, 8, 9, 10], [0, 3, 0, 4]]
// INSERT: result #2: tensor<3x4xf32> = {{\[\[}}0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
// An insert_slice that covers the whole destination yields the source.
// INSERT: result #3: tensor<3x4xf32> = {{\[\[}}0, 1, 0, 2], [7, 8, 9, 10], [0, 3, 0, 4]]
func.func @insert() -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) {
  %zero = arith.constant dense<0.0> : tensor<3x4xf32>
  %src = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %row = arith.constant dense<[7.0, 8.0, 9.0, 10.0]> : tensor<4xf32>
  %c1 = arith.constant 1 : index
  %a = tensor.insert_slice %src into %zero[0, 1] [2, 2] [2, 2] : tensor<2x2xf32> into tensor<3x4xf32>
  %b = tensor.insert_slice %row into %a[%c1, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<3x4xf32>
  %whole = tensor.insert_slice %b into %zero[0, 0] [3, 4] [1, 1] : tensor<3x4xf32> into tensor<3x4xf32>
  return %a, %b, %zero, %whole : tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>
}

// extract reads (1, 2) = 6 of [[1, 2, 3], [4, 5, 6]] (bf16); insert writes
// -1 at (0, 1) of a fresh tensor.empty (zeros) and of the i8 constant.
// ELEM: result #0: bf16 = 6
// ELEM: result #1: tensor<2x2xi8> = {{\[\[}}0, -1], [0, 0]]
// ELEM: result #2: tensor<2x2xi8> = {{\[\[}}5, -1], [7, 8]]
// ELEM: result #3: tensor<2x2xi8> = {{\[\[}}5, 6], [7, 8]]
func.func @elements() -> (bf16, tensor<2x2xi8>, tensor<2x2xi8>, tensor<2x2xi8>) {
  %t = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xbf16>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %e = tensor.extract %t[%c1, %c2] : tensor<2x3xbf16>
  %m1 = arith.constant -1 : i8
  %empty = tensor.empty() : tensor<2x2xi8>
  %i = tensor.insert %m1 into %empty[%c0, %c1] : tensor<2x2xi8>
  %k = arith.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi8>
  %j = tensor.insert %m1 into %k[%c0, %c1] : tensor<2x2xi8>
  return %e, %i, %j, %k : bf16, tensor<2x2xi8>, tensor<2x2xi8>, tensor<2x2xi8>
}

// Empty tensors: a size-0 slice (its offset is not checked, as nothing is
// read), concat with an empty input, and a pad of an empty tensor.
// EMPTY: result #0: tensor<0x3xf32> = []
// EMPTY: result #1: tensor<2x3xf32> = {{\[\[}}1, 2, 3], [4, 5, 6]]
// EMPTY: result #2: tensor<2x2xf32> = {{\[\[}}1, 1], [1, 1]]
func.func @empty() -> (tensor<0x3xf32>, tensor<2x3xf32>, tensor<2x2xf32>) {
  %t = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %c7 = arith.constant 7 : index
  %e = tensor.extract_slice %t[%c7, 0] [0, 3] [1, 1] : tensor<2x3xf32> to tensor<0x3xf32>
  %c = tensor.concat dim(0) %e, %t : (tensor<0x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %z = tensor.empty() : tensor<0x2xf32>
  %one = arith.constant 1.0 : f32
  %p = tensor.pad %z low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %one : f32
  } : tensor<0x2xf32> to tensor<2x2xf32>
  return %e, %c, %p : tensor<0x3xf32>, tensor<2x3xf32>, tensor<2x2xf32>
}

// Element i of a dimension is at offset + i * stride, whatever the
// stride's sign: rows 3, 2 and columns 4, 2, 0; row 1 three times
// (stride 0); [[1, 2], [3, 4]] written from (2, 3) up and left; [1, 2, 3]
// written to element 1 three times, in order, so the last stays.
// STRIDES: result #0: tensor<2x3xi32> = {{\[\[}}19, 17, 15], [14, 12, 10]]
// STRIDES: result #1: tensor<3x2xi32> = {{\[\[}}7, 8], [7, 8], [7, 8]]
// STRIDES: result #2: tensor<3x4xi32> = {{\[\[}}0, 0, 0, 0], [0, 0, 4, 3], [0, 0, 2, 1]]
// STRIDES: result #3: tensor<4xi32> = [0, 3, 0, 0]
// Slices of the whole extent that are not the tensor in order: the rows
// reversed, row 2 four times, [1, 2, 3] written backward over all of it.
// STRIDES: result #4: tensor<4x5xi32> = {{\[\[}}15, 16, 17, 18, 19], [10, 11, 12, 13, 14], [5, 6, 7, 8, 9], [0, 1, 2, 3, 4]]
// STRIDES: result #5: tensor<4x5xi32> = {{\[\[}}10, 11, 12, 13, 14], [10, 11, 12, 13, 14], [10, 11, 12, 13, 14], [10, 11, 12, 13, 14]]
// STRIDES: result #6: tensor<3xi32> = [3, 2, 1]
func.func @strides(%x: tensor<4x5xi32>, %s: tensor<2x2xi32>, %t: tensor<3xi32>) -> (tensor<2x3xi32>, tensor<3x2xi32>, tensor<3x4xi32>, tensor<4xi32>, tensor<4x5xi32>, tensor<4x5xi32>, tensor<3xi32>) {
  %a = tensor.extract_slice %x[3, 4] [2, 3] [-1, -2] : tensor<4x5xi32> to tensor<2x3xi32>
  %b = tensor.extract_slice %x[1, 2] [3, 2] [0, 1] : tensor<4x5xi32> to tensor<3x2xi32>
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<3x4xi32>
  %d = linalg.fill ins(%z : i32) outs(%e : tensor<3x4xi32>) -> tensor<3x4xi32>
  %c = tensor.insert_slice %s into %d[2, 3] [2, 2] [-1, -1] : tensor<2x2xi32> into tensor<3x4xi32>
  %e4 = tensor.empty() : tensor<4xi32>
  %d4 = linalg.fill ins(%z : i32) outs(%e4 : tensor<4xi32>) -> tensor<4xi32>
  %f = tensor.insert_slice %t into %d4[1] [3] [0] : tensor<3xi32> into tensor<4xi32>
  %rev = tensor.extract_slice %x[3, 0] [4, 5] [-1, 1] : tensor<4x5xi32> to tensor<4x5xi32>
  %rep = tensor.extract_slice %x[2, 0] [4, 5] [0, 1] : tensor<4x5xi32> to tensor<4x5xi32>
  %e3 = tensor.empty() : tensor<3xi32>
  %d3 = linalg.fill ins(%z : i32) outs(%e3 : tensor<3xi32>) -> tensor<3xi32>
  %back = tensor.insert_slice %t into %d3[2] [3] [-1] : tensor<3xi32> into tensor<3xi32>
  return %a, %b, %c, %f, %rev, %rep, %back : tensor<2x3xi32>, tensor<3x2xi32>, tensor<3x4xi32>, tensor<4xi32>, tensor<4x5xi32>, tensor<4x5xi32>, tensor<3xi32>
}

// A negative stride that runs below 0 (rows 1, 0, -1): refused by both.
// BELOW: slices.mlir:[[# @LINE + 3]]:8: error: 'tensor.extract_slice': slice of dimension 0 (offset 1, size 3, stride -1) is out of bounds of its size 4
// BELOW-COMPILED: subview runs out-of-bounds along dimension 0
func.func @below(%x: tensor<4x5xi32>) -> tensor<3x1xi32> {
  %a = tensor.extract_slice %x[1, 0] [3, 1] [-1, 1] : tensor<4x5xi32> to tensor<3x1xi32>
  return %a : tensor<3x1xi32>
}
