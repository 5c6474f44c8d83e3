// Upstream's canonicalizer (MLIR 22.1.8, `mlir-opt --canonicalize` too)
// turns this verified tensor.insert_slice into invalid IR: it makes the
// dynamic source static (tensor<3x4xf32>) while the sizes stay dynamic
// operands. The insert is out of bounds (rows 1, 3, 5 of 4), which the
// verifier cannot see while the sizes are dynamic. The tools report the
// verifier's error after the pass at the op, exit 1, and write nothing;
// the pipeline fuzzer found it (Inputs/fuzz-crashes/
// pipeline-canonicalize-insert-slice.mlir, its last byte the fuzzer's
// knobs) and now tells this upstream failure apart (docs/Fuzzing.md).
//
// RUN: not systile-opt %s --systile-pipeline="sublanes=2 lanes=4 mxu=4" -o %t.out 2>&1 | FileCheck %s
// RUN: not test -e %t.out
// RUN: not systile-opt %S/Inputs/fuzz-crashes/pipeline-canonicalize-insert-slice.mlir --systile-pipeline="sublanes=2 lanes=4 mxu=4" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FUZZ

// CHECK: upstream-insert-slice-canonicalize.mlir:[[# @LINE + 6]]:8: error: expected type to be 'tensor<?x?xf32>' or a rank-reduced version. (size mismatch)
// FUZZ: pipeline-canonicalize-insert-slice.mlir:14:8: error: expected type to be 'tensor<?x?xf32>' or a rank-reduced version. (size mismatch)
func.func @part(%s: tensor<?x?xf32>) -> tensor<4x6xf32> {
  %d = arith.constant dense<0.0> : tensor<4x6xf32>
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %r = tensor.insert_slice %s into %d[1, 1] [%c3, %c4] [2, 1]
      : tensor<?x?xf32> into tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}
