// Sizes, offsets and indices known only at run time are checked: each bad
// one is an error at the op with exit status 1 (upstream leaves them
// undefined).
//
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry slice_oob 2>&1 | FileCheck %s --check-prefix=SLICE
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry insert_oob 2>&1 | FileCheck %s --check-prefix=INSERT
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry dim_oob 2>&1 | FileCheck %s --check-prefix=DIM
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry reshape_count 2>&1 | FileCheck %s --check-prefix=RESHAPE
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry expand_mismatch 2>&1 | FileCheck %s --check-prefix=EXPAND
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry cast_mismatch 2>&1 | FileCheck %s --check-prefix=CAST
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry negative_pad 2>&1 | FileCheck %s --check-prefix=PAD
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry negative_size 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry huge 2>&1 | FileCheck %s --check-prefix=HUGE

// SLICE: bad-input.mlir:[[@LINE+4]]:8: error: 'tensor.extract_slice': slice of dimension 0 (offset 3, size 2, stride 1) is out of bounds of its size 4
func.func @slice_oob() -> tensor<2xf32> {
  %t = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %c3 = arith.constant 3 : index
  %s = tensor.extract_slice %t[%c3] [2] [1] : tensor<4xf32> to tensor<2xf32>
  return %s : tensor<2xf32>
}

// INSERT: bad-input.mlir:[[@LINE+5]]:8: error: 'tensor.insert_slice': slice of dimension 1 (offset 0, size 2, stride 4) is out of bounds of its size 4
func.func @insert_oob() -> tensor<2x4xf32> {
  %t = arith.constant dense<0.0> : tensor<2x4xf32>
  %s = arith.constant dense<1.0> : tensor<1x2xf32>
  %c4 = arith.constant 4 : index
  %r = tensor.insert_slice %s into %t[0, 0] [1, 2] [1, %c4] : tensor<1x2xf32> into tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// DIM: bad-input.mlir:[[@LINE+4]]:8: error: 'tensor.dim': dimension 2 is out of range for a tensor of rank 2
func.func @dim_oob() -> tensor<1xi32> {
  %t = arith.constant dense<0.0> : tensor<2x4xf32>
  %c2 = arith.constant 2 : index
  %d = tensor.dim %t, %c2 : tensor<2x4xf32>
  %i = arith.index_cast %d : index to i32
  %r = tensor.from_elements %i : tensor<1xi32>
  return %r : tensor<1xi32>
}

// RESHAPE: bad-input.mlir:[[@LINE+4]]:8: error: 'tensor.reshape': cannot reshape 6 elements into 8
func.func @reshape_count() -> tensor<?x2xf32> {
  %t = arith.constant dense<0.0> : tensor<6xf32>
  %shape = arith.constant dense<[4, 2]> : tensor<2xindex>
  %r = tensor.reshape %t(%shape) : (tensor<6xf32>, tensor<2xindex>) -> tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}

// EXPAND: bad-input.mlir:[[@LINE+5]]:8: error: 'tensor.expand_shape': source dimension 0 of size 6 does not expand to sizes whose product is 8
func.func @expand_mismatch() -> tensor<?x2xf32> {
  %s = arith.constant dense<0.0> : tensor<6xf32>
  %t = tensor.cast %s : tensor<6xf32> to tensor<?xf32>
  %c4 = arith.constant 4 : index
  %r = tensor.expand_shape %t [[0, 1]] output_shape [%c4, 2] : tensor<?xf32> into tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}

// CAST: bad-input.mlir:[[@LINE+4]]:8: error: 'tensor.cast': dimension 0 is 3 at run time, but the type 'tensor<4xf32>' says 4
func.func @cast_mismatch() -> tensor<4xf32> {
  %t = arith.constant dense<0.0> : tensor<3xf32>
  %d = tensor.cast %t : tensor<3xf32> to tensor<?xf32>
  %r = tensor.cast %d : tensor<?xf32> to tensor<4xf32>
  return %r : tensor<4xf32>
}

// PAD: bad-input.mlir:[[@LINE+5]]:8: error: 'tensor.pad': padding of dimension 0 (low -1, high 0) is negative
func.func @negative_pad() -> tensor<?xf32> {
  %t = arith.constant dense<0.0> : tensor<3xf32>
  %m1 = arith.constant -1 : index
  %z = arith.constant 0.0 : f32
  %r = tensor.pad %t low[%m1] high[0] {
  ^bb0(%i: index):
    tensor.yield %z : f32
  } : tensor<3xf32> to tensor<?xf32>
  return %r : tensor<?xf32>
}

// NEG: bad-input.mlir:[[@LINE+3]]:8: error: 'tensor.empty': dynamic dimension 0 has size -5; sizes must be non-negative
func.func @negative_size() -> tensor<?xf32> {
  %m5 = arith.constant -5 : index
  %r = tensor.empty(%m5) : tensor<?xf32>
  return %r : tensor<?xf32>
}

// HUGE: bad-input.mlir:[[@LINE+3]]:8: error: 'tensor.empty': a tensor<4611686018427387904x4611686018427387904xf32> is too large: its size overflows int64
func.func @huge() -> tensor<?x?xf32> {
  %n = arith.constant 4611686018427387904 : index
  %r = tensor.empty(%n, %n) : tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
