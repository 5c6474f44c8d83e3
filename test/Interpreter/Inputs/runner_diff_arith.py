#!/usr/bin/env python3
"""Differential test of systile-run's arith and math models against mlir-runner.

Functions @compute_<group> apply arith and math ops to its tensor arguments
(random values plus the special ones: +-0, +-inf, NaN, subnormals, INT_MIN,
...; constants in its callers, so that no folder computes the results)
and returns every result as the i32 bits of its elements (floats bitcast;
narrow integers extended; 64-bit values split in low and high halves), so
the comparison is bit for bit. It runs
  1. lowered by upstream passes (UPSTREAM below) and run by mlir-runner,
     @main printing each result with printMemrefI32, and
  2. in systile-run (--output per result),
and every result must be identical.

Inputs avoid what arith calls poison (division by zero, INT_MIN / -1,
oversized shifts, out-of-range fptosi), and bf16 results avoid subnormals:
on CPUs with AVX512-BF16 LLVM rounds f32 -> bf16 with vcvtneps2bf16, which
flushes subnormals, elsewhere it does not (docs/Interpreter.md).

usage: runner_diff_arith.py --bin-dir DIR --work-dir DIR --runner-libs A.so,B.so
"""
import argparse
import os
import re

import numpy as np

from rfc6ref import f32_to_bf16
from testlib import run

UPSTREAM = ["-convert-elementwise-to-linalg",
            "-one-shot-bufferize=bufferize-function-boundaries",
            "-convert-linalg-to-loops", "-convert-math-to-llvm",
            "-convert-math-to-funcs", "-convert-math-to-libm",
            "-expand-strided-metadata", "-lower-affine", "-convert-scf-to-cf",
            "-convert-to-llvm", "-reconcile-unrealized-casts"]
LLVM_BIN = "/usr/lib/llvm-22/bin"
N = 64
INT_BITS = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64}


