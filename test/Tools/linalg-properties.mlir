// Upstream's parser of the named linalg structured ops (linalg.matmul,
// linalg.fill, linalg.conv_*, linalg.add, ...) reads `<...>` after the op
// name as the op's properties and casts them to a dictionary unchecked: any
// other attribute crashes it (a segfault for `<[1]>`, "SmallVector unable
// to grow" for `<"s">` or `<unit>`), in mlir-opt 22.1.8 as well. The
// systile tools refuse the input first, at the op (exit 1); a dictionary is
// still accepted. The pipeline fuzzer found this within a minute from its
// own seeds (Inputs/fuzz-crashes/pipeline-linalg-array-properties.mlir).
//
// RUN: not systile-opt %s 2>&1 | FileCheck %s
// RUN: not systile-run %s 2>&1 | FileCheck %s
// RUN: not systile-opt %S/Inputs/fuzz-crashes/pipeline-linalg-array-properties.mlir 2>&1 | FileCheck %s --check-prefix=FUZZ
// RUN: sed 's/<\[1\]>/<{}>/' %s | systile-opt - | FileCheck %s --check-prefix=DICT
// RUN: sed 's/<\[1\]>/<"s">/' %s | not systile-opt - 2>&1 | FileCheck %s --check-prefix=STRING

// CHECK: linalg-properties.mlir:[[# @LINE + 5]]:8: error: 'linalg.matmul' takes its properties as a dictionary, <{...}>; upstream's parser crashes on any other attribute there
// FUZZ: pipeline-linalg-array-properties.mlir:7:8: error: 'linalg.matmul' takes its properties as a dictionary
// DICT: linalg.matmul ins
// STRING: <stdin>:[[# @LINE + 2]]:8: error: 'linalg.matmul' takes its properties as a dictionary
func.func @main(%a: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %d = linalg.matmul <[1]> ins(%a, %a : tensor<2x2xf32>, tensor<2x2xf32>)
                     outs(%a : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %d : tensor<2x2xf32>
}
