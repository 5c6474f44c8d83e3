// systile-run --compile frees each buffer the compiled entry returns once
// its contents are copied out (so --repeat keeps nothing of earlier runs),
// and only those it allocated: a result that is an argument or a view of
// one, a constant's global, or the same buffer twice is not freed (the
// sanitizer build checks that nothing is freed twice or wrongly). Results
// copied out of views follow their strides.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.arange(12, dtype=np.float32).reshape(3, 4))"
// RUN: systile-run %s --entry mixed --input %t/x.npy --compile --repeat 3 | FileCheck %s
// CHECK: result #0: tensor<3x4xf32> = {{\[\[}}0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]
// CHECK: result #1: tensor<2xf32> = [1, 2]
// CHECK: result #2: tensor<3x4xf32> = {{\[\[}}0, 2, 4, 6], [8, 10, 12, 14], [16, 18, 20, 22]]
// CHECK: result #3: tensor<3x4xf32> = {{\[\[}}0, 2, 4, 6], [8, 10, 12, 14], [16, 18, 20, 22]]
// CHECK: result #4: tensor<2x2xf32> = {{\[\[}}5, 7], [9, 11]]
// CHECK: result #5: tensor<4x3xf32> = {{\[\[}}0, 4, 8], [1, 5, 9], [2, 6, 10], [3, 7, 11]]
func.func @mixed(%x: tensor<3x4xf32>)
    -> (tensor<3x4xf32>, tensor<2xf32>, tensor<3x4xf32>, tensor<3x4xf32>,
        tensor<2x2xf32>, tensor<4x3xf32>) {
  %c = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %d = arith.addf %x, %x : tensor<3x4xf32>
  // Every other column of rows 1 and 2 of the argument: a strided view.
  %s = tensor.extract_slice %x[1, 1] [2, 2] [1, 2] : tensor<3x4xf32> to tensor<2x2xf32>
  %init = tensor.empty() : tensor<4x3xf32>
  %t = linalg.transpose ins(%x : tensor<3x4xf32>) outs(%init : tensor<4x3xf32>) permutation = [1, 0]
  return %x, %c, %d, %d, %s, %t
      : tensor<3x4xf32>, tensor<2xf32>, tensor<3x4xf32>, tensor<3x4xf32>,
        tensor<2x2xf32>, tensor<4x3xf32>
}
