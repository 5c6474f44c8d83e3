"""Inputs and numpy expectations of test/Interpreter/batched-matmul.mlir:
batched systile.matmul forms (a weight per matrix, one shared weight, a
transposed rhs, both, i8) on 2x4 tiles with mxu 4 and odd shapes (M = 5,
K = 7: k blocks of 4 and 3, N = 6: n blocks of 4 and 2). Every expectation
is RFC 6's blocked order computed by test/lib/rfc6ref.py per matrix, never
by the code under test.

usage: batched_matmul_ref.py DIR   (writes DIR/<name>.npy)
"""
import os
import sys

import numpy as np

from rfc6ref import f32_to_bf16, matmul, round_bf16

F32 = np.float32
MXU = 4


def floats(rng, shape):
    # Magnitudes 2^-4 .. 2^4: the blocked order shows in the low bits.
    x = rng.uniform(-1, 1, shape) * np.exp2(rng.integers(-4, 5, shape))
    return x.astype(F32)


def per_matrix(a, b, c, transposed=False, **kw):
    """matmul on every matrix of a's batch; b shared when it is rank 2."""
    out = np.empty(c.shape, c.dtype)
    for idx in np.ndindex(*a.shape[:-2]):
        w = b if b.ndim == 2 else b[idx]
        out[idx] = matmul(a[idx], w.T if transposed else w, c[idx], mxu=MXU,
                          **kw)
    return out


def main():
    d = sys.argv[1]
    rng = np.random.default_rng(11)
    v = dict(
        a=floats(rng, (2, 3, 5, 7)), b=floats(rng, (2, 3, 7, 6)),
        c=floats(rng, (2, 3, 5, 6)), w=floats(rng, (7, 6)),
        bt=floats(rng, (2, 3, 6, 7)), wt=floats(rng, (6, 7)),
        qa=rng.integers(-128, 128, (3, 5, 7)).astype(np.int8),
        qb=rng.integers(-128, 128, (3, 6, 7)).astype(np.int8),
        qc=rng.integers(-2**31, 2**31, (3, 5, 6), dtype=np.int64).astype(np.int32))
    # A bf16 weight (rounded here, stored as bf16 bits in the .npy).
    wb = round_bf16(v["w"])
    v["wb"] = f32_to_bf16(wb)
    # k block 1 of the shared weight all zero: a skipped load (once).
    v["wz"] = v["w"].copy()
    v["wz"][4:, :] = 0
    a, c = v["a"], v["c"]
    v["per_matrix"] = per_matrix(a, v["b"], c)
    v["shared_bf16"] = per_matrix(a, wb, c, precision="bf16")
    v["transposed"] = per_matrix(a, v["bt"], c, transposed=True)
    v["shared_transposed"] = per_matrix(a, v["wt"], c, transposed=True)
    v["shared_zero"] = per_matrix(a, v["wz"], c, skip_zero_blocks=True)
    v["int8"] = per_matrix(v["qa"], v["qb"], v["qc"], transposed=True)
    for name, arr in v.items():
        np.save(os.path.join(d, name + ".npy"), arr)


if __name__ == "__main__":
    main()
