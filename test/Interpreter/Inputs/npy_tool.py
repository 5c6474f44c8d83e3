#!/usr/bin/env python3
"""Writes small .npy inputs for the interpreter's lit tests.

usage: npy_tool.py OUT.npy DTYPE SHAPE VALUES
  DTYPE  f32 | bf16 | i8 | i32  (bf16: VALUES are rounded to bf16 with
         integer round-to-nearest-even and stored as '<u2' bit patterns)
  SHAPE  e.g. 2x3 (or "scalar")
  VALUES comma-separated, C order, e.g. 1,2,3,4,5,6 (or "iota" for 0, 1, ...)
"""
import sys

import numpy as np

from rfc6ref import f32_to_bf16


def main():
    out, dtype, shape_s, values_s = sys.argv[1:5]
    shape = () if shape_s == "scalar" else tuple(int(d) for d in shape_s.split("x"))
    count = int(np.prod(shape)) if shape else 1
    if values_s == "iota":
        values = np.arange(count, dtype=np.float64)
    else:
        values = np.array([float(v) for v in values_s.split(",")])
    values = values.reshape(shape)
    if dtype == "f32":
        arr = values.astype("<f4")
    elif dtype == "bf16":
        arr = f32_to_bf16(values.astype(np.float32))
    elif dtype == "i8":
        arr = values.astype("i1")
    elif dtype == "i32":
        arr = values.astype("<i4")
    else:
        raise SystemExit(f"unknown dtype {dtype}")
    np.save(out, arr)


if __name__ == "__main__":
    main()
