#!/usr/bin/env python3
"""A 3-layer MLP in frontend form and its independent numpy model.

usage: mlp_layout.py emit DIR            writes DIR/const.mlir (weights and
                                         biases as constants), DIR/args.mlir
                                         (as arguments) and DIR/*.npy inputs
       mlp_layout.py check DIR OUT.npy MODE
                                         compares OUT.npy with the model bit
                                         for bit; MODE is rfc6 (systolic
                                         matmul order, RFC 6, mxu = 4) or
                                         linalg (sequential k)

Frontend form: per layer a zero-filled accumulator (linalg.fill), a
linalg.matmul, the bias as a broadcast linalg.generic ((d0, d1) -> (d1))
and ReLU as a linalg.generic (arith.maximumf with 0). Values are random
f32 (fixed seed), so every rounding shows.
"""
import os
import sys

import numpy as np

from rfc6ref import linalg_matmul, matmul

DIMS = [9, 6, 7, 3]  # input features, then each layer's outputs
ROWS = 5
MXU = 4


def params():
    rng = np.random.default_rng(1234)
    x = rng.standard_normal((ROWS, DIMS[0])).astype(np.float32)
    ws, bs = [], []
    for k, n in zip(DIMS, DIMS[1:]):
        ws.append(rng.standard_normal((k, n)).astype(np.float32))
        bs.append(rng.standard_normal((n,)).astype(np.float32))
    return x, ws, bs


def literal(a):
    """A dense<...> literal that parses back to the same f32 bits."""
    def rec(v):
        if v.ndim == 1:
            return "[" + ", ".join(repr(float(e)) for e in v) + "]"
        return "[" + ", ".join(rec(r) for r in v) + "]"
    return "dense<" + rec(a) + ">"


def module(ws, bs, as_args):
    t = lambda *s: "tensor<" + "x".join(map(str, s)) + "xf32>"
    args = [f"%x: {t(ROWS, DIMS[0])}"]
    if as_args:
        for i, (k, n) in enumerate(zip(DIMS, DIMS[1:])):
            args += [f"%w{i}: {t(k, n)}", f"%b{i}: {t(n)}"]
    out = [
        "#id = affine_map<(d0, d1) -> (d0, d1)>",
        "#row = affine_map<(d0, d1) -> (d1)>",
        f"func.func @main({', '.join(args)}) -> {t(ROWS, DIMS[-1])} {{",
        "  %zero = arith.constant 0.0 : f32",
    ]
    h = "%x"
    for i, (k, n) in enumerate(zip(DIMS, DIMS[1:])):
        if not as_args:
            out.append(f"  %w{i} = arith.constant {literal(ws[i])} : {t(k, n)}")
            out.append(f"  %b{i} = arith.constant {literal(bs[i])} : {t(n)}")
        mn = t(ROWS, n)
        out += [
            f"  %e{i} = tensor.empty() : {mn}",
            f"  %acc{i} = linalg.fill ins(%zero : f32) outs(%e{i} : {mn}) -> {mn}",
            f"  %mm{i} = linalg.matmul ins({h}, %w{i} : {t(ROWS, k)}, {t(k, n)})"
            f" outs(%acc{i} : {mn}) -> {mn}",
            f"  %bias{i} = linalg.generic {{indexing_maps = [#id, #row, #id],"
            f" iterator_types = [\"parallel\", \"parallel\"]}}"
            f" ins(%mm{i}, %b{i} : {mn}, {t(n)}) outs(%e{i} : {mn}) {{",
            "  ^bb0(%in: f32, %b: f32, %out: f32):",
            "    %s = arith.addf %in, %b : f32",
            "    linalg.yield %s : f32",
            f"  }} -> {mn}",
            f"  %relu{i} = linalg.generic {{indexing_maps = [#id, #id],"
            f" iterator_types = [\"parallel\", \"parallel\"]}}"
            f" ins(%bias{i} : {mn}) outs(%e{i} : {mn}) {{",
            "  ^bb0(%in: f32, %out: f32):",
            "    %r = arith.maximumf %in, %zero : f32",
            "    linalg.yield %r : f32",
            f"  }} -> {mn}",
        ]
        h = f"%relu{i}"
    out += [f"  return {h} : {t(ROWS, DIMS[-1])}", "}"]
    return "\n".join(out) + "\n"


def model(mode):
    x, ws, bs = params()
    h = x
    for w, b in zip(ws, bs):
        zero = np.zeros((h.shape[0], w.shape[1]), np.float32)
        mm = matmul(h, w, mxu=MXU) if mode == "rfc6" else linalg_matmul(h, w, zero)
        z = mm + b[None, :]
        h = np.where(z > 0, z, np.float32(0)).astype(np.float32)  # maximumf(z, +0)
    return h


def main():
    if sys.argv[1] == "emit":
        d = sys.argv[2]
        x, ws, bs = params()
        with open(os.path.join(d, "const.mlir"), "w") as f:
            f.write(module(ws, bs, False))
        with open(os.path.join(d, "args.mlir"), "w") as f:
            f.write(module(ws, bs, True))
        np.save(os.path.join(d, "x.npy"), x)
        for i, (w, b) in enumerate(zip(ws, bs)):
            np.save(os.path.join(d, f"w{i}.npy"), w)
            np.save(os.path.join(d, f"b{i}.npy"), b)
        return
    _, _, out, mode = sys.argv[1:5]
    got = np.load(out)
    want = model(mode)
    if got.shape != want.shape or got.dtype != want.dtype:
        raise SystemExit(f"FAIL: got {got.dtype}{got.shape}, want {want.dtype}{want.shape}")
    differ = int(np.count_nonzero(got.view(np.uint32) != want.view(np.uint32)))
    print(f"{mode}: {differ} of {want.size} elements differ in bits")
    # The model is not trivial: the two matmul orders disagree somewhere.
    other = model("linalg" if mode == "rfc6" else "rfc6")
    print("orders differ:", bool(np.any(other.view(np.uint32) != want.view(np.uint32))))


if __name__ == "__main__":
    main()
