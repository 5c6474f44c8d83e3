// tensor.insert_slice and tensor.parallel_insert_slice: a dynamic source
// must have the slice's sizes (unit dimensions aside, which a rank-reducing
// slice drops); the same element count in another shape is an error naming
// the op and both shapes, with exit status 1.
//
// RUN: %python %S/../Inputs/npy_tool.py %t.s26.npy f32 2x6 iota
// RUN: %python %S/../Inputs/npy_tool.py %t.s34.npy f32 3x4 iota
// RUN: %python %S/../Inputs/npy_tool.py %t.s14.npy f32 1x4 iota
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry whole --input %t.s26.npy | FileCheck %s --check-prefix=WHOLE
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry part --input %t.s26.npy | FileCheck %s --check-prefix=PART
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry forall --input %t.s26.npy | FileCheck %s --check-prefix=FORALL
// RUN: systile-run %s --entry whole --input %t.s34.npy | FileCheck %s --check-prefix=OK
// RUN: systile-run %s --entry reduced --input %t.s14.npy | FileCheck %s --check-prefix=REDUCED

// WHOLE: slice-source.mlir:[[@LINE+6]]:8: error: 'tensor.insert_slice': the source has shape 2x6 but the slice has sizes 3x4
// OK: result #0: tensor<3x4xf32> = {{\[\[}}0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]
func.func @whole(%s: tensor<?x?xf32>) -> tensor<3x4xf32> {
  %d = arith.constant dense<0.0> : tensor<3x4xf32>
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %r = tensor.insert_slice %s into %d[0, 0] [%c3, %c4] [1, 1]
      : tensor<?x?xf32> into tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// PART: error: 'tensor.insert_slice': the source has shape 2x6 but the slice has sizes 3x4
func.func @part(%s: tensor<?x?xf32>) -> tensor<4x6xf32> {
  %d = arith.constant dense<0.0> : tensor<4x6xf32>
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %r = tensor.insert_slice %s into %d[1, 1] [%c3, %c4] [1, 1]
      : tensor<?x?xf32> into tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

// FORALL: error: 'tensor.parallel_insert_slice': the source has shape 2x6 but the slice has sizes 3x4
func.func @forall(%s: tensor<?x?xf32>) -> tensor<4x6xf32> {
  %d = arith.constant dense<0.0> : tensor<4x6xf32>
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %r = scf.forall (%i) in (1) shared_outs(%o = %d) -> tensor<4x6xf32> {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[0, 0] [%c3, %c4] [1, 1]
          : tensor<?x?xf32> into tensor<4x6xf32>
    }
  }
  return %r : tensor<4x6xf32>
}

// A rank-reducing slice: the unit dimension of the sizes is dropped.
// REDUCED: result #0: tensor<3x4xf32> = {{\[\[}}0, 0, 0, 0], [0, 1, 2, 3], [0, 0, 0, 0]]
func.func @reduced(%s: tensor<?x?xf32>) -> tensor<3x4xf32> {
  %d = arith.constant dense<0.0> : tensor<3x4xf32>
  %c0 = arith.constant 0 : index
  %v = tensor.extract_slice %s[0, 0] [1, 4] [1, 1] : tensor<?x?xf32> to tensor<4xf32>
  %r = tensor.insert_slice %v into %d[1, 0] [1, 4] [1, 1]
      : tensor<4xf32> into tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}
