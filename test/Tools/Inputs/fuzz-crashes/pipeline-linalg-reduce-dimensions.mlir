func.func @column_sum(%x: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>) -> tensor<5xf32> {
  %zero = arith.constant 0.0 : f32
  %u = systile.unpack %x : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<3x5xf32>
  %e = tensor.empty() : tensor<5xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<5xf32>) -> tensor<5xf32>
  %r = linalg.reduce ins(%u : tensor<3x5xf32>) outs(%acc : tensor<5xf32>) dimensions = [00
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  return %r : tensor<5xf32>
}