class Builder:
    """Builds one function @compute_<group> per group of ops (their
    constants, ops and i32-bit results), @entry returning all their results
    and @main printing them."""

    def __init__(self):
        self.groups = []
        self.results, self.labels = [], []
        self.count = 0

    def begin(self, group):
        self.groups.append({"name": group, "args": [], "consts": [], "lines": [],
                            "first": len(self.results)})
        self.args, self.consts = self.groups[-1]["args"], self.groups[-1]["consts"]
        self.lines = self.groups[-1]["lines"]

    def fresh(self):
        self.count += 1
        return f"%v{self.count}"

    def const(self, values, elem):
        """An input: an argument of @compute, a constant in its callers (so
        that no pass folds the ops under test)."""
        name = f"%a{self.count}"
        self.count += 1
        self.args.append(f"{name}: {ty(elem)}")
        self.consts.append(f"{name} = arith.constant {literal(values, elem)} : {ty(elem)}")
        return name

    def op(self, text, result_elem, label=None):
        name = self.fresh()
        self.lines.append(f"{name} = {text}")
        if label:
            self.output(name, result_elem, label)
        return name

    def output(self, name, elem, label):
        """Records `name` (of element type `elem`) as i32 result(s)."""
        if elem == "f32":
            self.result(self.op(f"arith.bitcast {name} : {ty('f32')} to {ty('i32')}", "i32"), label)
        elif elem in ("bf16", "f16"):
            b = self.op(f"arith.bitcast {name} : {ty(elem)} to {ty('i16')}", "i16")
            self.result(self.op(f"arith.extui {b} : {ty('i16')} to {ty('i32')}", "i32"), label)
        elif elem == "f64":
            self.output(self.op(f"arith.bitcast {name} : {ty('f64')} to {ty('i64')}", "i64"),
                        "i64", label)
        elif elem == "index":
            self.output(self.op(f"arith.index_cast {name} : {ty('index')} to {ty('i64')}", "i64"),
                        "i64", label)
        elif elem == "i1":
            self.result(self.op(f"arith.extui {name} : {ty('i1')} to {ty('i32')}", "i32"), label)
        elif elem in ("i8", "i16"):
            self.result(self.op(f"arith.extsi {name} : {ty(elem)} to {ty('i32')}", "i32"), label)
        elif elem == "i32":
            self.result(name, label)
        else:  # i64: low and high halves.
            c32 = self.const(np.full(N, 32), "i64")
            hi = self.op(f"arith.shrui {name}, {c32} : {ty('i64')}", "i64")
            self.result(self.op(f"arith.trunci {name} : {ty('i64')} to {ty('i32')}", "i32"),
                        label + " (low)")
            self.result(self.op(f"arith.trunci {hi} : {ty('i64')} to {ty('i32')}", "i32"),
                        label + " (high)")

    def result(self, name, label):
        self.results.append(name)
        self.labels.append(label)

    def module(self):
        t = ty("i32")
        funcs, calls, prints = [], [], []
        for g, end in zip(self.groups, [h["first"] for h in self.groups[1:]] +
                          [len(self.results)]):
            results = self.results[g["first"]:end]
            types = ", ".join([t] * len(results))
            names = ", ".join(f"%r{i}" for i in range(g["first"], end))
            args = ", ".join(a.split(":")[0] for a in g["args"])
            arg_types = ", ".join(a.split(": ")[1] for a in g["args"])
            funcs.append(f"func.func @compute_{g['name']}({', '.join(g['args'])}) -> ({types}) {{\n  "
                         + "\n  ".join(g["lines"]) +
                         f"\n  return {', '.join(results)} : {types}\n}}")
            calls.append("\n  ".join(g["consts"]) + f"\n  {names} = func.call "
                         f"@compute_{g['name']}({args}) : ({arg_types}) -> ({types})")
        for i in range(len(self.results)):
            prints.append(
                f"%m{i} = bufferization.to_buffer %r{i} : {t} to memref<{N}xi32>\n"
                f"  %u{i} = memref.cast %m{i} : memref<{N}xi32> to memref<*xi32>\n"
                f"  func.call @printMemrefI32(%u{i}) : (memref<*xi32>) -> ()")
        types = ", ".join([t] * len(self.results))
        names = ", ".join(f"%r{i}" for i in range(len(self.results)))
        calls = "\n  ".join(calls)
        prints = "\n  ".join(prints)
        return "\n".join(funcs) + f"""
func.func @entry() -> ({types}) {{
  {calls}
  return {names} : {types}
}}
func.func private @printMemrefI32(memref<*xi32>)
func.func @main() {{
  {calls}
  {prints}
  return
}}
"""


def ty(elem):
    return f"tensor<{N}x{elem}>"


def literal(values, elem):
    v = np.asarray(values)
    if elem == "f32":
        items = [f"0x{x:08X}" for x in v.astype(np.float32).view(np.uint32)]
    elif elem == "f64":
        items = [f"0x{x:016X}" for x in v.astype(np.float64).view(np.uint64)]
    elif elem == "bf16":
        items = [f"0x{x:04X}" for x in f32_to_bf16(v)]
    elif elem == "f16":
        items = [f"0x{x:04X}" for x in v.astype(np.float16).view(np.uint16)]
    elif elem == "i1":
        items = ["true" if x else "false" for x in v]
    else:
        items = [str(int(x)) for x in v]
    return "dense<[" + ", ".join(items) + "]>"


def float_inputs(rng):
    """General f32 values: specials, subnormals, and a spread of magnitudes."""
    special = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 0.5, 1e-40,
               -3e-39, 3.4e38, -3.4e38, 1.5, -2.5, 2.0, 7.0]
    rest = rng.standard_normal(N - len(special)) * np.exp2(rng.integers(-20, 21, N - len(special)))
    return np.concatenate([special, rest]).astype(np.float32)


def moderate(rng, lo, hi):
    x = rng.uniform(lo, hi, N).astype(np.float32)
    x[:4] = [0.0, -0.0, lo / 2, hi / 2]
    return x


def int_inputs(rng, bits):
    lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    special = [0, 1, -1, lo, hi, lo + 1, hi - 1, 2, -2, 3, 7, -7]
    rest = rng.integers(lo, hi, N - len(special), endpoint=True)
    return np.concatenate([special, rest]).astype(np.int64)


