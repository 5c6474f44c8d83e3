#!/usr/bin/env python3
"""Runs one frontend-form program under systile-run and checks it against
an independent numpy model of the same network.

Matmuls are modelled in upstream's order (sequential k, every product and
sum rounded to f32), so programs made of matmuls, bias adds and ReLUs are
checked bit-exactly; programs with exp/rsqrt within 1e-5 of max |ref|;
integer programs exactly. With --lowered the program is also run after
systile-pipeline (precision=f32) and checked within 1e-5 of max |ref|
(the pipeline's systolic order differs from upstream's), and once more
under systile-run --compare-after with --rtol 1e-5 --atol 1e-6, which must
pass.

usage: frontend.py MODEL --mlir FILE --bin-dir DIR --work-dir DIR
"""
import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..",
                                "linalg", "Inputs"))
from caselib import Runner  # noqa: E402
from rfc6ref import linalg_matmul  # noqa: E402
from testlib import run  # noqa: E402


def f32(rng, *shape, scale=1.0):
    return (rng.standard_normal(shape) * scale).astype(np.float32)


def relu(x):
    return np.where(x > 0, x, np.float32(0)).astype(np.float32)


def linear(x, w_out_in, b):
    """nn.Linear: x @ w.T + b, the matmul from a zero init."""
    z = np.zeros((x.shape[0], w_out_in.shape[0]), np.float32)
    return (linalg_matmul(x, w_out_in.T, z) + b).astype(np.float32)


def mlp(r, mlir, rng):
    x, w1, b1 = f32(rng, 8, 64), f32(rng, 96, 64, scale=0.2), f32(rng, 96)
    w2, b2 = f32(rng, 32, 96, scale=0.2), f32(rng, 32)
    want = linear(relu(linear(x, w1, b1)), w2, b2)
    args = [x, w1, b1, w2, b2]
    [got] = r.run("mlp", mlir, args)
    r.check("mlp", got, want)


def linear_tb(r, mlir, rng):
    x, w, b = f32(rng, 8, 64), f32(rng, 96, 64), f32(rng, 96)
    [got] = r.run("linear_tb", mlir, [x, w, b])
    r.check("linear_tb", got, relu(linear(x, w, b)))


def dynamic(r, mlir, rng):
    w, b = f32(rng, 96, 64), f32(rng, 96)
    for batch in (1, 3, 17):
        x = f32(rng, batch, 64)
        [got] = r.run(f"dynamic{batch}", mlir, [x, w, b])
        r.check(f"dynamic batch {batch}", got, relu(linear(x, w, b)))


def i8(r, mlir, rng):
    x = rng.integers(-128, 128, (8, 64)).astype(np.int8)
    w = rng.integers(-128, 128, (64, 32)).astype(np.int8)
    b = rng.integers(-5000, 5000, 32).astype(np.int32)
    acc = (x.astype(np.int64) + 5) @ w.astype(np.int64) + b
    assert np.all(np.abs(acc) < 2**24)  # exact in f32 below
    scaled = (acc.astype(np.float32) * np.float32(0.00390625)).astype(np.float32)
    q = np.clip(np.rint(scaled) + np.float32(3), -128, 127).astype(np.int8)
    [got] = r.run("i8", mlir, [x, w, b])
    r.check("i8 requantized layer", got, q)


def bmm_matvec(r, mlir, rng):
    q, k = f32(rng, 2, 5, 16), f32(rng, 2, 16, 7)
    a, v, bias = f32(rng, 32, 48), f32(rng, 48), f32(rng, 32)
    scores = (linalg_matmul(q, k, np.zeros((2, 5, 7), np.float32)) *
              np.float32(0.25)).astype(np.float32)
    mv = linalg_matmul(a, v[:, None], np.zeros((32, 1), np.float32))[:, 0] + bias
    got_s, got_v = r.run("bmm_matvec", mlir, [q, k, a, v, bias], nresults=2)
    r.check("batch_matmul scores", got_s, scores)
    r.check("matvec layer", got_v, mv.astype(np.float32))


