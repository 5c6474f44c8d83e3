#!/usr/bin/env python3
"""arith.truncf in each rounding mode against a model of IEEE 754 rounding
written here with exact rationals.

  truncf_rounding.py --bin-dir DIR --work-dir DIR PROGRAM [systile-run flags]

PROGRAM has @from_f32 (tensor<Nxf32> to bf16 and f16 in the modes
downward, upward, toward_zero, to_nearest_away, in that order) and
@from_f64 (tensor<Nxf64> to f32, bf16 and f16, the same modes). The script
writes inputs full of hard cases (ties, neighbours of ties, subnormal
results, values past the largest finite one, zeros, infinities, NaNs),
runs systile-run with the extra flags, and compares every result's bits
with the model's. The model takes the two neighbours of the exact value
in the target format (for bf16 and f16 by enumerating the format; for f32
from numpy's own rounding and nextafter), then the mode picks one: no
arithmetic on the formats' fields, so it shares nothing with Scalar.h's
truncFloat. It prints one line per result and exits 1 on any difference.
"""
import argparse
import bisect
import os
import subprocess
import sys
from fractions import Fraction

import numpy as np

MODES = ["downward", "upward", "toward_zero", "to_nearest_away"]
# name: (numpy storage of the bits, largest finite value, 2^(emax + 1),
# sign bit, the quiet NaN's bits, infinity's bits)
FORMATS = {
    "f32": ("<u4", Fraction(float(np.finfo(np.float32).max)), Fraction(2) ** 128,
            0x80000000, 0x7FC00000, 0x7F800000),
    "bf16": ("<u2", Fraction(float(np.frombuffer(np.uint32(0x7F7F0000).tobytes(), "<f4")[0])),
             Fraction(2) ** 128, 0x8000, 0x7FC0, 0x7F80),
    "f16": ("<u2", Fraction(65504), Fraction(2) ** 16, 0x8000, 0x7E00, 0x7C00),
}


def bits_of_value(fmt, value):
    """The bits of a non-negative value that is exact in `fmt`."""
    if fmt == "f32":
        return int(np.float32(float(value)).view("<u4"))
    if fmt == "f16":
        return int(np.float16(float(value)).view("<u2"))
    return int(np.float32(float(value)).view("<u4")) >> 16


def table(fmt):
    """Every finite non-negative value of a 16-bit format, ascending."""
    bits = np.arange(0x7F80 if fmt == "bf16" else 0x7C00, dtype=np.uint32)
    if fmt == "bf16":
        values = (bits << 16).view("<f4").astype(np.float64)
    else:
        values = bits.astype("<u2").view("<f2").astype(np.float64)
    return [Fraction(float(v)) for v in values]


TABLES = {"bf16": table("bf16"), "f16": table("f16")}


def neighbours(fmt, mag):
    """The largest value of `fmt` <= mag and the smallest >= mag (None past
    the largest finite value)."""
    if fmt == "f32":
        with np.errstate(over="ignore"):
            near = np.float32(float(mag))  # numpy rounds once, to nearest
            cands = {Fraction(float(v)) for v in
                     (near, np.nextafter(near, np.float32(0)),
                      np.nextafter(near, np.float32(np.inf)))
                     if np.isfinite(v)}
        lo = max(c for c in cands if c <= mag)
        above = [c for c in cands if c >= mag]
        return lo, (min(above) if above else None)
    t = TABLES[fmt]
    i = bisect.bisect_right(t, mag)
    lo = t[i - 1]
    if lo == mag:
        return lo, lo
    return lo, (t[i] if i < len(t) else None)


def model(fmt, x, mode):
    """The bits of x (a numpy f32 or f64 scalar) rounded to `fmt`."""
    store, largest, beyond, sign_bit, qnan, inf = FORMATS[fmt]
    neg = bool(np.signbit(x))
    sign = sign_bit if neg else 0
    if np.isnan(x):
        return sign | qnan
    if np.isinf(x):
        return sign | inf
    mag = abs(Fraction(float(x)))
    lo, hi = neighbours(fmt, mag)
    if lo == mag:
        return sign | bits_of_value(fmt, lo)
    away = {"downward": neg, "upward": not neg, "toward_zero": False}.get(mode)
    if away is None:  # to_nearest_away; past the largest, the next is 2^(emax+1)
        up = hi if hi is not None else beyond
        away = mag - lo >= up - mag
    if not away:
        return sign | bits_of_value(fmt, lo)
    return sign | (inf if hi is None else bits_of_value(fmt, hi))


