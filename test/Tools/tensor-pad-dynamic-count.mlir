// tensor.pad's verifier (MLIR 22.1.8) checks the result type against
// static_low and static_high, not that their dynamic entries are as many
// as the low and high operands; getMixedLowPad() takes one operand per
// dynamic entry unchecked, so the canonicalizer's FoldStaticZeroPadding
// read past the operands (a segfault, mlir-opt --canonicalize too). The
// bytecode fuzz target found it as a one-bit mutant of a max-pooling test
// (Inputs/bytecode-mutants/pad-dynamic-low.mlirbc: a static low pad of 0
// became kDynamic). The tools check it before the verifier
// (systile::verifyInput): an error at the op, exit 1, nothing written.
//
// RUN: not systile-opt %s --systile-pipeline 2>&1 | FileCheck %s
// RUN: not systile-run %s 2>&1 | FileCheck %s
// RUN: not systile-opt %S/Inputs/bytecode-mutants/pad-dynamic-low.mlirbc --systile-pipeline 2>&1 | FileCheck %s --check-prefix=MUTANT
// RUN: not systile-run %S/Inputs/bytecode-mutants/pad-dynamic-low.mlirbc 2>&1 | FileCheck %s --check-prefix=MUTANT
// RUN: rm -f %t.out && not systile-opt %s -o %t.out && not test -e %t.out
// The same pad with its dynamic low operand is fine.
// RUN: sed -n 's/^\/\/ VALID| //p' %s | systile-opt - --canonicalize | FileCheck %s --check-prefix=VALID

// CHECK: tensor-pad-dynamic-count.mlir:[[# @LINE + 4]]:8: error: 'tensor.pad' op has 1 dynamic entries in 'static_low' but 0 low operands; upstream reads one operand per entry unchecked
// MUTANT: error: 'tensor.pad' op has 1 dynamic entries in 'static_low' but 0 low operands
func.func @main(%x: tensor<1x2x6x6xf32>) -> tensor<1x2x8x8xf32> {
  %c = arith.constant 0.0 : f32
  %0 = "tensor.pad"(%x) <{operandSegmentSizes = array<i32: 1, 0, 0>, static_high = array<i64: 0, 0, 1, 1>, static_low = array<i64: -9223372036854775808, 0, 1, 1>}> ({
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %c : f32
  }) : (tensor<1x2x6x6xf32>) -> tensor<1x2x8x8xf32>
  return %0 : tensor<1x2x8x8xf32>
}

// VALID: tensor.pad
// VALID| func.func @main(%x: tensor<1x2x6x6xf32>, %n: index) -> tensor<?x2x8x8xf32> {
// VALID|   %c = arith.constant 0.0 : f32
// VALID|   %0 = tensor.pad %x low[%n, 0, 1, 1] high[0, 0, 1, 1] {
// VALID|   ^bb0(%i: index, %j: index, %k: index, %l: index):
// VALID|     tensor.yield %c : f32
// VALID|   } : tensor<1x2x6x6xf32> to tensor<?x2x8x8xf32>
// VALID|   return %0 : tensor<?x2x8x8xf32>
// VALID| }
