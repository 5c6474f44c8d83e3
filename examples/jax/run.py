#!/usr/bin/env python3
"""Runs the exported JAX models (export.py) through systile and checks them.

For each model (test/lib/frontendcheck.py does the work):
  parse         mlir-opt 22 and systile-opt parse model.mlir
  run-before    systile-run on the legalised IR as exported
  jax-before    its outputs against JAX's CPU results: f32 within 1e-5 of
                max|ref|, bf16 within one bf16 ulp of max|ref|
  rfc6-before   bit-exact against the RFC 6 numpy model with linalg's
                order, for every model (exp and tanh are the C library's
                expf and tanhf, rsqrt is 1 / sqrt, as in upstream's
                lowering of math; the convolution in linalg's order, since
                the pipeline leaves it as it is)
  lower         systile-opt --systile-pipeline="mxu=M precision=f32"
  figures       contractions left, packs, unpacks: today's record (FIGURES)
  run-after, jax-after, rfc6-after   the same on the lowered IR, the RFC 6
                model in its blocked order (mxu-deep k blocks)
GAPS lists what fails today and why (the lowering that closes it is being
built); such a stage is reported as GAP and does not fail the suite. The
last line is "jax: N passed, M failed". Only numpy is needed.
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "test", "lib"))
import frontendcheck  # noqa: E402
import rfc6ref  # noqa: E402

NAME = "jax"
F32 = np.float32

# (model, stage) -> text of today's failure.
GAPS = {}

# Today's structural figures after the pipeline at mxu=128: contractions
# left, systile.pack and systile.unpack ops.
FIGURES = {
    "mlp": dict(left=0, packs=1, unpacks=1),
    "mlp_gelu": dict(left=0, packs=1, unpacks=1),
    "attention": dict(left=0, packs=3, unpacks=1),
    "convnet": dict(left=0, packs=1, unpacks=1),  # the flatten is a systile.reshape
    # the LayerNorm's statistics reduce the packed input (systile.reduce)
    "layernorm_dense": dict(left=0, packs=1, unpacks=1),
    "mlp_bf16": dict(left=0, packs=1, unpacks=1),
}


# Models lowered and checked with each conv-strategy (the RFC 6 model of
# the after-pipeline run in that strategy's order).
STRATEGIES = {"convnet": ["im2col", "taps"]}
# Models whose layout is paid once: one pack per input, one unpack per
# output, no linalg op left after the pipeline (a "layout" stage).
LAYOUT_ONCE = {"convnet"}


def mm(a, b, order, mxu):
    """a x b from a zero accumulator in RFC 6's blocked order, or in
    linalg's (one rounded multiply-add per k, in increasing k)."""
    if order == "blocked":
        return rfc6ref.matmul(a, b, mxu=mxu)
    return rfc6ref.linalg_matmul(a, b, np.zeros((a.shape[0], b.shape[1]), F32))


def relu(x):
    """jax.nn.relu as legalised: arith.maximumf(x, 0) (NaN propagates,
    -0 < +0)."""
    return np.where(np.isnan(x) | (x > 0), x, F32(0))


def reference(name, w, x, order, mxu, strategy="im2col"):
    """The RFC 6 model of a model made of matmuls and correctly rounded
    ops, or None for the others; a convolution after the pipeline in
    `strategy`'s order."""
    if name == "mlp":
        h = relu(mm(x[0], w["w1"], order, mxu) + w["b1"])
        return [mm(h, w["w2"], order, mxu) + w["b2"]]
    if name == "convnet":
        n, h, wd, _ = x[0].shape
        xp = np.pad(x[0], ((0, 0), (1, 1), (1, 1), (0, 0)))
        zero = np.zeros((n, h, wd, w["k"].shape[3]), F32)
        # The pipeline's convolution is the matmuls of its strategy (RFC 6).
        conv = (frontendcheck.conv2d_blocked(xp, w["k"], zero, strategy, mxu)
                if order == "blocked" else
                frontendcheck.conv2d_loops(xp, w["k"], zero, "kh,kw,c"))
        y = relu(conv + w["kb"])
        return [mm(y.reshape(n, -1), w["w"], order, mxu) + w["b"]]
    if name == "mlp_gelu":
        h = (mm(x[0], w["w1"], order, mxu) + w["b1"]).astype(F32)
        # jax.nn.gelu (tanh form) as legalised, every step in f32:
        # h * (0.5 * (1 + tanh(c * (h + 0.044715 * ((h * h) * h)))))
        cube = ((h * h).astype(F32) * h).astype(F32)
        inner = (F32(0.797884583) * (h + (F32(0.044715) * cube).astype(F32))
                 .astype(F32)).astype(F32)
        t = rfc6ref.libm("tanhf", inner)
        g = (h * (F32(0.5) * (F32(1) + t).astype(F32)).astype(F32)).astype(F32)
        return [(mm(g, w["w2"], order, mxu) + w["b2"]).astype(F32)]
    if name == "layernorm_dense":
        xs, n = x[0], F32(x[0].shape[-1])
        mean = (rfc6ref.seq_sum(xs, dtype=F32) / n).astype(F32)[:, None]
        d = (xs - mean).astype(F32)
        var = (rfc6ref.seq_sum((d * d).astype(F32), dtype=F32) / n).astype(F32)
        # rsqrt as -convert-math-to-llvm expands it: 1 / sqrt, two roundings
        r = (F32(1) / np.sqrt((var + F32(9.99999974e-6)).astype(F32))).astype(F32)
        y = (((d * r[:, None]).astype(F32) * w["g"]).astype(F32) + w["beta"]).astype(F32)
        return [(mm(y, w["w"], order, mxu) + w["b"]).astype(F32)]
    if name == "attention":
        q, k, v = x
        def bmm(a, b):
            return np.stack([np.stack([mm(a[i, j], b[i, j], order, mxu)
                                       for j in range(a.shape[1])])
                             for i in range(a.shape[0])])
        s = (bmm(q, k.transpose(0, 1, 3, 2)) / F32(2)).astype(F32)
        # jax.nn.softmax as legalised: max from -inf, max(-inf, .) again,
        # subtract, exp (the C library's expf, as upstream lowers math.exp),
        # sum from +0 in increasing order, divide.
        mx = np.maximum(F32(-np.inf), s.max(axis=-1, keepdims=True))
        e = rfc6ref.libm("expf", (s - mx).astype(F32))
        p = (e / rfc6ref.seq_sum(e, dtype=F32)[..., None]).astype(F32)
        return [bmm(p, v)]
    if name == "mlp_bf16":
        widen = rfc6ref.bf16_to_f32
        h = relu(mm(widen(x[0]), widen(w["w1"]), order, mxu) + w["b1"])
        h = widen(rfc6ref.f32_to_bf16(h))
        y = mm(h, widen(w["w2"]), order, mxu) + w["b2"]
        return [rfc6ref.f32_to_bf16(y)]
    return None


if __name__ == "__main__":
    sys.exit(frontendcheck.main(sys.modules[__name__]))
