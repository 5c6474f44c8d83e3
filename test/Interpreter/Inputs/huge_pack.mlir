// A 1x1 tensor packed into a 1048576x1048576 geometry: 4 TiB of storage.
func.func @main(%a: tensor<1x1xf32>) -> tensor<1x1xf32> {
  %t = systile.pack %a : tensor<1x1xf32> -> !systile.tiled<1x1xf32, #systile.geometry<1048576x1048576, mxu = 1>>
  %u = systile.unpack %t : !systile.tiled<1x1xf32, #systile.geometry<1048576x1048576, mxu = 1>> -> tensor<1x1xf32>
  return %u : tensor<1x1xf32>
}
