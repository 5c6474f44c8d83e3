#!/usr/bin/env python3
"""Checks systile-run's math ops on f32 and bf16 tensors against numpy.

Each function runs on N random inputs from its domain (plus special values)
through systile-run (--input/--output .npy), and the results are compared
with numpy computed in f64 and rounded to f32: within 2 ulp for the libm
functions (glibc's float functions are within that of the correctly
rounded result), exactly for the correctly rounded ones (sqrt, rounding),
and exactly for the expansions upstream's lowering makes, emulated step by
step in f32 (rsqrt = 1 / sqrt(x); log1p = log(1 + x) with 1 + x rounded;
expm1 = exp(x) - 1 within one ulp of exp(x); fpowi by repeated squaring).
NaN must meet NaN.

usage: libm_check.py --bin-dir DIR --work-dir DIR
"""
import argparse
import os

import numpy as np

from rfc6ref import round_bf16
from testlib import run

N = 2000
F32 = np.float32

# name -> (input domain, numpy f64 function, ulp tolerance)
UNARY = {
    "exp": ("mid", np.exp, 2), "exp2": ("mid", np.exp2, 2),
    "log": ("pos", np.log, 2), "log2": ("pos", np.log2, 2),
    "log10": ("pos", np.log10, 2), "tanh": ("mid", np.tanh, 2),
    "sin": ("mid", np.sin, 2), "cos": ("mid", np.cos, 2),
    "tan": ("mid", np.tan, 2), "atan": ("any", np.arctan, 2),
    "sinh": ("mid", np.sinh, 2), "cosh": ("mid", np.cosh, 2),
    "asin": ("unit", np.arcsin, 2), "acos": ("unit", np.arccos, 2),
    "acosh": ("pos", np.arccosh, 2), "asinh": ("any", np.arcsinh, 2),
    "atanh": ("unit", np.arctanh, 2), "cbrt": ("any", np.cbrt, 2),
    "erf": ("mid", None, 2), "erfc": ("mid", None, 3),
    "sqrt": ("pos", np.sqrt, 0), "ceil": ("any", np.ceil, 0),
    "floor": ("any", np.floor, 0), "trunc": ("any", np.trunc, 0),
    "roundeven": ("any", np.rint, 0),
    "round": ("any", lambda x: np.copysign(np.floor(np.abs(x) + 0.5), x), 0),
}


def domains(rng):
    special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 0.5,
                        -0.5, 2.5, 1e-30, 1e-40], dtype=F32)
    mid = rng.uniform(-30, 30, N).astype(F32)
    pos = np.abs(rng.standard_normal(N) * np.exp2(rng.integers(-40, 40, N))).astype(F32)
    unit = rng.uniform(-1, 1, N).astype(F32)
    anyv = (rng.standard_normal(N) * np.exp2(rng.integers(-30, 30, N))).astype(F32)
    out = {"mid": mid, "pos": pos, "unit": unit, "any": anyv}
    for v in out.values():
        v[:len(special)] = special
    return out


def erf64(x, complement):
    """erf/erfc in f64 by math.erf/erfc (numpy has none)."""
    import math
    f = math.erfc if complement else math.erf
    return np.array([f(v) if np.isfinite(v) else (np.nan if np.isnan(v) else
                     f(v)) for v in x.astype(np.float64)])


def ordered(bits):
    """f32 bits -> integers in float order (+0 and -0 adjacent)."""
    b = bits.astype(np.int64)
    return np.where(b & 0x80000000, 0x80000000 - (b & 0x7FFFFFFF) - 1, b)


def ulp_distance(got, want):
    g, w = got.astype(F32), want.astype(F32)
    both_nan = np.isnan(g) & np.isnan(w)
    d = np.abs(ordered(g.view(np.uint32)) - ordered(w.view(np.uint32)))
    d = np.where(both_nan, 0, d)
    return np.where(np.isnan(g) != np.isnan(w), np.iinfo(np.int64).max, d)


def emulated(name, x, e):
    """Upstream's expansions, step by step in f32."""
    with np.errstate(all="ignore"):
        if name == "rsqrt":
            return F32(1) / np.sqrt(x.astype(np.float64)).astype(F32), None
        if name == "log1p":
            return np.log((F32(1) + x).astype(np.float64)).astype(F32), 2
        if name == "expm1":
            ex = np.exp(x.astype(np.float64)).astype(F32)
            return ex - F32(1), np.spacing(np.abs(ex))
        # fpowi: r = 1; r *= x for each set bit, x squared in between.
        r, base, n = np.ones_like(x), x.copy(), np.abs(e).astype(np.int64)
        while np.any(n):
            r = np.where(n & 1, r * base, r)
            n >>= 1
            base = np.where(n > 0, base * base, base)
        return np.where(e < 0, F32(1) / r, r), None


