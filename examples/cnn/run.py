#!/usr/bin/env python3
"""Runs the exported CNN models (export.py) through systile and checks them.

For each model (test/lib/frontendcheck.py does the work):
  parse          mlir-opt 22 and systile-opt parse model.mlir
  run-before     systile-run on the IR as torch-mlir exports it
  cnn-before     its output against PyTorch's CPU output, within 1e-5 of
                 max|ref|
  rfc6-before    bit-exact against the numpy model below in linalg's order
                 (each convolution element by element over its reduction
                 loops, as upstream's loops run it)
  lower-S        systile-opt --systile-pipeline="mxu=128 precision=f32
                 conv-strategy=S", for S = im2col and taps, and each
                 with fold-batchnorm=true (S+fold-batchnorm): BatchNorm
                 folded into the convolution before it
  layout-S       one systile.pack (the input), one systile.unpack (the
                 output) and no linalg op left
  figures-S      contractions left, packs, unpacks: the record (FIGURES)
  run-after-S, cnn-after-S, rfc6-after-S   the same on the lowered IR, the
                 numpy model with each convolution in S's order (RFC 6)
The last line is "cnn: N passed, M failed". Only numpy is needed.

The numpy model follows the IR torch-mlir writes, op by op, each rounded
to f32: the convolution onto its bias (or +0), BatchNorm as
((x - mean) * rsqrt(var + eps)) * weight + bias with rsqrt as 1 / sqrt
(upstream's lowering of math.rsqrt: two roundings) and eps = f32(1e-5),
ReLU as select(x > 0 unordered, x, 0), ReLU6 as min(6, max(0, x)) by
ordered compares and selects, max pooling from -inf, the adaptive average
pooling as a sum from +0 in row-major order divided by the window size,
and the Linear as a matmul from +0 plus the bias. With fold-batchnorm,
each convolution and its BatchNorm are one convolution whose filter and
bias are systile-fold-batchnorm's (folded() below: the chain composed
channel by channel in f32, the filter scaled per output channel).
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "test", "lib"))
import frontendcheck  # noqa: E402
import rfc6ref  # noqa: E402

NAME = "cnn"
F32 = np.float32
GAPS = {}
STRATEGIES = {m: ["im2col", "taps", "im2col+fold-batchnorm",
                  "taps+fold-batchnorm"]
              for m in ("small_cnn", "resnet_block", "mobilenet_block")}
LAYOUT_ONCE = set(STRATEGIES)
FIGURES = {m: dict(left=0, packs=1, unpacks=1) for m in STRATEGIES}


def conv(x, weight, bias, order, mxu, strategy, stride=1, pad=0, groups=1):
    """torch's Conv2d on NCHW x as torch-mlir writes it: tensor.pad by +0,
    then the convolution accumulating onto the broadcast bias (or +0)."""
    xh = np.pad(np.transpose(x, (0, 2, 3, 1)),
                ((0, 0), (pad, pad), (pad, pad), (0, 0)))
    w = np.transpose(weight, (2, 3, 1, 0))  # FCHW -> HWCF
    n, hp, wp, _ = xh.shape
    kh, kw, _, f = w.shape
    oh, ow = (hp - kh) // stride + 1, (wp - kw) // stride + 1
    acc = np.zeros((n, oh, ow, f), F32)
    if bias is not None:
        acc += bias.astype(F32)
    s = (stride, stride)
    if order == "blocked":
        y = frontendcheck.conv2d_blocked(xh, w, acc, strategy, mxu, s, groups)
    else:
        # conv_2d_nchw_fchw reduces over (c, kh, kw); the depthwise form
        # over (kh, kw), its one channel per group.
        y = frontendcheck.conv2d_loops(xh, w, acc, "c,kh,kw" if groups == 1
                                       else "kh,kw,c", s, groups)
    return np.transpose(y, (0, 3, 1, 2))


def batchnorm(x, w, name):
    def col(v):
        return w[f"{name}.{v}"].astype(F32)[None, :, None, None]
    scale = (F32(1) / np.sqrt((col("running_var") + F32(1e-5)).astype(F32))).astype(F32)
    y = (x - col("running_mean")).astype(F32)
    y = (y * scale).astype(F32)
    y = (y * col("weight")).astype(F32)
    return (y + col("bias")).astype(F32)


def folded(weight, bias, w, name):
    """systile-fold-batchnorm's arithmetic (docs/Passes.md): BatchNorm's
    chain composed channel by channel in f32 from a = 1, b = bias (or +0),
    in the IR's order (x - mean, * rsqrt(var + eps), * weight, + bias),
    then the filter scaled by a per output channel."""
    v = {k: w[f"{name}.{k}"].astype(F32) for k in
         ("running_mean", "running_var", "weight", "bias")}
    f = weight.shape[0]
    a = np.ones(f, F32)
    b = np.zeros(f, F32) if bias is None else bias.astype(F32)
    scale = (F32(1) / np.sqrt((v["running_var"] + F32(1e-5)).astype(F32))).astype(F32)
    b = (b - v["running_mean"]).astype(F32)
    a, b = (a * scale).astype(F32), (b * scale).astype(F32)
    a, b = (a * v["weight"]).astype(F32), (b * v["weight"]).astype(F32)
    b = (b + v["bias"]).astype(F32)
    return (weight.astype(F32) * a[:, None, None, None]).astype(F32), b


def relu(x):
    return np.where(np.isnan(x) | (x > 0), x, F32(0)).astype(F32)


def relu6(x):
    a = np.where(x > 0, x, F32(0))
    return np.where(F32(6) < a, F32(6), a).astype(F32)


def maxpool2(x):
    n, c, h, wd = x.shape
    out = np.full((n, c, h // 2, wd // 2), -np.inf, F32)
    for i in range(2):
        for j in range(2):
            out = np.maximum(out, x[:, :, i::2, j::2])
    return out


def reference(name, w, x, order, mxu, strategy="im2col"):
    strategy, *extra = strategy.split("+")
    fold = "fold-batchnorm" in extra

    def c(t, key, bias=None, **kw):
        return conv(t, w[f"{key}.weight"], bias, order, mxu, strategy, **kw)

    def cbn(t, key, bn, bias=None, **kw):
        """A convolution and the BatchNorm after it, or their fold."""
        if not fold:
            return batchnorm(c(t, key, bias, **kw), w, bn)
        weight, b = folded(w[f"{key}.weight"], bias, w, bn)
        return conv(t, weight, b, order, mxu, strategy, **kw)
    x = x[0]
    if name == "small_cnn":
        y = relu(cbn(x, "c1", "b1", w["c1.bias"], pad=1))
        y = maxpool2(y)
        y = relu(cbn(y, "c2", "b2", w["c2.bias"], pad=1))
        n, ch = y.shape[:2]
        pooled = (rfc6ref.seq_sum(y.reshape(n, ch, -1), dtype=F32) / F32(16)).astype(F32)
        wt = np.ascontiguousarray(w["fc.weight"].T)
        mm = (rfc6ref.matmul(pooled, wt, mxu=mxu) if order == "blocked" else
              rfc6ref.linalg_matmul(pooled, wt, np.zeros((n, wt.shape[1]), F32)))
        return [(mm + w["fc.bias"]).astype(F32)]
    if name == "resnet_block":
        y = relu(cbn(x, "conv1", "bn1", stride=2, pad=1))
        y = cbn(y, "conv2", "bn2", pad=1)
        p = cbn(x, "down", "bnd", stride=2)
        return [relu((y + p).astype(F32))]
    if name == "mobilenet_block":
        y = relu6(cbn(x, "dw", "bn1", pad=1, groups=x.shape[1]))
        return [relu6(cbn(y, "pw", "bn2"))]
    return None


if __name__ == "__main__":
    sys.exit(frontendcheck.main(sys.modules[__name__]))
