// An expand_shape or collapse_shape with an empty reassociation group.
// Upstream's verifier builds an affine map per group from the group's
// dimensions unchecked: mlir-opt 22 segfaults in getSymbolLessAffineMaps
// (the pipeline fuzzer's find; docs/Rationale.md). The systile tools check
// the reassociation before verifying: exit 1 at the op, no output file.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: not systile-opt %s -o %t/out.mlir 2>&1 | FileCheck %s
// RUN: not ls %t/out.mlir
// RUN: not systile-run %s 2>&1 | FileCheck %s

// CHECK: empty-reassociation-group.mlir:[[# @LINE + 3]]:8: error: 'tensor.expand_shape' op reassociation group #0 is not a non-empty list of dimensions; upstream's verifier reads each group's dimensions unchecked
// CHECK: empty-reassociation-group.mlir:[[# @LINE + 6]]:8: error: 'tensor.collapse_shape' op reassociation group #1 is not a non-empty list of dimensions
func.func @expand(%x: tensor<8x64xf32>) -> tensor<8x8x8xf32> {
  %e = tensor.expand_shape %x [[], [1, 2]] output_shape [8, 8, 8] : tensor<8x64xf32> into tensor<8x8x8xf32>
  return %e : tensor<8x8x8xf32>
}
func.func @collapse(%y: tensor<8x8x8xf32>) -> tensor<64x8xf32> {
  %c = tensor.collapse_shape %y [[0, 1], []] : tensor<8x8x8xf32> into tensor<64x8xf32>
  return %c : tensor<64x8xf32>
}
