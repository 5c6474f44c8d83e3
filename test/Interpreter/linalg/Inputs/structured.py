#!/usr/bin/env python3
"""Structured ops other than the matmul family under systile-run: named
element-wise ops, fill/copy/transpose/broadcast/map/reduce, generics with
broadcasts, reductions (to a scalar, with keep-dim maps, several outputs),
linalg.index, dynamic shapes, convolution and pooling. Each against numpy:
single-rounding ops and upstream-order reductions bit-exactly (the models
below add in upstream's loop order), libm functions within 1e-6 of max
|ref|.

usage: structured.py --bin-dir DIR --work-dir DIR
"""
import argparse

import numpy as np

from caselib import Runner, tt, ttype
from rfc6ref import seq_sum

ID2 = "affine_map<(d0, d1) -> (d0, d1)>"


def unary_binary(r, rng):
    x = rng.standard_normal((6, 37)).astype(np.float32)
    y = (rng.standard_normal((6, 37)) + 3).astype(np.float32)
    t = tt(x)
    for op, ref in [("add", np.add), ("sub", np.subtract), ("mul", np.multiply),
                    ("div", np.divide), ("max", np.maximum), ("min", np.minimum)]:
        mlir = f"""
func.func @main(%x: {t}, %y: {t}, %o: {t}) -> {t} {{
  %r = linalg.{op} ins(%x, %y : {t}, {t}) outs(%o : {t}) -> {t}
  return %r : {t}
}}
"""
        [got] = r.run(f"named_{op}", mlir, [x, y, np.zeros_like(x)])
        r.check(f"linalg.{op}", got, ref(x, y).astype(np.float32))
    for op, ref, tol in [("exp", np.exp, 1e-6), ("abs", np.abs, None),
                         ("sqrt", np.sqrt, None), ("tanh", np.tanh, 1e-6),
                         ("negf", np.negative, None)]:
        arg = y if op == "sqrt" else x
        mlir = f"""
func.func @main(%x: {t}, %o: {t}) -> {t} {{
  %r = linalg.{op} ins(%x : {t}) outs(%o : {t}) -> {t}
  return %r : {t}
}}
"""
        [got] = r.run(f"named_{op}", mlir, [arg, np.zeros_like(x)])
        r.check(f"linalg.{op}", got, ref(arg).astype(np.float32), tol)
    mlir = f"""
func.func @main(%x: {t}, %y: {t}, %o: {t}) -> {t} {{
  %r = linalg.elementwise kind=#linalg.elementwise_kind<mul>
      ins(%x, %y : {t}, {t}) outs(%o : {t}) -> {t}
  return %r : {t}
}}
"""
    [got] = r.run("elementwise_mul", mlir, [x, y, np.zeros_like(x)])
    r.check("linalg.elementwise mul", got, x * y)
    a = rng.integers(-128, 128, (5, 9)).astype(np.int8)
    b = rng.integers(-128, 128, (5, 9)).astype(np.int8)
    ti = tt(a)
    mlir = f"""
func.func @main(%x: {ti}, %y: {ti}, %o: {ti}) -> {ti} {{
  %r = linalg.add ins(%x, %y : {ti}, {ti}) outs(%o : {ti}) -> {ti}
  return %r : {ti}
}}
"""
    [got] = r.run("named_add_i8", mlir, [a, b, np.zeros_like(a)])
    r.check("linalg.add i8 wraps", got, (a.astype(np.int32) + b).astype(np.int8))


