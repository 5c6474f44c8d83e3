#id = affine_map<(d0, d1) -> (d0, d1)>
#rowsum = affine_map<(d0, d1) -> (d0)>

func.func @normalise(%x: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>) -> tensor<3x5xf32> {
  %zero = arith.constant 0.0 : f32
  %u = systile.unpack %x : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<3x5xf32>
  %e = tensor.empty() : tensor<3x5xf32>
  %ex = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%u : tensor<3x5xf32>) outs(%e : tensor<3x5xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<3x5xf32>
  %e1 = tensor.empty() : tensor<3xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e1 : tensor<3xf32>) -> tensor<3xf32>
  %sum = linalg.generic {indexing_maps = [#id, #rowsum], iterator_types = ["parallel", "reduction"]}
 <0xf32>
  %d = linalg.gx5xf32>) outs(%acc : tensor<3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<0xf32>
  %d = linalg.generic {indexing_maps = [#id, #rowsum, #id], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %sum : tensor<3x5xf32>, tensor<3xf32>) outs(%e : tensor<3x5xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.divf %in, %s : f32
    linalg.yield %0 : f32
  } -> tenso°<3x5xf32>
  return %d : tensor<3x5xf32>
}
