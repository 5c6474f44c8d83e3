// Nested scf.for with iter_args (a tensor and an f32 running sum), scf.if,
// scf.while and scf.index_switch; rounding depends on the order of the
// f32 operations.
func.func @compute() -> tensor<3x5xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %tenth = arith.constant 0.1 : f32
  %third = arith.constant 0.333333343 : f32
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<3x5xf32>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%t = %init) -> tensor<3x5xf32> {
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %scale = arith.addf %fi, %tenth : f32
    %row, %last = scf.for %j = %c0 to %c5 step %c1 iter_args(%u = %t, %acc = %zero) -> (tensor<3x5xf32>, f32) {
      %jj = arith.index_cast %j : index to i32
      %fj = arith.sitofp %jj : i32 to f32
      %two = arith.constant 2 : i32
      %rem = arith.remsi %jj, %two : i32
      %c0i = arith.constant 0 : i32
      %even = arith.cmpi eq, %rem, %c0i : i32
      %term = scf.if %even -> f32 {
        %m = arith.mulf %fj, %scale : f32
        scf.yield %m : f32
      } else {
        %m = arith.mulf %fj, %third : f32
        %d = arith.divf %m, %scale : f32
        scf.yield %d : f32
      }
      %acc2 = arith.addf %acc, %term : f32
      %n = tensor.insert %acc2 into %u[%i, %j] : tensor<3x5xf32>
      scf.yield %n, %acc2 : tensor<3x5xf32>, f32
    }
    scf.yield %row : tensor<3x5xf32>
  }
  // Halve element (2, 4) until it is below 0.01 (scf.while), and replace
  // element (0, 0) by an index_switch on 2.
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %x = tensor.extract %r[%c2, %c4] : tensor<3x5xf32>
  %small = arith.constant 0.01 : f32
  %half = arith.constant 0.5 : f32
  %y = scf.while (%v = %x) : (f32) -> f32 {
    %more = arith.cmpf oge, %v, %small : f32
    scf.condition(%more) %v : f32
  } do {
  ^bb0(%v: f32):
    %h = arith.mulf %v, %half : f32
    scf.yield %h : f32
  }
  %r2 = tensor.insert %y into %r[%c2, %c4] : tensor<3x5xf32>
  %s = scf.index_switch %c2 -> f32
  case 1 {
    scf.yield %tenth : f32
  }
  case 2 {
    scf.yield %third : f32
  }
  default {
    scf.yield %zero : f32
  }
  %r3 = tensor.insert %s into %r2[%c0, %c0] : tensor<3x5xf32>
  return %r3 : tensor<3x5xf32>
}