def data_movement(r, rng):
    x = rng.standard_normal((4, 5, 6)).astype(np.float32)
    t, tp = tt(x), ttype((6, 4, 5), "f32")
    mlir = f"""
func.func @main(%x: {t}) -> ({tp}, {t}, tensor<4x7x6xf32>) {{
  %c = arith.constant 2.5 : f32
  %e = arith.constant dense<0.0> : {tp}
  %f = linalg.fill ins(%c : f32) outs(%e : {tp}) -> {tp}
  %tr = linalg.transpose ins(%x : {t}) outs(%f : {tp}) permutation = [2, 0, 1]
  %e2 = arith.constant dense<1.0> : {t}
  %cp = linalg.copy ins(%x : {t}) outs(%e2 : {t}) -> {t}
  %row = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0], [7.0, 8.0, 9.0, 10.0, 11.0, 12.0],
                               [13.0, 14.0, 15.0, 16.0, 17.0, 18.0], [19.0, 20.0, 21.0, 22.0, 23.0, 24.0]]> : tensor<4x6xf32>
  %e3 = arith.constant dense<0.0> : tensor<4x7x6xf32>
  %bc = linalg.broadcast ins(%row : tensor<4x6xf32>) outs(%e3 : tensor<4x7x6xf32>) dimensions = [1]
  return %tr, %cp, %bc : {tp}, {t}, tensor<4x7x6xf32>
}}
"""
    tr, cp, bc = r.run("movement", mlir, [x], nresults=3)
    r.check("linalg.transpose (fill underneath)", tr, np.transpose(x, (2, 0, 1)))
    r.check("linalg.copy", cp, x)
    row = np.arange(1, 25, dtype=np.float32).reshape(4, 6)
    r.check("linalg.broadcast", bc, np.broadcast_to(row[:, None, :], (4, 7, 6)))
    # Transposes large enough for the blocked copy: block edges, remainders
    # and every element size (1, 2, 4 and 8 bytes).
    for dtype, elem, shape, perm in [
            (np.float32, "f32", (70, 45), (1, 0)),
            (np.int8, "i8", (33, 130), (1, 0)),
            (np.int16, "i16", (3, 40, 65), (2, 1, 0)),
            (np.float64, "f64", (37, 3, 34), (1, 2, 0)),
            (np.int32, "i32", (2, 33, 35), (0, 2, 1))]:
        x = rng.integers(-100, 100, shape).astype(dtype)
        out = tuple(shape[p] for p in perm)
        t, tp = ttype(shape, elem), ttype(out, elem)
        mlir = f"""
func.func @main(%x: {t}) -> {tp} {{
  %e = tensor.empty() : {tp}
  %tr = linalg.transpose ins(%x : {t}) outs(%e : {tp}) permutation = {list(perm)}
  return %tr : {tp}
}}
"""
        [got] = r.run(f"transpose_{elem}", mlir, [x])
        r.check(f"linalg.transpose {elem} {shape} by {perm} (blocked)", got,
                np.ascontiguousarray(np.transpose(x, perm)))
    # Shared `outs` the payload never reads: each op gets a buffer of its
    # own without the shared contents; with a zero-trip reduction loop no
    # point runs and the result is the init as it was.
    x = rng.standard_normal((5, 3)).astype(np.float32)
    mlir = """
#in = affine_map<(d0, d1, d2) -> (d0, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @main(%x: tensor<5x3xf32>, %e: tensor<5x0xf32>) -> (tensor<3x5xf32>, tensor<3x5xf32>, tensor<5x3xf32>, tensor<5x3xf32>) {
  %o = arith.constant dense<7.0> : tensor<3x5xf32>
  %t1 = linalg.transpose ins(%x : tensor<5x3xf32>) outs(%o : tensor<3x5xf32>) permutation = [1, 0]
  %t2 = linalg.transpose ins(%x : tensor<5x3xf32>) outs(%o : tensor<3x5xf32>) permutation = [1, 0]
  %i = arith.constant dense<2.0> : tensor<5x3xf32>
  %z = linalg.generic {indexing_maps = [#in, affine_map<(d0, d1, d2) -> (d0, d2)>, #out],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %e : tensor<5x3xf32>, tensor<5x0xf32>) outs(%i : tensor<5x3xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    linalg.yield %a : f32
  } -> tensor<5x3xf32>
  return %t1, %t2, %z, %i : tensor<3x5xf32>, tensor<3x5xf32>, tensor<5x3xf32>, tensor<5x3xf32>
}
"""
    t1, t2, z, i = r.run("shared_outs", mlir, [x, np.zeros((5, 0), np.float32)],
                         nresults=4)
    r.check("two transposes into one shared outs", np.stack([t1, t2]),
            np.stack([x.T, x.T]))
    r.check("zero-trip reduction keeps its shared init", np.stack([z, i]),
            np.full((2, 5, 3), 2.0, np.float32))
    mlir = f"""
func.func @main() -> tensor<3x2xf32> {{
  %c = arith.constant -0.0 : f32
  %e = arith.constant dense<7.0> : tensor<3x2xf32>
  %f = linalg.fill ins(%c : f32) outs(%e : tensor<3x2xf32>) -> tensor<3x2xf32>
  return %f : tensor<3x2xf32>
}}
"""
    [got] = r.run("fill", mlir, [])
    r.check("linalg.fill -0.0", got, np.full((3, 2), -0.0, np.float32))


