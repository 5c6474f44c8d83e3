// f64 tiled values: torch-mlir's LayerNorm variance (the input widened to
// f64, its mean, the squared deviations, their mean, truncated to f32) run
// on 2x4 tiles whose 9 columns cross a lane tile, bit for bit against
// numpy's same order (Inputs/f64_ref.py); an f64 input packed and unpacked
// as it is, and a max reduction.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/f64_ref.py %t
// RUN: systile-run %s --input %t/x.npy --input %t/wide.npy --expect %t/var.npy --expect %t/wide.npy --expect %t/peak.npy --quiet --stats | FileCheck %s
// RUN: systile-run %s --entry ops | FileCheck %s --check-prefix=OPS
// RUN: systile-opt %s --canonicalize | systile-run - --entry ops | FileCheck %s --check-prefix=OPS

// A constant in storage order (2x3 on 2x4 tiles: one tile), its transpose,
// its padding filled, a splat and a row broadcast, by hand; the same after
// the folds.
// OPS: result #0: tensor<3x2xf64> = {{\[}}[1, 4], [2, 5], [3, 6]]
// OPS: result #1: tensor<2x3xf64> = {{\[}}[1, 2, 3], [4, 5, 6]]
// OPS: result #2: tensor<2x3xf64> = {{\[}}[2.5, 2.5, 2.5], [2.5, 2.5, 2.5]]
// OPS: result #3: tensor<2x3xf64> = {{\[}}[1, 2, 3], [1, 2, 3]]
func.func @ops() -> (tensor<3x2xf64>, tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x3xf64>) {
  %c = systile.constant dense<[1.0, 2.0, 3.0, 0.0, 4.0, 5.0, 6.0, 0.0]> : tensor<8xf64> -> !systile.tiled<2x3xf64, #systile.geometry<2x4, mxu = 4>>
  %t = systile.transpose %c : !systile.tiled<2x3xf64, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<3x2xf64, #systile.geometry<2x4, mxu = 4>>
  %f = systile.fill_padding %c, 7.0 : f64 : !systile.tiled<2x3xf64, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<2x3xf64, #systile.geometry<2x4, mxu = 4>, pad = undef>
  %v = arith.constant 2.5 : f64
  %s = systile.splat %v : !systile.tiled<2x3xf64, #systile.geometry<2x4, mxu = 4>>
  %r = systile.constant dense<[1.0, 2.0, 3.0, 0.0, 0.0, 0.0, 0.0, 0.0]> : tensor<8xf64> -> !systile.tiled<1x3xf64, #systile.geometry<2x4, mxu = 4>>
  %b = systile.broadcast %r dim = 0 : !systile.tiled<1x3xf64, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<2x3xf64, #systile.geometry<2x4, mxu = 4>>
  %ut = systile.unpack %t : !systile.tiled<3x2xf64, #systile.geometry<2x4, mxu = 4>> -> tensor<3x2xf64>
  %uf = systile.unpack %f : !systile.tiled<2x3xf64, #systile.geometry<2x4, mxu = 4>, pad = undef> -> tensor<2x3xf64>
  %us = systile.unpack %s : !systile.tiled<2x3xf64, #systile.geometry<2x4, mxu = 4>> -> tensor<2x3xf64>
  %ub = systile.unpack %b : !systile.tiled<2x3xf64, #systile.geometry<2x4, mxu = 4>> -> tensor<2x3xf64>
  return %ut, %uf, %us, %ub : tensor<3x2xf64>, tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x3xf64>
}

// Two packs: the f32 input (2 matrices of 4x12 slots of 4 bytes: 384) and
// the f64 one (8 bytes: 768); the unpacks are 6 f32 (24 bytes), 54 f64
// (432) and 6 f64 (48).
// CHECK: layout: packs=2 unpacks=3 packed_bytes=1152 unpacked_bytes=504
// CHECK: expect: result #0 matches {{.*}}var.npy (0 of 6 elements differ, max ulp 0)
// CHECK: expect: result #1 matches {{.*}}wide.npy (0 of 54 elements differ, max ulp 0)
// CHECK: expect: result #2 matches {{.*}}peak.npy (0 of 6 elements differ, max ulp 0)

#g = #systile.geometry<2x4, mxu = 4>
!x = !systile.tiled<2x3x9xf32, #g>
!w = !systile.tiled<2x3x9xf64, #g>
!c = !systile.tiled<2x3x1xf64, #g>

func.func @main(%x: tensor<2x3x9xf32>, %d: tensor<2x3x9xf64>)
    -> (tensor<2x3x1xf32>, tensor<2x3x9xf64>, tensor<2x3x1xf64>) {
  %t = systile.pack %x : tensor<2x3x9xf32> -> !x
  %wide = systile.elementwise ins(%t : !x) -> !w {
  ^bb0(%a: f32):
    %e = arith.extf %a : f32 to f64
    systile.yield %e : f64
  }
  %sum = systile.reduce <sum> %wide dim = 2 : !w -> !c
  %mean = systile.elementwise ins(%sum : !c) -> !c {
  ^bb0(%a: f64):
    %n = arith.constant 9.0 : f64
    %m = arith.divf %a, %n : f64
    systile.yield %m : f64
  }
  %dev = systile.elementwise ins(%wide, %mean : !w, !c) -> !w {
  ^bb0(%a: f64, %m: f64):
    %s = arith.subf %a, %m : f64
    %q = arith.mulf %s, %s : f64
    systile.yield %q : f64
  }
  %ss = systile.reduce <sum> %dev dim = 2 : !w -> !c
  %var = systile.elementwise ins(%ss : !c) -> !systile.tiled<2x3x1xf32, #g> {
  ^bb0(%a: f64):
    %n = arith.constant 9.0 : f64
    %v = arith.divf %a, %n : f64
    %f = arith.truncf %v : f64 to f32
    systile.yield %f : f32
  }
  %pd = systile.pack %d : tensor<2x3x9xf64> -> !w
  %peak = systile.reduce <max> %pd dim = 2 : !w -> !c
  %uv = systile.unpack %var : !systile.tiled<2x3x1xf32, #g> -> tensor<2x3x1xf32>
  %ud = systile.unpack %pd : !w -> tensor<2x3x9xf64>
  %up = systile.unpack %peak : !c -> tensor<2x3x1xf64>
  return %uv, %ud, %up : tensor<2x3x1xf32>, tensor<2x3x9xf64>, tensor<2x3x1xf64>
}
