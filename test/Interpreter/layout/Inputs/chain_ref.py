#!/usr/bin/env python3
"""Writes the input of chain.mlir and float64 numpy references of its four
results: usage chain_ref.py DIR."""
import os
import sys

import numpy as np

W = np.array([[0.5, -1.0, 0.25, 2.0, -0.5, 1.5],
              [1.0, 0.5, -0.75, 0.0, 0.25, -1.0],
              [-0.25, 1.25, 0.5, -1.5, 1.0, 0.5],
              [0.75, -0.5, 1.0, 0.5, -1.25, 0.25]])
BIAS = np.array([0.1, -0.2, 0.3, -0.4, 0.5, -0.6], dtype=np.float32)


def main():
    d = sys.argv[1]
    rng = np.random.default_rng(7)
    x = rng.standard_normal((5, 4)).astype(np.float32)
    np.save(os.path.join(d, "x.npy"), x)
    h = x.astype(np.float64) @ W
    e = np.exp(h)
    refs = [e, 1 / (1 + np.exp(-h)), h + BIAS.astype(np.float64),
            e / e.sum(axis=1, keepdims=True)]
    for i, r in enumerate(refs):
        np.save(os.path.join(d, f"ref{i}.npy"), r)


if __name__ == "__main__":
    main()