def map_reduce(r, rng):
    x = rng.standard_normal((7, 300)).astype(np.float32)
    y = rng.standard_normal((7, 300)).astype(np.float32)
    init = rng.standard_normal(7).astype(np.float32)
    init0 = rng.standard_normal(300).astype(np.float32)
    t = tt(x)
    mlir = f"""
func.func @main(%x: {t}, %y: {t}, %i: tensor<7xf32>, %j: tensor<300xf32>)
    -> ({t}, tensor<7xf32>, tensor<300xf32>) {{
  %o = arith.constant dense<0.0> : {t}
  %m = linalg.map {{ arith.mulf }} ins(%x, %y : {t}, {t}) outs(%o : {t})
  %r1 = linalg.reduce {{ arith.addf }} ins(%x : {t}) outs(%i : tensor<7xf32>) dimensions = [1]
  %r0 = linalg.reduce {{ arith.addf }} ins(%x : {t}) outs(%j : tensor<300xf32>) dimensions = [0]
  return %m, %r1, %r0 : {t}, tensor<7xf32>, tensor<300xf32>
}}
"""
    m, r1, r0 = r.run("map_reduce", mlir, [x, y, init, init0], nresults=3)
    r.check("linalg.map mulf", m, x * y)
    r.check("linalg.reduce over the inner dim (sequential)", r1, seq_sum(x, 1, init))
    r.check("linalg.reduce over the outer dim (sequential)", r0, seq_sum(x, 0, init0))


def generics(r, rng):
    x = rng.standard_normal((6, 33)).astype(np.float32)
    t = tt(x)
    # Reduction to a scalar: no parallel loop, one point at a time.
    mlir = f"""
func.func @main(%x: {t}) -> tensor<f32> {{
  %z = arith.constant dense<0.5> : tensor<f32>
  %s = linalg.generic {{indexing_maps = [{ID2}, affine_map<(d0, d1) -> ()>],
                        iterator_types = ["reduction", "reduction"]}}
      ins(%x : {t}) outs(%z : tensor<f32>) {{
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %acc, %a : f32
    linalg.yield %r : f32
  }} -> tensor<f32>
  return %s : tensor<f32>
}}
"""
    [got] = r.run("sum_all", mlir, [x])
    r.check("generic reduction to a scalar (sequential)", got,
            seq_sum(x.reshape(-1), 0, np.float32(0.5)))
    # Keep-dim output map with a constant, two outputs (max and sum).
    mlir = f"""
func.func @main(%x: {t}) -> (tensor<6x1xf32>, tensor<6x1xf32>) {{
  %ninf = arith.constant dense<0xFF800000> : tensor<6x1xf32>
  %zero = arith.constant dense<0.0> : tensor<6x1xf32>
  %r:2 = linalg.generic {{indexing_maps = [{ID2}, affine_map<(d0, d1) -> (d0, 0)>,
                                          affine_map<(d0, d1) -> (d0, 0)>],
                         iterator_types = ["parallel", "reduction"]}}
      ins(%x : {t}) outs(%ninf, %zero : tensor<6x1xf32>, tensor<6x1xf32>) {{
  ^bb0(%a: f32, %m: f32, %s: f32):
    %mx = arith.maximumf %m, %a : f32
    %sm = arith.addf %s, %a : f32
    linalg.yield %mx, %sm : f32, f32
  }} -> (tensor<6x1xf32>, tensor<6x1xf32>)
  return %r#0, %r#1 : tensor<6x1xf32>, tensor<6x1xf32>
}}
"""
    mx, sm = r.run("max_sum", mlir, [x], nresults=2)
    r.check("generic keep-dim max", mx, x.max(axis=1, keepdims=True))
    r.check("generic keep-dim sum (sequential)", sm,
            seq_sum(x, 1, np.zeros(6, np.float32))[:, None])
    # linalg.index in the payload: out = x * i + j.
    mlir = f"""
func.func @main(%x: {t}) -> {t} {{
  %o = arith.constant dense<0.0> : {t}
  %r = linalg.generic {{indexing_maps = [{ID2}, {ID2}],
                        iterator_types = ["parallel", "parallel"]}}
      ins(%x : {t}) outs(%o : {t}) {{
  ^bb0(%a: f32, %b: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i32
    %jj = arith.index_cast %j : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %fj = arith.sitofp %jj : i32 to f32
    %p = arith.mulf %a, %fi : f32
    %q = arith.addf %p, %fj : f32
    linalg.yield %q : f32
  }} -> {t}
  return %r : {t}
}}
"""
    [got] = r.run("index", mlir, [x])
    ii, jj = np.meshgrid(np.arange(6), np.arange(33), indexing="ij")
    r.check("generic with linalg.index", got,
            (x * ii.astype(np.float32)) + jj.astype(np.float32))
    # Dynamic shapes and a broadcast column vector.
    col = rng.standard_normal((6, 1)).astype(np.float32)
    dyn = ttype((None, None), "f32")
    mlir = f"""
func.func @main(%x: {dyn}, %c: {ttype((None, 1), "f32")}, %o: {dyn}) -> {dyn} {{
  %r = linalg.generic {{indexing_maps = [{ID2}, affine_map<(d0, d1) -> (d0, 0)>, {ID2}],
                        iterator_types = ["parallel", "parallel"]}}
      ins(%x, %c : {dyn}, {ttype((None, 1), "f32")}) outs(%o : {dyn}) {{
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.subf %a, %b : f32
    linalg.yield %s : f32
  }} -> {dyn}
  return %r : {dyn}
}}
"""
    [got] = r.run("dynamic_bcast", mlir, [x, col, np.zeros_like(x)])
    r.check("generic on tensor<?x?xf32> with a (d0, 0) broadcast", got, x - col)


