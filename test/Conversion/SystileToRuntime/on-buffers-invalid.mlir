// The verifier of systile.on_buffers.
// RUN: systile-opt %s -split-input-file -verify-diagnostics

!t = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
func.func @wrong_storage(%a: memref<16xf32>, %o: memref<3x5xf32>) {
  // expected-error @+1 {{'systile.on_buffers' op ins #0 must be the storage buffer of '!systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>', 'memref<32xf32>', got 'memref<16xf32>'}}
  systile.on_buffers ins(%a : memref<16xf32>) outs(%o : memref<3x5xf32>) {
  ^bb0(%x: !t):
    %u = systile.unpack %x : !t -> tensor<3x5xf32>
    systile.on_buffers_yield %u : tensor<3x5xf32>
  }
  return
}

// -----

!t = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
func.func @wrong_dense(%a: memref<32xf32>, %o: memref<5x3xf32>) {
  // expected-error @+1 {{'systile.on_buffers' op outs #0 of type 'memref<5x3xf32>' cannot hold a value of type 'tensor<3x5xf32>'}}
  systile.on_buffers ins(%a : memref<32xf32>) outs(%o : memref<5x3xf32>) {
  ^bb0(%x: !t):
    %u = systile.unpack %x : !t -> tensor<3x5xf32>
    systile.on_buffers_yield %u : tensor<3x5xf32>
  }
  return
}

// -----

!t = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
func.func @two_ops(%a: memref<32xf32>, %o: memref<3x5xf32>) {
  // expected-error @+1 {{'systile.on_buffers' op region must hold exactly one op and the terminator}}
  systile.on_buffers ins(%a : memref<32xf32>) outs(%o : memref<3x5xf32>) {
  ^bb0(%x: !t):
    %u = systile.unpack %x : !t -> tensor<3x5xf32>
    %v = systile.unpack %x : !t -> tensor<3x5xf32>
    systile.on_buffers_yield %v : tensor<3x5xf32>
  }
  return
}

// -----

!t = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
func.func @not_systile(%a: memref<32xf32>, %o: memref<3x5xf32>) {
  // expected-error @+1 {{'systile.on_buffers' op region op must be a systile op, got 'tensor.empty'}}
  systile.on_buffers ins(%a : memref<32xf32>) outs(%o : memref<3x5xf32>) {
  ^bb0(%x: !t):
    %u = tensor.empty() : tensor<3x5xf32>
    systile.on_buffers_yield %u : tensor<3x5xf32>
  }
  return
}

// -----

!t = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
func.func @extra_out(%a: memref<32xf32>, %o: memref<3x5xf32>) {
  // expected-error @+1 {{'systile.on_buffers' op must have one 'outs' buffer per result of the region's op (1), got 2}}
  systile.on_buffers ins(%a : memref<32xf32>) outs(%o, %o : memref<3x5xf32>, memref<3x5xf32>) {
  ^bb0(%x: !t):
    %u = systile.unpack %x : !t -> tensor<3x5xf32>
    systile.on_buffers_yield %u : tensor<3x5xf32>
  }
  return
}

// -----

!t = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
func.func @arguments(%a: memref<32xf32>, %o: memref<3x5xf32>) {
  // expected-error @+1 {{'systile.on_buffers' op region must take one argument per 'ins' buffer (1), got 0}}
  systile.on_buffers ins(%a : memref<32xf32>) outs(%o : memref<3x5xf32>) {
    %s = arith.constant 1.0 : f32
    systile.on_buffers_yield
  }
  return
}
