"""Inputs and numpy expectations of test/Interpreter/f64.mlir: torch-mlir's
LayerNorm statistics, whose variance is computed in f64, on tiled values.
Every expectation is computed here with numpy in the same order (the sum
from +0 in increasing index), never by the code under test.

usage: f64_ref.py DIR   (writes DIR/<name>.npy)
"""
import os
import sys

import numpy as np

out = sys.argv[1]
x = np.random.default_rng(17).standard_normal((2, 3, 9)).astype(np.float32)
x[0, 0, 0] = -0.0
wide = x.astype(np.float64)
total = np.zeros((2, 3, 1))
for k in range(9):  # +0, then each element in increasing k
    total[:, :, 0] = total[:, :, 0] + wide[:, :, k]
mean = total / 9.0
dev = (wide - mean) ** 2
var = np.zeros((2, 3, 1))
for k in range(9):
    var[:, :, 0] = var[:, :, 0] + dev[:, :, k]
var = (var / 9.0).astype(np.float32)
peak = wide[:, :, 0:1].copy()
for k in range(1, 9):
    peak = np.maximum(peak, wide[:, :, k:k + 1])
for name, value in dict(x=x, var=var, wide=wide, peak=peak).items():
    np.save(os.path.join(out, name + ".npy"), value)
