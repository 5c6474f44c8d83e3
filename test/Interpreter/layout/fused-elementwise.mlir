// Fused, broadcasting systile.elementwise ops as systile-run executes them,
// against independent numpy values (Inputs/fused_ref.py), bit for bit. The
// matrices are 5x7 on 2x4 tiles (padded 6x8: a padding row and a padding
// column); rows are 1x7, columns 5x1, the scalar 1x1, all read in place.
// Paths: a runtime element-wise program (@fused, @sqrtdiv, @select), the
// region runner over chunks of lanes (@mixed: i32 division by a column,
// whose padding holds 0: the region must never run on padding, or the
// division would trap) and one slot at a time (@branch: an scf.if, which is
// not lane-wise). In @fused the packed x dies at the op, so the result is
// written into its storage (the in-place path).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/fused_ref.py emit %t
// RUN: systile-run %s --entry fused --input %t/x.npy --input %t/row.npy --input %t/col.npy --input %t/s.npy --output %t/fused.npy
// RUN: %python %S/Inputs/fused_ref.py check %t fused %t/fused.npy | FileCheck %s --check-prefix=FUSED
// RUN: systile-run %s --entry sqrtdiv --input %t/x.npy --input %t/row.npy --input %t/col.npy --output %t/sqrtdiv.npy
// RUN: %python %S/Inputs/fused_ref.py check %t sqrtdiv %t/sqrtdiv.npy | FileCheck %s --check-prefix=SQRTDIV
// RUN: systile-run %s --entry select --input %t/x.npy --input %t/row.npy --input %t/col.npy --output %t/select.npy
// RUN: %python %S/Inputs/fused_ref.py check %t select %t/select.npy | FileCheck %s --check-prefix=SELECT
// RUN: systile-run %s --entry mixed --input %t/xi.npy --input %t/di.npy --input %t/x.npy --output %t/mixed.npy
// RUN: %python %S/Inputs/fused_ref.py check %t mixed %t/mixed.npy | FileCheck %s --check-prefix=MIXED
// RUN: systile-run %s --entry branch --input %t/x.npy --input %t/row.npy --output %t/branch.npy
// RUN: %python %S/Inputs/fused_ref.py check %t branch %t/branch.npy | FileCheck %s --check-prefix=BRANCH

// FUSED: fused: 0 of 35 elements differ in bits
// SQRTDIV: sqrtdiv: 0 of 35 elements differ in bits
// SELECT: select: 0 of 35 elements differ in bits
// MIXED: mixed: 0 of 35 elements differ in bits
// BRANCH: branch: 0 of 35 elements differ in bits

!t = !systile.tiled<5x7xf32, #systile.geometry<2x4, mxu = 4>>
!r = !systile.tiled<1x7xf32, #systile.geometry<2x4, mxu = 4>>
!c = !systile.tiled<5x1xf32, #systile.geometry<2x4, mxu = 4>>
!s = !systile.tiled<1x1xf32, #systile.geometry<2x4, mxu = 4>>
!ti = !systile.tiled<5x7xi32, #systile.geometry<2x4, mxu = 4>>
!ci = !systile.tiled<5x1xi32, #systile.geometry<2x4, mxu = 4>>

func.func @fused(%x: tensor<5x7xf32>, %row: tensor<1x7xf32>, %col: tensor<5x1xf32>, %s: tensor<1x1xf32>) -> tensor<5x7xf32> {
  %tx = systile.pack %x : tensor<5x7xf32> -> !t
  %tr = systile.pack %row : tensor<1x7xf32> -> !r
  %tc = systile.pack %col : tensor<5x1xf32> -> !c
  %ts = systile.pack %s : tensor<1x1xf32> -> !s
  %y = systile.elementwise ins(%tx, %tr, %tc, %ts : !t, !r, !c, !s) -> !t {
  ^bb0(%a: f32, %b: f32, %c: f32, %d: f32):
    %zero = arith.constant 0.000000e+00 : f32
    %0 = arith.addf %a, %b : f32
    %1 = arith.mulf %0, %c : f32
    %2 = arith.subf %1, %d : f32
    %3 = arith.maximumf %2, %zero : f32
    systile.yield %3 : f32
  }
  %u = systile.unpack %y : !t -> tensor<5x7xf32>
  return %u : tensor<5x7xf32>
}