def lanes_and_points(r, rng):
    # 5 x 40 x 30 = 6000 points: the three loops fuse into one lane run,
    # longer than one batch of 4096 lanes; linalg.index of each loop.
    t = ttype((5, 40, 30), "i32")
    mlir = f"""
func.func @main() -> {t} {{
  %o = arith.constant dense<7> : {t}
  %r = linalg.generic {{indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                        iterator_types = ["parallel", "parallel", "parallel"]}}
      outs(%o : {t}) {{
  ^bb0(%out: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %c10000 = arith.constant 10000 : index
    %c100 = arith.constant 100 : index
    %a = arith.muli %i, %c10000 : index
    %b = arith.muli %j, %c100 : index
    %s = arith.addi %a, %b : index
    %u = arith.addi %s, %k : index
    %v = arith.index_cast %u : index to i32
    %w = arith.addi %v, %out : i32
    linalg.yield %w : i32
  }} -> {t}
  return %r : {t}
}}
"""
    [got] = r.run("index3d", mlir, [])
    i, j, k = np.meshgrid(np.arange(5), np.arange(40), np.arange(30), indexing="ij")
    r.check("generic with linalg.index over 6000 fused lanes", got,
            i * 10000 + j * 100 + k + 7)
    # A payload with a region (scf.if) is not lane-wise: one point at a time.
    x = rng.standard_normal((9, 14)).astype(np.float32)
    t = tt(x)
    mlir = f"""
func.func @main(%x: {t}) -> {t} {{
  %o = arith.constant dense<0.0> : {t}
  %r = linalg.generic {{indexing_maps = [{ID2}, {ID2}],
                        iterator_types = ["parallel", "parallel"]}}
      ins(%x : {t}) outs(%o : {t}) {{
  ^bb0(%a: f32, %b: f32):
    %zero = arith.constant 0.0 : f32
    %pos = arith.cmpf ogt, %a, %zero : f32
    %y = scf.if %pos -> (f32) {{
      scf.yield %a : f32
    }} else {{
      %h = arith.constant 0.5 : f32
      %m = arith.mulf %a, %h : f32
      scf.yield %m : f32
    }}
    linalg.yield %y : f32
  }} -> {t}
  return %r : {t}
}}
"""
    [got] = r.run("scf_if", mlir, [x])
    r.check("generic with scf.if in the payload (point by point)", got,
            np.where(x > 0, x, x * np.float32(0.5)))
    # An embedding lookup as torch-mlir emits it: tensor.extract of a row
    # selected by an index input.
    table = rng.standard_normal((10, 6)).astype(np.float32)
    ids = rng.integers(0, 10, (2, 5)).astype(np.int32)
    mlir = f"""
func.func @main(%table: {tt(table)}, %ids: {tt(ids)}) -> tensor<2x5x6xf32> {{
  %e = tensor.empty() : tensor<2x5x6xf32>
  %r = linalg.generic {{indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>,
                                         affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                        iterator_types = ["parallel", "parallel", "parallel"]}}
      ins(%ids : {tt(ids)}) outs(%e : tensor<2x5x6xf32>) {{
  ^bb0(%id: i32, %out: f32):
    %row = arith.index_cast %id : i32 to index
    %col = linalg.index 2 : index
    %v = tensor.extract %table[%row, %col] : {tt(table)}
    linalg.yield %v : f32
  }} -> tensor<2x5x6xf32>
  return %r : tensor<2x5x6xf32>
}}
"""
    [got] = r.run("embedding", mlir, [table, ids])
    r.check("embedding lookup (tensor.extract in the payload)", got, table[ids])


