#!/usr/bin/env python3
"""Runs functions of an .mlir file interpreted and compiled, and compares
the results bit for bit.

usage: compiled_diff.py --bin-dir DIR --work-dir DIR [--pipeline P]
                        [--entry NAME]... [--skip NAME]...
                        [--expect-error NAME]... [--shape NAME=S,...]... FILE

The file is first lowered by `systile-opt --PIPELINE` when --pipeline is
given. Each entry (default: every public function whose arguments are
static ranked tensors, tiled values or scalars) gets seeded random inputs
of its argument types (a tiled value's: its logical tensor), runs under
`systile-run` (the interpreter) and `systile-run --compile`, and both sets of --output files must be byte-identical.
Prints "ok ENTRY: N result(s), same bits" per entry, then "PASS: N entries";
exits 1 on the first difference or failure. --skip leaves an entry out (the
test says why); an --expect-error entry must fail in both modes with exit
status 1 and a "systile-run: error:" message (never a crash or a result),
printed as "ok ENTRY: refused by both". --shape gives an entry's argument
shapes, one per argument ("3x4", "-" for the type's own), for arguments of
dynamic shape (whose dimensions it fills) or to make shapes disagree.
"""
import argparse
import os
import re
import subprocess
import sys
import zlib

import numpy as np

from rfc6ref import f32_to_bf16

# A signature may span lines, and its arguments may hold parentheses
# (function types), one level deep.
FUNC = re.compile(r"^\s*func\.func\s+(private\s+)?@([\w$.]+)"
                  r"\(((?:[^()]|\([^()]*\))*)\)\s*(->|attributes|\{)", re.M)
# A tiled argument (its type spelled out, its geometry one level of <>)
# is given as its logical tensor, which systile-run packs in both modes.
ARG = re.compile(r"%[\w$.]+\s*:\s*(tensor<[^>]*>|"
                 r"!systile\.tiled<(?:[^<>]|<[^<>]*>)*>|[a-z]+[0-9]*)")


