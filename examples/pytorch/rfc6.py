"""An independent numpy model of the PyTorch frontend's models with RFC 6's
matmul numerics (docs/Spec.md, section 6). It does not call systile: it
reads the weights and inputs that export.py wrote.

The matmul, the bf16 conversions, the i32 wrap and the sequential sum are
the shared model of the tests, test/lib/rfc6ref.py (pure numpy), imported
here so that rfc6.matmul and friends stay the names the harness uses.
"""

import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "test", "lib"))
from rfc6ref import (F32, batch_matmul, bf16_to_f32, f32_to_bf16,  # noqa: E402,F401
                     libm, matmul, seq_sum, wrap_i32)


def relu(x):
    """torch-mlir's ReLU: select(cmpf ugt x, 0) (NaN passes)."""
    return np.where(~(x <= 0), x, np.zeros_like(x))


def linear(x, w, b, mxu, precision):
    """nn.Linear as torch-mlir exports it: matmul(x, w^T) from a zero
    accumulator, then a separate bias add."""
    y = matmul(x, w.T, mxu=mxu, precision=precision)
    return (y + b).astype(F32)


def mlp(weights, x, mxu, precision="f32"):
    n = len([k for k in weights if k.endswith(".weight")])
    h = x.astype(F32)
    for i in range(n):
        h = linear(h, weights[f"{2 * i}.weight"], weights[f"{2 * i}.bias"],
                   mxu, precision)
        if i + 1 < n:
            h = relu(h)
    return [h]


def mlp_bf16(weights, x, mxu, precision="f32"):
    """bf16 MLP as exported: operands extended to f32 (exact), f32 matmul
    and bias add, then f32 -> bf16 (RNE); ReLU in bf16."""
    n = len([k for k in weights if k.endswith(".weight")])
    h = x  # uint16 bit patterns
    for i in range(n):
        w = bf16_to_f32(weights[f"{2 * i}.weight"])
        b = bf16_to_f32(weights[f"{2 * i}.bias"])
        y = matmul(bf16_to_f32(h), w.T, mxu=mxu, precision=precision)
        h = f32_to_bf16((y + b).astype(F32))
        if i + 1 < n:
            h = f32_to_bf16(relu(bf16_to_f32(h)))
    return [h]


def linear_i8(weights, x, mxu, facts):
    acc = matmul(x, weights["weight"].T, mxu=mxu)
    scale = F32(facts["dequant_scale"])
    y = (acc.astype(F32) * scale + weights["bias"]).astype(F32)
    return [y, acc]


def layer_norm(x, w, b, eps):
    """As exported: the variance in f64 (then to f32), the mean in f32, both
    summed in increasing order; 1/sqrt for rsqrt (math differs by <= 1 ulp)."""
    d = x.shape[-1]
    x64 = x.astype(np.float64)
    mean64 = seq_sum(x64, dtype=np.float64) / d
    var = (seq_sum((x64 - mean64[..., None]) ** 2, dtype=np.float64) / d).astype(F32)
    mean = (seq_sum(x, dtype=F32) / F32(d)).astype(F32)
    rstd = (F32(1) / np.sqrt(var + F32(eps))).astype(F32)
    return (((x - mean[..., None]) * rstd[..., None]) * w + b).astype(F32)


def gelu(x):
    t = libm("erff", (x / F32(1.41421354)).astype(F32))
    return (x * ((t + F32(1)) * F32(0.5))).astype(F32)


