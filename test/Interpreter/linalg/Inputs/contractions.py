#!/usr/bin/env python3
"""The matmul family under systile-run, bit-exact against numpy models of
upstream's order (each output element: acc = init, then acc = fl32(acc +
fl32(a * b)) over the reduction loops in lexicographic order); integer
forms exact with i32 wrap-around.

usage: contractions.py --bin-dir DIR --work-dir DIR
"""
import argparse

import numpy as np

from caselib import Runner, tt, ttype
from rfc6ref import bf16_to_f32, f32_to_bf16, linalg_matmul, wrap_i32

MATMUL_MAPS = {
    "transpose_b": ["affine_map<(m, n, k) -> (m, k)>",
                    "affine_map<(m, n, k) -> (n, k)>",
                    "affine_map<(m, n, k) -> (m, n)>"],
    "transpose_a": ["affine_map<(m, n, k) -> (k, m)>",
                    "affine_map<(m, n, k) -> (k, n)>",
                    "affine_map<(m, n, k) -> (m, n)>"],
}


def named(op, a, b, c, attrs="", types=None):
    ta, tb, tc = types or (tt(a), tt(b), tt(c))
    return f"""
func.func @main(%a: {ta}, %b: {tb}, %c: {tc}) -> {tc} {{
  %r = linalg.{op} {attrs} ins(%a, %b : {ta}, {tb}) outs(%c : {tc}) -> {tc}
  return %r : {tc}
}}
"""


