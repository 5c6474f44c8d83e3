// i8 (wrapping) through scf.while with a tensor carried in both regions,
// tensor.concat, a pad with a computed value and a rank-reducing
// insert_slice.
func.func @compute() -> tensor<5x4xi8> {
  %init = arith.constant dense<[[100, -100, 7, 1]]> : tensor<1x4xi8>
  %c0 = arith.constant 0 : i8
  %c1 = arith.constant 1 : i8
  %c5 = arith.constant 5 : i8
  %r, %k = scf.while (%t = %init, %n = %c0) : (tensor<1x4xi8>, i8) -> (tensor<1x4xi8>, i8) {
    %more = arith.cmpi slt, %n, %c5 : i8
    scf.condition(%more) %t, %n : tensor<1x4xi8>, i8
  } do {
  ^bb0(%t: tensor<1x4xi8>, %n: i8):
    %idx = arith.constant 0 : index
    %j = arith.constant 1 : index
    %x = tensor.extract %t[%idx, %j] : tensor<1x4xi8>
    %y = arith.muli %x, %c5 : i8
    %z = arith.addi %y, %n : i8
    %t2 = tensor.insert %z into %t[%idx, %j] : tensor<1x4xi8>
    %n2 = arith.addi %n, %c1 : i8
    scf.yield %t2, %n2 : tensor<1x4xi8>, i8
  }
  %cat = tensor.concat dim(0) %r, %init, %r : (tensor<1x4xi8>, tensor<1x4xi8>, tensor<1x4xi8>) -> tensor<3x4xi8>
  %p = tensor.pad %cat low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    %v = arith.index_cast %j : index to i8
    %w = arith.subi %v, %k : i8
    tensor.yield %w : i8
  } : tensor<3x4xi8> to tensor<5x4xi8>
  %row = arith.constant dense<[-128, 127, 0, -1]> : tensor<4xi8>
  %out = tensor.insert_slice %row into %p[2, 0] [1, 4] [1, 1] : tensor<4xi8> into tensor<5x4xi8>
  return %out : tensor<5x4xi8>
}
