// tensor.pad's verifier (MLIR 22.1.8) does not check that the source and
// the result hold the same element type. A bytecode mutant padded a
// tensor of index into one of bf16 before a max pooling;
// convert-linalg-to-systile, which reads the pooling's window through the
// pad, then packed the index source (invalid IR, and under the sanitizers
// a segfault: the canonicalizer's fold of that pack asked index for its
// bit width). The bytecode fuzz target found it
// (Inputs/bytecode-mutants/pad-element-type.mlirbc). The tools check it
// before the verifier (systile::verifyInput): an error at the op, exit 1.
//
// RUN: not systile-opt %s --systile-pipeline 2>&1 | FileCheck %s
// RUN: not systile-run %s 2>&1 | FileCheck %s
// RUN: not systile-opt %S/Inputs/bytecode-mutants/pad-element-type.mlirbc --systile-pipeline 2>&1 | FileCheck %s --check-prefix=MUTANT
// RUN: rm -f %t.out && not systile-opt %s -o %t.out && not test -e %t.out

// CHECK: tensor-pad-element-type.mlir:[[# @LINE + 4]]:8: error: 'tensor.pad' op pads a tensor of 'index' into one of 'f32'; the element types must be the same
// MUTANT: error: 'tensor.pad' op pads a tensor of 'index' into one of 'bf16'; the element types must be the same
func.func @main(%x: tensor<1x2x6x6xindex>) -> tensor<1x2x8x8xf32> {
  %c = arith.constant 0.0 : f32
  %0 = "tensor.pad"(%x) <{operandSegmentSizes = array<i32: 1, 0, 0>, static_high = array<i64: 0, 0, 1, 1>, static_low = array<i64: 0, 0, 1, 1>}> ({
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %c : f32
  }) : (tensor<1x2x6x6xindex>) -> tensor<1x2x8x8xf32>
  return %0 : tensor<1x2x8x8xf32>
}
