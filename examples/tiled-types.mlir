// A tour of the systile tiled-tensor type and the layout ops.
// Run: build/bin/systile-opt examples/tiled-types.mlir --canonicalize

// A 3x5 f32 matrix on the default 8x128 geometry: padded to 8x128, so 105
// padding slots per 15 logical ones; pad = zero is the default.
func.func @default_geometry(%a: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %t = systile.pack %a : tensor<3x5xf32> -> !systile.tiled<3x5xf32>
  %d = systile.unpack %t : !systile.tiled<3x5xf32> -> tensor<3x5xf32>
  return %d : tensor<3x5xf32>
}

// A constant packed onto 2x4 tiles folds into a systile.constant whose data
// is already in hardware storage order (tile by tile).
func.func @constant_in_storage_order() -> !systile.tiled<3x5xi32, #systile.geometry<2x4, mxu = 4>> {
  %c = arith.constant dense<[[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12, 13, 14, 15]]> : tensor<3x5xi32>
  %t = systile.pack %c : tensor<3x5xi32> -> !systile.tiled<3x5xi32, #systile.geometry<2x4, mxu = 4>>
  return %t : !systile.tiled<3x5xi32, #systile.geometry<2x4, mxu = 4>>
}

// A mask-aware reduction: padding is undef, so it is never read.
func.func @row_sums(%x: !systile.tiled<3x5xf32, pad = undef>) -> !systile.tiled<3x1xf32> {
  %s = systile.reduce <sum> %x dim = 1 : !systile.tiled<3x5xf32, pad = undef> -> !systile.tiled<3x1xf32>
  return %s : !systile.tiled<3x1xf32>
}

// A matmul with TPU-default bf16 input precision, f32 accumulation.
func.func @matmul(%a: !systile.tiled<3x5xf32>, %b: !systile.tiled<5x7xbf16>,
                  %c: !systile.tiled<3x7xf32>) -> !systile.tiled<3x7xf32> {
  %d = systile.matmul %a, %b, %c precision = bf16
      : !systile.tiled<3x5xf32>, !systile.tiled<5x7xbf16> -> !systile.tiled<3x7xf32>
  return %d : !systile.tiled<3x7xf32>
}
