func.func @main(%x: tensor<2x6xf32>) -> tensor<2x3xf32> {
  %w = arith.constant dense_resource<w> : tensor<3x6xf32>
  %b = arith.constant dense_resource<b> : tensor<3xf32>
  %e = tensor.empty() : tensor<6x3xf32>
  %wt = linalg.transpose ins(%w : tensor<3x6xf32>) outs(%e : tensor<6x3xf32>) permutation = [1, 0]
  %z = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<2x3xf32>
  %acc = linalg.fill ins(%z : f32) outs(%o : tensor<2x3xf32>) -> tensor<2x3xf32>
  %mm = linalg.matmul ins(%x, %wt : tensor<2x6xf32>, tensor<6x3xf32>) outs(%acc : tensor<2x3xf32>) -> tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = [0x7FC00000, "parallel"]} ins(%mm, %b : tensor<2x3xf32>, tensor<3xf32>) outs(%o : tensor<2x3xf32>) {
  ^bb0(%in: f32, %bb: f32, %out: f32):
    %s = arith.addf %in, %bb : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
{-#
  dialect_resources: {
    builtin: {
      w: "0x04000000000080BF0000003F000000400000803F0000000000000000000000000000803F00004040000000000000000000000000000000000000000000000000000000000000000000000000",
      b: "0x040000000000803F00000040000040C0"
    }
  }
#-}
