#!/usr/bin/env python3
"""usage: same_bits.py NAME A.npy B.npy [C.npy] -- prints how many elements of
A and B differ in their bits; with C (a float64 reference computed
independently, e.g. by numpy), also the largest relative error of A."""
import sys

import numpy as np

from rfc6ref import bf16_to_f32


def main():
    name, a_path, b_path = sys.argv[1:4]
    a, b = np.load(a_path), np.load(b_path)
    if a.shape != b.shape or a.dtype != b.dtype:
        raise SystemExit(f"FAIL {name}: {a.dtype}{a.shape} vs {b.dtype}{b.shape}")
    bits = {2: np.uint16, 4: np.uint32}[a.dtype.itemsize]
    differ = int(np.count_nonzero(a.view(bits) != b.view(bits)))
    print(f"{name}: {differ} of {a.size} differ in bits")
    if len(sys.argv) > 4:
        ref = np.load(sys.argv[4])
        got = (bf16_to_f32(a) if a.dtype == np.uint16 else a).astype(np.float64)
        err = np.max(np.abs(got - ref) / np.maximum(np.abs(ref), 1e-30))
        print(f"{name}: close to numpy: {bool(err < 1e-2)}")


if __name__ == "__main__":
    main()