func.func @sqrtdiv(%x: tensor<5x7xf32>, %row: tensor<1x7xf32>, %col: tensor<5x1xf32>) -> tensor<5x7xf32> {
  %tx = systile.pack %x : tensor<5x7xf32> -> !t
  %tr = systile.pack %row : tensor<1x7xf32> -> !r
  %tc = systile.pack %col : tensor<5x1xf32> -> !c
  %y = systile.elementwise ins(%tx, %tc, %tr : !t, !c, !r) -> !t {
  ^bb0(%a: f32, %c: f32, %b: f32):
    %0 = arith.subf %a, %c : f32
    %1 = math.absf %0 : f32
    %2 = math.sqrt %1 : f32
    %3 = arith.divf %2, %b : f32
    systile.yield %3 : f32
  }
  %u = systile.unpack %y : !t -> tensor<5x7xf32>
  return %u : tensor<5x7xf32>
}

func.func @select(%x: tensor<5x7xf32>, %row: tensor<1x7xf32>, %col: tensor<5x1xf32>) -> tensor<5x7xf32> {
  %tx = systile.pack %x : tensor<5x7xf32> -> !t
  %tr = systile.pack %row : tensor<1x7xf32> -> !r
  %tc = systile.pack %col : tensor<5x1xf32> -> !c
  %y = systile.elementwise ins(%tx, %tr, %tc : !t, !r, !c) -> !t {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %0 = arith.cmpf ogt, %a, %b : f32
    %1 = arith.select %0, %a, %c : f32
    systile.yield %1 : f32
  }
  %u = systile.unpack %y : !t -> tensor<5x7xf32>
  return %u : tensor<5x7xf32>
}

func.func @mixed(%xi: tensor<5x7xi32>, %di: tensor<5x1xi32>, %x: tensor<5x7xf32>) -> tensor<5x7xf32> {
  %txi = systile.pack %xi : tensor<5x7xi32> -> !ti
  %tdi = systile.pack %di : tensor<5x1xi32> -> !ci
  %tx = systile.pack %x : tensor<5x7xf32> -> !t
  %y = systile.elementwise ins(%txi, %tdi, %tx : !ti, !ci, !t) -> !t {
  ^bb0(%a: i32, %d: i32, %f: f32):
    %q = arith.divsi %a, %d : i32
    %r = arith.remsi %a, %d : i32
    %s = arith.addi %q, %r : i32
    %sf = arith.sitofp %s : i32 to f32
    %0 = arith.addf %sf, %f : f32
    systile.yield %0 : f32
  }
  %u = systile.unpack %y : !t -> tensor<5x7xf32>
  return %u : tensor<5x7xf32>
}

func.func @branch(%x: tensor<5x7xf32>, %row: tensor<1x7xf32>) -> tensor<5x7xf32> {
  %tx = systile.pack %x : tensor<5x7xf32> -> !t
  %tr = systile.pack %row : tensor<1x7xf32> -> !r
  %y = systile.elementwise ins(%tx, %tr : !t, !r) -> !t {
  ^bb0(%a: f32, %b: f32):
    %zero = arith.constant 0.000000e+00 : f32
    %neg = arith.cmpf olt, %a, %zero : f32
    %0 = scf.if %neg -> f32 {
      %n = arith.negf %a : f32
      scf.yield %n : f32
    } else {
      %m = arith.mulf %a, %b : f32
      scf.yield %m : f32
    }
    systile.yield %0 : f32
  }
  %u = systile.unpack %y : !t -> tensor<5x7xf32>
  return %u : tensor<5x7xf32>
}