F32_BINARY = ["addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf",
              "maxnumf", "minnumf"]
CMPF = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt",
        "uge", "ult", "ule", "une", "uno", "true"]
INT_BINARY = ["addi", "subi", "muli", "andi", "ori", "xori", "maxsi", "minsi",
              "maxui", "minui"]
INT_DIV = ["divsi", "divui", "remsi", "remui", "ceildivsi", "ceildivui", "floordivsi"]
SHIFTS = ["shli", "shrsi", "shrui"]
CMPI = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
MATH_UNARY_ANY = ["exp", "exp2", "expm1", "tanh", "sin", "cos", "tan", "atan",
                  "sinh", "cosh", "erf", "erfc", "absf", "ceil", "floor",
                  "round", "roundeven", "trunc", "cbrt", "asinh"]
MATH_UNARY_POS = ["log", "log2", "log10", "log1p", "sqrt", "rsqrt", "acosh"]
MATH_UNARY_UNIT = ["asin", "acos", "atanh"]


def float_ops(b, rng):
    fa, fb, fc = float_inputs(rng), float_inputs(rng), float_inputs(rng)
    rng.shuffle(fb)
    a, bb, c = b.const(fa, "f32"), b.const(fb, "f32"), b.const(fc, "f32")
    for op in F32_BINARY:
        b.op(f"arith.{op} {a}, {bb} : {ty('f32')}", "f32", f"f32 {op}")
    b.op(f"arith.negf {a} : {ty('f32')}", "f32", "f32 negf")
    for p in CMPF:
        b.op(f"arith.cmpf {p}, {a}, {bb} : {ty('f32')}", "i1", f"f32 cmpf {p}")
    cond = b.op(f"arith.cmpf olt, {a}, {c} : {ty('f32')}", "i1")
    b.op(f"arith.select {cond}, {a}, {bb} : {ty('i1')}, {ty('f32')}", "f32", "select f32")
    b.op(f"arith.extf {a} : {ty('f32')} to {ty('f64')}", "f64", "extf f32->f64")
    b.op(f"arith.truncf {a} : {ty('f32')} to {ty('f16')}", "f16", "truncf f32->f16")
    # Finite values in i32 / u32 range (and the edges).
    small = (rng.standard_normal(N) * 1e6).astype(np.float32)
    small[:6] = [2147483520.0, -2147483648.0, -0.75, 0.75, -0.0, 1e-30]
    s = b.const(small, "f32")
    b.op(f"arith.fptosi {s} : {ty('f32')} to {ty('i32')}", "i32", "fptosi f32->i32")
    b.op(f"arith.fptosi {s} : {ty('f32')} to {ty('i64')}", "i64", "fptosi f32->i64")
    pos = b.const(np.abs(small) + np.float32(0.5), "f32")
    b.op(f"arith.fptoui {pos} : {ty('f32')} to {ty('i32')}", "i32", "fptoui f32->i32")
    tiny = b.const(moderate(rng, -127.0, 127.0), "f32")
    b.op(f"arith.fptosi {tiny} : {ty('f32')} to {ty('i8')}", "i8", "fptosi f32->i8")
    return fa, fb, fc


