// Input of limits.test.
func.func @huge_pack(%x: tensor<1x1xf32>) -> !systile.tiled<1x1xf32, #systile.geometry<1048576x1048576, mxu = 1>> {
  %t = systile.pack %x : tensor<1x1xf32> -> !systile.tiled<1x1xf32, #systile.geometry<1048576x1048576, mxu = 1>>
  return %t : !systile.tiled<1x1xf32, #systile.geometry<1048576x1048576, mxu = 1>>
}
func.func @recurse(%x: tensor<1x1xf32>) -> tensor<1x1xf32> {
  %r = func.call @recurse(%x) : (tensor<1x1xf32>) -> tensor<1x1xf32>
  return %r : tensor<1x1xf32>
}
func.func @pack_twice(%x: tensor<1x1xf32>) -> (tensor<1x1xf32>, tensor<1x1xf32>) {
  %t = systile.pack %x : tensor<1x1xf32> -> !systile.tiled<1x1xf32>
  %u = systile.unpack %t : !systile.tiled<1x1xf32> -> tensor<1x1xf32>
  return %u, %x : tensor<1x1xf32>, tensor<1x1xf32>
}
func.func @unmodelled(%x: tensor<1x1xf32>) -> tensor<1x1xf32> {
  %m = memref.alloca() : memref<1xf32>
  return %x : tensor<1x1xf32>
}
