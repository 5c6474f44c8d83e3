#!/usr/bin/env python3
"""Generator test of systile-run against an independent model of RFC 6.

For random f32, bf16 and i8 matmuls of odd shapes (1x1x1 up to ~300), in the
default geometry and small ones, with and without all-zero weight blocks
(static: a constant rhs and systile-fold-zero-tiles; dynamic: an .npy rhs
and --skip-zero-blocks), it

  1. writes `linalg.matmul` IR and random .npy inputs,
  2. lowers it with `systile-opt --systile-pipeline=...`,
  3. runs `systile-run --stats --output ...` on the lowered IR,
  4. compares the result bit for bit with a naive model of RFC section 6
     written here with numpy float32 operations (a rounded multiply, then a
     rounded add, per k inside each mxu block; bf16 rounding by integer
     round-to-nearest-even), and the --stats figures with RFC section 8.

Some runs use --fuse-mxu-chains=false, so both ways the interpreter runs a
chain of systile.mxu_matmul ops (one simulateMatmul call, or one
simulateMxuBlock call per op) are checked against the model.

usage: matmul_generator.py --bin-dir DIR --work-dir DIR [--seed N]
Prints one line per case and "PASS: N cases"; exits 1 on the first mismatch.
"""
import argparse
import math
import os
import re
import sys

import numpy as np

from rfc6ref import f32_to_bf16, matmul, round_bf16
from testlib import run

# --- the model -----------------------------------------------------------


def model_stats(m_rows, k_dim, n_dim, b, geometry, skipped):
    """RFC 8 figures; `skipped(kb, nb)` says whether a load is skipped."""
    sub, _, mxu = geometry
    m_pad = math.ceil(m_rows / sub) * sub
    s = dict(logical_macs=0, issued_macs=0, weight_loads=0, skipped_loads=0)
    for kb in range(math.ceil(k_dim / mxu)):
        for nb in range(math.ceil(n_dim / mxu)):
            if skipped(kb, nb):
                s["skipped_loads"] += 1
                continue
            k_len = min(mxu, k_dim - kb * mxu)
            n_len = min(mxu, n_dim - nb * mxu)
            s["issued_macs"] += m_pad * mxu * mxu
            s["logical_macs"] += m_rows * k_len * n_len
            s["weight_loads"] += 1
    s["padding_macs"] = s["issued_macs"] - s["logical_macs"]
    return s


# --- IR and inputs -------------------------------------------------------

MLIR_TYPES = {"f32": "f32", "bf16": "bf16", "i8": "i8", "i32": "i32"}


def dense_literal(arr, elem):
    if elem == "i8":
        body = ", ".join("[" + ", ".join(str(int(v)) for v in row) + "]" for row in arr)
    elif elem == "bf16":  # Hex bytes in memory (little-endian) order.
        bits = f32_to_bf16(arr).byteswap().reshape(-1)
        return 'dense<"0x' + "".join(f"{int(v):04X}" for v in bits) + '">'
    else:
        bits = arr.astype(np.float32).view(np.uint32).byteswap().reshape(-1)
        return 'dense<"0x' + "".join(f"{int(v):08X}" for v in bits) + '">'
    return f"dense<[{body}]>"


def write_ir(path, m, k, n, in_elem, acc_elem, const_rhs):
    t = lambda r, c, e: f"tensor<{r}x{c}x{MLIR_TYPES[e]}>"
    args = [f"%a: {t(m, k, in_elem)}"]
    if const_rhs is None:
        args.append(f"%b: {t(k, n, in_elem)}")
    args.append(f"%c: {t(m, n, acc_elem)}")
    lines = [f"func.func @main({', '.join(args)}) -> {t(m, n, acc_elem)} {{"]
    if const_rhs is not None:
        lines.append(f"  %b = arith.constant {dense_literal(const_rhs, in_elem)} : {t(k, n, in_elem)}")
    lines.append(f"  %d = linalg.matmul ins(%a, %b : {t(m, k, in_elem)}, {t(k, n, in_elem)})"
                 f" outs(%c : {t(m, n, acc_elem)}) -> {t(m, n, acc_elem)}")
    lines.append(f"  return %d : {t(m, n, acc_elem)}")
    lines.append("}")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def zero_some_blocks(rng, b, mxu, fraction):
    """Zeroes a random subset of the mxu x mxu weight blocks (also some -0)."""
    k_dim, n_dim = b.shape
    for kb in range(math.ceil(k_dim / mxu)):
        for nb in range(math.ceil(n_dim / mxu)):
            if rng.random() < fraction:
                block = b[kb * mxu:(kb + 1) * mxu, nb * mxu:(nb + 1) * mxu]
                block[...] = 0
                if b.dtype == np.float32 and rng.random() < 0.5:
                    block[0, 0] = -0.0
    return b


def random_float(rng, shape):
    x = rng.uniform(-1, 1, shape) * np.exp2(rng.integers(-4, 5, shape))
    x[rng.random(shape) < 0.05] = 0.0
    return x.astype(np.float32)


STATS_RE = re.compile(r"^(utilization|total): logical_macs=(\d+) issued_macs=(\d+) "
                      r"padding_macs=(\d+) weight_loads=(\d+) skipped_loads=(\d+) "
                      r"utilization=([0-9.]+)%$")


def parse_stats(stdout):
    lines = {"utilization": [], "total": []}
    for line in stdout.splitlines():
        mo = STATS_RE.match(line)
        if mo:
            keys = ("logical_macs", "issued_macs", "padding_macs",
                    "weight_loads", "skipped_loads")
            lines[mo.group(1)].append(dict(zip(keys, map(int, mo.groups()[1:6]))))
    return lines


