// linalg.matmul's verifier (MLIR 22.1.8, MatmulOp::verify) reads the first
// result of the lhs indexing map unchecked: a map with no results
// segfaults it, in mlir-opt as well (batch_matmul, and a map of the rhs or
// the output, are a verifier error). The parse fuzzer found it with NUL
// bytes between the parentheses, which MLIR's lexer skips like spaces
// (Inputs/fuzz-crashes/parse-matmul-empty-lhs-map.mlir). The tools refuse
// it before parsing, at the op, in the custom form, through an alias and
// in the generic form.
//
// RUN: not systile-opt %s 2>&1 | FileCheck %s
// RUN: not systile-run %s 2>&1 | FileCheck %s
// RUN: not systile-opt %S/Inputs/fuzz-crashes/parse-matmul-empty-lhs-map.mlir 2>&1 | FileCheck %s --check-prefix=FUZZ
// RUN: %python -c "import sys; t = open(sys.argv[1]).read(); [open(sys.argv[2 + i], 'w').write(''.join(l[len(m):] for l in t.splitlines(True) if l.startswith(m))) for i, m in enumerate(['// IN-ALIAS| ', '// IN-GENERIC| '])]" %s %t.alias.mlir %t.generic.mlir
// RUN: not systile-opt %t.alias.mlir 2>&1 | FileCheck %s --check-prefix=ALIAS
// RUN: not systile-opt %t.generic.mlir 2>&1 | FileCheck %s --check-prefix=GENERIC
// A map of one result (a broadcast lhs) is the verifier's own error.
// RUN: sed 's/-> ()>, affine_map<(m, n, k) -> (k, n)>/-> (k)>, affine_map<(m, n, k) -> (k, n)>/' %s | not systile-opt - 2>&1 | FileCheck %s --check-prefix=RANK

// CHECK: linalg-matmul-empty-map.mlir:[[# @LINE + 6]]:8: error: 'linalg.matmul' has an lhs indexing map with no results; upstream's verifier crashes on it
// FUZZ: parse-matmul-empty-lhs-map.mlir:2:8: error: 'linalg.matmul' has an lhs indexing map with no results
// ALIAS: alias.mlir:3:8: error: 'linalg.matmul' has an lhs indexing map with no results
// GENERIC: generic.mlir:2:8: error: 'linalg.matmul' has an lhs indexing map with no results
// RANK: error: 'linalg.matmul' op expected operand #0 rank (2) to match the result rank of indexing_map (1)
func.func @f(%a: tensor<3x5xf32>, %b: tensor<5x7xf32>, %c: tensor<3x7xf32>) -> tensor<3x7xf32> {
  %d = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> ()>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %b : tensor<3x5xf32>, tensor<5x7xf32>) outs(%c : tensor<3x7xf32>) -> tensor<3x7xf32>
  return %d : tensor<3x7xf32>
}

// The same through an alias, and in the generic form:
// IN-ALIAS| #empty = affine_map<(m, n, k) -> ()>
// IN-ALIAS| func.func @g(%a: tensor<3x5xf32>, %b: tensor<5x7xf32>, %c: tensor<3x7xf32>) -> tensor<3x7xf32> {
// IN-ALIAS|   %d = linalg.matmul indexing_maps = [#empty, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%a, %b : tensor<3x5xf32>, tensor<5x7xf32>) outs(%c : tensor<3x7xf32>) -> tensor<3x7xf32>
// IN-ALIAS|   return %d : tensor<3x7xf32>
// IN-ALIAS| }
// IN-GENERIC| func.func @h(%a: tensor<3x5xf32>, %b: tensor<5x7xf32>, %c: tensor<3x7xf32>) -> tensor<3x7xf32> {
// IN-GENERIC|   %d = "linalg.matmul"(%a, %b, %c) <{indexing_maps = [affine_map<(d0, d1, d2) -> ()>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], operandSegmentSizes = array<i32: 2, 1>}> ({
// IN-GENERIC|   ^bb0(%x: f32, %y: f32, %z: f32):
// IN-GENERIC|     %m = arith.mulf %x, %y : f32
// IN-GENERIC|     %s = arith.addf %z, %m : f32
// IN-GENERIC|     linalg.yield %s : f32
// IN-GENERIC|   }) : (tensor<3x5xf32>, tensor<5x7xf32>, tensor<3x7xf32>) -> tensor<3x7xf32>
// IN-GENERIC|   return %d : tensor<3x7xf32>
// IN-GENERIC| }
