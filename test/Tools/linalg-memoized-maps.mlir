// Linalg's named ops cache their indexing maps in the discardable attribute
// linalg.memoized_indexing_maps and read it back unchecked (MLIR 22.1.8):
// a cache of anything but affine maps crashes the convolution verifier (a
// null AffineExpr in isConvolutionInterfaceImpl), in mlir-opt as well. The
// bytecode fuzz target found it as a mutant whose cache held locations
// (Inputs/bytecode-mutants/memoized-maps.mlirbc). The tools check it
// before the verifier (systile::verifyInput): an error at the op, exit 1.
//
// RUN: not systile-opt %s 2>&1 | FileCheck %s
// RUN: not systile-run %s --entry=ncw 2>&1 | FileCheck %s
// RUN: not systile-opt %S/Inputs/bytecode-mutants/memoized-maps.mlirbc 2>&1 | FileCheck %s --check-prefix=MUTANT
// A cache of the op's own maps is fine.
// RUN: sed -n 's/^\/\/ VALID| //p' %s | systile-opt - | FileCheck %s --check-prefix=VALID

// CHECK: linalg-memoized-maps.mlir:[[# @LINE + 3]]:8: error: 'linalg.conv_1d_ncw_fcw' op has a 'linalg.memoized_indexing_maps' that is not an array of affine maps, one per operand (3); upstream reads it unchecked
// MUTANT: error: 'linalg.conv_1d_ncw_fcw' op has a 'linalg.memoized_indexing_maps' that is not an array of affine maps, one per operand (3)
func.func @ncw(%x: tensor<1x2x8xf32>, %w: tensor<3x2x3xf32>, %o: tensor<1x3x6xf32>) -> tensor<1x3x6xf32> {
  %r = linalg.conv_1d_ncw_fcw {linalg.memoized_indexing_maps = [1, 2, 3]} ins(%x, %w : tensor<1x2x8xf32>, tensor<3x2x3xf32>) outs(%o : tensor<1x3x6xf32>) -> tensor<1x3x6xf32>
  return %r : tensor<1x3x6xf32>
}

// VALID: linalg.conv_1d_ncw_fcw
// VALID| func.func @ncw(%x: tensor<1x2x8xf32>, %w: tensor<3x2x3xf32>, %o: tensor<1x3x6xf32>) -> tensor<1x3x6xf32> {
// VALID|   %r = linalg.conv_1d_ncw_fcw {linalg.memoized_indexing_maps = [affine_map<(n, f, w, c, k) -> (n, c, w + k)>, affine_map<(n, f, w, c, k) -> (f, c, k)>, affine_map<(n, f, w, c, k) -> (n, f, w)>]} ins(%x, %w : tensor<1x2x8xf32>, tensor<3x2x3xf32>) outs(%o : tensor<1x3x6xf32>) -> tensor<1x3x6xf32>
// VALID|   return %r : tensor<1x3x6xf32>
// VALID| }