def f32_inputs(rng):
    xs = [0.0, -0.0, np.inf, -np.inf, np.nan, -np.nan, 1.0, -1.0, 3.0e38,
          -3.0e38, 65504.0, 65519.0, 65520.0, 65536.0, -65520.0, 1e-30, -1e-30,
          2.0 ** -24, 2.0 ** -25, 3 * 2.0 ** -26, 2.0 ** -149, -(2.0 ** -149)]
    bits = []
    # bf16 ties and their neighbours, and the largest values below bf16's
    # overflow (0x7f7f8000 is halfway from the largest to 2^128).
    for base in rng.integers(0, 0x7F7F, 200, dtype=np.uint32):
        for low in (0x8000, 0x7FFF, 0x8001, 0x0001, 0xFFFF):
            bits.append((int(base) << 16) | low)
    bits += [0x7F7F8000, 0x7F7F7FFF, 0x7F7FFFFF, 0x00008000, 0x00018000]
    # f16 ties (13 dropped bits), f16 subnormal results, random finite.
    for b in rng.integers(0x33000000, 0x477FE000, 200, dtype=np.uint32):
        b = int(b) & ~0x1FFF
        bits += [b | 0x1000, b | 0x0FFF, b | 0x1001]
    bits += [int(b) for b in rng.integers(0, 0x7F800000, 400, dtype=np.uint32)]
    arr = np.array(bits, dtype=np.uint32).view("<f4")
    signs = np.where(rng.random(arr.size) < 0.5, -1, 1).astype("<f4")
    return np.concatenate([np.array(xs, dtype="<f4"), arr * signs])


def f64_inputs(rng):
    xs = [0.0, -0.0, np.inf, -np.inf, np.nan, -np.nan, 1e300, -1e300, 1e-300,
          -1e-300, float(np.finfo(np.float32).max) * (1 + 2.0 ** -25),
          float(np.finfo(np.float32).max) * (1 + 2.0 ** -24),
          -float(np.finfo(np.float32).max) * (1 + 2.0 ** -24), 2.0 ** -150,
          2.0 ** -149 * 1.5, 2.0 ** -149 * 0.5, 65520.0, -65520.0]
    bits = []
    # f32 ties (29 dropped bits) and neighbours, over f32's whole range.
    for b in rng.integers(0x3690000000000000, 0x47F0000000000000, 300,
                          dtype=np.uint64):
        b = int(b) & ~((1 << 29) - 1)
        bits += [b | (1 << 28), b | ((1 << 28) - 1), b | ((1 << 28) + 1)]
    bits += [int(b) for b in rng.integers(0x3600000000000000,
                                          0x4800000000000000, 600,
                                          dtype=np.uint64)]
    arr = np.array(bits, dtype=np.uint64).view("<f8")
    signs = np.where(rng.random(arr.size) < 0.5, -1, 1).astype("<f8")
    return np.concatenate([np.array(xs, dtype="<f8"), arr * signs])


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bin-dir", required=True)
    p.add_argument("--work-dir", required=True)
    p.add_argument("program")
    args, flags = p.parse_known_args()
    os.makedirs(args.work_dir, exist_ok=True)
    rng = np.random.default_rng(7)
    failed = False
    for entry, x, fmts in (("from_f32", f32_inputs(rng), ["bf16", "f16"]),
                           ("from_f64", f64_inputs(rng), ["f32", "bf16", "f16"])):
        x_npy = os.path.join(args.work_dir, entry + ".x.npy")
        np.save(x_npy, x)
        outs = [(fmt, mode, os.path.join(args.work_dir, f"{entry}.{fmt}.{mode}.npy"))
                for fmt in fmts for mode in MODES]
        cmd = [os.path.join(args.bin_dir, "systile-run"), args.program,
               "--entry", entry, "--quiet", "--input", x_npy] + flags
        for _, _, path in outs:
            cmd += ["--output", path]
        run = subprocess.run(cmd, capture_output=True, text=True)
        if run.returncode != 0:
            print(f"{entry}: systile-run failed ({run.returncode}):\n{run.stderr}")
            failed = True
            continue
        for fmt, mode, path in outs:
            got = np.load(path).view(FORMATS[fmt][0])
            want = [model(fmt, v, mode) for v in x]
            bad = [i for i in range(x.size) if int(got[i]) != want[i]]
            print(f"{entry} {fmt} {mode}: {len(bad)} of {x.size} differ")
            for i in bad[:5]:
                print(f"  {x[i]!r}: got {int(got[i]):#x}, want {want[i]:#x}")
            failed |= bool(bad)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
