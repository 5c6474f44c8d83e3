"""Inputs and numpy expectations of test/Interpreter/slice.mlir: boxes of a
batched tiled value (2x4 tiles), each cut here by numpy indexing, never by
the code under test.

usage: slice_ref.py DIR   (writes DIR/<name>.npy)
"""
import os
import sys

import numpy as np

out = sys.argv[1]
x = np.random.default_rng(5).standard_normal((3, 5, 12)).astype(np.float32)
x[0, 0, 0] = -0.0  # a signed zero and a NaN travel bit for bit
x[2, 4, 11] = np.nan
refs = dict(
    x=x,
    cols=x[:, :, 4:8],       # a fused projection's middle third
    box=x[1:3, 1:4, 3:9],    # every dimension offset, columns across tiles
    batch=x[1:3],            # whole matrices, consecutive: free
    key=x[:, :, 8:12],
)
for name, value in refs.items():
    np.save(os.path.join(out, name + ".npy"), np.ascontiguousarray(value))
