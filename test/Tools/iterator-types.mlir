// Upstream's linalg.generic parser casts every `iterator_types` entry to a
// string unchecked: an integer or any other attribute there crashes it
// (a segfault while it writes its own diagnostic), in mlir-opt 22.1.8 as
// well. The systile tools refuse such a list before parsing (exit 1, at the
// key); strings and #linalg.iterator_type<...> (the generic form) pass. The
// pipeline fuzzer found this after 2 million executions
// (Inputs/fuzz-crashes/pipeline-generic-iterator-types.mlir).
//
// RUN: not systile-opt %s 2>&1 | FileCheck %s
// RUN: not systile-run %s 2>&1 | FileCheck %s
// RUN: not systile-opt %S/Inputs/fuzz-crashes/pipeline-generic-iterator-types.mlir 2>&1 | FileCheck %s --check-prefix=FUZZ
// RUN: sed 's/\[0x7FC00000\]/["parallel"]/' %s | systile-opt - | FileCheck %s --check-prefix=GOOD
// RUN: sed 's/\[0x7FC00000\]/["parallel"]/' %s | systile-opt - --mlir-print-op-generic | systile-opt - | FileCheck %s --check-prefix=GOOD

// CHECK: iterator-types.mlir:[[# @LINE + 5]]:24: error: 'iterator_types' must list strings ("parallel", "reduction") or #linalg.iterator_type<...>; upstream's parser crashes on anything else there
// FUZZ: pipeline-generic-iterator-types.mlir:10:140: error: 'iterator_types' must list strings
// GOOD: linalg.generic
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = [0x7FC00000]} ins(%x : tensor<4xf32>) outs(%x : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
