#!/usr/bin/env python3
"""Writes the malformed .npy files of the bad-input tests into OUTDIR.

usage: bad_npy.py OUTDIR
"""
import os
import struct
import sys

import numpy as np


def raw(path, header, data=b"", version=(1, 0)):
    """An .npy image with the given header dict text and payload."""
    header = header + " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY" + bytes(version))
        f.write(struct.pack("<H", len(header)))
        f.write(header.encode("latin1"))
        f.write(data)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    good = np.arange(35, dtype="<f4").reshape(5, 7)
    np.save(os.path.join(out, "good.npy"), good)
    np.save(os.path.join(out, "transposed.npy"), good.T.copy())
    np.save(os.path.join(out, "f64.npy"), good.astype("<f8"))
    np.save(os.path.join(out, "i32.npy"), good.astype("<i4"))
    np.save(os.path.join(out, "fortran.npy"), np.asfortranarray(good))
    np.save(os.path.join(out, "bigendian.npy"), good.astype(">f4"))
    data = good.tobytes()
    raw(os.path.join(out, "short.npy"),
        "{'descr': '<f4', 'fortran_order': False, 'shape': (5, 7), }", data[:-4])
    raw(os.path.join(out, "long.npy"),
        "{'descr': '<f4', 'fortran_order': False, 'shape': (5, 7), }", data + data[:4])
    raw(os.path.join(out, "version9.npy"),
        "{'descr': '<f4', 'fortran_order': False, 'shape': (5, 7), }", data, (9, 0))
    raw(os.path.join(out, "nodict.npy"), "[1, 2, 3]", data)
    with open(os.path.join(out, "good.npy"), "rb") as f:
        image = f.read()
    with open(os.path.join(out, "truncated_header.npy"), "wb") as f:
        f.write(image[:40])
    with open(os.path.join(out, "notnpy.npy"), "wb") as f:
        f.write(b"hello, world\n")
    with open(os.path.join(out, "empty.npy"), "wb") as f:
        pass


if __name__ == "__main__":
    main()