def f32(rng, *shape):
    return rng.standard_normal(shape).astype(np.float32)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--work-dir", required=True)
    opts = ap.parse_args()
    r = Runner(opts.bin_dir, opts.work_dir)
    rng = np.random.default_rng(11)

    # Plain matmul, sizes that exercise every kernel tail (rows, columns, k
    # blocks of 256).
    for m, k, n in [(1, 1, 1), (17, 70, 33), (9, 300, 40), (64, 513, 130)]:
        a, b, c = f32(rng, m, k), f32(rng, k, n), f32(rng, m, n)
        [got] = r.run(f"matmul_{m}x{k}x{n}", named("matmul", a, b, c), [a, b, c])
        r.check(f"matmul {m}x{k}x{n}", got, linalg_matmul(a, b, c))

    # nn.Linear layout: B stored [n][k], and A stored [k][m].
    a, bt, c = f32(rng, 9, 40), f32(rng, 13, 40), f32(rng, 9, 13)
    maps = "indexing_maps = [" + ", ".join(MATMUL_MAPS["transpose_b"]) + "]"
    [got] = r.run("matmul_tb", named("matmul", a, bt, c, maps), [a, bt, c])
    r.check("matmul transpose_b maps", got, linalg_matmul(a, bt.T, c))
    at, b = f32(rng, 40, 9), f32(rng, 40, 13)
    maps = "indexing_maps = [" + ", ".join(MATMUL_MAPS["transpose_a"]) + "]"
    [got] = r.run("matmul_ta", named("matmul", at, b, c, maps), [at, b, c])
    r.check("matmul transpose_a maps", got, linalg_matmul(at.T, b, c))

    # Batched forms. batch_reduce_matmul reduces over (batch, k) in that
    # lexicographic order: the same as one matmul over the concatenated k.
    a, b, c = f32(rng, 3, 5, 20), f32(rng, 3, 20, 7), f32(rng, 3, 5, 7)
    [got] = r.run("batch_matmul", named("batch_matmul", a, b, c), [a, b, c])
    r.check("batch_matmul", got, linalg_matmul(a, b, c))
    c2 = f32(rng, 5, 7)
    [got] = r.run("batch_reduce", named("batch_reduce_matmul", a, b, c2), [a, b, c2])
    cat_a = np.concatenate(list(a), axis=1)
    cat_b = np.concatenate(list(b), axis=0)
    r.check("batch_reduce_matmul", got, linalg_matmul(cat_a, cat_b, c2))

    # Matrix-vector forms.
    a, x, y = f32(rng, 13, 50), f32(rng, 50), f32(rng, 13)
    [got] = r.run("matvec", named("matvec", a, x, y), [a, x, y])
    r.check("matvec", got, linalg_matmul(a, x[:, None], y[:, None])[:, 0])
    x2, b2, y2 = f32(rng, 50), f32(rng, 50, 13), f32(rng, 13)
    [got] = r.run("vecmat", named("vecmat", x2, b2, y2), [x2, b2, y2])
    r.check("vecmat", got, linalg_matmul(x2[None, :], b2, y2[None, :])[0])
    u, v, s = f32(rng, 77), f32(rng, 77), f32(rng)
    [got] = r.run("dot", named("dot", u, v, s), [u, v, s])
    r.check("dot", got, linalg_matmul(u[None, :], v[:, None], s.reshape(1, 1))[0, 0])

    # bf16 inputs widened exactly, f32 accumulation.
    a, b, c = f32(rng, 11, 37), f32(rng, 37, 19), f32(rng, 11, 19)
    ab, bb = f32_to_bf16(a), f32_to_bf16(b)
    [got] = r.run("matmul_bf16", named("matmul", ab, bb, c), [ab, bb, c])
    r.check("matmul bf16 x bf16 -> f32", got,
            linalg_matmul(bf16_to_f32(ab), bf16_to_f32(bb), c))

    # Integers: i8 x i8 -> i32 (sign-extended), and i32 with wrap-around.
    a = rng.integers(-128, 128, (13, 300)).astype(np.int8)
    b = rng.integers(-128, 128, (300, 21)).astype(np.int8)
    c = rng.integers(-2**31, 2**31, (13, 21)).astype(np.int32)
    [got] = r.run("matmul_i8", named("matmul", a, b, c), [a, b, c])
    r.check("matmul i8 x i8 -> i32", got,
            wrap_i32(a.astype(np.int64) @ b.astype(np.int64) + c))
    a32 = rng.integers(-2**31, 2**31, (6, 9)).astype(np.int32)
    b32 = rng.integers(-2**31, 2**31, (9, 5)).astype(np.int32)
    c32 = rng.integers(-2**31, 2**31, (6, 5)).astype(np.int32)
    [got] = r.run("matmul_i32", named("matmul", a32, b32, c32), [a32, b32, c32])
    want = c32.astype(np.int64)
    for k in range(9):  # each step wraps; python ints avoid int64 overflow
        want = wrap_i32(want + wrap_i32(a32[:, k:k + 1].astype(object) *
                                    b32[k:k + 1, :].astype(object)).astype(np.int64))
    r.check("matmul i32 wrap-around", got, want)

    # quantized_matmul: sum of (a - za) * (b - zb) in i32.
    qa = rng.integers(-128, 128, (7, 45)).astype(np.int8)
    qb = rng.integers(-128, 128, (45, 10)).astype(np.int8)
    qc = rng.integers(-1000, 1000, (7, 10)).astype(np.int32)
    ta, tb, tc = tt(qa), tt(qb), tt(qc)
    qmm = f"""
func.func @main(%a: {ta}, %b: {tb}, %c: {tc}) -> {tc} {{
  %za = arith.constant -3 : i32
  %zb = arith.constant 5 : i32
  %r = linalg.quantized_matmul ins(%a, %b, %za, %zb : {ta}, {tb}, i32, i32)
                               outs(%c : {tc}) -> {tc}
  return %r : {tc}
}}
"""
    [got] = r.run("quantized_matmul", qmm, [qa, qb, qc])
    r.check("quantized_matmul", got,
            wrap_i32((qa.astype(np.int64) + 3) @ (qb.astype(np.int64) - 5) + qc))

    # Dynamic shapes: the loop ranges come from the run-time operands.
    a, b, c = f32(rng, 6, 31), f32(rng, 31, 18), f32(rng, 6, 18)
    dyn = ttype((None, None), "f32")
    [got] = r.run("matmul_dynamic", named("matmul", a, b, c, types=(dyn, dyn, dyn)),
                  [a, b, c])
    r.check("matmul tensor<?x?xf32>", got, linalg_matmul(a, b, c))

    # A matmul-shaped generic whose reduction loop comes first: each element
    # still sums over k in increasing order.
    a, b, c = f32(rng, 8, 24), f32(rng, 24, 17), f32(rng, 8, 17)
    gen = f"""
func.func @main(%a: {tt(a)}, %b: {tt(b)}, %c: {tt(c)}) -> {tt(c)} {{
  %r = linalg.generic {{indexing_maps = [affine_map<(k, i, j) -> (i, k)>,
                                         affine_map<(k, i, j) -> (k, j)>,
                                         affine_map<(k, i, j) -> (i, j)>],
                        iterator_types = ["reduction", "parallel", "parallel"]}}
      ins(%a, %b : {tt(a)}, {tt(b)}) outs(%c : {tt(c)}) {{
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %p, %acc : f32
    linalg.yield %s : f32
  }} -> {tt(c)}
  return %r : {tt(c)}
}}
"""
    [got] = r.run("generic_kij", gen, [a, b, c])
    r.check("matmul-shaped generic, k outermost", got, linalg_matmul(a, b, c))

    # The same generic with fast-math flags is not the kernel's numerics; it
    # runs through the payload (lanes), still in upstream's order.
    fm = gen.replace("arith.mulf %x, %y", "arith.mulf %x, %y fastmath<nnan>")
    [got] = r.run("generic_fastmath", fm, [a, b, c])
    r.check("matmul-shaped generic with fastmath (payload path)", got,
            linalg_matmul(a, b, c))
    r.finish()


if __name__ == "__main__":
    main()