def random_input(type_str, rng, given=None):
    tiled = re.fullmatch(r"!systile\.tiled<([^,>]*).*>", type_str)
    if tiled:
        type_str = f"tensor<{tiled.group(1)}>"
    m = re.fullmatch(r"tensor<(.*)>", type_str)
    if m:
        # Dimensions, then the element type (which may hold an "x": index).
        shaped = re.fullmatch(r"((?:(?:\d+|\?)x)*)(.*)", m.group(1))
        dims, elem = shaped.group(1).split("x")[:-1], shaped.group(2)
        if given is not None:
            dims = [] if given == "" else given.split("x")
        if any(not d.isdigit() for d in dims):
            return None
        shape = tuple(int(d) for d in dims)
    else:
        shape, elem = (), type_str
    n = int(np.prod(shape)) if shape else 1
    if elem == "f32":
        return rng.standard_normal(n).astype("<f4").reshape(shape)
    if elem == "f64":
        return rng.standard_normal(n).astype("<f8").reshape(shape)
    if elem == "f16":
        return rng.standard_normal(n).astype("<f2").reshape(shape)
    if elem == "bf16":
        return f32_to_bf16(rng.standard_normal(n).astype(np.float32)).reshape(shape)
    if elem == "i8":
        return rng.integers(-128, 128, n).astype("|i1").reshape(shape)
    if elem == "i16":
        return rng.integers(-1000, 1000, n).astype("<i2").reshape(shape)
    if elem == "i32":
        return rng.integers(-1000, 1000, n).astype("<i4").reshape(shape)
    if elem in ("i64", "index"):
        return rng.integers(-1000, 1000, n).astype("<i8").reshape(shape)
    if elem == "i1":
        return rng.integers(0, 2, n).astype("|b1").reshape(shape)
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--work-dir", required=True)
    ap.add_argument("--pipeline")
    ap.add_argument("--entry", action="append", default=[])
    ap.add_argument("--skip", action="append", default=[])
    ap.add_argument("--expect-error", action="append", default=[])
    ap.add_argument("--shape", action="append", default=[])
    ap.add_argument("file")
    args = ap.parse_args()
    shapes = {}
    for spec in args.shape:
        name, _, dims = spec.partition("=")
        shapes[name] = [None if d == "-" else d for d in dims.split(",")]
    os.makedirs(args.work_dir, exist_ok=True)
    opt = os.path.join(args.bin_dir, "systile-opt")
    run = os.path.join(args.bin_dir, "systile-run")
    program = args.file
    if args.pipeline:
        program = os.path.join(args.work_dir, "lowered.mlir")
        subprocess.run([opt, args.file, "--" + args.pipeline, "-o", program],
                       check=True)
    text = open(program).read()
    functions = {name: (private, sig) for private, name, sig, _ in FUNC.findall(text)}
    entries = args.entry or [n for n, (p, _) in functions.items() if not p]
    entries = [e for e in entries if e not in args.skip]
    checked = 0
    for entry in entries:
        if entry not in functions:
            print(f"FAIL {entry}: no such function")
            return 1
        rng = np.random.default_rng(zlib.crc32(entry.encode()))
        inputs = []
        types = ARG.findall(functions[entry][1])
        given = shapes.get(entry, [None] * len(types))
        if len(given) != len(types):
            print(f"FAIL {entry}: --shape gives {len(given)} shapes for "
                  f"{len(types)} arguments")
            return 1
        for i, t in enumerate(types):
            value = random_input(t, rng, given[i])
            if value is None:
                inputs = None
                break
            path = os.path.join(args.work_dir, f"{entry}.in{i}.npy")
            np.save(path, value)
            inputs.append(path)
        if inputs is None:
            if args.entry:
                print(f"FAIL {entry}: argument types not supported")
                return 1
            continue
        outs = {}
        for mode in ("interpreted", "compiled"):
            cmd = [run, program, "--entry", entry, "--quiet"]
            for path in inputs:
                cmd += ["--input", path]
            results = text_results(text, entry)
            paths = [os.path.join(args.work_dir, f"{entry}.{mode}.{k}.npy")
                     for k in range(results)]
            for path in paths:
                cmd += ["--output", path]
            if mode == "compiled":
                cmd.append("--compile")
            p = subprocess.run(cmd, capture_output=True, text=True)
            if entry in args.expect_error:
                if p.returncode != 1 or "systile-run: error:" not in p.stderr:
                    print(f"FAIL {entry} ({mode}): expected exit 1 with an "
                          f"error, got exit {p.returncode}: {p.stderr.strip()}")
                    return 1
                continue
            if p.returncode != 0:
                print(f"FAIL {entry} ({mode}): exit {p.returncode}: {p.stderr.strip()}")
                return 1
            outs[mode] = [open(path, "rb").read() for path in paths]
        if entry in args.expect_error:
            print(f"ok {entry}: refused by both")
            checked += 1
            continue
        for k, (a, b) in enumerate(zip(outs["interpreted"], outs["compiled"])):
            if a != b:
                ra = np.load(os.path.join(args.work_dir, f"{entry}.interpreted.{k}.npy"))
                rb = np.load(os.path.join(args.work_dir, f"{entry}.compiled.{k}.npy"))
                diff = int(np.sum(ra.reshape(-1).view(np.uint8) !=
                                  rb.reshape(-1).view(np.uint8)))
                print(f"FAIL {entry}: result #{k} differs ({diff} bytes)")
                return 1
        print(f"ok {entry}: {len(outs['compiled'])} result(s), same bits")
        checked += 1
    print(f"PASS: {checked} entries")
    return 0


def text_results(text, entry):
    """The number of results of `entry` (from its signature)."""
    m = re.search(r"func\.func\s+(?:private\s+)?@" + re.escape(entry) +
                  r"\((?:[^()]|\([^()]*\))*\)\s*->\s*(\((?:[^()]|\([^()]*\))*\)|[^\s{]+)", text)
    if not m:
        return 0
    results = m.group(1)
    if results.startswith("("):
        inner = results[1:-1]
        depth, count = 0, 1 if inner.strip() else 0
        for ch in inner:
            depth += ch in "<([" 
            depth -= ch in ">)]"
            count += ch == "," and depth == 0
        return count
    return 1


if __name__ == "__main__":
    sys.exit(main())
