func.func @while() -> (tensor<2xi32>, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 2 : i32
  %c2 = arith.constant 3 : i32
  %c3 = arith.constant 3 : i32
  %c6 = arith.constant 6 : i32
  %n, %steps = scf.while (%x = %c2, %k = %c0) : (i32, i32) -> (i32, i32) {
    %more = arith.cmpi ne, %x, %c1 : i32
    %x2 = arith.muli %x, %c2 : i32
    scf.condition(%more) %x2, %k : i32, i32
  } do {
  ^bb0(%x2: i32, %k: i32):
    %x = arith.divsi %x2, %c2 : i32
    %r = arith.remsi %x, %c1 : i32
    %odd = arith.cmpi ne, %r, %c0 : i32
    %next = scf.if %odd -> i32 {
      %t = arith.muli %x, %c3 : i32
      %t1 = arith.addi %t, %c1 : i32
      scf.yield %t1 : i32
    } else {
      %h = arith.divsi %x, %c2 : i32
      scf.yield %h : i32
    }
    %k1 = arith.addi %k, %c1 : i32
    scf.yield %next, %k1 : i32, i32
  }
  %pair = tensor.from_elements %steps, %n : tensor<2xi32>
  %c7 = arith.constant 7 : i32
  %same = scf.while (%x = %c3) : (i32) -> i32 {
    %false = arith.constant false
    scf.condition(%false) %x : i32
  } do {
  ^bb0(%x: i32):
    %y = arith.addi %x, %c2 : i32
    scf.yield %y : i32
  }
  return %pair, %same : tensor<2xi32>, i32
}

func.func @if() -> (tensor<2xf32>, tensor<2xf32>) {
  %true = arith.constant true
  %false = arith.constant false
  %a = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = arith.constant dense<[3.0, 4.0]> : tensor<2xf32>
  %r0 = scf.if %true -> tensor<2xf32> {
    scf.yield %a : tensor<2xf32>
  } else {
    scf.yield %b : tensor<2xf32>
  }
  %r1 = scf.if %false -> tensor<2xf32> {
    scf.yield %a : tensor<2xf32>
  } else {
    scf.yield %b : tensor<2xf32>
  }
  scf.if %false {
    %z = arith.constant 0 : i32
    %bad = arith.divsi %z, %z : i32
  }
  return %r0, %r1 : tensor<2xf32>, tensor<2xf32>
}

func.func @switch() -> tensor<4xi32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %s0 = scf.index_switch %c2 -> i32
  case 0 {
    %v = arith.constant 0 : i32
    scf.yield %v : i32
  }
  case 2 {
    %v = arith.constant 20 : i32
    scf.yield %v : i32
  }
  default {
    %v = arith.constant -1 : i32
    scf.yield %v : i32
  }
  %s1 = scf.index_switch %c5 -> i32
  case 0 {
    %v = arith.constant 0 : i32
    scf.yield %v : i32
  }
  default {
    %v = arith.constant -1 : i32
    scf.yield %v : i32
  }
  %s2 = scf.index_switch %c0 -> i32
  case 0 {
    %v = arith.constant 0 : i32
    scf.yield %v : i32
  }
  default {
    %v = arith.constant -1 : i32
    scf.yield %v : i32
  }
  %e = scf.execute_region -> i32 {
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %s = arith.addi %one, %two : i32
    scf.yield %s : i32
  }
  %r = tensor.from_elements %s0, %s1, %s2, %e : tensor<4xi32>
  return %r : tensor<4xi32>
}

func.func @forall() -> (tensor<2x3xi32>, tensor<4x2xi32>) {
  %init = tensor.empty() : tensor<2x3xi32>
  %r = scf.forall (%i, %j) in (2, 3) shared_outs(%o = %init) -> tensor<2x3xi32> {
    %c10 = arith.constant 10 : index
    %a = arith.muli %i, %c10 : index
    %b = arith.addi %a, %j : index
    %v = arith.index_cast %b : index to i32
    %t = tensor.from_elements %v : tensor<1x1xi32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %t into %o[%i, %j] [1, 1] [1, 1] : tensor<1x1xi32> into tensor<2x3xi32>
    }
  }
  %in = arith.constant dense<[[1, 2], [3, 4], [5, 6], [7, 8]]> : tensor<4x2xi32>
  %nines = arith.constant dense<9> : tensor<4x2xi32>
  %r2 = scf.forall (%i) = (0) to (4) step (2) shared_outs(%o = %nines) -> tensor<4x2xi32> {
    %row = tensor.extract_slice %in[%i, 0] [1, 2] [1, 1] : tensor<4x2xi32> to tensor<2xi32>
    %d = arith.addi %row, %row : tensor<2xi32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %d into %o[%i, 0] [1, 2] [1, 1] : tensor<2xi32> into tensor<4x2xi32>
    }
  }
  return %r, %r2 : tensor<2x3xi32>, tensor<4x2xi32>
}
