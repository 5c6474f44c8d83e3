#!/usr/bin/env python3
"""Exports the JAX models to linalg-on-tensors for systile.

For each model: the function, with its weights closed over (so they become
constants and the activations are the only arguments), is traced by
jax.jit(f).lower(*inputs); .as_text(debug_info=True) gives StableHLO with
source locations, and the pinned torch-mlir-opt legalises it
(--stablehlo-legalize-to-linalg --canonicalize --mlir-print-debuginfo) to
func.func over linalg, tensor, arith and math, which MLIR 22 parses. JAX's
own CPU results are the expected outputs.

DIR/<model>/ gets model.stablehlo.mlir, model.mlir, input<i>.npy,
expected<i>.npy and weights/<name>.npy; DIR/manifest.json the facts. .npy
files follow systile-run's conventions: f32 '<f4', bf16 '<u2' bit patterns.
"""

import argparse
import json
import os
import re
import subprocess
import sys

import jax
import jax.numpy as jnp
import ml_dtypes
import numpy as np
from jax import lax

jax.config.update("jax_platforms", "cpu")
BF16 = ml_dtypes.bfloat16


def rand(rng, *shape, scale=1.0):
    return (rng.standard_normal(shape) * scale).astype(np.float32)


def dense(x, w, b):
    return x @ w + b


def mlp(rng):
    """Dense + ReLU + dense, f32; the first layer's K (150) is over one
    128-deep block, so the blocked and the linalg order differ."""
    w = dict(w1=rand(rng, 150, 20, scale=0.1), b1=rand(rng, 20),
             w2=rand(rng, 20, 7, scale=0.3), b2=rand(rng, 7))
    f = lambda x: dense(jax.nn.relu(dense(x, w["w1"], w["b1"])), w["w2"], w["b2"])
    return f, w, [rand(rng, 5, 150)]


def mlp_gelu(rng):
    """Dense + GELU (JAX's default tanh form) + dense, f32."""
    w = dict(w1=rand(rng, 12, 20, scale=0.3), b1=rand(rng, 20),
             w2=rand(rng, 20, 7, scale=0.3), b2=rand(rng, 7))
    f = lambda x: dense(jax.nn.gelu(dense(x, w["w1"], w["b1"])), w["w2"], w["b2"])
    return f, w, [rand(rng, 5, 12)]


def attention(rng):
    """Scaled dot-product attention over (batch, heads, seq, dim) inputs:
    einsum, softmax over the keys, einsum."""
    def f(q, k, v):
        s = jnp.einsum("bhqd,bhkd->bhqk", q, k) / jnp.sqrt(jnp.float32(q.shape[-1]))
        return jnp.einsum("bhqk,bhkd->bhqd", jax.nn.softmax(s, axis=-1), v)
    return f, {}, [rand(rng, 2, 3, 5, 4), rand(rng, 2, 3, 7, 4), rand(rng, 2, 3, 7, 4)]


def convnet(rng):
    """3x3 convolution (NHWC input, HWIO kernel, SAME padding) + bias +
    ReLU, flattened into a dense layer."""
    w = dict(k=rand(rng, 3, 3, 3, 5, scale=0.3), kb=rand(rng, 5),
             w=rand(rng, 9 * 9 * 5, 6, scale=0.05), b=rand(rng, 6))
    def f(x):
        y = lax.conv_general_dilated(x, w["k"], (1, 1), "SAME",
                                     dimension_numbers=("NHWC", "HWIO", "NHWC"))
        y = jax.nn.relu(y + w["kb"])
        return dense(y.reshape(x.shape[0], -1), w["w"], w["b"])
    return f, w, [rand(rng, 2, 9, 9, 3)]


def layernorm_dense(rng):
    """LayerNorm over the last axis (eps 1e-5, scale and shift), then a
    dense layer."""
    w = dict(g=rand(rng, 10), beta=rand(rng, 10), w=rand(rng, 10, 9, scale=0.3),
             b=rand(rng, 9))
    def f(x):
        mean = jnp.mean(x, axis=-1, keepdims=True)
        d = x - mean
        # d * d, not jnp.square: that is chlo.square, which the pinned
        # torch-mlir-opt has no legalisation for (README.md)
        var = jnp.mean(d * d, axis=-1, keepdims=True)
        y = d * lax.rsqrt(var + 1e-5) * w["g"] + w["beta"]
        return dense(y, w["w"], w["b"])
    return f, w, [rand(rng, 6, 10)]


