"""Inputs and numpy expectations of test/Interpreter/propagate-nd.mlir: a
batched attention softmax (rank 4) and a LayerNorm (rank 3) after batched
matmuls with K <= mxu and a +0 accumulator (so the matmul orders agree).
Computed here with numpy in f32, one rounding per op, reductions as a
sequential fold in increasing index (`acc = x + acc`), never by the code
under test. exp is the C library's expf (rfc6ref.libm), as upstream's
lowering of math.exp calls it, so every expectation is bit-exact.

usage: propagate_nd_ref.py DIR   (writes DIR/<name>.npy)
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "lib"))
from rfc6ref import libm  # noqa: E402

F32 = np.float32


def matmul(a, b):
    """a[..., M, K] @ b[..., K, N], acc = acc + a*b in increasing k."""
    acc = np.zeros(a.shape[:-1] + b.shape[-1:], F32)
    for k in range(a.shape[-1]):
        acc = (acc + a[..., :, k:k + 1] * b[..., k:k + 1, :]).astype(F32)
    return acc


def fold_last(x, step, first):
    acc = x[..., 0:1].copy() if first else step(x[..., 0:1], np.zeros_like(x[..., 0:1]))
    for k in range(1, x.shape[-1]):
        acc = step(x[..., k:k + 1], acc).astype(F32)
    return acc


def softmax(s):
    m = np.maximum(fold_last(s, np.maximum, True), F32(-3.40282347e38))
    e = libm("expf", (s - m).astype(F32))
    return (e / fold_last(e, np.add, False)).astype(F32)


def causal(s):
    return np.where(np.tril(np.ones(s.shape[-2:], bool)), s,
                    F32(-np.inf)).astype(F32)


def masked_softmax(s):
    return softmax(causal(s))


def layernorm(y, w, b):
    d = F32(y.shape[-1])
    mean = (fold_last(y, np.add, False) / d).astype(F32)
    c = (y - mean).astype(F32)
    var = (fold_last((c * c).astype(F32), np.add, False) / d).astype(F32)
    r = (F32(1) / np.sqrt((var + F32(1e-5)).astype(F32))).astype(F32)
    return (((c * r).astype(F32) * w).astype(F32) + b).astype(F32)


def main(out):
    rng = np.random.default_rng(5)
    q = rng.standard_normal((2, 2, 4, 3)).astype(F32)
    k = rng.standard_normal((2, 2, 6, 3)).astype(F32)
    x = rng.standard_normal((2, 3, 4)).astype(F32)
    w = rng.standard_normal((2, 4, 6)).astype(F32)
    gamma = rng.standard_normal(6).astype(F32)
    beta = rng.standard_normal(6).astype(F32)
    res = dict(q=q, k=k, x=x, w=w, gamma=gamma, beta=beta,
               attn=softmax(matmul(q, np.swapaxes(k, -1, -2))),
               masked=masked_softmax(matmul(q, np.swapaxes(q, -1, -2))),
               scores_masked=causal(matmul(q, np.swapaxes(q, -1, -2))),
               ln=layernorm(matmul(x, w), gamma, beta))
    for name, value in res.items():
        np.save(os.path.join(out, name + ".npy"), value)


if __name__ == "__main__":
    main(sys.argv[1])