def module(names):
    t = f"tensor<{N}xf32>"
    lines, results = [], []
    for i, (name, dom) in enumerate(names):
        if name == "fpowi":
            lines.append(f"%r{i} = math.fpowi %mid, %e : {t}, tensor<{N}xi32>")
        elif name.startswith("fpowi "):
            # One exponent for every lane, as GELU's x^3 is.
            lines.append(
                f"%r{i} = linalg.generic {{indexing_maps = [affine_map<(d0) -> "
                f"(d0)>, affine_map<(d0) -> (d0)>], iterator_types = "
                f"[\"parallel\"]}} ins(%{dom} : {t}) outs(%{dom} : {t}) {{\n"
                f"  ^bb0(%in: f32, %o: f32):\n"
                f"    %c = arith.constant {name.split()[1]} : i32\n"
                f"    %p = math.fpowi %in, %c : f32, i32\n"
                f"    linalg.yield %p : f32\n  }} -> {t}")
        elif name.startswith("bf16 "):
            op = name.split()[1]
            lines.append(f"%h{i} = arith.truncf %{dom} : {t} to tensor<{N}xbf16>")
            lines.append(f"%b{i} = math.{op} %h{i} : tensor<{N}xbf16>")
            lines.append(f"%r{i} = arith.extf %b{i} : tensor<{N}xbf16> to {t}")
        else:
            lines.append(f"%r{i} = math.{name} %{dom} : {t}")
        results.append(f"%r{i}")
    types = ", ".join([t] * len(results))
    body = "\n  ".join(lines)
    return (f"func.func @main(%mid: {t}, %pos: {t}, %unit: {t}, %any: {t}, "
            f"%e: tensor<{N}xi32>) -> ({types}) {{\n  {body}\n"
            f"  return {', '.join(results)} : {types}\n}}\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--work-dir", required=True)
    opts = ap.parse_args()
    os.makedirs(opts.work_dir, exist_ok=True)
    rng = np.random.default_rng(5)
    dom = domains(rng)
    exps = rng.integers(-12, 13, N).astype(np.int32)
    names = [(n, d) for n, (d, _, _) in UNARY.items()]
    names += [("rsqrt", "pos"), ("log1p", "pos"), ("expm1", "mid"), ("fpowi", "mid")]
    names += [("fpowi 3", "mid"), ("fpowi -2", "mid"), ("fpowi 13", "unit")]
    names += [("bf16 exp", "unit"), ("bf16 tanh", "mid"), ("bf16 rsqrt", "pos"),
              ("bf16 erf", "unit")]
    path = os.path.join(opts.work_dir, "libm.mlir")
    with open(path, "w") as f:
        f.write(module(names))
    args = []
    for key in ("mid", "pos", "unit", "any"):
        np.save(os.path.join(opts.work_dir, key + ".npy"), dom[key])
        args.append(f"--input={os.path.join(opts.work_dir, key + '.npy')}")
    np.save(os.path.join(opts.work_dir, "e.npy"), exps)
    args.append(f"--input={os.path.join(opts.work_dir, 'e.npy')}")
    outs = [os.path.join(opts.work_dir, f"r{i}.npy") for i in range(len(names))]
    run([os.path.join(opts.bin_dir, "systile-run"), path, "--quiet", *args]
        + [f"--output={o}" for o in outs])

    failures = 0
    for (name, d), out in zip(names, outs):
        x, got = dom[d], np.load(out)
        with np.errstate(all="ignore"):
            if name.startswith("bf16 "):
                op = name.split()[1]
                xb = round_bf16(x)
                fn = {"exp": np.exp, "tanh": np.tanh,
                      "rsqrt": lambda v: 1 / np.sqrt(v),
                      "erf": lambda v: erf64(v, False)}[op]
                ref = fn(xb.astype(np.float64)).astype(F32)
                want = round_bf16(ref)
                # One bf16 ulp is 2^16 f32 ulps.
                bad = ulp_distance(got, want) > (1 << 16)
            elif name.startswith("fpowi "):
                e = np.full(N, int(name.split()[1]), dtype=np.int32)
                want, _ = emulated("fpowi", x, e)
                bad = ulp_distance(got, want) > 0
            elif name in ("rsqrt", "log1p", "expm1", "fpowi"):
                want, tol = emulated(name, x, exps)
                if tol is None:
                    bad = ulp_distance(got, want) > 0
                elif np.isscalar(tol):
                    bad = ulp_distance(got, want) > tol
                else:
                    bad = (np.abs(got.astype(np.float64) - want) > tol) & \
                          ~(np.isnan(got) & np.isnan(want)) & (got != want)
            else:
                _, fn, tol = UNARY[name]
                ref = erf64(x, name == "erfc") if fn is None else fn(x.astype(np.float64))
                want = ref.astype(F32)
                bad = ulp_distance(got, want) > tol
        if np.any(bad):
            i = int(np.argwhere(bad)[0][0])
            print(f"FAIL math.{name}: x = {x[i]!r}: systile-run {got[i]!r}, "
                  f"numpy {want[i]!r}")
            failures += 1
        else:
            print(f"ok math.{name}")
    if failures:
        raise SystemExit(f"FAIL: {failures} functions")
    print(f"PASS: {len(names)} math functions")


if __name__ == "__main__":
    main()
