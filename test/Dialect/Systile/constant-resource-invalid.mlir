// RUN: systile-opt %s -split-input-file -verify-diagnostics

// systile.constant with a dense_resource value: one case per diagnostic.
// The blobs' first four bytes are their alignment (0x40000000 = 64).

func.func @resource_size() {
  // 1x3 on 2x4 tiles has 8 storage slots (32 bytes); the blob holds 3 f32.
  // expected-error @below {{'systile.constant' op dense_resource blob 'short' holds 12 bytes, but 8 storage elements of 'f32' need 32}}
  %0 = systile.constant dense_resource<short> : tensor<8xf32> -> !systile.tiled<1x3xf32, #systile.geometry<2x4, mxu = 4>>
  return
}
{-#
  dialect_resources: {
    builtin: {
      short: "0x400000000000803F0000004000004040"
    }
  }
#-}

// -----

func.func @resource_padding() {
  // Slot (0, 3) is padding (storage offset 3): the blob holds 4.0 there.
  // expected-error @below {{'systile.constant' op pad kind 'zero' requires zero padding, but padding slot (0, 3) at storage offset 3 is not +0; use pad = undef or zero it}}
  %0 = systile.constant dense_resource<padded> : tensor<8xf32> -> !systile.tiled<1x3xf32, #systile.geometry<2x4, mxu = 4>>
  return
}
{-#
  dialect_resources: {
    builtin: {
      padded: "0x400000000000803F00000040000040400000804000000000000000000000000000000000"
    }
  }
#-}

// -----

func.func @resource_element() {
  // expected-error @below {{'systile.constant' op value element type 'i32' does not match the tiled element type 'f32'}}
  %0 = systile.constant dense_resource<ints> : tensor<8xi32> -> !systile.tiled<1x3xf32, #systile.geometry<2x4, mxu = 4>>
  return
}

// -----

func.func @resource_shape() {
  // expected-error @below {{'systile.constant' op value must be a 1-d tensor of the 8 storage elements of the padded shape 2x4 (in storage order), got 'tensor<2x4xf32>'}}
  %0 = systile.constant dense_resource<matrix> : tensor<2x4xf32> -> !systile.tiled<1x3xf32, #systile.geometry<2x4, mxu = 4>>
  return
}

// -----

func.func @sparse_value() {
  // expected-error @below {{'systile.constant' op attribute 'value' failed to satisfy constraint: dense or dense_resource elements attribute}}
  %0 = systile.constant sparse<[[0]], [1.0]> : tensor<8xf32> -> !systile.tiled<1x3xf32, #systile.geometry<2x4, mxu = 4>>
  return
}
