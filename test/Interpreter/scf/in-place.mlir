// A loop that updates its carried 4 MiB tensor (1024x1024xf32) with
// tensor.insert_slice / tensor.insert, and an scf.forall that only inserts
// into its output, run within a 6 MiB memory budget: they only fit if the
// tensor is updated in place (a copy per iteration needs 8 MiB at once).
// The same loop whose init is still used after it must copy (12 MiB
// budget), and the init must stay zero.
//
// RUN: systile-run %s --entry for_insert_slice --max-memory=6M | FileCheck %s --check-prefix=SLICE
// RUN: systile-run %s --entry nested_insert --max-memory=6M | FileCheck %s --check-prefix=INSERT
// RUN: systile-run %s --entry forall --max-memory=6M | FileCheck %s --check-prefix=FORALL
// RUN: systile-run %s --entry shared_init --max-memory=12M | FileCheck %s --check-prefix=SHARED
// RUN: not systile-run %s --entry shared_init --max-memory=6M 2>&1 | FileCheck %s --check-prefix=BUDGET

// Iteration i writes [2, 2, 2, 2] at (i, i..i+3); row 3 is then
// [0, 0, 0, 2, 2, 2, 2, 0, ...].
// SLICE: result #0: tensor<8xf32> = [0, 0, 0, 2, 2, 2, 2, 0]
func.func @for_insert_slice() -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %init = tensor.empty() : tensor<1024x1024xf32>
  %row = arith.constant dense<2.0> : tensor<1x4xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> tensor<1024x1024xf32> {
    %n = tensor.insert_slice %row into %acc[%i, %i] [1, 4] [1, 1] : tensor<1x4xf32> into tensor<1024x1024xf32>
    scf.yield %n : tensor<1024x1024xf32>
  }
  %s = tensor.extract_slice %r[3, 0] [1, 8] [1, 1] : tensor<1024x1024xf32> to tensor<8xf32>
  return %s : tensor<8xf32>
}

// t[i][j] = i + j for i, j < 3 by two nested loops of tensor.insert.
// INSERT: result #0: tensor<3x3xf32> = {{\[\[}}0, 1, 2], [1, 2, 3], [2, 3, 4]]
func.func @nested_insert() -> tensor<3x3xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %init = tensor.empty() : tensor<1024x1024xf32>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%t = %init) -> tensor<1024x1024xf32> {
    %inner = scf.for %j = %c0 to %c3 step %c1 iter_args(%u = %t) -> tensor<1024x1024xf32> {
      %s = arith.addi %i, %j : index
      %si = arith.index_cast %s : index to i32
      %v = arith.sitofp %si : i32 to f32
      %n = tensor.insert %v into %u[%i, %j] : tensor<1024x1024xf32>
      scf.yield %n : tensor<1024x1024xf32>
    }
    scf.yield %inner : tensor<1024x1024xf32>
  }
  %s = tensor.extract_slice %r[0, 0] [3, 3] [1, 1] : tensor<1024x1024xf32> to tensor<3x3xf32>
  return %s : tensor<3x3xf32>
}

// Iteration i of 4 writes [i, i] (as f32) at row i, columns 0..1.
// FORALL: result #0: tensor<4x2xf32> = {{\[\[}}0, 0], [1, 1], [2, 2], [3, 3]]
func.func @forall() -> tensor<4x2xf32> {
  %init = tensor.empty() : tensor<1024x1024xf32>
  %r = scf.forall (%i) in (4) shared_outs(%o = %init) -> tensor<1024x1024xf32> {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %t = tensor.from_elements %f, %f : tensor<1x2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %t into %o[%i, 0] [1, 2] [1, 1] : tensor<1x2xf32> into tensor<1024x1024xf32>
    }
  }
  %s = tensor.extract_slice %r[0, 0] [4, 2] [1, 1] : tensor<1024x1024xf32> to tensor<4x2xf32>
  return %s : tensor<4x2xf32>
}

// SHARED: result #0: tensor<4xf32> = [2, 2, 2, 2]
// SHARED: result #1: tensor<4xf32> = [0, 0, 0, 0]
// BUDGET: error: 'tensor.insert_slice': a tensor<1024x1024xf32> needs 4.00 MiB, which exceeds the memory budget
func.func @shared_init() -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %init = tensor.empty() : tensor<1024x1024xf32>
  %row = arith.constant dense<2.0> : tensor<1x4xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> tensor<1024x1024xf32> {
    %n = tensor.insert_slice %row into %acc[%i, 0] [1, 4] [1, 1] : tensor<1x4xf32> into tensor<1024x1024xf32>
    scf.yield %n : tensor<1024x1024xf32>
  }
  %a = tensor.extract_slice %r[3, 0] [1, 4] [1, 1] : tensor<1024x1024xf32> to tensor<4xf32>
  %b = tensor.extract_slice %init[3, 0] [1, 4] [1, 1] : tensor<1024x1024xf32> to tensor<4xf32>
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}
