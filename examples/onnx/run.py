#!/usr/bin/env python3
"""Runs the ONNX models (export.py) through systile and checks them.

For each model (test/lib/frontendcheck.py does the work):
  parse         mlir-opt 22 and systile-opt parse model.mlir
  run-before    systile-run on the imported and lowered IR
  onnx-before   its outputs against onnx.reference.ReferenceEvaluator's:
                f32 within 1e-5 of max|ref|
  rfc6-before   bit-exact against the RFC 6 numpy model with linalg's
                order, for every model (cnn's convolution in linalg's
                order; attention's exp is the C library's expf and its
                rsqrt 1 / sqrt, as in upstream's lowering of math)
  lower         systile-opt --systile-pipeline="mxu=M precision=f32"
  figures       contractions left, packs, unpacks: today's record (FIGURES)
  run-after, onnx-after, rfc6-after   the same on the lowered IR, the RFC 6
                model in its blocked order (mxu-deep k blocks)
GAPS lists what fails today and why; such a stage is reported as GAP and
does not fail the suite. The last line is "onnx: N passed, M failed".
Only numpy is needed.
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "test", "lib"))
import frontendcheck  # noqa: E402
import rfc6ref  # noqa: E402

NAME = "onnx"
F32 = np.float32

# (model, stage) -> text of today's failure.
GAPS = {}

# Today's structural figures after the pipeline at mxu=128: contractions
# left, systile.pack and systile.unpack ops.
FIGURES = {
    "mlp": dict(left=0, packs=1, unpacks=1),
    # batch N: one loop over 128-row chunks (systile-dynamic-batch), one
    # pack of the chunk and one unpack of its result in the loop body
    "mlp_dynamic": dict(left=0, packs=1, unpacks=1),
    # the convolution, ReLU and max pooling tiled; the Flatten of the image
    # unpacks and packs it again, the bias broadcast is packed
    "cnn": dict(left=0, packs=1, unpacks=1),  # the Flatten is a systile.reshape
    # each batch_matmul one batched matmul; the softmax's max+argmax
    # generic, its argmax unused and erased, reduces tiled; the LayerNorm's
    # statistics reduce the packed q: one pack per argument, 1 unpack (out)
    "attention": dict(left=0, packs=3, unpacks=1),
}


def mm(a, b, order, mxu):
    """a x b from a zero accumulator in RFC 6's blocked order, or in
    linalg's (one rounded multiply-add per k, in increasing k)."""
    if order == "blocked":
        return rfc6ref.matmul(a, b, mxu=mxu)
    return rfc6ref.linalg_matmul(a, b, np.zeros((a.shape[0], b.shape[1]), F32))


def relu(x):
    """torch-mlir's Relu: select(cmpf ugt x, 0) (NaN passes)."""
    return np.where(~(x <= 0), x, F32(0))


def reference(name, w, x, order, mxu):
    """The RFC 6 model of a model made of matmuls and correctly rounded
    ops, or None for the others."""
    if name in ("mlp", "mlp_dynamic"):
        h = relu(mm(x[0], w["w1"], order, mxu) + w["b1"])
        return [mm(h, w["w2t"].T, order, mxu) + w["b2"]]
    if name == "cnn":
        n, _, h, wd = x[0].shape
        xp = np.pad(x[0], ((0, 0), (0, 0), (1, 1), (1, 1)))
        bias = np.broadcast_to(w["kb"][None, :, None, None], (n, 4, h, wd))
        # The pipeline's convolution is its im2col matmul (RFC 6).
        conv = (frontendcheck.conv2d_im2col(xp, w["k"], bias, "nchw_fchw", mxu)
                if order == "blocked" else
                frontendcheck.conv2d_linalg(xp, w["k"], bias, "nchw_fchw"))
        c = relu(conv)
        p = c[:, :, :8, :8].reshape(n, 4, 4, 2, 4, 2).max(axis=(3, 5))
        return [mm(p.reshape(n, -1), w["w"], order, mxu) + w["b"]]
    if name == "attention":
        q, k, v = x
        n = F32(q.shape[-1])
        # LayerNormalization as imported: sums in increasing order, divide
        # by 4, eps, rsqrt as 1 / sqrt (two roundings), scale and shift.
        mean = (rfc6ref.seq_sum(q, dtype=F32) / n).astype(F32)[..., None]
        d = (q - mean).astype(F32)
        var = (rfc6ref.seq_sum((d * d).astype(F32), dtype=F32) / n).astype(F32)
        r = (F32(1) / np.sqrt((var + F32(9.99999974e-6)).astype(F32))).astype(F32)
        qn = ((((d * r[..., None]).astype(F32) * w["g"]).astype(F32))
              + w["beta"]).astype(F32)
        bmm = lambda a, b: np.stack([mm(a[i], b[i], order, mxu)
                                     for i in range(a.shape[0])])
        s = (bmm(qn, k.transpose(0, 2, 1)) * w["scale"]).astype(F32)
        # Softmax: max from -inf, exp (the C library's expf, as upstream
        # lowers math.exp) of the difference, sum from +0, divide.
        mx = np.maximum(F32(-np.inf), s.max(axis=-1, keepdims=True))
        e = rfc6ref.libm("expf", (s - mx).astype(F32))
        p = (e / rfc6ref.seq_sum(e, dtype=F32)[..., None]).astype(F32)
        return [bmm(p, v)]
    return None


if __name__ == "__main__":
    sys.exit(frontendcheck.main(sys.modules[__name__]))