def mlp_bf16(rng):
    """The mixed-precision dense layer of JAX models: bf16 inputs and
    weights, dots accumulated in f32 (preferred_element_type), f32 bias add
    and ReLU, rounded to bf16 between the layers and at the end."""
    w = {k: v.astype(BF16) for k, v in
         dict(w1=rand(rng, 12, 20, scale=0.3), w2=rand(rng, 20, 7, scale=0.3)).items()}
    w.update(b1=rand(rng, 20), b2=rand(rng, 7))
    def f(x):
        h = jnp.dot(x, w["w1"], preferred_element_type=jnp.float32) + w["b1"]
        h = jax.nn.relu(h).astype(BF16)
        y = jnp.dot(h, w["w2"], preferred_element_type=jnp.float32) + w["b2"]
        return y.astype(BF16)
    return f, w, [rand(rng, 5, 12).astype(BF16)]


MODELS = dict(mlp=mlp, mlp_gelu=mlp_gelu, attention=attention, convnet=convnet,
              layernorm_dense=layernorm_dense, mlp_bf16=mlp_bf16)
OPS_RE = re.compile(r"\b((?:linalg|tensor|arith|math|stablehlo|scf|cf|func)\.[a-z_0-9]+)\b")


def to_npy(a):
    """An array in systile-run's .npy convention (bf16 as '<u2' bits)."""
    a = np.asarray(a)
    if a.dtype == BF16:
        return a.view(np.uint16).astype("<u2"), "bfloat16"
    return a, str(a.dtype)


def census(path):
    with open(path) as f:
        text = f.read()
    body = "\n".join(l for l in text.splitlines() if not l.startswith("#loc"))
    counts = {}
    for op in OPS_RE.findall(body):
        counts[op] = counts.get(op, 0) + 1
    return dict(sorted(counts.items()))


def export(name, out, args):
    d = os.path.join(out, name)
    os.makedirs(os.path.join(d, "weights"), exist_ok=True)
    f, weights, inputs = MODELS[name](np.random.default_rng(sum(map(ord, name))))
    entry = dict(model=name, jax_version=jax.__version__)
    hlo = os.path.join(d, "model.stablehlo.mlir")
    with open(hlo, "w") as fh:
        fh.write(jax.jit(f).lower(*inputs).as_text(debug_info=True))
    mlir = os.path.join(d, "model.mlir")
    cmd = [args.torch_mlir_opt, hlo, "--stablehlo-legalize-to-linalg",
           "--canonicalize", "--mlir-print-debuginfo", "-o", mlir]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        entry["export_error"] = ("torch-mlir-opt failed: "
                                 + (r.stderr.strip().splitlines() or ["?"])[0])
        return entry
    outs = jax.jit(f)(*inputs)
    outs = list(outs) if isinstance(outs, (tuple, list)) else [outs]
    entry.update(mlir="model.mlir", stablehlo="model.stablehlo.mlir",
                 mlir_bytes=os.path.getsize(mlir), inputs=[], expected=[],
                 input_dtypes=[], output_dtypes=[], weights={})
    for i, x in enumerate(inputs):
        a, dt = to_npy(x)
        np.save(os.path.join(d, f"input{i}.npy"), a)
        entry["inputs"].append(f"input{i}.npy")
        entry["input_dtypes"].append(dt)
    for i, y in enumerate(outs):
        a, dt = to_npy(y)
        np.save(os.path.join(d, f"expected{i}.npy"), a)
        entry["expected"].append(f"expected{i}.npy")
        entry["output_dtypes"].append(dt)
    for k, v in weights.items():
        a, _ = to_npy(v)
        np.save(os.path.join(d, "weights", f"{k}.npy"), a)
        entry["weights"][k] = f"weights/{k}.npy"
    entry["census"] = census(mlir)
    return entry


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--out", required=True)
    ap.add_argument("--torch-mlir-opt", required=True)
    ap.add_argument("--models", default=",".join(MODELS))
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    manifest = [export(n, args.out, args) for n in args.models.split(",")]
    with open(os.path.join(args.out, "manifest.json"), "w") as fh:
        json.dump(manifest, fh, indent=1)
    for e in manifest:
        print(f"export: {e['model']}: "
              + (e.get("export_error") or f"{e['mlir_bytes']} bytes, {e['census']}"))
    return 1 if any("export_error" in e for e in manifest) else 0


if __name__ == "__main__":
    sys.exit(main())
