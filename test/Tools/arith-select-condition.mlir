// arith.select's shape check (BooleanConditionOrMatchingShape, MLIR 22.1.8)
// casts its condition and its result to ranked shaped types as soon as the
// condition is not i1: a tensor condition with a scalar result segfaults
// upstream's verifier, in mlir-opt as well, on one line. The bytecode fuzz
// target found it in a mutant of the select test (the condition's type
// swapped). The tools check it before the verifier (systile::verifyInput):
// an error at the op, exit 1. A condition of the result's shape, or i1,
// stays the verifier's.
//
// RUN: not systile-opt %s 2>&1 | FileCheck %s
// RUN: not systile-run %s --entry=scalar_result 2>&1 | FileCheck %s
// RUN: sed -n 's/^\/\/ UNRANKED| //p' %s | not systile-opt - 2>&1 | FileCheck %s --check-prefix=UNRANKED
// RUN: sed -n 's/^\/\/ VALID| //p' %s | systile-opt - | FileCheck %s --check-prefix=VALID

// CHECK: arith-select-condition.mlir:[[# @LINE + 2]]:8: error: 'arith.select' op expected its condition to be i1, or of the result's shape (both ranked), but got 'tensor<4xi1>' for a result of type 'i32'
func.func @scalar_result(%c: tensor<4xi1>, %a: i32, %b: i32) -> i32 {
  %r = arith.select %c, %a, %b : tensor<4xi1>, i32
  return %r : i32
}

// UNRANKED: error: 'arith.select' op expected its condition to be i1, or of the result's shape (both ranked), but got 'tensor<*xi1>' for a result of type 'tensor<4xf32>'
// UNRANKED| func.func @f(%c: tensor<*xi1>, %a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
// UNRANKED|   %r = arith.select %c, %a, %b : tensor<*xi1>, tensor<4xf32>
// UNRANKED|   return %r : tensor<4xf32>
// UNRANKED| }

// VALID: arith.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<4xi1>, tensor<4xf32>
// VALID: arith.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<4xf32>
// VALID| func.func @f(%c: tensor<4xi1>, %s: i1, %a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
// VALID|   %r = arith.select %c, %a, %b : tensor<4xi1>, tensor<4xf32>
// VALID|   %q = arith.select %s, %a, %b : tensor<4xf32>
// VALID|   return %r, %q : tensor<4xf32>, tensor<4xf32>
// VALID| }
