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
    np.save(os.path.join(out, "c64.npy"), good.astype("<c8"))
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
    # Only versions 1.0, 2.0 and 3.0 exist.
    raw(os.path.join(out, "version1_9.npy"),
        "{'descr': '<f4', 'fortran_order': False, 'shape': (5, 7), }", data, (1, 9))
    # Each of the three keys twice (Python's dict literal keeps the last).
    raw(os.path.join(out, "dup_descr.npy"),
        "{'descr': '<i4', 'descr': '<f4', 'fortran_order': False, 'shape': (5, 7), }", data)
    raw(os.path.join(out, "dup_fortran.npy"),
        "{'descr': '<f4', 'fortran_order': True, 'fortran_order': False, 'shape': (5, 7), }", data)
    raw(os.path.join(out, "dup_shape.npy"),
        "{'descr': '<f4', 'fortran_order': False, 'shape': (7, 5), 'shape': (5, 7), }", data)
    # A good header without its data, to be followed by an endless stream.
    raw(os.path.join(out, "header_only.npy"),
        "{'descr': '<f4', 'fortran_order': False, 'shape': (5, 7), }")
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