def math_ops(b, rng, a, bb, c):
    m = b.const(moderate(rng, -12.0, 12.0), "f32")
    pos = np.abs(float_inputs(rng))
    pos[:2] = [0.0, 1e-40]
    p = b.const(pos, "f32")
    u = b.const(moderate(rng, -1.0, 1.0), "f32")
    for op in MATH_UNARY_ANY:
        for name, v in (("general", a), ("moderate", m)):
            b.op(f"math.{op} {v} : {ty('f32')}", "f32", f"math.{op} ({name})")
    for op in MATH_UNARY_POS:
        for name, v in (("general", a), ("positive", p)):
            b.op(f"math.{op} {v} : {ty('f32')}", "f32", f"math.{op} ({name})")
    for op in MATH_UNARY_UNIT:
        b.op(f"math.{op} {u} : {ty('f32')}", "f32", f"math.{op}")
    b.op(f"math.atan2 {m}, {a} : {ty('f32')}", "f32", "math.atan2")
    b.op(f"math.powf {p}, {m} : {ty('f32')}", "f32", "math.powf")
    b.op(f"math.powf {a}, {bb} : {ty('f32')}", "f32", "math.powf (general)")
    b.op(f"math.copysign {a}, {bb} : {ty('f32')}", "f32", "math.copysign")
    b.op(f"math.fma {a}, {bb}, {c} : {ty('f32')}", "f32", "math.fma")
    e = b.const(rng.integers(-9, 10, N), "i32")
    b.op(f"math.fpowi {m}, {e} : {ty('f32')}, {ty('i32')}", "f32", "math.fpowi")
    b.op(f"math.isnan {a} : {ty('f32')}", "i1", "math.isnan")
    b.op(f"math.isfinite {a} : {ty('f32')}", "i1", "math.isfinite")


def bf16_ops(b, rng):
    # Normal bf16 values whose sums, products and quotients stay normal.
    x = (rng.standard_normal(N) * np.exp2(rng.integers(-8, 9, N))).astype(np.float32)
    y = (rng.standard_normal(N) * np.exp2(rng.integers(-8, 9, N))).astype(np.float32)
    x[:6] = [0.0, -0.0, np.inf, np.nan, 1.0, 3.0]
    y[:6] = [-0.0, 0.0, 1.0, 2.0, 0.00390625, 1.0078125]
    hx, hy = b.const(x, "bf16"), b.const(y, "bf16")
    for op in F32_BINARY:
        b.op(f"arith.{op} {hx}, {hy} : {ty('bf16')}", "bf16", f"bf16 {op}")
    b.op(f"arith.negf {hx} : {ty('bf16')}", "bf16", "bf16 negf")
    for p in ("olt", "uge", "une", "ord"):
        b.op(f"arith.cmpf {p}, {hx}, {hy} : {ty('bf16')}", "i1", f"bf16 cmpf {p}")
    b.op(f"arith.extf {hx} : {ty('bf16')} to {ty('f32')}", "f32", "extf bf16->f32")
    fx = b.const(x * np.float32(1.2345678), "f32")
    b.op(f"arith.truncf {fx} : {ty('f32')} to {ty('bf16')}", "bf16", "truncf f32->bf16")
    hm = b.const(moderate(rng, -20.0, 20.0), "bf16")  # No subnormal results.
    for op in ("exp", "tanh", "sqrt", "rsqrt", "expm1", "log1p", "floor", "absf"):
        b.op(f"math.{op} {hm} : {ty('bf16')}", "bf16", f"bf16 math.{op}")
    ints = rng.integers(-(1 << 31), (1 << 31) - 1, N)
    ints[:3] = [33685505, -33685505, 16777217]  # Round differently via f32.
    i = b.const(ints, "i32")
    b.op(f"arith.sitofp {i} : {ty('i32')} to {ty('bf16')}", "bf16", "sitofp i32->bf16")
    b.op(f"arith.uitofp {i} : {ty('i32')} to {ty('bf16')}", "bf16", "uitofp i32->bf16")
    small = b.const(np.clip(x, -1e4, 1e4), "bf16")
    nonan = b.op(f"arith.cmpf ord, {small}, {small} : {ty('bf16')}", "i1")
    zero = b.const(np.zeros(N), "bf16")
    clean = b.op(f"arith.select {nonan}, {small}, {zero} : {ty('i1')}, {ty('bf16')}", "bf16")
    b.op(f"arith.fptosi {clean} : {ty('bf16')} to {ty('i32')}", "i32", "fptosi bf16->i32")


