// scf.forall with tensor.parallel_insert_slice, tensor.reshape with a shape
// tensor, tensor.generate, extract and insert on i32.
func.func @compute() -> tensor<4x6xi32> {
  %src = arith.constant dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]> : tensor<4x3xi32>
  %shape = arith.constant dense<[6, 2]> : tensor<2xindex>
  %re = tensor.reshape %src(%shape) : (tensor<4x3xi32>, tensor<2xindex>) -> tensor<6x2xi32>
  %c6 = arith.constant 6 : index
  %g = tensor.generate %c6 {
  ^bb0(%i: index):
    %v = arith.index_cast %i : index to i32
    %k = arith.constant 100 : i32
    %w = arith.muli %v, %k : i32
    tensor.yield %w : i32
  } : tensor<?xi32>
  %init = arith.constant dense<-1> : tensor<4x6xi32>
  %r = scf.forall (%i, %j) in (2, 3) shared_outs(%o = %init) -> tensor<4x6xi32> {
    %c2 = arith.constant 2 : index
    %row = arith.muli %i, %c2 : index
    %col = arith.muli %j, %c2 : index
    %blk = tensor.extract_slice %re[%col, 0] [2, 2] [1, 1] : tensor<6x2xi32> to tensor<2x2xi32>
    %gv = tensor.extract %g[%col] : tensor<?xi32>
    %first = tensor.extract %blk[%i, %i] : tensor<2x2xi32>
    %sum = arith.addi %first, %gv : i32
    %c0 = arith.constant 0 : index
    %blk2 = tensor.insert %sum into %blk[%c0, %c0] : tensor<2x2xi32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %blk2 into %o[%row, %col] [2, 2] [1, 1] : tensor<2x2xi32> into tensor<4x6xi32>
    }
  }
  return %r : tensor<4x6xi32>
}
