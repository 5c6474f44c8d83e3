// systile.elementwise forms the interpreter runs as runtime kernels (copy,
// cmpf + select, integer ops, extf, a scalar on the left) or lane-wise (a
// constant-only region, mixed element types), with values worked out by
// hand. The input's padding holds 9 (fill_padding), which must not show.
//
// RUN: systile-run %s --entry floats | FileCheck %s --check-prefix=FLOATS
// RUN: systile-run %s --entry ints | FileCheck %s --check-prefix=INTS

!t = !systile.tiled<2x3xf32, #systile.geometry<2x4, mxu = 4>>
!u = !systile.tiled<2x3xf32, #systile.geometry<2x4, mxu = 4>, pad = undef>
!h = !systile.tiled<2x3xbf16, #systile.geometry<2x4, mxu = 4>>
!i = !systile.tiled<2x3xi32, #systile.geometry<2x4, mxu = 4>>
!b = !systile.tiled<2x3xi8, #systile.geometry<2x4, mxu = 4>>

// x = [[-1.5, 0, 2], [3, -4, 0.5]]
// copy: x; relu via ugt/select: [[0, 0, 2], [3, 0, 0.5]];
// 1 - x: [[2.5, 1, -1], [-2, 5, 0.5]]; constant 7 everywhere;
// extf(bf16 x) = x (exact in bf16); sitofp(i8 [[1, -2, 3], [-4, 5, -6]]).
// FLOATS: result #0: tensor<2x3xf32> = {{\[\[}}-1.5, 0, 2], [3, -4, 0.5]]
// FLOATS: result #1: tensor<2x3xf32> = {{\[\[}}0, 0, 2], [3, 0, 0.5]]
// FLOATS: result #2: tensor<2x3xf32> = {{\[\[}}2.5, 1, -1], [-2, 5, 0.5]]
// FLOATS: result #3: tensor<2x3xf32> = {{\[\[}}7, 7, 7], [7, 7, 7]]
// FLOATS: result #4: tensor<2x3xf32> = {{\[\[}}-1.5, 0, 2], [3, -4, 0.5]]
// FLOATS: result #5: tensor<2x3xf32> = {{\[\[}}1, -2, 3], [-4, 5, -6]]
func.func @floats() -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %d = arith.constant dense<[[-1.5, 0.0, 2.0], [3.0, -4.0, 0.5]]> : tensor<2x3xf32>
  %p = systile.pack %d : tensor<2x3xf32> -> !t
  %x = systile.fill_padding %p, 9.000000e+00 : f32 : !t -> !u
  %copy = systile.elementwise ins(%x : !u) -> !t {
  ^bb0(%a: f32):
    systile.yield %a : f32
  }
  %relu = systile.elementwise ins(%x : !u) -> !t {
  ^bb0(%a: f32):
    %z = arith.constant 0.0 : f32
    %c = arith.cmpf ugt, %a, %z : f32
    %r = arith.select %c, %a, %z : f32
    systile.yield %r : f32
  }
  %om = systile.elementwise ins(%x : !u) -> !t {
  ^bb0(%a: f32):
    %one = arith.constant 1.0 : f32
    %r = arith.subf %one, %a : f32
    systile.yield %r : f32
  }
  %seven = systile.elementwise ins(%x : !u) -> !t {
  ^bb0(%a: f32):
    %c = arith.constant 7.0 : f32
    systile.yield %c : f32
  }
  %hx = systile.truncf %p : !t -> !h
  %ext = systile.elementwise ins(%hx : !h) -> !t {
  ^bb0(%a: bf16):
    %r = arith.extf %a : bf16 to f32
    systile.yield %r : f32
  }
  %bi = arith.constant dense<[[1, -2, 3], [-4, 5, -6]]> : tensor<2x3xi8>
  %tb = systile.pack %bi : tensor<2x3xi8> -> !b
  %conv = systile.elementwise ins(%tb : !b) -> !t {
  ^bb0(%a: i8):
    %r = arith.sitofp %a : i8 to f32
    systile.yield %r : f32
  }
  %u0 = systile.unpack %copy : !t -> tensor<2x3xf32>
  %u1 = systile.unpack %relu : !t -> tensor<2x3xf32>
  %u2 = systile.unpack %om : !t -> tensor<2x3xf32>
  %u3 = systile.unpack %seven : !t -> tensor<2x3xf32>
  %u4 = systile.unpack %ext : !t -> tensor<2x3xf32>
  %u5 = systile.unpack %conv : !t -> tensor<2x3xf32>
  return %u0, %u1, %u2, %u3, %u4, %u5 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// i32: 2147483647 + 1 wraps to -2147483648; maxsi with 0; i8 mul wraps:
// 100 * 3 = 300 = 44 (mod 256), -100 * 3 = -300 = -44.
// INTS: result #0: tensor<2x3xi32> = {{\[\[}}-2147483648, 2, -1], [4, 0, 6]]
// INTS: result #1: tensor<2x3xi32> = {{\[\[}}2147483647, 1, 0], [3, 0, 5]]
// INTS: result #2: tensor<2x3xi8> = {{\[\[}}44, -44, 3], [0, 6, -3]]
func.func @ints() -> (tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi8>) {
  %d = arith.constant dense<[[2147483647, 1, -2], [3, -1, 5]]> : tensor<2x3xi32>
  %x = systile.pack %d : tensor<2x3xi32> -> !i
  %add = systile.elementwise ins(%x : !i) -> !i {
  ^bb0(%a: i32):
    %one = arith.constant 1 : i32
    %r = arith.addi %a, %one : i32
    systile.yield %r : i32
  }
  %max = systile.elementwise ins(%x : !i) -> !i {
  ^bb0(%a: i32):
    %zero = arith.constant 0 : i32
    %r = arith.maxsi %a, %zero : i32
    systile.yield %r : i32
  }
  %e = arith.constant dense<[[100, -100, 1], [0, 2, -1]]> : tensor<2x3xi8>
  %te = systile.pack %e : tensor<2x3xi8> -> !b
  %mul = systile.elementwise ins(%te : !b) -> !b {
  ^bb0(%a: i8):
    %three = arith.constant 3 : i8
    %r = arith.muli %a, %three : i8
    systile.yield %r : i8
  }
  %u0 = systile.unpack %add : !i -> tensor<2x3xi32>
  %u1 = systile.unpack %max : !i -> tensor<2x3xi32>
  %u2 = systile.unpack %mul : !b -> tensor<2x3xi8>
  return %u0, %u1, %u2 : tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi8>
}
