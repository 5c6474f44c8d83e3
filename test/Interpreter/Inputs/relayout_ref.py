"""Inputs and numpy expectations of test/Interpreter/relayout.mlir: the
relayout ops on batched tiled values (2x4 tiles). Each expectation is the
dense permutation computed here with numpy reshapes and transposes, never
by the code under test.

usage: relayout_ref.py DIR   (writes DIR/<name>.npy)
"""
import os
import sys

import numpy as np

F32 = np.float32


def inputs():
    rng = np.random.default_rng(11)
    # [B=2, S=5, H*D=3*4] activations and their [B, H, S, D] heads.
    x = rng.standard_normal((2, 5, 12)).astype(F32)
    h = rng.standard_normal((2, 3, 5, 4)).astype(F32)
    # Matrices of 4 rows (whole 2-row tiles) and of 5 rows.
    r4 = rng.standard_normal((2, 3, 4, 4)).astype(F32)
    r5 = rng.standard_normal((2, 3, 5, 4)).astype(F32)
    k = rng.integers(-100, 100, (2, 3, 5, 7)).astype(np.int32)
    # An image of N*H*W = 2*3*3 rows of 5 channels, flattened per image.
    img = rng.standard_normal((18, 5)).astype(F32)
    return dict(x=x, h=h, r4=r4, r5=r5, k=k, img=img)


def expectations(v):
    x, h, r4, r5, k = v["x"], v["h"], v["r4"], v["r5"], v["k"]
    img = v["img"]
    c = np.ascontiguousarray
    return dict(
        split_heads=c(x.reshape(2, 5, 3, 4).transpose(0, 2, 1, 3)),
        merge_heads=c(h.transpose(0, 2, 1, 3).reshape(2, 5, 12)),
        # Heads out and back in: the identity.
        round_trip=x,
        transposed=c(np.swapaxes(k, -1, -2)),
        merged4=c(r4.reshape(2, 12, 4)),
        merged5=c(r5.reshape(2, 15, 4)),
        split4=c(r4.reshape(2, 12, 4).reshape(2, 3, 4, 4)),
        split6=c(r4.reshape(2, 12, 4).reshape(2, 2, 6, 4)),
        batch6=c(r5.reshape(6, 5, 4)),
        # systile.reshape: numpy's row-major reshapes.
        flat=c(img.reshape(2, 45)),
        col=c(img.reshape(2, 9, 5).reshape(2, 45, 1)),
        back=img,
        rebatch=c(r5.reshape(3, 2, 5, 4)),
    )


def main():
    d = sys.argv[1]
    v = inputs()
    for name, a in list(v.items()) + list(expectations(v).items()):
        np.save(os.path.join(d, name + ".npy"), a)


if __name__ == "__main__":
    main()
