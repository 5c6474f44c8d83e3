// uint8 arithmetic as StableHLO's legalisation computes it on signless i8
// (test/Interpreter/unsigned.mlir has the ui8 boundary): wrap-around add,
// divui, remui, cmpi ugt / ule selecting, extui, uitofp and fptoui back,
// trunci, on values around 0, 127, 128 and 255.
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @compute() -> tensor<6x6xi8> {
  %x = arith.constant dense<[-6, 3, 7, -128, -1, 0]> : tensor<6xi8>
  %y = arith.constant dense<[10, 5, 7, 1, -1, 9]> : tensor<6xi8>
  %e = tensor.empty() : tensor<6x6xi8>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<6xi8>, tensor<6xi8>) outs(%e : tensor<6x6xi8>) {
  ^bb0(%a: i8, %b: i8, %o: i8):
    %s = arith.addi %a, %b : i8
    %q = arith.divui %s, %b : i8
    %m = arith.remui %a, %b : i8
    %gt = arith.cmpi ugt, %q, %m : i8
    %pick = arith.select %gt, %q, %m : i8
    %w = arith.extui %pick : i8 to i32
    %f = arith.uitofp %w : i32 to f32
    %half = arith.constant 0.5 : f32
    %g = arith.mulf %f, %half : f32
    %back = arith.fptoui %g : f32 to i32
    %three = arith.constant 300 : i32
    %big = arith.muli %back, %three : i32
    %t = arith.trunci %big : i32 to i8
    %le = arith.cmpi ule, %a, %b : i8
    %r = arith.select %le, %t, %s : i8
    linalg.yield %r : i8
  } -> tensor<6x6xi8>
  return %r : tensor<6x6xi8>
}
