// A tensor.concat along a negative dimension. Upstream's verifier checks
// `dim` against the rank from above only and then reads the operands'
// shapes at it: mlir-opt 22 segfaults in ConcatOp::verify (the bytecode
// fuzz target's find, in a mutant of the scf seed: `dim = -2`). The
// systile tools check the dimension before verifying: exit 1 at the op,
// no output file; the bytecode mutant itself fails the same way.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: not systile-opt %s -o %t/out.mlir 2>&1 | FileCheck %s
// RUN: not ls %t/out.mlir
// RUN: not systile-run %s 2>&1 | FileCheck %s
// RUN: not systile-opt %S/Inputs/bytecode-mutants/concat-negative-dim.mlirbc -o %t/out.mlir 2>&1 | FileCheck %s --check-prefix=BYTECODE
// RUN: not systile-run %S/Inputs/bytecode-mutants/concat-negative-dim.mlirbc 2>&1 | FileCheck %s --check-prefix=BYTECODE
// RUN: not ls %t/out.mlir
//
// A later mutant typed the dimension `index` (the constraint wants i64):
// that check itself read the bit width of a type that has none and
// crashed. Now the op's verifier reports it.
// RUN: not systile-opt %S/Inputs/bytecode-mutants/concat-index-dim.mlirbc -o %t/out.mlir 2>&1 | FileCheck %s --check-prefix=INDEX
// RUN: not systile-run %S/Inputs/bytecode-mutants/concat-index-dim.mlirbc 2>&1 | FileCheck %s --check-prefix=INDEX
// RUN: not ls %t/out.mlir
// INDEX: error: 'tensor.concat' op attribute 'dim' failed to satisfy constraint: 64-bit signless integer attribute

// CHECK: tensor-concat-negative-dim.mlir:[[# @LINE + 3]]:8: error: 'tensor.concat' op concatenates along dimension -2; a dimension is at least 0 (upstream's verifier reads the shapes at it unchecked)
// BYTECODE: error: 'tensor.concat' op concatenates along dimension -2; a dimension is at least 0
func.func @main(%a: tensor<1x4xi8>, %b: tensor<1x4xi8>) -> tensor<2x4xi8> {
  %c = "tensor.concat"(%a, %b) <{dim = -2 : i64}> : (tensor<1x4xi8>, tensor<1x4xi8>) -> tensor<2x4xi8>
  return %c : tensor<2x4xi8>
}
