"""Inputs and numpy expectations of test/Interpreter/batched.mlir: batched
tiled values (2 x 3 matrices of 5x7 on 2x4 tiles) through pack,
elementwise, conversions and unpack. Every expectation is computed here
with numpy (f32 arithmetic, one rounding per op, as RFC 6 specifies), never
by the code under test.

usage: batched_ref.py DIR   (writes DIR/<name>.npy)
"""
import os
import sys

import numpy as np

from rfc6ref import f32_to_bf16

F32 = np.float32
SCALE, ZERO_POINT = F32(0.3), 3


def inputs():
    rng = np.random.default_rng(7)
    x = rng.standard_normal((2, 3, 5, 7)).astype(F32) * F32(16)
    y = rng.standard_normal((2, 3, 5, 7)).astype(F32)
    row = rng.standard_normal((2, 3, 1, 7)).astype(F32)
    # The [.., 7, 5] transpose of a 2x3x5x7 value, for `pack ... transpose`.
    w = rng.standard_normal((2, 3, 7, 5)).astype(F32)
    k = rng.integers(-50, 50, (2, 3, 5, 7)).astype(np.int32)
    return dict(x=x, y=y, row=row, w=w, k=k)


def expectations(v):
    x, y, row, w, k = v["x"], v["y"], v["row"], v["w"], v["k"]
    # max(x * y + row, 0): the element-wise program, the row broadcast
    # along the rows of each matrix.
    relu = np.maximum(x * y + row, F32(0))
    # x * float(k): mixed element types, the region runner.
    mixed = x * k.astype(F32)
    # Only the two minor dimensions are swapped.
    transposed = np.ascontiguousarray(np.swapaxes(w, -1, -2))
    # quantize: clamp(roundeven(x / scale) + zp, -128, 127); dequantize:
    # fl32(float(q - zp) * scale).
    q = np.clip(np.rint(x / SCALE) + ZERO_POINT, -128, 127).astype(np.int8)
    dq = ((q.astype(np.int32) - ZERO_POINT).astype(F32) * SCALE).astype(F32)
    bf16 = f32_to_bf16(x)
    return dict(relu=relu, mixed=mixed, transposed=transposed, q=q, dq=dq,
                bf16=bf16)


def main():
    d = sys.argv[1]
    v = inputs()
    for name, a in list(v.items()) + list(expectations(v).items()):
        np.save(os.path.join(d, name + ".npy"), a)


if __name__ == "__main__":
    main()
