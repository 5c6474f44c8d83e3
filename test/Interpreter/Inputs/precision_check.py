#!/usr/bin/env python3
"""systile-run at the multi-pass precisions against the numpy model.

For f32 matmuls at precision bf16, bf16_3x and bf16_6x, with and without
flush-subnormals, in the small geometry (2, 4, 4) and the default one, on
inputs that make every step of RFC 6's multi-pass definition matter (values
whose low parts round, subnormal low parts and operands, an inf whose low
part is NaN), it lowers `linalg.matmul` with `systile-pipeline`, runs
`systile-run --stats` on every matmul kernel path this machine has (and
with chains unfused), and compares the result
bit for bit with rfc6ref.matmul (NaN positions as NaN), and the --stats
line with RFC 8's figures computed here: per pass, every weight load's
issued and logical MACs; the passes multiply loads and issued MACs, the
logical MACs are counted once.

usage: precision_check.py --bin-dir DIR --work-dir DIR
"""
import argparse
import math
import os
import re
import subprocess

import numpy as np

from rfc6ref import matmul
from testlib import run

PASSES = {"bf16": 1, "bf16_3x": 3, "bf16_6x": 6}


def inputs(rng, m, k, n):
    """Random values over several binades, then planted special cases."""
    def rand(shape):
        x = rng.uniform(-1, 1, shape) * np.exp2(rng.integers(-6, 7, shape))
        return x.astype(np.float32)
    a, b, c = rand((m, k)), rand((k, n)), rand((m, n))
    # A low part that rounds (1 + 2^-8 + 2^-17 + 2^-23), a subnormal low
    # part (2^-120 + 2^-130) against a large weight, a subnormal operand.
    a[0, 0] = np.float32(1 + 2**-8 + 2**-17 + 2**-23)
    if k > 1:
        a[0, 1] = np.float32(2**-120 + 2**-130)
        b[1, :] = np.float32(2**100)
    if m > 1:
        a[1, 0] = np.float32(1.5 * 2**-130)
    # inf in the last row: its low parts are NaN (zeroed), hi.hi is +-inf
    # (or NaN where it meets a zero weight).
    if m > 2:
        a[m - 1, k - 1] = np.inf
        b[k - 1, 0] = 0.0
    return a, b, c


def want_stats(m, k, n, geometry, passes):
    sub, _, mxu = geometry
    m_pad = math.ceil(m / sub) * sub
    loads = math.ceil(k / mxu) * math.ceil(n / mxu)
    logical = m * k * n
    issued = passes * loads * m_pad * mxu * mxu
    return (f"utilization: logical_macs={logical} issued_macs={issued} "
            f"padding_macs={issued - logical} weight_loads={passes * loads} "
            f"skipped_loads=0 utilization={100 * logical / issued:.4f}%")


def same_bits(got, want):
    nan = np.isnan(want)
    return np.array_equal(np.isnan(got), nan) and np.array_equal(
        got[~nan].view(np.uint32), want[~nan].view(np.uint32))


def kernel_paths(run_tool):
    """The simulator's kernel paths this machine has: systile-run names
    them when asked for one it lacks."""
    proc = subprocess.run([run_tool, "-", "--matmul-kernel=none"],
                          input="", capture_output=True, text=True)
    listed = re.search(r"use auto or one of: (.*)$", proc.stderr, re.M)
    if not listed:
        raise SystemExit(f"FAIL: no kernel path list in {proc.stderr!r}")
    return listed.group(1).split(", ")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--work-dir", required=True)
    opts = ap.parse_args()
    os.makedirs(opts.work_dir, exist_ok=True)
    opt_tool = os.path.join(opts.bin_dir, "systile-opt")
    run_tool = os.path.join(opts.bin_dir, "systile-run")
    paths = kernel_paths(run_tool)
    print("kernel paths: " + " ".join(paths))
    rng = np.random.default_rng(20261202)
    # (geometry, M x K x N): one k block (blocked into a chain) and several
    # (left whole by systile-block-matmul).
    shapes = [((2, 4, 4), (3, 4, 6)), ((2, 4, 4), (5, 13, 9)),
              ((8, 128, 128), (3, 5, 7)), ((8, 128, 128), (9, 300, 130))]
    index = 0
    for geometry, (m, k, n) in shapes:
        a, b, c = inputs(rng, m, k, n)
        name = os.path.join(opts.work_dir, f"case{index}")
        t = lambda r, q: f"tensor<{r}x{q}xf32>"
        with open(name + ".mlir", "w") as f:
            f.write(f"func.func @main(%a: {t(m, k)}, %b: {t(k, n)}, %c: {t(m, n)})"
                    f" -> {t(m, n)} {{\n"
                    f"  %d = linalg.matmul ins(%a, %b : {t(m, k)}, {t(k, n)})"
                    f" outs(%c : {t(m, n)}) -> {t(m, n)}\n"
                    f"  return %d : {t(m, n)}\n}}\n")
        for x, arr in (("a", a), ("b", b), ("c", c)):
            np.save(f"{name}_{x}.npy", arr)
        for precision in ("bf16", "bf16_3x", "bf16_6x"):
            for flush in (False, True):
                sub, lanes, mxu = geometry
                lowered = run([opt_tool, name + ".mlir",
                               f"--systile-pipeline=sublanes={sub} lanes={lanes} "
                               f"mxu={mxu} precision={precision} "
                               f"flush-subnormals={'true' if flush else 'false'}"])
                with open(name + "_lowered.mlir", "w") as f:
                    f.write(lowered)
                want = matmul(a, b, c, mxu=mxu, precision=precision,
                              flush_subnormals=flush)
                runs = [[f"--matmul-kernel={p}"] for p in paths] + \
                    [["--fuse-mxu-chains=false"]]
                for flags in runs:
                    stdout = run([run_tool, name + "_lowered.mlir",
                                  "--input", name + "_a.npy", "--input",
                                  name + "_b.npy", "--input", name + "_c.npy",
                                  "--stats", "--quiet", *flags,
                                  "--output", name + "_d.npy"])
                    got = np.load(name + "_d.npy")
                    what = (f"{geometry} {m}x{k}x{n} {precision}"
                            f"{' flushed' if flush else ''} {flags[0]}")
                    if not same_bits(got, want):
                        bad = np.argwhere(got.view(np.uint32) != want.view(np.uint32))
                        i, j = bad[0]
                        raise SystemExit(f"FAIL {what}: {len(bad)} differ; first "
                                         f"({i}, {j}) got {got[i, j]!r} want {want[i, j]!r}")
                    line = want_stats(m, k, n, geometry, PASSES[precision])
                    stats = re.findall(r"^utilization: .*$", stdout, re.M)
                    if stats != [line]:
                        raise SystemExit(f"FAIL {what}: stats {stats}, want {line}")
                print(f"ok {index}: {what.rsplit(' --', 1)[0]}")
                index += 1
    print(f"PASS: {index} cases")


if __name__ == "__main__":
    main()