def softmax(r, mlir, rng):
    x = f32(rng, 4, 50, scale=3.0)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    want = e / e.sum(axis=1, keepdims=True)
    [got] = r.run("softmax", mlir, [x])
    r.check("softmax", got, want.astype(np.float32), 1e-5)


def layernorm(r, mlir, rng):
    x, g, b = f32(rng, 6, 32, scale=2.0), f32(rng, 32), f32(rng, 32)
    x64 = x.astype(np.float64)
    mean = x64.mean(axis=1, keepdims=True)
    var = ((x64 - mean) ** 2).mean(axis=1, keepdims=True)
    want = (x64 - mean) / np.sqrt(var + 1e-5) * g + b
    [got] = r.run("layernorm", mlir, [x, g, b])
    r.check("layernorm", got, want, 1e-5)


def tosa_mlp(r, mlir, rng):
    x, w1, b1 = f32(rng, 1, 8, 64), f32(rng, 1, 64, 96, scale=0.2), f32(rng, 1, 1, 96)
    w2, b2 = f32(rng, 1, 96, 32, scale=0.2), f32(rng, 1, 1, 32)
    h = relu(linalg_matmul(x, w1, np.zeros((1, 8, 96), np.float32)) + b1)
    want = (linalg_matmul(h, w2, np.zeros((1, 8, 32), np.float32)) + b2).astype(np.float32)
    [got] = r.run("tosa_mlp", mlir, [x, w1, b1, w2, b2])
    r.check("tosa mlp", got, want)


def resource(mlir, name, shape):
    """A dense_resource blob of the program as f32 (4-byte alignment word,
    then little-endian data)."""
    text = mlir.split(f"{name}: \"0x", 1)[1].split('"', 1)[0]
    data = bytes.fromhex(text)
    assert data[:4] == b"\x04\x00\x00\x00"
    return np.frombuffer(data[4:], dtype="<f4").reshape(shape)


def resource_mlp(r, mlir, rng):
    # The blobs are read from the source program: after systile-pipeline
    # they are folded into storage-order systile.constants.
    src = r.source
    w1, b1 = resource(src, "fc1_weight", (16, 8)), resource(src, "fc1_bias", (16,))
    w2, b2 = resource(src, "fc2_weight", (4, 16)), resource(src, "fc2_bias", (4,))
    x = f32(rng, 3, 8)
    [got] = r.run("resource_mlp", mlir, [x])
    r.check("resource mlp", got, linear(relu(linear(x, w1, b1)), w2, b2))


MODELS = {f.__name__: f for f in (mlp, linear_tb, dynamic, i8, bmm_matvec,
                                  softmax, layernorm, tosa_mlp, resource_mlp)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("model", choices=sorted(MODELS))
    ap.add_argument("--mlir", required=True)
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--work-dir", required=True)
    ap.add_argument("--lowered", action="store_true",
                    help="also run it after systile-pipeline")
    opts = ap.parse_args()
    r = Runner(opts.bin_dir, opts.work_dir)
    with open(opts.mlir) as f:
        mlir = f.read()
    r.source = mlir
    MODELS[opts.model](r, mlir, np.random.default_rng(3))
    if opts.lowered:
        lowered = run([os.path.join(opts.bin_dir, "systile-opt"), opts.mlir,
                       "--systile-pipeline=precision=f32"])
        r.prefix, r.suffix, r.force_tol = "lowered_", " after systile-pipeline", 1e-5
        MODELS[opts.model](r, lowered, np.random.default_rng(3))
        # Translation validation by the tool itself: the source run against
        # the run after the pipeline, gated as numpy.allclose.
        r.prefix, r.suffix = "compare_", " under --compare-after"
        r.flags = ["--compare-after=systile-pipeline{precision=f32}",
                   "--rtol=1e-5", "--atol=1e-6"]
        MODELS[opts.model](r, mlir, np.random.default_rng(3))
    r.finish()


if __name__ == "__main__":
    main()
