// Tiled values carried by scf ops, as a program that keeps its state
// tiled across iterations: an Elman RNN (h = tanh(x_t Wx + h Wh), the
// weights packed once, the hidden state carried tiled through scf.for) and
// a data-dependent scf.while (halve until max |x| <= 1, the condition read
// from a tiled reduction). On 2x4 tiles, so every value has padding.
// Interpreted against numpy models (tanh: within 1e-5; the halving is
// exact); compiled, interpreted-vs-compiled.test holds both entries to
// the interpreter's bits.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(7); x = r.standard_normal((3, 4, 6)).astype('<f4'); wx = r.standard_normal((6, 5)).astype('<f4'); wh = r.standard_normal((5, 5)).astype('<f4'); h = np.zeros((4, 5), '<f4'); [h := np.tanh(x[t].astype('<f8') @ wx + h.astype('<f8') @ wh).astype('<f4') for t in range(3)]; np.save('%t/x.npy', x); np.save('%t/wx.npy', wx); np.save('%t/wh.npy', wh); np.save('%t/h.npy', h); y = np.array([[0.5, -9.0, 3.0, 0.25, 1.0], [2.0, -0.5, 7.5, 0.0, 6.0], [-1.0, 4.0, 0.125, 8.0, -3.5]], '<f4'); np.save('%t/y.npy', y); np.save('%t/y16.npy', y / 16); np.save('%t/n.npy', np.array(4, '<i8'))"
// RUN: systile-run %s --entry rnn --input %t/x.npy --input %t/wx.npy --input %t/wh.npy --expect %t/h.npy --rtol 1e-5 --atol 1e-6 | FileCheck %s --check-prefix=RNN
// RNN: expect: result #0 matches {{.*}}h.npy
// RUN: systile-run %s --entry halve --input %t/y.npy --expect %t/y16.npy --expect %t/n.npy | FileCheck %s --check-prefix=HALVE
// HALVE: expect: result #0 matches {{.*}}y16.npy (0 of 15 elements differ, max ulp 0)
// HALVE: expect: result #1 matches {{.*}}n.npy (0 of 1 elements differ

#g = #systile.geometry<2x4, mxu = 4>
!xt = !systile.tiled<4x6xf32, #g>
!wx = !systile.tiled<6x5xf32, #g>
!wh = !systile.tiled<5x5xf32, #g>
!h = !systile.tiled<4x5xf32, #g>
!m = !systile.tiled<3x5xf32, #g>
!col = !systile.tiled<3x1xf32, #g>
!one = !systile.tiled<1x1xf32, #g>

func.func @rnn(%x: tensor<3x4x6xf32>, %wx: tensor<6x5xf32>, %wh: tensor<5x5xf32>)
    -> tensor<4x5xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f32
  %wxt = systile.pack %wx : tensor<6x5xf32> -> !wx
  %wht = systile.pack %wh : tensor<5x5xf32> -> !wh
  %h0 = systile.splat %zero : !h
  %hT = scf.for %t = %c0 to %c3 step %c1 iter_args(%h = %h0) -> (!h) {
    %xs = tensor.extract_slice %x[%t, 0, 0] [1, 4, 6] [1, 1, 1]
        : tensor<3x4x6xf32> to tensor<4x6xf32>
    %xp = systile.pack %xs : tensor<4x6xf32> -> !xt
    %acc = systile.splat %zero : !h
    %a = systile.matmul %h, %wht, %acc : !h, !wh -> !h
    %z = systile.matmul %xp, %wxt, %a : !xt, !wx -> !h
    %n = systile.elementwise ins(%z : !h) -> !h {
    ^bb0(%p: f32):
      %q = math.tanh %p : f32
      systile.yield %q : f32
    }
    scf.yield %n : !h
  }
  %u = systile.unpack %hT : !h -> tensor<4x5xf32>
  return %u : tensor<4x5xf32>
}

func.func @halve(%x: tensor<3x5xf32>) -> (tensor<3x5xf32>, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %a = systile.pack %x : tensor<3x5xf32> -> !m
  %r:2 = scf.while (%i = %c0, %s = %a) : (index, !m) -> (index, !m) {
    %abs = systile.elementwise ins(%s : !m) -> !m {
    ^bb0(%p: f32):
      %q = math.absf %p : f32
      systile.yield %q : f32
    }
    %rows = systile.reduce <max> %abs dim = 1 : !m -> !col
    %all = systile.reduce <max> %rows dim = 0 : !col -> !one
    %d = systile.unpack %all : !one -> tensor<1x1xf32>
    %v = tensor.extract %d[%c0, %c0] : tensor<1x1xf32>
    %go = arith.cmpf ogt, %v, %one : f32
    scf.condition(%go) %i, %s : index, !m
  } do {
  ^bb0(%i: index, %s: !m):
    %j = arith.addi %i, %c1 : index
    %h = systile.elementwise ins(%s : !m) -> !m {
    ^bb0(%p: f32):
      %half = arith.constant 0.5 : f32
      %q = arith.mulf %p, %half : f32
      systile.yield %q : f32
    }
    scf.yield %j, %h : index, !m
  }
  %u = systile.unpack %r#1 : !m -> tensor<3x5xf32>
  return %u, %r#0 : tensor<3x5xf32>, index
}
