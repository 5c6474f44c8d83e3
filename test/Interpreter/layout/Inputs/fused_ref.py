#!/usr/bin/env python3
"""Inputs and independent numpy references of fused-elementwise.mlir.

usage: fused_ref.py emit DIR         writes the inputs DIR/*.npy
       fused_ref.py check DIR NAME OUT.npy
                                     compares OUT.npy with reference NAME
                                     bit for bit and prints
                                     "NAME: K of N elements differ in bits"

Every reference is computed here with numpy's float32 / int32 arithmetic,
one IEEE operation at a time, as the region's scalar ops are (RFC 6), so
the comparison is exact. Random values (fixed seed) make every rounding
show; the values avoid +-0 ties, where maximumf and numpy could disagree
on the sign of a zero.
"""
import os
import sys

import numpy as np

ROWS, COLS = 5, 7


def inputs():
    rng = np.random.default_rng(2024)
    f = lambda *s: rng.standard_normal(s).astype(np.float32)
    x, row, col, s = f(ROWS, COLS), f(1, COLS), f(ROWS, 1), f(1, 1)
    xi = rng.integers(-1000, 1000, (ROWS, COLS)).astype(np.int32)
    # Column divisors: non-zero, of both signs.
    di = rng.integers(1, 9, (ROWS, 1)).astype(np.int32) * \
        np.array([[1], [-1], [1], [-1], [1]], np.int32)
    return dict(x=x, row=row, col=col, s=s, xi=xi, di=di)


def trunc_div(a, b):
    """arith.divsi: the quotient truncated toward zero."""
    q = np.abs(a) // np.abs(b)
    return np.where((a < 0) != (b < 0), -q, q).astype(np.int32)


def references(v):
    x, row, col, s = v["x"], v["row"], v["col"], v["s"]
    zero = np.float32(0)
    # (x + row) * col - s, then ReLU: the fused program path.
    t = (x + row) * col - s
    fused = np.maximum(t, zero)
    # sqrt(|x - col|) / row: unary ops and a division (program path).
    sqrtdiv = np.sqrt(np.abs(x - col)) / row
    # x copied where x > row, else the column: cmpf + select.
    select = np.where(x > row, x, np.broadcast_to(col, x.shape))
    # A region the runtime has no kernel for (region runner, lanes):
    # divsi of i32 by a column, remsi, then sitofp and an f32 add of x.
    xi, di = v["xi"], v["di"]
    q = trunc_div(xi, di)
    r = (xi - q * di).astype(np.int32)
    mixed = (q + r).astype(np.float32) + x
    # scf.if inside the region (one slot at a time): |x| via a branch.
    branch = np.where(x < zero, -x, x * row)
    return dict(fused=fused, sqrtdiv=sqrtdiv.astype(np.float32),
                select=select.astype(np.float32), mixed=mixed,
                branch=branch.astype(np.float32))


def main():
    mode, d = sys.argv[1], sys.argv[2]
    v = inputs()
    if mode == "emit":
        for name, a in v.items():
            np.save(os.path.join(d, name + ".npy"), a)
        return
    name, out = sys.argv[3], np.load(sys.argv[4])
    ref = references(v)[name]
    assert out.dtype == ref.dtype and out.shape == ref.shape, (out.dtype,
                                                               out.shape)
    differ = int(np.count_nonzero(out.view(np.uint32) != ref.view(np.uint32)))
    print(f"{name}: {differ} of {ref.size} elements differ in bits")


if __name__ == "__main__":
    main()
