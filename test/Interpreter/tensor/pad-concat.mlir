// tensor.pad (constant value, dynamic amounts, a value that depends on the
// indices), tensor.concat, tensor.generate, tensor.splat, from_elements and
// a dynamic tensor.empty. Values by hand.
//
// RUN: systile-run %s --entry pad | FileCheck %s --check-prefix=PAD
// RUN: systile-run %s --entry concat | FileCheck %s --check-prefix=CONCAT
// RUN: systile-run %s --entry create | FileCheck %s --check-prefix=CREATE

// [[1, 2], [3, 4]] padded by one row above, one column right with -1;
// dynamically by (0, 2) low and (1, 0) high with a value computed in the
// region; and with i*10 + j at padded positions (i, j).
// PAD: result #0: tensor<3x3xf32> = {{\[\[}}-1, -1, -1], [1, 2, -1], [3, 4, -1]]
// PAD: result #1: tensor<3x4xf32> = {{\[\[}}5, 5, 1, 2], [5, 5, 3, 4], [5, 5, 5, 5]]
// PAD: result #2: tensor<3x4xi32> = {{\[\[}}0, 1, 2, 3], [10, 1, 2, 13], [20, 3, 4, 23]]
func.func @pad() -> (tensor<3x3xf32>, tensor<3x4xf32>, tensor<3x4xi32>) {
  %a = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %m1 = arith.constant -1.0 : f32
  %p0 = tensor.pad %a low[1, 0] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %m1 : f32
  } : tensor<2x2xf32> to tensor<3x3xf32>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %p1 = tensor.pad %a low[0, %c2] high[%c1, 0] {
  ^bb0(%i: index, %j: index):
    %two = arith.constant 2.5 : f32
    %five = arith.addf %two, %two : f32
    tensor.yield %five : f32
  } : tensor<2x2xf32> to tensor<?x4xf32>
  %p1s = tensor.cast %p1 : tensor<?x4xf32> to tensor<3x4xf32>
  %b = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %p2 = tensor.pad %b low[1, 1] high[0, 1] {
  ^bb0(%i: index, %j: index):
    %c10 = arith.constant 10 : index
    %t = arith.muli %i, %c10 : index
    %v = arith.addi %t, %j : index
    %r = arith.index_cast %v : index to i32
    tensor.yield %r : i32
  } : tensor<2x2xi32> to tensor<3x4xi32>
  return %p0, %p1s, %p2 : tensor<3x3xf32>, tensor<3x4xf32>, tensor<3x4xi32>
}

// CONCAT: result #0: tensor<3x2xi8> = {{\[\[}}1, 2], [3, 4], [5, 6]]
// CONCAT: result #1: tensor<2x5xi8> = {{\[\[}}1, 2, 5, 6, 9], [3, 4, 7, 8, 9]]
func.func @concat() -> (tensor<3x2xi8>, tensor<2x5xi8>) {
  %a = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>
  %b = arith.constant dense<[[5, 6]]> : tensor<1x2xi8>
  %c = arith.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi8>
  %d = arith.constant dense<9> : tensor<2x1xi8>
  %r0 = tensor.concat dim(0) %a, %b : (tensor<2x2xi8>, tensor<1x2xi8>) -> tensor<3x2xi8>
  %r1 = tensor.concat dim(1) %a, %c, %d : (tensor<2x2xi8>, tensor<2x2xi8>, tensor<2x1xi8>) -> tensor<2x5xi8>
  return %r0, %r1 : tensor<3x2xi8>, tensor<2x5xi8>
}

// generate: element (i, j) = i - j over a dynamic 2x3; splat of 1.5 over a
// dynamic 3; from_elements; tensor.empty(%c2) is zeros.
// CREATE: result #0: tensor<2x3xi32> = {{\[\[}}0, -1, -2], [1, 0, -1]]
// CREATE: result #1: tensor<3xbf16> = [1.5, 1.5, 1.5]
// CREATE: result #2: tensor<2x2xf32> = {{\[\[}}1, 2], [3, 4]]
// CREATE: result #3: tensor<2x2xf32> = {{\[\[}}0, 0], [0, 0]]
func.func @create() -> (tensor<2x3xi32>, tensor<3xbf16>, tensor<2x2xf32>, tensor<2x2xf32>) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %g = tensor.generate %c2, %c3 {
  ^bb0(%i: index, %j: index):
    %d = arith.subi %i, %j : index
    %r = arith.index_cast %d : index to i32
    tensor.yield %r : i32
  } : tensor<?x?xi32>
  %gs = tensor.cast %g : tensor<?x?xi32> to tensor<2x3xi32>
  %h = arith.constant 1.5 : bf16
  %s = tensor.splat %h[%c3] : tensor<?xbf16>
  %ss = tensor.cast %s : tensor<?xbf16> to tensor<3xbf16>
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %four = arith.constant 4.0 : f32
  %f = tensor.from_elements %one, %two, %three, %four : tensor<2x2xf32>
  %e = tensor.empty(%c2) : tensor<?x2xf32>
  %es = tensor.cast %e : tensor<?x2xf32> to tensor<2x2xf32>
  return %gs, %ss, %f, %es : tensor<2x3xi32>, tensor<3xbf16>, tensor<2x2xf32>, tensor<2x2xf32>
}
