func.func @whole(%s: tensor<?x?xf32>) -> tensor<3x4xf32> {
  %d = arith.constant dense<0.0> : tensor<3x4xf32>
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %r = tensor.insert_slice %s into %d[0, 0] [%c3, %c4] [1, 1]
      : tensor<?x?xf32> into tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

func.func @part(%s: tensor<?x?xf32>) -> tensor<4x6xf32> {
  %d = arith.constant dense<0.0> : tensor<4x6xf32>
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %r = tensor.insert_slice %s into %d[1, 1] [%c3, %c4] [2, 1]
      : tensor<?x?xf32> into tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

func.func @forall(%s: tensor<?x?xf32>) -> tensor<4x6xf32> {
  %d = arith.constant dense<0.0> : tensor<4x6xf32>
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %r = scf.forall (%i) in (1) shared_outs(%o = %d) -> tensor<4x6xf32> {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[0, 0] [%c3, %c4] [1, 1]
          : tensor<?x?xf32> into tensor<4x6xf32>
    }
  }
  return %r : tensor<4x6xf32>
}

func.func @reduced(%s: tensor<?x?xf32>) -> tensor<3x4xf32> {
  %d = arith.constant dense<0.0> : tensor<3x4xf32>
  %c0 = arith.constant 0 : index
  %v = tensor.extract_slice %s[0, 0] [1, 4] [1, 1] : tensor<?x?xf32> to tensor<4xf32>
  %r = tensor.insert_slice %v into %d[1, 0] [1, 4] [1, 1]
      : tensor<4xf32> into tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}
	