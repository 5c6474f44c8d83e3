// Dynamic sizes of a structured op must agree: every operand dimension
// indexed by a plain loop dimension has that loop's size (upstream's
// verifier for static shapes and -generate-runtime-verification for dynamic
// ones). A mismatch is an error naming the op, the loop dimension and both
// sizes, with exit status 1, even when every access stays in bounds.
// Dimensions indexed by other expressions (a convolution's d0 + d1) need
// only be large enough.
//
// RUN: %python %S/../Inputs/npy_tool.py %t.a34.npy f32 3x4 iota
// RUN: %python %S/../Inputs/npy_tool.py %t.b55.npy f32 5x5 iota
// RUN: %python %S/../Inputs/npy_tool.py %t.c35.npy f32 3x5 iota
// RUN: %python %S/../Inputs/npy_tool.py %t.o45.npy f32 4x5 iota
// RUN: %python %S/../Inputs/npy_tool.py %t.e04.npy f32 0x4 iota
// RUN: %python %S/../Inputs/npy_tool.py %t.x10.npy f32 10 iota
// RUN: %python %S/../Inputs/npy_tool.py %t.w3.npy f32 3 1,1,1
// RUN: %python %S/../Inputs/npy_tool.py %t.y5.npy f32 5 iota
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry matmul --input %t.a34.npy --input %t.b55.npy --input %t.c35.npy | FileCheck %s --check-prefix=MATMUL
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry add --input %t.a34.npy --input %t.o45.npy | FileCheck %s --check-prefix=ADD
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry add --input %t.e04.npy --input %t.o45.npy | FileCheck %s --check-prefix=EMPTY
// RUN: systile-run %s --entry conv --input %t.x10.npy --input %t.w3.npy --input %t.y5.npy | FileCheck %s --check-prefix=CONV

// A is 3x4 and B 5x5: K (d2) is 4 in A and 5 in B; reading only B's first
// four rows would stay in bounds.
// MATMUL: dynamic-sizes.mlir:[[@LINE+3]]:8: error: 'linalg.matmul': dimension d2 is 4 in operand #0 but 5 in operand #1
func.func @matmul(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>,
                  %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>)
                     outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// A 3x4 input into a 4x5 output would update only a corner.
// ADD: error: 'linalg.generic': dimension d0 is 3 in operand #0 but 4 in operand #1
// An empty input does not excuse the output's other size (the op would
// return the output unchanged).
// EMPTY: error: 'linalg.generic': dimension d0 is 0 in operand #0 but 4 in operand #1
func.func @add(%x: tensor<?x?xf32>, %o: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                                        affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x?xf32>) outs(%o : tensor<?x?xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// The input is indexed by d0 + d1, which reaches 4 + 2 = 6 of its 10
// elements: upstream requires no more (its check is <= there).
// CONV: result #0: tensor<5xf32> = [3, 7, 11, 15, 19]
func.func @conv(%x: tensor<?xf32>, %w: tensor<?xf32>,
                %y: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.conv_1d ins(%x, %w : tensor<?xf32>, tensor<?xf32>)
                      outs(%y : tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
