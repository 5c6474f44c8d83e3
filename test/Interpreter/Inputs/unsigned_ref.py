"""Inputs and numpy expectations of test/Interpreter/unsigned.mlir: uint8
arithmetic as JAX computes it (wrap-around add, floor division by a
nonzero divisor, unsigned comparison, conversion to f32) and the other
unsigned widths at function boundaries. Every expectation is numpy's own
unsigned arithmetic, never the code under test.

usage: unsigned_ref.py DIR                 writes DIR/<name>.npy
       unsigned_ref.py DIR --check FILE... checks that each FILE (an
                                           --output of the run) has the
                                           dtype and values expected
"""
import os
import sys

import numpy as np


def arrays():
    x = np.array([250, 3, 7, 128, 255, 0], dtype=np.uint8)
    y = np.array([10, 5, 7, 1, 255, 9], dtype=np.uint8)
    a16 = np.array([0, 65535, 40000], dtype=np.uint16)
    a32 = np.array([0, 4294967295, 3000000000], dtype=np.uint32)
    a64 = np.array([0, 18446744073709551615, 10000000000000000000],
                   dtype=np.uint64)
    one = {t: t(1) for t in (np.uint8, np.uint16, np.uint32, np.uint64)}
    return {
        "x": x, "x_signed": x.view(np.int8), "y": y, "a16": a16, "a32": a32, "a64": a64,
        "sum": x + y,                        # wraps at 256
        "quot": x // y,                      # y has no zero
        "gt": x > y,
        "wide": x.astype(np.float32),
        "a16p1": a16 + one[np.uint16], "a32p1": a32 + one[np.uint32],
        "a64p1": a64 + one[np.uint64],
    }


def main():
    out = sys.argv[1]
    want = arrays()
    if len(sys.argv) > 2 and sys.argv[2] == "--check":
        for path in sys.argv[3:]:
            name = os.path.basename(path)[:-len(".out.npy")]
            got = np.load(path)
            assert got.dtype == want[name].dtype, (name, got.dtype)
            assert np.array_equal(got, want[name]), (name, got, want[name])
            print(f"ok {name}: {got.dtype}")
        return
    os.makedirs(out, exist_ok=True)
    for name, a in want.items():
        np.save(os.path.join(out, name + ".npy"), a)


if __name__ == "__main__":
    main()
