// Dynamic dimensions: a cast to tensor<?x4xf32>, dim, expand_shape and
// collapse_shape with a run-time size, a dynamic extract_slice and a pad
// whose amount is computed.
func.func @compute() -> tensor<4x8xf32> {
  %a = arith.constant dense<[[1.5, -2.25, 3.0, 0.1], [4.0, 5.0, -6.5, 7.0], [0.2, 0.3, 0.4, 0.5], [8.0, 9.0, 10.0, -11.0]]> : tensor<4x4xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d = tensor.cast %a : tensor<4x4xf32> to tensor<?x4xf32>
  %n = tensor.dim %d, %c0 : tensor<?x4xf32>
  %half = arith.divui %n, %c2 : index
  %e = tensor.expand_shape %d [[0, 1], [2]] output_shape [%half, 2, 4] : tensor<?x4xf32> into tensor<?x2x4xf32>
  %c = tensor.collapse_shape %e [[0], [1, 2]] : tensor<?x2x4xf32> into tensor<?x8xf32>
  %s = tensor.extract_slice %c[%c1, 0] [%c1, 8] [1, 1] : tensor<?x8xf32> to tensor<?x8xf32>
  %pad = arith.constant -0.0 : f32
  %p = tensor.pad %s low[%c1, 0] high[%half, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %pad : f32
  } : tensor<?x8xf32> to tensor<?x8xf32>
  %r = tensor.cast %p : tensor<?x8xf32> to tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
