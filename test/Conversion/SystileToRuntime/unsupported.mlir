// What convert-systile-to-runtime refuses: an op the compiled path does
// not run yet (a convolution window). It is an error at the op; the pass
// fails, and systile-run --compile says so with exit 1.
//
// RUN: systile-opt %s --one-shot-bufferize="bufferize-function-boundaries" --convert-systile-to-runtime -verify-diagnostics
// RUN: not systile-run %s --compile 2>&1 | FileCheck %s
// CHECK: error: 'systile.im2col' is not supported by the compiled path (convert-systile-to-runtime) yet
// CHECK: systile-run: error: --compile: lowering @main of '{{.*}}unsupported.mlir' to LLVM failed

func.func @main() -> tensor<25x27xf32> {
  %x = arith.constant dense<1.0> : tensor<25x3xf32>
  %a = systile.pack %x : tensor<25x3xf32> -> !systile.tiled<25x3xf32>
  // expected-error @+1 {{'systile.im2col' is not supported by the compiled path (convert-systile-to-runtime) yet}}
  %b = systile.im2col %a image [1, 5, 5] kernel [3, 3] strides [1, 1] dilations [1, 1] padding [1, 1, 1, 1]
      : !systile.tiled<25x3xf32> -> !systile.tiled<25x27xf32>
  %u = systile.unpack %b : !systile.tiled<25x27xf32> -> tensor<25x27xf32>
  return %u : tensor<25x27xf32>
}
