#!/usr/bin/env python3
"""Random tensor programs for systile-run, checked against numpy.

Each case takes a random f32 tensor (non-integer values, from --input) and
applies a random chain of tensor ops with random static and dynamic
parameters: strided extract_slice (sometimes rank-reducing),
strided insert_slice into the input, pad, concat, and collapse/expand
reshapes. numpy computes the same chain (slicing, np.pad, np.concatenate,
reshape) and the results must be bit-identical.

usage: tensor_random.py --bin-dir DIR --work-dir DIR [--cases N] [--seed S]
"""
import argparse
import os

import numpy as np

from testlib import run


def ty(shape):
    return "tensor<" + "".join(f"{d}x" for d in shape) + "f32>"


class Builder:
    """Emits MLIR lines and tracks the numpy value of the current tensor."""

    def __init__(self, rng, value):
        self.rng, self.value, self.lines, self.n = rng, value, [], 0
        self.cur = "%x"

    def fresh(self):
        self.n += 1
        return f"%v{self.n}"

    def index(self, v, dynamic):
        """A static operand, or an index constant used as a dynamic one."""
        if not dynamic:
            return str(v)
        name = self.fresh()
        self.lines.append(f"{name} = arith.constant {v} : index")
        return name

    def emit(self, text, value):
        name = self.fresh()
        self.lines.append(f"{name} = {text}")
        self.cur, self.value = name, value

    def box(self, shape):
        offs, sizes, strides = [], [], []
        for d in shape:
            stride = int(self.rng.integers(1, 3))
            size = int(self.rng.integers(1, (d - 1) // stride + 2))
            off = int(self.rng.integers(0, d - (size - 1) * stride))
            offs.append(off), sizes.append(size), strides.append(stride)
        return offs, sizes, strides

    def extract_slice(self):
        v = self.value
        offs, sizes, strides = self.box(v.shape)
        sl = tuple(slice(o, o + (s - 1) * st + 1, st)
                   for o, s, st in zip(offs, sizes, strides))
        out = v[sl]
        # Drop one unit dimension, if any, when rank allows.
        units = [i for i, s in enumerate(sizes) if s == 1]
        shape = list(sizes)
        if units and v.ndim > 1 and self.rng.integers(0, 2):
            shape.pop(units[0])
            out = out.reshape(shape)
        dyn = bool(self.rng.integers(0, 2))
        o = ", ".join(self.index(x, dyn) for x in offs)
        self.emit(f"tensor.extract_slice {self.cur}[{o}] {sizes} {strides} : "
                  f"{ty(v.shape)} to {ty(shape)}", out)

    def insert_slice(self, dest_name, dest):
        """Inserts the current value (as a box) into `dest`."""
        src = self.value
        full = list(src.shape) + [1] * (dest.ndim - src.ndim)
        if src.ndim != dest.ndim or any(s > d for s, d in zip(full, dest.shape)):
            return
        offs, strides = [], []
        for s, d in zip(full, dest.shape):
            st = int(self.rng.integers(1, 3))
            if (s - 1) * st >= d:
                st = 1
            offs.append(int(self.rng.integers(0, d - (s - 1) * st)))
            strides.append(st)
        out = dest.copy()
        out[tuple(slice(o, o + (s - 1) * st + 1, st)
                  for o, s, st in zip(offs, full, strides))] = src
        dyn = bool(self.rng.integers(0, 2))
        o = ", ".join(self.index(x, dyn) for x in offs)
        self.emit(f"tensor.insert_slice {self.cur} into {dest_name}[{o}] "
                  f"{full} {strides} : {ty(src.shape)} into {ty(dest.shape)}",
                  out)

    def pad(self):
        v = self.value
        low = [int(x) for x in self.rng.integers(0, 3, v.ndim)]
        high = [int(x) for x in self.rng.integers(0, 3, v.ndim)]
        c = np.float32(self.rng.standard_normal())
        out = np.pad(v, list(zip(low, high)), constant_values=c)
        dyn = bool(self.rng.integers(0, 2))
        lo = ", ".join(self.index(x, dyn) for x in low)
        hi = ", ".join(self.index(x, dyn) for x in high)
        cname = self.fresh()
        self.lines.append(f"{cname} = arith.constant {float(c)!r} : f32")
        args = ", ".join(f"%i{d}: index" for d in range(v.ndim))
        # Dynamic amounts give a dynamic result type; cast it back.
        rtype = ty(out.shape) if not dyn else ty(["?"] * v.ndim)
        self.emit(f"tensor.pad {self.cur} low[{lo}] high[{hi}] {{\n"
                  f"^bb0({args}):\n  tensor.yield {cname} : f32\n"
                  f"}} : {ty(v.shape)} to {rtype}", out)
        if dyn:
            self.emit(f"tensor.cast {self.cur} : {rtype} to {ty(out.shape)}",
                      out)

    def concat(self):
        v = self.value
        dim = int(self.rng.integers(0, v.ndim))
        out = np.concatenate([v, v], axis=dim)
        self.emit(f"tensor.concat dim({dim}) {self.cur}, {self.cur} : "
                  f"({ty(v.shape)}, {ty(v.shape)}) -> {ty(out.shape)}", out)

    def reshape(self):
        v = self.value
        if v.ndim < 2:
            return
        flat = v.reshape(-1)
        groups = [list(range(v.ndim))]
        self.emit(f"tensor.collapse_shape {self.cur} {groups} : "
                  f"{ty(v.shape)} into {ty(flat.shape)}", flat)
        shape = list(v.shape)[::-1]
        out = flat.reshape(shape)
        self.emit(f"tensor.expand_shape {self.cur} {groups} output_shape "
                  f"{shape} : {ty(flat.shape)} into {ty(shape)}", out)


def make_case(rng):
    shape = [int(d) for d in rng.integers(1, 7, int(rng.integers(1, 4)))]
    x = rng.standard_normal(shape).astype(np.float32)
    b = Builder(rng, x)
    ops = []
    for _ in range(int(rng.integers(2, 6))):
        op = rng.choice(["extract_slice", "pad", "concat", "reshape",
                         "insert_slice"])
        ops.append(str(op))
        if op == "insert_slice":
            b.insert_slice("%x", x)
        else:
            getattr(b, op)()
    body = "\n  ".join(b.lines)
    text = (f"func.func @main(%x: {ty(x.shape)}) -> {ty(b.value.shape)} {{\n"
            f"  {body}\n  return {b.cur} : {ty(b.value.shape)}\n}}\n")
    return x, text, b.value, ops


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--work-dir", required=True)
    ap.add_argument("--cases", type=int, default=40)
    ap.add_argument("--seed", type=int, default=8)
    opts = ap.parse_args()
    os.makedirs(opts.work_dir, exist_ok=True)
    rng = np.random.default_rng(opts.seed)
    for k in range(opts.cases):
        x, text, want, ops = make_case(rng)
        base = os.path.join(opts.work_dir, f"case{k}")
        with open(base + ".mlir", "w") as f:
            f.write(text)
        np.save(base + "_x.npy", x)
        run([os.path.join(opts.bin_dir, "systile-run"), base + ".mlir",
             "--quiet", "--input", base + "_x.npy", "--output",
             base + "_out.npy"])
        got = np.load(base + "_out.npy")
        if got.shape != want.shape or not np.array_equal(
                got.view(np.uint32), want.view(np.uint32)):
            raise SystemExit(f"FAIL case {k} ({' '.join(ops)}): see {base}.mlir"
                             f"\ngot {got}\nwant {want}")
    print(f"PASS: {opts.cases} random tensor programs equal numpy bit for bit")


if __name__ == "__main__":
    main()