# --- the cases -----------------------------------------------------------


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--work-dir", required=True)
    ap.add_argument("--seed", type=int, default=20240605)
    opts = ap.parse_args()
    os.makedirs(opts.work_dir, exist_ok=True)
    opt_tool = os.path.join(opts.bin_dir, "systile-opt")
    run_tool = os.path.join(opts.bin_dir, "systile-run")
    rng = np.random.default_rng(opts.seed)

    small, default, odd = (2, 4, 4), (8, 128, 128), (3, 8, 5)
    shapes_small = [(1, 1, 1), (3, 5, 7), (5, 4, 4), (7, 9, 13), (2, 17, 3),
                    (13, 11, 6), (9, 32, 21), (1, 40, 1)]
    shapes_default = [(1, 1, 1), (3, 5, 7), (129, 130, 1), (37, 300, 45),
                      (200, 257, 131), (300, 129, 300), (1, 255, 256)]
    cases = []
    for elem in ("f32", "bf16", "i8"):
        precisions = ["f32", "bf16"] if elem == "f32" else ["f32"]
        for geometry, shapes in ((small, shapes_small), (default, shapes_default),
                                 (odd, shapes_small[1::2])):
            for i, shape in enumerate(shapes):
                cases.append(dict(elem=elem, geometry=geometry, shape=shape,
                                  precision=precisions[i % len(precisions)],
                                  zeros=["none", "static", "dynamic"][i % 3],
                                  fuse=(i % 4 != 3)))

    for index, case in enumerate(cases):
        elem, (sub, lanes, mxu) = case["elem"], case["geometry"]
        m, k, n = case["shape"]
        name = os.path.join(opts.work_dir, f"case{index}")
        acc_elem = "i32" if elem == "i8" else "f32"
        if elem == "i8":
            a = rng.integers(-128, 128, (m, k)).astype(np.int8)
            b = rng.integers(-128, 128, (k, n)).astype(np.int8)
            c = rng.integers(-2**31, 2**31, (m, n), dtype=np.int64).astype(np.int32)
        else:
            a, b = random_float(rng, (m, k)), random_float(rng, (k, n))
            c = random_float(rng, (m, n))
            if elem == "bf16":  # bf16 inputs: the values are bf16 already.
                a, b = round_bf16(a), round_bf16(b)
        if case["zeros"] != "none":
            b = zero_some_blocks(rng, b, mxu, 0.4)

        static = case["zeros"] == "static"
        skip_flag = case["zeros"] != "none" and index % 2 == 0
        write_ir(name + ".mlir", m, k, n, elem, acc_elem, b if static else None)
        save = (lambda arr: f32_to_bf16(arr).astype("<u2")) if elem == "bf16" else (lambda arr: arr)
        np.save(name + "_a.npy", save(a))
        inputs = ["--input", name + "_a.npy"]
        if not static:
            np.save(name + "_b.npy", save(b))
            inputs += ["--input", name + "_b.npy"]
        np.save(name + "_c.npy", c)
        inputs += ["--input", name + "_c.npy"]

        pipeline = (f"--systile-pipeline=sublanes={sub} lanes={lanes} mxu={mxu} "
                    f"precision={case['precision']} fold-zero-tiles=true")
        lowered = run([opt_tool, name + ".mlir", pipeline])
        with open(name + "_lowered.mlir", "w") as f:
            f.write(lowered)
        cmd = [run_tool, name + "_lowered.mlir", *inputs, "--stats", "--quiet",
               "--output", name + "_d.npy"]
        if skip_flag:
            cmd.append("--skip-zero-blocks")
        if not case["fuse"]:
            cmd.append("--fuse-mxu-chains=false")
        stdout = run(cmd)
        got = np.load(name + "_d.npy")

        # Static folding and dynamic skipping both leave zero blocks out.
        skips = static or skip_flag
        if elem == "i8":
            want = matmul(a, b, c)
            same = np.array_equal(got, want)
        else:
            want = matmul(a, b, c, mxu=mxu, precision=case["precision"],
                          skip_zero_blocks=skips)
            same = np.array_equal(got.view(np.uint32), want.view(np.uint32))
        if not same:
            bad = np.argwhere(got.view(np.uint32) != want.view(np.uint32)) \
                if elem != "i8" else np.argwhere(got != want)
            i, j = bad[0]
            raise SystemExit(f"FAIL case {index} {case}: {len(bad)} elements differ; "
                             f"first at ({i}, {j}): got {got[i, j]!r}, want {want[i, j]!r}")

        def is_zero_block(kb, nb):
            return bool(np.all(b[kb * mxu:(kb + 1) * mxu, nb * mxu:(nb + 1) * mxu] == 0))
        want_stats = model_stats(m, k, n, b, case["geometry"],
                                 is_zero_block if skips else (lambda kb, nb: False))
        stats = parse_stats(stdout)
        all_static_zero = static and all(
            is_zero_block(kb, nb) for kb in range(math.ceil(k / mxu))
            for nb in range(math.ceil(n / mxu)))
        if all_static_zero:  # The matmul folded to its accumulator.
            expected_lines = []
            want_total = dict(logical_macs=0, issued_macs=0, padding_macs=0,
                              weight_loads=0, skipped_loads=0)
        else:
            expected_lines = [want_stats]
            want_total = want_stats
        if stats["utilization"] != expected_lines or stats["total"] != [want_total]:
            raise SystemExit(f"FAIL case {index} {case}: stats\n{stdout}\n"
                             f"want {want_stats}")
        print(f"ok {index}: {elem} {m}x{k}x{n} geometry={case['geometry']} "
              f"precision={case['precision']} zeros={case['zeros']}"
              f"{' skip' if skip_flag else ''}{'' if case['fuse'] else ' unfused'}")
    print(f"PASS: {len(cases)} cases")


if __name__ == "__main__":
    main()
