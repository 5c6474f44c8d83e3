// Reshapes keep the C order of the elements: expand_shape, collapse_shape,
// reshape, cast, bitcast, dim and rank. Values by hand.
//
// RUN: systile-run %s --entry reshapes | FileCheck %s --check-prefix=RESHAPE
// RUN: systile-run %s --entry dynamic | FileCheck %s --check-prefix=DYN
// RUN: systile-run %s --entry bitcast | FileCheck %s --check-prefix=BITCAST
// RUN: systile-run %s --entry dims | FileCheck %s --check-prefix=DIMS

// [[0, 1, 2], [3, 4, 5]] collapsed is 0..5; expanded to 3x1x2 it is
// [[[0, 1]], [[2, 3]], [[4, 5]]]; reshaped by a shape tensor to 6x1.
// RESHAPE: result #0: tensor<6xi32> = [0, 1, 2, 3, 4, 5]
// RESHAPE: result #1: tensor<3x1x2xi32> = {{\[\[\[}}0, 1]], {{\[\[}}2, 3]], {{\[\[}}4, 5]]]
// RESHAPE: result #2: tensor<6x1xi32> = {{\[\[}}0], [1], [2], [3], [4], [5]]
// RESHAPE: result #3: tensor<2x3xi32> = {{\[\[}}0, 1, 2], [3, 4, 5]]
func.func @reshapes() -> (tensor<6xi32>, tensor<3x1x2xi32>, tensor<6x1xi32>, tensor<2x3xi32>) {
  %a = arith.constant dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xi32>
  %flat = tensor.collapse_shape %a [[0, 1]] : tensor<2x3xi32> into tensor<6xi32>
  %e = tensor.expand_shape %flat [[0, 1, 2]] output_shape [3, 1, 2] : tensor<6xi32> into tensor<3x1x2xi32>
  %shape = arith.constant dense<[6, 1]> : tensor<2xindex>
  %r = tensor.reshape %e(%shape) : (tensor<3x1x2xi32>, tensor<2xindex>) -> tensor<6x1xi32>
  %d = tensor.cast %a : tensor<2x3xi32> to tensor<?x3xi32>
  %s = tensor.cast %d : tensor<?x3xi32> to tensor<2x3xi32>
  return %flat, %e, %r, %s : tensor<6xi32>, tensor<3x1x2xi32>, tensor<6x1xi32>, tensor<2x3xi32>
}

// A dynamic expand: 12 elements as ?x3 with ? = 12 / 3 = 4, then
// collapsed back into one dynamic dimension and cast to static.
// DYN: result #0: tensor<4x3xf32> = {{\[\[}}1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]
// DYN: result #1: tensor<12xf32> = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
func.func @dynamic() -> (tensor<4x3xf32>, tensor<12xf32>) {
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0]> : tensor<12xf32>
  %c3 = arith.constant 3 : index
  %c12 = arith.constant 12 : index
  %rows = arith.divui %c12, %c3 : index
  %dyn = tensor.cast %a : tensor<12xf32> to tensor<?xf32>
  %e = tensor.expand_shape %dyn [[0, 1]] output_shape [%rows, 3] : tensor<?xf32> into tensor<?x3xf32>
  %s = tensor.cast %e : tensor<?x3xf32> to tensor<4x3xf32>
  %c = tensor.collapse_shape %e [[0, 1]] : tensor<?x3xf32> into tensor<?xf32>
  %cs = tensor.cast %c : tensor<?xf32> to tensor<12xf32>
  return %s, %cs : tensor<4x3xf32>, tensor<12xf32>
}

// Bitcast keeps the bits: 1.0f is 0x3f800000 = 1065353216, -2.0f is
// 0xc0000000 = -1073741824; and back.
// BITCAST: result #0: tensor<2xi32> = [1065353216, -1073741824]
// BITCAST: result #1: tensor<2xf32> = [1, -2]
func.func @bitcast() -> (tensor<2xi32>, tensor<2xf32>) {
  %a = arith.constant dense<[1.0, -2.0]> : tensor<2xf32>
  %b = tensor.bitcast %a : tensor<2xf32> to tensor<2xi32>
  %c = tensor.bitcast %b : tensor<2xi32> to tensor<2xf32>
  return %b, %c : tensor<2xi32>, tensor<2xf32>
}

// dim of a tensor<2x?x5xf32> with ? = 7 (from a tensor.empty); rank 3.
// DIMS: result #0: tensor<4xi32> = [2, 7, 5, 3]
func.func @dims() -> tensor<4xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %t = tensor.empty(%c7) : tensor<2x?x5xf32>
  %d0 = tensor.dim %t, %c0 : tensor<2x?x5xf32>
  %d1 = tensor.dim %t, %c1 : tensor<2x?x5xf32>
  %d2 = tensor.dim %t, %c2 : tensor<2x?x5xf32>
  %r = tensor.rank %t : tensor<2x?x5xf32>
  %i0 = arith.index_cast %d0 : index to i32
  %i1 = arith.index_cast %d1 : index to i32
  %i2 = arith.index_cast %d2 : index to i32
  %i3 = arith.index_cast %r : index to i32
  %v = tensor.from_elements %i0, %i1, %i2, %i3 : tensor<4xi32>
  return %v : tensor<4xi32>
}
