#!/usr/bin/env python3
"""Execution test of convert-linalg-to-systile's contraction forms.

For each form (a transposed-maps matmul, a linalg.transpose feeding a
matmul, matvec/vecmat/dot, batch_matmul as one batched matmul,
batch_reduce_matmul unrolled and as an scf.for, quantized_matmul,
matmul-shaped linalg.generic, ...) and
a few shapes and geometries, it

  1. writes the linalg IR and random .npy inputs,
  2. lowers it with `systile-opt --systile-pipeline=...`,
  3. runs the lowered IR with `systile-run --output`,
  4. compares the result bit for bit with an independent numpy model: RFC
     section 6's blocked order (a rounded multiply, then a rounded add, per
     k inside each mxu block; block sums added to the accumulator in block
     order) applied to the transposed or batched problem written out here,
     and, for quantized_matmul, upstream's definition
     C + sum_k (a - za)(b - zb) in wrapping i32 arithmetic.

usage: contraction_forms.py --bin-dir DIR --work-dir DIR --set packs|slices-loops
`packs`: forms whose lowered IR is only pack (transposing or not), matmul
and unpack; `slices-loops`: forms whose lowering also needs tensor
reshapes/slices, scf.for or linalg.generic.
Prints one line per case and "PASS: N cases"; exits 1 on the first mismatch.
"""
import argparse
import math
import os
import re

import numpy as np

from rfc6ref import f32_to_bf16, matmul, round_bf16, wrap_i32
from testlib import run

# --- the model -----------------------------------------------------------


def quantized_reference(a, b, za, zb, c):
    """Upstream linalg.quantized_matmul: C + sum_k (a - za)(b - zb), i32."""
    wide = (a.astype(np.int64) - za) @ (b.astype(np.int64) - zb)
    return wrap_i32(c.astype(np.int64) + wide)


# --- inputs and IR -------------------------------------------------------

MLIR_TYPE = {"f32": "f32", "bf16": "bf16", "i8": "i8", "i32": "i32"}


def random_input(rng, elem, shape):
    if elem == "i8":
        return rng.integers(-128, 128, shape).astype(np.int8)
    if elem == "i32":
        return rng.integers(-2**31, 2**31, shape, dtype=np.int64).astype(np.int32)
    x = rng.uniform(-1, 1, shape) * np.exp2(rng.integers(-4, 5, shape))
    x = x.astype(np.float32)
    return round_bf16(x) if elem == "bf16" else x


def tensor_type(shape, elem):
    dims = "x".join(str(d) for d in shape)
    return f"tensor<{dims}x{elem}>" if shape else f"tensor<{elem}>"


def save_npy(path, arr, elem):
    np.save(path, f32_to_bf16(arr) if elem == "bf16" else arr)


def func(args, body, result):
    sig = ", ".join(f"%{n}: {tensor_type(s, e)}" for n, s, e in args)
    return (f"func.func @main({sig}) -> {result} {{\n{body}\n"
            f"  return %d : {result}\n}}\n")


MAPS = "indexing_maps = [affine_map<(m, n, k) -> ({})>, " \
       "affine_map<(m, n, k) -> ({})>, affine_map<(m, n, k) -> ({})>]"

# --- the forms -----------------------------------------------------------
# Each returns (ir, inputs as [(name, array, elem)], expected result).


def form_maps(rng, m, k, n, mxu, lhs_t, rhs_t, out_t, elem="f32",
              precision="f32"):
    """linalg.matmul with permuted maps: lhs (k, m), rhs (n, k), out (n, m)."""
    acc = "i32" if elem == "i8" else "f32"
    a = random_input(rng, elem, (m, k))
    b = random_input(rng, elem, (k, n))
    c = random_input(rng, acc, (m, n))
    a_s, b_s = (a.T.copy() if lhs_t else a), (b.T.copy() if rhs_t else b)
    c_s = c.T.copy() if out_t else c
    maps = MAPS.format("k, m" if lhs_t else "m, k", "n, k" if rhs_t else "k, n",
                       "n, m" if out_t else "m, n")
    ta, tb = tensor_type(a_s.shape, elem), tensor_type(b_s.shape, elem)
    tc = tensor_type(c_s.shape, acc)
    body = (f"  %d = linalg.matmul {maps}\n"
            f"      ins(%a, %b : {ta}, {tb}) outs(%c : {tc}) -> {tc}")
    ir = func([("a", a_s.shape, elem), ("b", b_s.shape, elem),
               ("c", c_s.shape, acc)], body, tc)
    want = matmul(a, b, c, mxu=mxu, precision=precision)
    return ir, [("a", a_s, elem), ("b", b_s, elem), ("c", c_s, acc)], \
        (want.T.copy() if out_t else want)