def self_attention(x, w_in, b_in, w_out, b_out, heads, mxu, precision):
    """nn.MultiheadAttention's self-attention (no mask, no dropout) as
    exported: the packed qkv projection on (seq*batch, d) rows, q and k each
    scaled by hd^-1/4 before q k^T, softmax as max / exp / sum / divide,
    heads merged and projected. x: (batch, seq, d)."""
    bsz, seq, d = x.shape
    hd = d // heads
    mm = dict(mxu=mxu, precision=precision)
    xs = x.transpose(1, 0, 2).reshape(seq * bsz, d)
    qkv = linear(xs, w_in, b_in, mxu, precision)
    q, k, v = (qkv[:, i * d:(i + 1) * d].reshape(seq, bsz * heads, hd)
               .transpose(1, 0, 2) for i in range(3))
    scale = F32(hd ** -0.25)
    scores = batch_matmul((q * scale).astype(F32),
                          (k * scale).astype(F32).transpose(0, 2, 1), **mm)
    attn = batch_matmul(softmax(scores), v, **mm)  # (b*h, seq, hd)
    attn = attn.transpose(1, 0, 2).reshape(seq * bsz, d)
    sa = linear(attn, w_out, b_out, mxu, precision)
    return sa.reshape(seq, bsz, d).transpose(1, 0, 2)


def softmax(scores):
    """Along the last axis: the maximum, exp of the difference, the
    sequential sum, a division (as torch-mlir decomposes softmax)."""
    mx = scores.max(axis=-1, keepdims=True)
    e = libm("expf", (scores - mx).astype(F32))
    return (e / seq_sum(e, dtype=F32)[..., None]).astype(F32)


def encoder(weights, x, mxu, facts, precision="f32"):
    """nn.TransformerEncoderLayer (post-norm, GELU, batch_first, no dropout)
    with every contraction an RFC 6 matmul."""
    w = weights
    bsz, seq, d = x.shape
    x = x.astype(F32)
    sa = self_attention(x, w["self_attn.in_proj_weight"],
                        w["self_attn.in_proj_bias"],
                        w["self_attn.out_proj.weight"],
                        w["self_attn.out_proj.bias"], facts["heads"], mxu,
                        precision)
    h = layer_norm((x + sa).astype(F32), w["norm1.weight"], w["norm1.bias"],
                   facts["eps"])
    f = linear(h.reshape(bsz * seq, d), w["linear1.weight"], w["linear1.bias"],
               mxu, precision)
    f = linear(gelu(f), w["linear2.weight"], w["linear2.bias"], mxu, precision)
    out = layer_norm((h + f.reshape(bsz, seq, d)).astype(F32),
                     w["norm2.weight"], w["norm2.bias"], facts["eps"])
    return [out]


def mha(weights, x, mxu, facts, precision="f32"):
    """nn.MultiheadAttention (batch_first) as self-attention."""
    w = weights
    return [self_attention(x.astype(F32), w["attn.in_proj_weight"],
                           w["attn.in_proj_bias"], w["attn.out_proj.weight"],
                           w["attn.out_proj.bias"], facts["heads"], mxu,
                           precision)]


def gelu_tanh(x):
    """GPT-2's GELU as written in export.py and exported: (0.5 x) * (1 +
    tanh(c (x + 0.044715 x^3))), c = sqrt(2/pi) rounded to f32, x^3 as
    powi's square-and-multiply (x * (x * x)), every step in f32."""
    c = F32(math.sqrt(2.0 / math.pi))
    cube = (x * (x * x).astype(F32)).astype(F32)
    inner = ((x + (cube * F32(0.044715)).astype(F32)).astype(F32) * c).astype(F32)
    t = libm("tanhf", inner)
    half = (x * F32(0.5)).astype(F32)
    return (half * (t + F32(1)).astype(F32)).astype(F32)


