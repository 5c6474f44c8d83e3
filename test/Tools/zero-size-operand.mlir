// An operand with a dimension of size 0 in a structured op whose loops all
// run. Upstream's verifier checks each static dimension of an operand
// against the loop sizes but skips the dimensions of size 0, so the
// LayerNorm mean below (2x3x6 into a keep-dim init of 0x3x1) verifies,
// though every iteration would write out of bounds. systile-propagate-layout
// then fused it with the normalisation, took the loop sizes from the empty
// operand and left IR that failed verification (the bytecode fuzz target's
// find, in a mutant of the LayerNorm seed). The systile tools refuse such
// an op after verifying: exit 1 at the op, no output file.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: not systile-opt %s -o %t/out.mlir 2>&1 | FileCheck %s
// RUN: not systile-opt %s --systile-pipeline -o %t/out.mlir 2>&1 | FileCheck %s
// RUN: not ls %t/out.mlir
// RUN: not systile-run %s --entry=mean 2>&1 | FileCheck %s
//
// An iteration space with a loop of size 0 runs no iteration, and operands
// of size 0 stay valid in it (the pipeline keeps the op below; the first
// part of the file still fails).
// RUN: not systile-opt %s --systile-pipeline --split-input-file 2>&1 | FileCheck %s --check-prefix=EMPTY
//
// The mutant itself fails the same way in both tools.
// RUN: not systile-opt %S/Inputs/bytecode-mutants/zero-size-init.mlirbc -o %t/out.mlir 2>&1 | FileCheck %s --check-prefix=BYTECODE
// RUN: not systile-opt %S/Inputs/bytecode-mutants/zero-size-init.mlirbc --systile-pipeline -o %t/out.mlir 2>&1 | FileCheck %s --check-prefix=BYTECODE
// RUN: not systile-run %S/Inputs/bytecode-mutants/zero-size-init.mlirbc --entry=layernorm 2>&1 | FileCheck %s --check-prefix=BYTECODE
// RUN: not ls %t/out.mlir
// BYTECODE: error: 'linalg.generic' op operand #1 has size 0 in dimension 0 but the loops run 2x3x6 iterations, so every iteration indexes it out of bounds (upstream's verifier skips dimensions of size 0)

// CHECK: zero-size-operand.mlir:[[# @LINE + 5]]:10: error: 'linalg.generic' op operand #1 has size 0 in dimension 0 but the loops run 2x3x6 iterations, so every iteration indexes it out of bounds (upstream's verifier skips dimensions of size 0)
func.func @mean(%x: tensor<2x3x6xf32>) -> tensor<0x3x1xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<0x3x1xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<0x3x1xf32>) -> tensor<0x3x1xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<2x3x6xf32>) outs(%init : tensor<0x3x1xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<0x3x1xf32>
  return %sum : tensor<0x3x1xf32>
}

// -----

// EMPTY: error: 'linalg.generic' op operand #1 has size 0
// EMPTY-LABEL: func.func @empty_space
// EMPTY: linalg.generic
// EMPTY-SAME: ins(%{{.*}} : tensor<0x3x6xf32>) outs(%{{.*}} : tensor<0x3x1xf32>)
func.func @empty_space(%x: tensor<0x3x6xf32>) -> tensor<0x3x1xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<0x3x1xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<0x3x1xf32>) -> tensor<0x3x1xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<0x3x6xf32>) outs(%init : tensor<0x3x1xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<0x3x1xf32>
  return %sum : tensor<0x3x1xf32>
}
