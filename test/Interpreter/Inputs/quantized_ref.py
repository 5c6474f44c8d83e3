"""Inputs and the numpy expectation of test/Interpreter/quantized-tiled.mlir:
linalg.quantized_matmul's definition, sum_k (a - za)(b - zb) + c, computed
in int64 and wrapped to int32 (i32 arithmetic is mod 2^32), never by the
code under test.

usage: quantized_ref.py DIR ZA ZB   (writes DIR/a.npy, b.npy, c.npy, d.npy)
"""
import os
import sys

import numpy as np


def main():
    out, za, zb = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rng = np.random.default_rng(5)
    a = rng.integers(-128, 128, size=(37, 300), dtype=np.int8)
    b = rng.integers(-128, 128, size=(300, 41), dtype=np.int8)
    c = rng.integers(-2**31, 2**31, size=(37, 41), dtype=np.int64).astype(np.int32)
    d = (a.astype(np.int64) - za) @ (b.astype(np.int64) - zb) + c
    d = ((d + 2**31) % 2**32 - 2**31).astype(np.int32)
    os.makedirs(out, exist_ok=True)
    for name, v in (("a", a), ("b", b), ("c", c), ("d", d)):
        np.save(os.path.join(out, name + ".npy"), v)


if __name__ == "__main__":
    main()
