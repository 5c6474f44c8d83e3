// systile-opt registers the upstream bufferization external models, so it
// bufferizes upstream-only input exactly as mlir-opt does.
//
// RUN: systile-opt %s --one-shot-bufferize="bufferize-function-boundaries" -o %t.systile.mlir
// RUN: mlir-opt %s --one-shot-bufferize="bufferize-function-boundaries" -o %t.upstream.mlir
// RUN: diff %t.systile.mlir %t.upstream.mlir
// RUN: FileCheck %s < %t.systile.mlir

// CHECK-LABEL: func.func @mixed
// CHECK-SAME: (%{{.*}}: memref<4x8xf32, strided<[?, ?], offset: ?>>
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : memref<4x8xf32, {{.*}}>, memref<8x2xf32, {{.*}}>)
// CHECK: math.exp
// CHECK: scf.for
// CHECK-NOT: tensor<
// CHECK: return
func.func @mixed(%a: tensor<4x8xf32>, %b: tensor<8x2xf32>, %c: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %d = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x2xf32>) outs(%c : tensor<4x2xf32>) -> tensor<4x2xf32>
  %e = tensor.empty() : tensor<4x2xf32>
  %f = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%d : tensor<4x2xf32>) outs(%e : tensor<4x2xf32>) {
  ^bb0(%x: f32, %y: f32):
    %z = math.exp %x : f32
    linalg.yield %z : f32
  } -> tensor<4x2xf32>
  %s = tensor.extract_slice %f[0, 0] [2, 2] [1, 1] : tensor<4x2xf32> to tensor<2x2xf32>
  %r = tensor.insert_slice %s into %f[2, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<4x2xf32>
  %cst = arith.constant 1.0 : f32
  %x = bufferization.alloc_tensor() : tensor<4x2xf32>
  %ff = linalg.fill ins(%cst : f32) outs(%x : tensor<4x2xf32>) -> tensor<4x2xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %lp = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %r) -> tensor<4x2xf32> {
    %v = tensor.extract %ff[%i, %c0] : tensor<4x2xf32>
    %w = tensor.insert %v into %t[%i, %c1] : tensor<4x2xf32>
    scf.yield %w : tensor<4x2xf32>
  }
  %p = tensor.pad %lp low[1, 0] high[0, 1] {
  ^bb0(%i0: index, %i1: index):
    tensor.yield %cst : f32
  } : tensor<4x2xf32> to tensor<5x3xf32>
  %q = tensor.extract_slice %p[0, 0] [4, 2] [1, 1] : tensor<5x3xf32> to tensor<4x2xf32>
  return %q : tensor<4x2xf32>
}