def wide_float_ops(b, rng):
    d = rng.standard_normal(N) * np.exp2(rng.integers(-30, 31, N))
    d[:4] = [1.00390625093132257, 1.0009765625000009, -0.0, np.nan]
    e = rng.standard_normal(N) * 3
    x, y = b.const(d, "f64"), b.const(e, "f64")
    for op in ("addf", "mulf", "divf", "maximumf"):
        b.op(f"arith.{op} {x}, {y} : {ty('f64')}", "f64", f"f64 {op}")
    for op in ("exp", "tanh", "erf", "sqrt", "log1p", "cbrt"):
        b.op(f"math.{op} {y} : {ty('f64')}", "f64", f"f64 math.{op}")
    b.op(f"math.powf {y}, {y} : {ty('f64')}", "f64", "f64 math.powf")
    b.op(f"arith.truncf {x} : {ty('f64')} to {ty('f32')}", "f32", "truncf f64->f32")
    b.op(f"arith.truncf {y} : {ty('f64')} to {ty('bf16')}", "bf16", "truncf f64->bf16")
    # d[0] = 1 + 2^-8 + 2^-30 rounds to bf16 1 through f32 (LLVM), not 1 + 2^-7.
    b.op(f"arith.truncf {x} : {ty('f64')} to {ty('bf16')}", "bf16", "truncf f64->bf16 (ties)")
    b.op(f"arith.truncf {x} : {ty('f64')} to {ty('f16')}", "f16", "truncf f64->f16")
    h = b.const((rng.standard_normal(N) * 100).astype(np.float16), "f16")
    b.op(f"arith.addf {h}, {h} : {ty('f16')}", "f16", "f16 addf")
    b.op(f"arith.mulf {h}, {h} : {ty('f16')}", "f16", "f16 mulf")
    b.op(f"arith.extf {h} : {ty('f16')} to {ty('f64')}", "f64", "extf f16->f64")
    b.op(f"math.exp {h} : {ty('f16')}", "f16", "f16 math.exp")
    i = b.const(int_inputs(rng, 64), "i64")
    b.op(f"arith.sitofp {i} : {ty('i64')} to {ty('f32')}", "f32", "sitofp i64->f32")
    b.op(f"arith.uitofp {i} : {ty('i64')} to {ty('f64')}", "f64", "uitofp i64->f64")
    b.op(f"arith.sitofp {i} : {ty('i64')} to {ty('f16')}", "f16", "sitofp i64->f16")
    b.op(f"arith.fptosi {y} : {ty('f64')} to {ty('i64')}", "i64", "fptosi f64->i64")


def int_ops(b, rng, elem):
    bits = INT_BITS[elem]
    va, vb = int_inputs(rng, bits), int_inputs(rng, bits)
    rng.shuffle(vb)
    lo = -(1 << (bits - 1))
    divisor = np.where(vb == 0, 3, vb)
    divisor = np.where((va == lo) & (divisor == -1), 5, divisor)
    a, bb, d = b.const(va, elem), b.const(vb, elem), b.const(divisor, elem)
    s = b.const(rng.integers(0, bits, N), elem)
    t = ty(elem)
    for op in INT_BINARY:
        b.op(f"arith.{op} {a}, {bb} : {t}", elem, f"{elem} {op}")
    for op in INT_DIV:
        b.op(f"arith.{op} {a}, {d} : {t}", elem, f"{elem} {op}")
    for op in SHIFTS:
        b.op(f"arith.{op} {a}, {s} : {t}", elem, f"{elem} {op}")
    for p in CMPI:
        b.op(f"arith.cmpi {p}, {a}, {bb} : {t}", "i1", f"{elem} cmpi {p}")
    for op in ("absi", "ctlz", "cttz", "ctpop"):
        b.op(f"math.{op} {a} : {t}", elem, f"{elem} math.{op}")
    e = b.const(rng.integers(-3, 12, N), elem)
    b.op(f"math.ipowi {d}, {e} : {t}", elem, f"{elem} math.ipowi")
    for other in ("i8", "i16", "i32", "i64"):
        ob = INT_BITS[other]
        if ob == bits:
            continue
        for cast in (("extsi", "extui") if ob > bits else ("trunci",)):
            b.op(f"arith.{cast} {a} : {t} to {ty(other)}", other, f"{cast} {elem}->{other}")
    b.op(f"arith.sitofp {a} : {t} to {ty('f32')}", "f32", f"sitofp {elem}->f32")
    b.op(f"arith.uitofp {a} : {t} to {ty('f64')}", "f64", f"uitofp {elem}->f64")
    idx = b.op(f"arith.index_cast {a} : {t} to {ty('index')}", "index", f"index_cast {elem}->index")
    b.op(f"arith.index_castui {a} : {t} to {ty('index')}", "index", f"index_castui {elem}->index")
    sq = b.op(f"arith.muli {idx}, {idx} : {ty('index')}", "index", f"index muli ({elem})")
    b.op(f"arith.index_cast {sq} : {ty('index')} to {t}", elem, f"index_cast index->{elem}")


