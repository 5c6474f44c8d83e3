// convert-systile-to-runtime on a program that was not bufferized: each
// systile op on tiled values is an error saying what to run first.
//
// RUN: systile-opt %s --convert-systile-to-runtime -verify-diagnostics

!t = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
func.func @main(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'systile.pack' on tiled values: bufferize the program (one-shot-bufferize) before convert-systile-to-runtime}}
  %a = systile.pack %x : tensor<3x5xf32> -> !t
  // expected-error @+1 {{'systile.unpack' on tiled values: bufferize the program (one-shot-bufferize) before convert-systile-to-runtime}}
  %u = systile.unpack %a : !t -> tensor<3x5xf32>
  return %u : tensor<3x5xf32>
}
