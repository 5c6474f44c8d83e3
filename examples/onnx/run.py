#!/usr/bin/env python3
"""Runs the ONNX models (export.py) through systile and checks them.

For each model (test/lib/frontendcheck.py does the work):
  parse         mlir-opt 22 and systile-opt parse model.mlir
  run-before    systile-run on the imported and lowered IR
  onnx-before   its outputs against onnx.reference.ReferenceEvaluator's:
                f32 within 1e-5 of max|ref|
  rfc6-before   bit-exact against the RFC 6 numpy model with linalg's
                order (mlp, and cnn with its convolution in linalg's order;
                not attention: exp and rsqrt are not correctly rounded)
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
    "cnn": dict(left=1, packs=1, unpacks=1),  # the convolution
    # each batch_matmul one batched matmul: 4 packs (2 arguments, 2
    # linalg.generic results), 2 unpacks (into a linalg.generic, and out)
    "attention": dict(left=0, packs=4, unpacks=2),
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
    if name == "mlp":
        h = relu(mm(x[0], w["w1"], order, mxu) + w["b1"])
        return [mm(h, w["w2t"].T, order, mxu) + w["b2"]]
    if name == "cnn":
        n, _, h, wd = x[0].shape
        xp = np.pad(x[0], ((0, 0), (0, 0), (1, 1), (1, 1)))
        bias = np.broadcast_to(w["kb"][None, :, None, None], (n, 4, h, wd))
        c = relu(frontendcheck.conv2d_linalg(xp, w["k"], bias, "nchw_fchw"))
        p = c[:, :, :8, :8].reshape(n, 4, 4, 2, 4, 2).max(axis=(3, 5))
        return [mm(p.reshape(n, -1), w["w"], order, mxu) + w["b"]]
    return None


if __name__ == "__main__":
    sys.exit(frontendcheck.main(sys.modules[__name__]))