def gpt2_block(weights, x, mxu, facts, precision="f32"):
    """The GPT-2 block of export.py: pre-LayerNorm, causal attention with
    q k^T scaled after the product and the upper triangle set to -inf,
    GELU (tanh), residual adds."""
    w = weights
    bsz, seq, d = x.shape
    heads = facts["heads"]
    hd = d // heads
    mm = dict(mxu=mxu, precision=precision)
    x = x.astype(F32)
    h = layer_norm(x, w["ln_1.weight"], w["ln_1.bias"], facts["eps"])
    qkv = linear(h.reshape(bsz * seq, d), w["c_attn.weight"], w["c_attn.bias"],
                 mxu, precision).reshape(bsz, seq, 3 * d)
    q, k, v = (qkv[..., i * d:(i + 1) * d].reshape(bsz, seq, heads, hd)
               .transpose(0, 2, 1, 3).reshape(bsz * heads, seq, hd)
               for i in range(3))
    scores = batch_matmul(q, k.transpose(0, 2, 1), **mm)
    scores = (scores * F32(1.0 / math.sqrt(hd))).astype(F32)
    causal = np.triu(np.ones((seq, seq), bool), k=1)
    scores = np.where(causal, F32(-np.inf), scores).astype(F32)
    y = batch_matmul(softmax(scores), v, **mm)
    y = y.reshape(bsz, heads, seq, hd).transpose(0, 2, 1, 3).reshape(bsz * seq, d)
    x = (x + linear(y, w["c_proj.weight"], w["c_proj.bias"], mxu, precision)
         .reshape(bsz, seq, d)).astype(F32)
    h = layer_norm(x, w["ln_2.weight"], w["ln_2.bias"], facts["eps"])
    f = gelu_tanh(linear(h.reshape(bsz * seq, d), w["c_fc.weight"],
                         w["c_fc.bias"], mxu, precision))
    f = linear(f, w["mlp_proj.weight"], w["mlp_proj.bias"], mxu, precision)
    return [(x + f.reshape(bsz, seq, d)).astype(F32)]


def rmsnorm_mlp(weights, x, mxu, facts, precision="f32"):
    """RMSNorm (mean of squares summed in order, + eps, 1/sqrt, times the
    weight) and the SiLU-gated MLP down(silu(gate(h)) * up(h)), SiLU as
    x * (1 / (1 + exp(-x)))."""
    w = weights
    mm = dict(mxu=mxu, precision=precision)
    x = x.astype(F32)
    d = x.shape[-1]
    ms = (seq_sum((x * x).astype(F32), dtype=F32) / F32(d)).astype(F32)
    r = (F32(1) / np.sqrt((ms + F32(facts["eps"])).astype(F32))).astype(F32)
    h = ((x * r[:, None]).astype(F32) * w["norm.weight"]).astype(F32)
    g = matmul(h, w["gate.weight"].T, **mm)
    sig = (F32(1) / (libm("expf", -g) + F32(1)).astype(F32)).astype(F32)
    u = matmul(h, w["up.weight"].T, **mm)
    a = ((g * sig).astype(F32) * u).astype(F32)
    return [matmul(a, w["down.weight"].T, **mm)]


def run_model(name, weights, inputs, mxu, facts):
    """The model's outputs in the .npy conventions of export.py."""
    precision = facts.get("precision", "f32")
    if name == "mlp":
        return mlp(weights, inputs[0], mxu, precision)
    if name == "mlp_bf16":
        return mlp_bf16(weights, inputs[0], mxu, precision)
    if name == "linear_i8":
        return linear_i8(weights, inputs[0], mxu, facts)
    models = dict(encoder=encoder, mha=mha, gpt2_block=gpt2_block,
                  rmsnorm_mlp=rmsnorm_mlp)
    if name in models:
        return models[name](weights, inputs[0], mxu, facts, precision)
    raise ValueError(f"no RFC 6 model for {name}")


# Which models' final outputs the RFC 6 model reproduces bit for bit: every
# one. Besides matmuls and correctly rounded elementwise operations, the
# attention models have exp, erf, tanh and rsqrt: the model calls the C
# library's expf / erff / tanhf (rfc6ref.libm), as upstream's lowering of
# math does, and expands rsqrt as 1 / sqrt, as -convert-math-to-llvm does.
BIT_EXACT = {"mlp", "mlp_bf16", "linear_i8", "encoder", "mha", "gpt2_block",
             "rmsnorm_mlp"}
