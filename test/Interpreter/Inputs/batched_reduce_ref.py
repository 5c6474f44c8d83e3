"""Inputs and numpy expectations of test/Interpreter/batched-reduce.mlir:
systile.reduce on every dimension of a batch, systile.broadcast along
batch and matrix dimensions, and systile.elementwise inputs broadcast along
unit or absent batch dimensions. Every expectation is computed here with
numpy in RFC 6's order (a sequential f32 fold in increasing index, the
element first: `acc = x + acc`), never by the code under test.

usage: batched_reduce_ref.py DIR   (writes DIR/<name>.npy)
"""
import os
import sys

import numpy as np

F32 = np.float32


def fold(x, axis, step, first):
    """acc = step(x_k, acc) over `axis` in increasing k, keeping the dim;
    `first` says whether acc starts at x_0 (max) or +0 (sum)."""
    x = np.moveaxis(x, axis, 0)
    acc = x[0].copy() if first else step(x[0], np.zeros_like(x[0]))
    for k in range(1, x.shape[0]):
        acc = step(x[k], acc)
    return np.expand_dims(acc, axis)


def main(out):
    rng = np.random.default_rng(11)
    x = (rng.standard_normal((2, 3, 5, 7)) * 8).astype(F32)
    bias = rng.standard_normal((1, 7)).astype(F32)
    shared = rng.standard_normal((3, 5, 7)).astype(F32)
    stat = rng.standard_normal((2, 3, 5, 1)).astype(F32)
    add, mx = np.add, np.maximum
    res = dict(
        x=x, bias=bias, shared=shared, stat=stat,
        sum3=fold(x, 3, add, False), max2=fold(x, 2, mx, True),
        sum1=fold(x, 1, add, False), max0=fold(x, 0, mx, True),
        # broadcast(reduce <max> dim 1) back along dim 1, and the row sums
        # repeated along the columns.
        bcast1=np.broadcast_to(fold(x, 1, mx, True), x.shape).copy(),
        bcast3=np.broadcast_to(fold(x, 3, add, False), x.shape).copy(),
        # ((x - stat) * shared) + bias, one rounding per op.
        ew=((x - stat) * shared + bias).astype(F32))
    for name, value in res.items():
        assert value.dtype == F32, name
        np.save(os.path.join(out, name + ".npy"), value)


if __name__ == "__main__":
    main(sys.argv[1])