def form_transpose_op(rng, m, k, n, mxu, const_weight=False):
    """x W^T with W [n, k] transposed by a linalg.transpose."""
    a = random_input(rng, "f32", (m, k))
    w = random_input(rng, "f32", (n, k))
    c = random_input(rng, "f32", (m, n))
    tw, tb = tensor_type((n, k), "f32"), tensor_type((k, n), "f32")
    tc = tensor_type((m, n), "f32")
    args = [("a", (m, k), "f32")]
    body = ""
    if const_weight:
        rows = ", ".join("[" + ", ".join(repr(float(v)) for v in row) + "]"
                         for row in w)
        body += f"  %w = arith.constant dense<[{rows}]> : {tw}\n"
    else:
        args.append(("w", (n, k), "f32"))
    args.append(("c", (m, n), "f32"))
    body += (f"  %e = tensor.empty() : {tb}\n"
             f"  %t = linalg.transpose ins(%w : {tw}) outs(%e : {tb}) "
             f"permutation = [1, 0]\n"
             f"  %d = linalg.matmul ins(%a, %t : {tensor_type((m, k), 'f32')}, "
             f"{tb}) outs(%c : {tc}) -> {tc}")
    inputs = [("a", a, "f32")] + ([] if const_weight else [("w", w, "f32")]) \
        + [("c", c, "f32")]
    return func(args, body, tc), inputs, matmul(a, w.T, c, mxu=mxu)


def form_generic(rng, m, k, n, mxu, elem):
    """A matmul written as linalg.generic, widening its inputs in the body."""
    acc = "i32" if elem == "i8" else "f32"
    a, b = random_input(rng, elem, (m, k)), random_input(rng, elem, (k, n))
    c = random_input(rng, acc, (m, n))
    ta, tb = tensor_type((m, k), elem), tensor_type((k, n), elem)
    tc = tensor_type((m, n), acc)
    if elem == "i8":
        ext, mul, add = "arith.extsi", "arith.muli", "arith.addi"
    else:
        ext, mul, add = "arith.extf", "arith.mulf", "arith.addf"
    body = (f"  %d = linalg.generic {{{MAPS.format('m, k', 'k, n', 'm, n')}, "
            f"iterator_types = [\"parallel\", \"parallel\", \"reduction\"]}}\n"
            f"      ins(%a, %b : {ta}, {tb}) outs(%c : {tc}) {{\n"
            f"  ^bb0(%x: {elem}, %y: {elem}, %z: {acc}):\n"
            f"    %xe = {ext} %x : {elem} to {acc}\n"
            f"    %ye = {ext} %y : {elem} to {acc}\n"
            f"    %p = {mul} %xe, %ye : {acc}\n"
            f"    %s = {add} %z, %p : {acc}\n"
            f"    linalg.yield %s : {acc}\n"
            f"  }} -> {tc}")
    ir = func([("a", (m, k), elem), ("b", (k, n), elem), ("c", (m, n), acc)],
              body, tc)
    return ir, [("a", a, elem), ("b", b, elem), ("c", c, acc)], \
        matmul(a, b, c, mxu=mxu)


def form_quantized(rng, m, k, n, mxu, za, zb, batch=None):
    """quantized_matmul (or quantized_batch_matmul) with constant zero points."""
    pre = (batch,) if batch else ()
    a = random_input(rng, "i8", pre + (m, k))
    b = random_input(rng, "i8", pre + (k, n))
    c = random_input(rng, "i32", pre + (m, n))
    ta, tb = tensor_type(a.shape, "i8"), tensor_type(b.shape, "i8")
    tc = tensor_type(c.shape, "i32")
    op = "linalg.quantized_batch_matmul" if batch else "linalg.quantized_matmul"
    body = (f"  %za = arith.constant {za} : i32\n"
            f"  %zb = arith.constant {zb} : i32\n"
            f"  %d = {op} ins(%a, %b, %za, %zb : {ta}, {tb}, i32, i32)\n"
            f"      outs(%c : {tc}) -> {tc}")
    ir = func([("a", a.shape, "i8"), ("b", b.shape, "i8"), ("c", c.shape, "i32")],
              body, tc)
    if batch:
        want = np.stack([quantized_reference(a[i], b[i], za, zb, c[i])
                         for i in range(batch)])
    else:
        want = quantized_reference(a, b, za, zb, c)
    return ir, [("a", a, "i8"), ("b", b, "i8"), ("c", c, "i32")], want


