// tensor.from_elements' custom parser (MLIR 22.1.8) makes one type per
// result element before it reads the operands: a type of 2^32 elements or
// more is LLVM's fatal "SmallVector unable to grow" (the tools exited 1
// with no location; the interpreter fuzz target aborted on it). The tools
// refuse, before parsing, a from_elements whose type holds more elements
// than the input has bytes (each element is an operand); one that fits is
// the parser's and the verifier's.
//
// RUN: not systile-opt %s 2>&1 | FileCheck %s
// RUN: not systile-run %s --entry=huge 2>&1 | FileCheck %s
// RUN: sed -n 's/^\/\/ FITS| //p' %s | systile-opt - | FileCheck %s --check-prefix=FITS

// CHECK: tensor-from-elements-size.mlir:[[# @LINE + 2]]:8: error: 'tensor.from_elements' builds a tensor of 14294967296 elements, more than this input has bytes for operands
func.func @huge(%v: i32) -> tensor<1x14294967296xi32> {
  %t = tensor.from_elements %v : tensor<1x14294967296xi32>
  return %t : tensor<1x14294967296xi32>
}

// FITS: tensor.from_elements %{{.*}}, %{{.*}} : tensor<2xi32>
// FITS| func.func @f(%a: i32, %b: i32) -> tensor<2xi32> {
// FITS|   %t = tensor.from_elements %a, %b : tensor<2xi32>
// FITS|   return %t : tensor<2xi32>
// FITS| }
