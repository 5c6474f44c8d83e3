// scf.for: iter_args, index and integer induction variables, zero trips,
// unsigned comparison, nested loops, an insert_slice accumulation and a
// loop over a dynamic dimension bound from the input. Values by hand.
//
// RUN: systile-run %s --entry accumulate | FileCheck %s --check-prefix=ACC
// RUN: systile-run %s --entry scalars | FileCheck %s --check-prefix=SCALAR
// RUN: systile-run %s --entry nested | FileCheck %s --check-prefix=NESTED
// RUN: %python %S/../Inputs/npy_tool.py %t.x.npy f32 5x2 iota
// RUN: systile-run %s --entry dynamic --input %t.x.npy | FileCheck %s --check-prefix=DYN

// Row i of the result is [1, 2, 3] + i, written by insert_slice into the
// iter_arg; the loop variable runs 0, 1, 2, 3.
// ACC: result #0: tensor<4x3xf32> = {{\[\[}}1, 2, 3], [2, 3, 4], [3, 4, 5], [4, 5, 6]]
func.func @accumulate() -> tensor<4x3xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %init = tensor.empty() : tensor<4x3xf32>
  %row = arith.constant dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> tensor<4x3xf32> {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %s = tensor.splat %fi : tensor<1x3xf32>
    %v = arith.addf %row, %s : tensor<1x3xf32>
    %n = tensor.insert_slice %v into %acc[%i, 0] [1, 3] [1, 1] : tensor<1x3xf32> into tensor<4x3xf32>
    scf.yield %n : tensor<4x3xf32>
  }
  return %r : tensor<4x3xf32>
}

// #0: sum of i for i = 3, 5, 7, 9 (i32 induction variable, step 2, ub 10
// not a multiple): 24, and the trip count 4 as a second iter_arg.
// #1: a zero-trip loop (lb 5 >= ub 2) returns its init, 42.
// #2: i8 from -128 to 127 step 100 runs -128, -28, 72: sum -84.
// #3: unsigned i8 from 0 to -56 (= 200) step 100 runs 0, 100: 2 trips;
//     as a signed loop 0 >= -56 runs none.
// SCALAR: result #0: tensor<2xi32> = [24, 4]
// SCALAR: result #1: i32 = 42
// SCALAR: result #2: i32 = -84
// SCALAR: result #3: tensor<2xi32> = [2, 0]
func.func @scalars() -> (tensor<2xi32>, i32, i32, tensor<2xi32>) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %lb = arith.constant 3 : i32
  %ub = arith.constant 10 : i32
  %step = arith.constant 2 : i32
  %sum, %n = scf.for %i = %lb to %ub step %step iter_args(%s = %zero, %k = %zero) -> (i32, i32) : i32 {
    %s2 = arith.addi %s, %i : i32
    %k2 = arith.addi %k, %one : i32
    scf.yield %s2, %k2 : i32, i32
  }
  %pair = tensor.from_elements %sum, %n : tensor<2xi32>
  %c42 = arith.constant 42 : i32
  %c5 = arith.constant 5 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %none = scf.for %i = %c5 to %c2 step %c1 iter_args(%s = %c42) -> i32 {
    %bad = arith.addi %s, %s : i32
    scf.yield %bad : i32
  }
  %lo = arith.constant -128 : i8
  %hi = arith.constant 127 : i8
  %st = arith.constant 100 : i8
  %z8 = arith.constant 0 : i8
  %sum8 = scf.for %i = %lo to %hi step %st iter_args(%s = %z8) -> i8 : i8 {
    %s2 = arith.addi %s, %i : i8
    scf.yield %s2 : i8
  }
  %sum8w = arith.extsi %sum8 : i8 to i32
  %u200 = arith.constant -56 : i8
  %nu = scf.for unsigned %i = %z8 to %u200 step %st iter_args(%k = %zero) -> i32 : i8 {
    %k2 = arith.addi %k, %one : i32
    scf.yield %k2 : i32
  }
  %ns = scf.for %i = %z8 to %u200 step %st iter_args(%k = %zero) -> i32 : i8 {
    %k2 = arith.addi %k, %one : i32
    scf.yield %k2 : i32
  }
  %trips = tensor.from_elements %nu, %ns : tensor<2xi32>
  return %pair, %none, %sum8w, %trips : tensor<2xi32>, i32, i32, tensor<2xi32>
}

// A 3x4 table t[i][j] = 10 * i + j filled by two nested loops with
// tensor.insert into the carried tensor.
// NESTED: result #0: tensor<3x4xi32> = {{\[\[}}0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23]]
func.func @nested() -> tensor<3x4xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  %init = tensor.empty() : tensor<3x4xi32>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%t = %init) -> tensor<3x4xi32> {
    %inner = scf.for %j = %c0 to %c4 step %c1 iter_args(%u = %t) -> tensor<3x4xi32> {
      %a = arith.muli %i, %c10 : index
      %b = arith.addi %a, %j : index
      %v = arith.index_cast %b : index to i32
      %n = tensor.insert %v into %u[%i, %j] : tensor<3x4xi32>
      scf.yield %n : tensor<3x4xi32>
    }
    scf.yield %inner : tensor<3x4xi32>
  }
  return %r : tensor<3x4xi32>
}

// The input is 5x2 iota [[0, 1], ..., [8, 9]] bound to tensor<?x2xf32>:
// the loop runs tensor.dim = 5 times and sums the rows: [20, 25].
// DYN: result #0: tensor<1x2xf32> = {{\[\[}}20, 25]]
func.func @dynamic(%x: tensor<?x2xf32>) -> tensor<1x2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c0 : tensor<?x2xf32>
  %zero = arith.constant dense<0.0> : tensor<1x2xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> tensor<1x2xf32> {
    %row = tensor.extract_slice %x[%i, 0] [1, 2] [1, 1] : tensor<?x2xf32> to tensor<1x2xf32>
    %s = arith.addf %acc, %row : tensor<1x2xf32>
    scf.yield %s : tensor<1x2xf32>
  }
  return %r : tensor<1x2xf32>
}