def conv_pool(r, rng):
    x = rng.standard_normal((2, 7, 8, 3)).astype(np.float32)
    w = rng.standard_normal((3, 2, 3, 4)).astype(np.float32)
    init = rng.standard_normal((2, 3, 7, 4)).astype(np.float32)
    mlir = f"""
func.func @main(%x: {tt(x)}, %w: {tt(w)}, %o: {tt(init)}) -> {tt(init)} {{
  %r = linalg.conv_2d_nhwc_hwcf {{dilations = dense<1> : tensor<2xi64>,
                                 strides = dense<[2, 1]> : tensor<2xi64>}}
      ins(%x, %w : {tt(x)}, {tt(w)}) outs(%o : {tt(init)}) -> {tt(init)}
  return %r : {tt(init)}
}}
"""
    [got] = r.run("conv", mlir, [x, w, init])
    # Loops (n, oh, ow, f, kh, kw, c): each output sums over (kh, kw, c)
    # in that order.
    acc = init.copy()
    for kh in range(3):
        for kw in range(2):
            for c in range(3):
                patch = x[:, kh:kh + 5:2, kw:kw + 7, c]  # (n, oh, ow)
                acc = (acc + (patch[..., None] * w[kh, kw, c]).astype(np.float32)
                       ).astype(np.float32)
    r.check("conv_2d_nhwc_hwcf stride 2x1 (upstream order)", got, acc)
    pinit = np.full((2, 3, 3, 3), -np.inf, np.float32)
    mlir = f"""
func.func @main(%x: {tt(x)}, %o: {tt(pinit)}) -> {tt(pinit)} {{
  %win = arith.constant dense<0.0> : tensor<3x3xf32>
  %r = linalg.pooling_nhwc_max {{dilations = dense<1> : tensor<2xi64>,
                                strides = dense<2> : tensor<2xi64>}}
      ins(%x, %win : {tt(x)}, tensor<3x3xf32>) outs(%o : {tt(pinit)}) -> {tt(pinit)}
  return %r : {tt(pinit)}
}}
"""
    [got] = r.run("pool", mlir, [x, pinit])
    want = np.full_like(pinit, -np.inf)
    for kh in range(3):
        for kw in range(3):
            want = np.maximum(want, x[:, kh:kh + 5:2, kw:kw + 5:2, :])
    r.check("pooling_nhwc_max 3x3 stride 2", got, want)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--work-dir", required=True)
    opts = ap.parse_args()
    r = Runner(opts.bin_dir, opts.work_dir)
    rng = np.random.default_rng(5)
    unary_binary(r, rng)
    data_movement(r, rng)
    map_reduce(r, rng)
    generics(r, rng)
    lanes_and_points(r, rng)
    conv_pool(r, rng)
    r.finish()


if __name__ == "__main__":
    main()
