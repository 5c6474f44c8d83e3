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
func.func @huge_empty() -> tensor<100000x100000xf32> {
  %e = tensor.empty() : tensor<100000x100000xf32>
  return %e : tensor<100000x100000xf32>
}
func.func @huge_splat() -> !systile.tiled<65536x65536xf32> {
  %c = systile.constant dense<1.0> : tensor<4294967296xf32> -> !systile.tiled<65536x65536xf32>
  return %c : !systile.tiled<65536x65536xf32>
}