def form_vector(rng, m, k, n, mxu, kind):
    """matvec (M x K . K), vecmat (K . K x N), dot (K . K)."""
    shapes = {"matvec": ((m, k), (k,), (m,)), "vecmat": ((k,), (k, n), (n,)),
              "dot": ((k,), (k,), ())}[kind]
    a, b = random_input(rng, "f32", shapes[0]), random_input(rng, "f32", shapes[1])
    c = random_input(rng, "f32", shapes[2]) if shapes[2] else \
        np.array(random_input(rng, "f32", (1,))[0], dtype=np.float32)
    ta, tb = tensor_type(shapes[0], "f32"), tensor_type(shapes[1], "f32")
    tc = tensor_type(shapes[2], "f32")
    body = (f"  %d = linalg.{kind} ins(%a, %b : {ta}, {tb}) outs(%c : {tc}) "
            f"-> {tc}")
    ir = func([("a", shapes[0], "f32"), ("b", shapes[1], "f32"),
               ("c", shapes[2], "f32")], body, tc)
    a2 = a.reshape(1, -1) if a.ndim == 1 else a
    b2 = b.reshape(-1, 1) if b.ndim == 1 else b
    want = matmul(a2, b2, np.asarray(c, dtype=np.float32).reshape(
        a2.shape[0], b2.shape[1]), mxu=mxu).reshape(shapes[2])
    return ir, [("a", a, "f32"), ("b", b, "f32"), ("c", c, "f32")], want


def form_batch(rng, m, k, n, mxu, batch, reduce):
    """batch_matmul (one batched matmul) or batch_reduce_matmul (one 2-D
    matmul per batch, accumulating)."""
    a = random_input(rng, "f32", (batch, m, k))
    b = random_input(rng, "f32", (batch, k, n))
    c = random_input(rng, "f32", (m, n) if reduce else (batch, m, n))
    op = "batch_reduce_matmul" if reduce else "batch_matmul"
    ta, tb = tensor_type(a.shape, "f32"), tensor_type(b.shape, "f32")
    tc = tensor_type(c.shape, "f32")
    body = (f"  %d = linalg.{op} ins(%a, %b : {ta}, {tb}) outs(%c : {tc}) "
            f"-> {tc}")
    ir = func([("a", a.shape, "f32"), ("b", b.shape, "f32"),
               ("c", c.shape, "f32")], body, tc)
    if reduce:  # Batches accumulate in increasing order into one result.
        want = c
        for i in range(batch):
            want = matmul(a[i], b[i], want, mxu=mxu)
    else:
        want = np.stack([matmul(a[i], b[i], c[i], mxu=mxu) for i in range(batch)])
    return ir, [("a", a, "f32"), ("b", b, "f32"), ("c", c, "f32")], want


def form_batch_transposed(rng, m, k, n, mxu, batch):
    """batch_matmul reading its lhs (b, k, m) through its maps and its rhs
    through a 3-D linalg.transpose of a [b, n, k] weight."""
    a = random_input(rng, "f32", (batch, k, m))
    w = random_input(rng, "f32", (batch, n, k))
    c = random_input(rng, "f32", (batch, m, n))
    ta, tw = tensor_type(a.shape, "f32"), tensor_type(w.shape, "f32")
    tb, tc = tensor_type((batch, k, n), "f32"), tensor_type(c.shape, "f32")
    maps = ("indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, "
            "affine_map<(b, m, n, k) -> (b, k, n)>, "
            "affine_map<(b, m, n, k) -> (b, m, n)>]")
    body = (f"  %e = tensor.empty() : {tb}\n"
            f"  %t = linalg.transpose ins(%w : {tw}) outs(%e : {tb}) "
            f"permutation = [0, 2, 1]\n"
            f"  %d = linalg.batch_matmul {maps}\n"
            f"      ins(%a, %t : {ta}, {tb}) outs(%c : {tc}) -> {tc}")
    ir = func([("a", a.shape, "f32"), ("w", w.shape, "f32"),
               ("c", c.shape, "f32")], body, tc)
    want = np.stack([matmul(a[i].T, w[i].T, c[i], mxu=mxu) for i in range(batch)])
    return ir, [("a", a, "f32"), ("w", w, "f32"), ("c", c, "f32")], want


SMALL, ODD = (2, 4, 4), (3, 8, 5)

PACKS = [
    ("maps rhs^T", SMALL, lambda r, g: form_maps(r, 3, 9, 6, g[2], 0, 1, 0)),
    ("maps lhs^T", ODD, lambda r, g: form_maps(r, 7, 11, 5, g[2], 1, 0, 0)),
    ("maps lhs^T rhs^T out^T", SMALL,
     lambda r, g: form_maps(r, 5, 10, 3, g[2], 1, 1, 1)),
    ("maps rhs^T i8", SMALL,
     lambda r, g: form_maps(r, 4, 13, 6, g[2], 0, 1, 0, elem="i8")),
    ("maps rhs^T bf16", ODD,
     lambda r, g: form_maps(r, 3, 12, 9, g[2], 0, 1, 0, elem="bf16")),
    ("linalg.transpose", SMALL,
     lambda r, g: form_transpose_op(r, 3, 9, 7, g[2])),
    ("linalg.transpose constant", ODD,
     lambda r, g: form_transpose_op(r, 4, 11, 6, g[2], const_weight=True)),
    ("generic bf16 extf", SMALL, lambda r, g: form_generic(r, 5, 9, 6, g[2], "bf16")),
    ("generic i8 extsi", ODD, lambda r, g: form_generic(r, 4, 12, 7, g[2], "i8")),
    ("quantized zero points 0", SMALL,
     lambda r, g: form_quantized(r, 3, 10, 5, g[2], 0, 0)),
]