def i1_ops(b, rng):
    a = b.const(rng.integers(0, 2, N), "i1")
    c = b.const(rng.integers(0, 2, N), "i1")
    t = ty("i1")
    for op in ("addi", "subi", "muli", "andi", "ori", "xori", "maxsi", "minsi", "maxui", "minui"):
        b.op(f"arith.{op} {a}, {c} : {t}", "i1", f"i1 {op}")
    for p in ("slt", "ult", "sge"):
        b.op(f"arith.cmpi {p}, {a}, {c} : {t}", "i1", f"i1 cmpi {p}")
    b.op(f"arith.extsi {a} : {t} to {ty('i32')}", "i32", "extsi i1->i32")
    b.op(f"arith.sitofp {a} : {t} to {ty('f32')}", "f32", "sitofp i1->f32")
    b.op(f"arith.uitofp {a} : {t} to {ty('f32')}", "f32", "uitofp i1->f32")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--work-dir", required=True)
    ap.add_argument("--runner-libs", required=True)
    opts = ap.parse_args()
    os.makedirs(opts.work_dir, exist_ok=True)
    rng = np.random.default_rng(11)
    b = Builder()
    b.begin("f32")
    inputs = float_ops(b, rng)
    b.begin("math")
    math_ops(b, rng, *[b.const(v, "f32") for v in inputs])
    b.begin("bf16")
    bf16_ops(b, rng)
    b.begin("wide")
    wide_float_ops(b, rng)
    for elem in ("i8", "i16", "i32", "i64"):
        b.begin(elem)
        int_ops(b, rng, elem)
    b.begin("i1")
    i1_ops(b, rng)
    path = os.path.join(opts.work_dir, "arith.mlir")
    with open(path, "w") as f:
        f.write(b.module())

    llvm_ir = run([os.path.join(LLVM_BIN, "mlir-opt"), path, *UPSTREAM])
    printed = run([os.path.join(LLVM_BIN, "mlir-runner"), "-e", "main",
                   "-entry-point-result=void",
                   f"-shared-libs={opts.runner_libs}"], stdin=llvm_ir)
    blocks = printed.split("data =")[1:]
    if len(blocks) != len(b.results):
        raise SystemExit(f"FAIL: mlir-runner printed {len(blocks)} results, "
                         f"expected {len(b.results)}")
    outputs = [os.path.join(opts.work_dir, f"r{i}.npy") for i in range(len(b.results))]
    run([os.path.join(opts.bin_dir, "systile-run"), path, "--entry", "entry",
         "--quiet"] + [f"--output={o}" for o in outputs])
    failures = 0
    for label, block, out in zip(b.labels, blocks, outputs):
        data = block.split("Unranked")[0]
        upstream = np.array([int(v) for v in re.findall(r"-?\d+", data)], dtype=np.int64)
        got = np.load(out).astype(np.int64)
        if upstream.shape != got.shape or not np.array_equal(upstream, got):
            bad = int(np.argwhere(upstream != got)[0][0]) if upstream.shape == got.shape else -1
            print(f"FAIL {label}: element {bad}: systile-run "
                  f"{got[bad] if bad >= 0 else got.shape} vs mlir-runner "
                  f"{upstream[bad] if bad >= 0 else upstream.shape}")
            failures += 1
    if failures:
        raise SystemExit(f"FAIL: {failures} of {len(b.labels)} results differ")
    print(f"PASS: {len(b.labels)} arith/math results bit-identical to mlir-runner")


if __name__ == "__main__":
    main()
