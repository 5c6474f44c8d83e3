// f64 tiled values: torch-mlir's LayerNorm variance (the input widened to
// f64, its mean, the squared deviations, their mean, truncated to f32) run
// on 2x4 tiles whose 9 columns cross a lane tile, bit for bit against
// numpy's same order (Inputs/f64_ref.py); an f64 input packed and unpacked
// as it is, and a max reduction.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/f64_ref.py %t
// RUN: systile-run %s --input %t/x.npy --input %t/wide.npy --expect %t/var.npy --expect %t/wide.npy --expect %t/peak.npy --quiet --stats | FileCheck %s

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
