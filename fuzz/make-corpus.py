#!/usr/bin/env python3
"""Regenerates the seed corpora under fuzz/corpus/ from the test suite.

usage: /usr/bin/python3 fuzz/make-corpus.py [--fresh TARGET]...
                                             [--systile-opt PATH]
       (needs numpy)

  parse, interpreter: every `// -----` piece of test/**/*.mlir and
                      examples/*.mlir, without the RUN/CHECK comment lines
                      (interpreter: only pieces with a func.func);
  pipeline:           the same pieces, each with one knob byte appended
                      (geometry, precision, fold; see PipelineFuzzer.cpp);
  npy:                small arrays of every supported dtype and version,
                      written by numpy, plus a few malformed ones;
  runtime:            one small input per element type and one of the
                      arbitrary-size mode;
  bytecode:           `systile-opt --emit-bytecode` of every piece that
                      parses and verifies (needs build/bin/systile-opt, or
                      --systile-opt PATH).
Seeds are named by content hash, so rerunning only adds what changed;
`--fresh TARGET` first deletes TARGET's seeds, so that corpus holds only
what the current tree writes (after a format change: `--fresh bytecode`).
"""
import glob
import hashlib
import io
import os
import re
import shutil
import struct
import subprocess
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "fuzz", "corpus")


def save(target, data):
    d = os.path.join(OUT, target)
    os.makedirs(d, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()[:16]
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def mlir_pieces():
    files = sorted(glob.glob(os.path.join(ROOT, "test", "**", "*.mlir"),
                             recursive=True))
    files += sorted(glob.glob(os.path.join(ROOT, "examples", "*.mlir")))
    for path in files:
        # Kept fuzz crashes need not be UTF-8: their bytes go through as
        # they are.
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            text = f.read()
        for piece in re.split(r"^// -----.*$", text, flags=re.M):
            lines = [l for l in piece.splitlines()
                     if not re.match(r"\s*//", l)]
            piece = "\n".join(lines).strip() + "\n"
            if len(piece) > 1:
                yield piece.encode(errors="surrogateescape")


def npy_seeds():
    arrays = [np.arange(6, dtype="<f4").reshape(2, 3),
              np.array([1.5, -0.0, np.inf], dtype="<f4"),
              np.array(3.0, dtype="<f4"),
              np.zeros((0, 4), dtype="<f4"),
              np.arange(4, dtype="<u2"),
              np.arange(-3, 3, dtype="i1").reshape(2, 3),
              np.arange(5, dtype="<i4")]
    for a in arrays:
        buf = io.BytesIO()
        np.save(buf, a)
        yield buf.getvalue()
    for version in [(2, 0), (3, 0)]:
        buf = io.BytesIO()
        np.lib.format.write_array(buf, arrays[0], version=version)
        yield buf.getvalue()
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }"
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    good = b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + \
        header.encode()
    yield good + b"\x00" * 20          # short
    yield good.replace(b"(2, 3)", b"(2,)3")  # malformed shape


def runtime_seeds():
    for mode in range(4):
        # mode, sublanes, lanes, mxu, rows, cols, then element bytes.
        yield bytes([mode, 1, 3, 3, 4, 6]) + bytes(range(256))
    yield bytes([0x80]) + struct.pack(">qqqqq", 3, 5, 8, 128, 128)
    yield bytes([0x80]) + struct.pack(">qqqqq", 2**62, 3, 8, 128, 128)


def bytecode_seeds(pieces, systile_opt):
    for piece in pieces:
        r = subprocess.run([systile_opt, "--emit-bytecode", "-"], input=piece,
                           capture_output=True)
        if r.returncode == 0 and r.stdout.startswith(b"ML\xefR"):
            yield r.stdout


TARGETS = ["parse", "pipeline", "interpreter", "npy", "runtime", "bytecode"]


def option_values(flag):
    args = sys.argv[1:]
    values = [args[i + 1] for i, a in enumerate(args[:-1]) if a == flag]
    if args and args[-1] == flag:
        sys.exit(f"make-corpus.py: {flag} needs a value")
    return values


def main():
    systile_opt = os.path.join(ROOT, "build", "bin", "systile-opt")
    for path in option_values("--systile-opt"):
        systile_opt = path
    for target in option_values("--fresh"):
        if target not in TARGETS:
            sys.exit(f"make-corpus.py: --fresh {target}: not one of "
                     + ", ".join(TARGETS))
        shutil.rmtree(os.path.join(OUT, target), ignore_errors=True)
    pieces = list(mlir_pieces())
    for i, piece in enumerate(pieces):
        save("parse", piece)
        save("pipeline", piece + bytes([0x09 if i % 2 else 0x0D]))
        if b"func.func" in piece:
            save("interpreter", piece)
    for seed in npy_seeds():
        save("npy", seed)
    for seed in runtime_seeds():
        save("runtime", seed)
    for seed in bytecode_seeds(pieces, systile_opt):
        save("bytecode", seed)


if __name__ == "__main__":
    main()