SLICES_LOOPS = [
    ("matvec", SMALL, lambda r, g: form_vector(r, 5, 9, 0, g[2], "matvec")),
    ("vecmat", ODD, lambda r, g: form_vector(r, 0, 11, 6, g[2], "vecmat")),
    ("dot", SMALL, lambda r, g: form_vector(r, 0, 13, 0, g[2], "dot")),
    ("batch_matmul 3 batches", SMALL,
     lambda r, g: form_batch(r, 3, 9, 5, g[2], 3, False)),
    ("batch_matmul 11 batches", SMALL,
     lambda r, g: form_batch(r, 2, 6, 3, g[2], 11, False)),
    ("batch_matmul batch 1", ODD,
     lambda r, g: form_batch(r, 4, 11, 6, g[2], 1, False)),
    ("batch_reduce_matmul unrolled", SMALL,
     lambda r, g: form_batch(r, 3, 7, 5, g[2], 4, True)),
    ("batch_reduce_matmul scf.for", ODD,
     lambda r, g: form_batch(r, 2, 9, 4, g[2], 10, True)),
    ("quantized", SMALL, lambda r, g: form_quantized(r, 3, 10, 5, g[2], -7, 12)),
    ("quantized lhs zero point only", ODD,
     lambda r, g: form_quantized(r, 4, 9, 6, g[2], 100, 0)),
    ("quantized_batch_matmul", SMALL,
     lambda r, g: form_quantized(r, 2, 6, 3, g[2], 3, -128, batch=2)),
    ("batch_matmul transposed", ODD,
     lambda r, g: form_batch_transposed(r, 3, 11, 4, g[2], 3)),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--work-dir", required=True)
    ap.add_argument("--set", choices=["packs", "slices-loops"], required=True)
    ap.add_argument("--seed", type=int, default=20261130)
    opts = ap.parse_args()
    os.makedirs(opts.work_dir, exist_ok=True)
    opt_tool = os.path.join(opts.bin_dir, "systile-opt")
    run_tool = os.path.join(opts.bin_dir, "systile-run")
    rng = np.random.default_rng(opts.seed)
    cases = PACKS if opts.set == "packs" else SLICES_LOOPS
    for index, (label, geometry, make) in enumerate(cases):
        name = os.path.join(opts.work_dir, f"case{index}")
        ir, inputs, want = make(rng, geometry)
        with open(name + ".mlir", "w") as f:
            f.write(ir)
        args = []
        for arg, arr, elem in inputs:
            save_npy(f"{name}_{arg}.npy", arr, elem)
            args += ["--input", f"{name}_{arg}.npy"]
        sub, lanes, mxu = geometry
        precision = "bf16" if "bf16" in label else "f32"
        lowered = run([opt_tool, name + ".mlir",
                       f"--systile-pipeline=sublanes={sub} lanes={lanes} "
                       f"mxu={mxu} precision={precision} unroll-batch-limit=8"])
        with open(name + "_lowered.mlir", "w") as f:
            f.write(lowered)
        # No contraction and no transpose may be left (the quantized forms'
        # zero-point terms are linalg.generic reductions, not matmuls).
        left = re.search(r"linalg\.(matmul|batch_|matvec|vecmat|dot|quantized"
                         r"|transpose)", lowered)
        if left or ("linalg.generic" in lowered and "quantized" not in label):
            raise SystemExit(f"FAIL {label}: linalg op left:\n{lowered}")
        run([run_tool, name + "_lowered.mlir", *args, "--quiet",
             "--output", name + "_d.npy"])
        got = np.load(name + "_d.npy")
        want = np.asarray(want)
        if got.dtype == np.float32:
            same = np.array_equal(got.view(np.uint32), want.view(np.uint32))
        else:
            same = np.array_equal(got, want)
        if got.shape != want.shape or not same:
            raise SystemExit(f"FAIL {label}: got {got!r}\nwant {want!r}")
        print(f"ok {index}: {label}")
    print(f"PASS: {len(cases)} cases")


if __name__ == "__main__":
    main()
