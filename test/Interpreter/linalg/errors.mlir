// Structured ops systile-run cannot execute are errors located at the op,
// with exit status 1.
//
// RUN: %python %S/../Inputs/npy_tool.py %t.x.npy f32 4 iota
// RUN: not systile-run %s --entry out_of_bounds --input %t.x.npy --input %t.x.npy 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: not systile-run %s --entry nonlinear 2>&1 | FileCheck %s --check-prefix=NONLIN
// RUN: %python %S/../Inputs/npy_tool.py %t.a.npy f32 2x3 iota
// RUN: %python %S/../Inputs/npy_tool.py %t.b.npy f32 2x2 iota
// RUN: %python %S/../Inputs/npy_tool.py %t.c.npy f32 2x2 iota
// RUN: not systile-run %s --entry mismatch --input %t.a.npy --input %t.b.npy --input %t.c.npy 2>&1 | FileCheck %s --check-prefix=DYN

// The input map reads x[d0 + 1] for d0 in 0..3 (the output's size): x has
// 4 elements.
// OOB: error: 'linalg.generic': operand #0 is indexed out of bounds: dimension 0 has size 4 but map affine_map<(d0) -> (d0 + 1)> reaches 4
func.func @out_of_bounds(%x: tensor<?xf32>, %o: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0 + 1)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%x : tensor<?xf32>) outs(%o : tensor<?xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// NONLIN: error: 'linalg.generic': indexing map affine_map<(d0) -> (d0 floordiv 2)> is not linear in the loop indices
func.func @nonlinear() -> tensor<4xf32> {
  %x = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %o = arith.constant dense<0.0> : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0 floordiv 2)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%x : tensor<2xf32>) outs(%o : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// K is 3 in A (whose shape gives the loop range) but 2 in B.
// DYN: error: 'linalg.matmul': operand #1 is indexed out of bounds: dimension 0 has size 2 but map affine_map<(d0, d1, d2) -> (d2, d1)> reaches 2
func.func @mismatch(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>)
                     outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
