// linalg.generic reads `<...>` properties after its leading attribute
// dictionary and casts them to a dictionary unchecked, as the named ops do
// after their name (linalg-properties.mlir): `<0xf32>` (an integer) makes
// upstream's NamedAttrList read past the attribute, a segfault in mlir-opt
// 22.1.8. The parse fuzzer found it (Inputs/fuzz-crashes/
// parse-linalg-generic-int-properties.mlir); the tools refuse it first, at
// the op, and a dictionary is still accepted.
//
// RUN: not systile-opt %s 2>&1 | FileCheck %s
// RUN: not systile-run %s 2>&1 | FileCheck %s
// RUN: not systile-opt %S/Inputs/fuzz-crashes/parse-linalg-generic-int-properties.mlir 2>&1 | FileCheck %s --check-prefix=FUZZ
// RUN: sed 's/<0xf32>/<{}>/' %s | systile-opt - | FileCheck %s --check-prefix=DICT

// CHECK: linalg-generic-properties.mlir:[[# @LINE + 6]]:8: error: 'linalg.generic' takes its properties as a dictionary, <{...}>; upstream's parser crashes on any other attribute there
// FUZZ: parse-linalg-generic-int-properties.mlir:16:10: error: 'linalg.generic' takes its properties as a dictionary
// DICT: linalg.generic
// DICT-SAME: iterator_types = ["parallel"]
#id = affine_map<(d0) -> (d0)>
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} <0xf32>
      ins(%a : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
