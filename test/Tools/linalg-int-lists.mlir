// Upstream's parsers of linalg.reduce, linalg.broadcast and linalg.transpose
// store the result of parsing `dimensions = [...]` / `permutation = [...]`
// without checking it: any malformed list (`[0`, `0`, `[0,`, an integer
// that overflows i64) becomes a null attribute and crashes the parser after
// its own "expected ']'" error, in mlir-opt 22.1.8 as well. The systile tools
// refuse such a list first (exit 1, at the keyword); a well-formed list goes
// on to the verifier. The pipeline fuzzer found this from its seeds
// (Inputs/fuzz-crashes/pipeline-linalg-reduce-dimensions.mlir).
//
// RUN: not systile-opt %s 2>&1 | FileCheck %s
// RUN: not systile-run %s 2>&1 | FileCheck %s
// RUN: not systile-opt %S/Inputs/fuzz-crashes/pipeline-linalg-reduce-dimensions.mlir 2>&1 | FileCheck %s --check-prefix=FUZZ
// RUN: sed 's/dimensions = \[0$/permutation = [1, 99999999999999999999]/; s/linalg.reduce/linalg.transpose/' %s | not systile-opt - 2>&1 | FileCheck %s --check-prefix=PERM
// RUN: sed 's/dimensions = \[0$/dimensions = [0]/' %s | systile-opt - | FileCheck %s --check-prefix=GOOD

// CHECK: linalg-int-lists.mlir:[[# @LINE + 5]]:75: error: 'dimensions' must be a list of integers, [d0, d1, ...]; upstream's parser crashes on anything else there
// FUZZ: pipeline-linalg-reduce-dimensions.mlir:6:75: error: 'dimensions' must be a list of integers
// PERM: error: 'permutation' must be a list of integers
// GOOD: linalg.reduce ins
func.func @main(%u: tensor<3x5xf32>, %acc: tensor<5xf32>) -> tensor<5xf32> {
  %r = linalg.reduce ins(%u : tensor<3x5xf32>) outs(%acc : tensor<5xf32>) dimensions = [0
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  return %r : tensor<5xf32>
}
