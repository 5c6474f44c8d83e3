// Reshapes, a constant pad, a strided slice, concat, and an scf.for that
// copies rows with extract_slice / insert_slice; non-integer values.
func.func @compute() -> tensor<4x6xf32> {
  %a = arith.constant dense<[[0.5, 1.25, -3.0], [4.0, 5.5, 6.75]]> : tensor<2x3xf32>
  %f = tensor.collapse_shape %a [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %e = tensor.expand_shape %f [[0, 1]] output_shape [3, 2] : tensor<6xf32> into tensor<3x2xf32>
  %z = arith.constant 0.1 : f32
  %p = tensor.pad %e low[1, 1] high[0, 3] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f32
  } : tensor<3x2xf32> to tensor<4x6xf32>
  %s = tensor.extract_slice %p[0, 0] [2, 6] [2, 1] : tensor<4x6xf32> to tensor<2x6xf32>
  %c = tensor.concat dim(0) %s, %s : (tensor<2x6xf32>, tensor<2x6xf32>) -> tensor<4x6xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %c) -> tensor<4x6xf32> {
    %row = tensor.extract_slice %p[%i, 0] [1, 6] [1, 1] : tensor<4x6xf32> to tensor<1x6xf32>
    %n = tensor.insert_slice %row into %acc[%i, 0] [1, 6] [1, 1] : tensor<1x6xf32> into tensor<4x6xf32>
    scf.yield %n : tensor<4x6xf32>
  }
  return %r : tensor<4x6xf32>
}
