#!/usr/bin/env python3
"""Exports the PyTorch frontend's models to linalg-on-tensors with torch-mlir.

For each model this writes, under OUT/<model>/:
  model.mlir          torch_mlir.fx.export_and_import(..., "linalg-on-tensors"),
                      printed in the pretty form, or in the generic form when
                      MLIR 22's mlir-opt cannot parse the pretty one
  input<i>.npy        the example inputs
  expected<i>.npy     PyTorch's own (CPU) outputs for them
  weights/<name>.npy  the parameters and buffers (state_dict)
and OUT/manifest.json, which run.py reads: per model, the form printed, the
file size, the dense_resource blobs and their sizes, the op census, the
dtypes, the pipeline options to run with.

.npy dtypes follow systile-run: f32 '<f4', bf16 '<u2' (bit patterns),
i8 '|i1', i32 '<i4'.

Run it with the venv made by scripts/setup-pytorch-venv.sh:
  build/venv-pytorch/bin/python examples/pytorch/export.py --out build/pytorch
  ... --size small --out examples/pytorch/golden   # the committed goldens
"""

import argparse
import collections
import json
import math
import os
import re
import subprocess
import sys
import tempfile

import logging

import numpy as np
import torch
from torch import nn

# PyPI's torch wheel is the CUDA build; without triton (not installed, see
# requirements.txt) its flop counter warns once on import. Nothing here uses it.
logging.getLogger("torch.utils.flop_counter").setLevel(logging.ERROR)
from torch_mlir import fx  # noqa: E402
# The user's source lines and module paths as locations (python/systile).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "python"))
from systile.torch import user_locations  # noqa: E402

MLIR_OPT = "/usr/lib/llvm-22/bin/mlir-opt"

# Model sizes. "full" is the size the models are run at; "small" keeps the same
# structure at shapes whose printed IR (weights included) stays small enough
# to commit as a golden file.
SIZES = {
    "full": dict(batch=64, mlp=(784, 512, 256, 10), d_model=256, heads=4,
                 ffn=1024, seq=64, enc_batch=2, i8=(64, 256, 128),
                 block=dict(batch=2, seq=24, width=96, heads=4, ffn=384,
                            tokens=40)),
    "small": dict(batch=8, mlp=(48, 32, 24, 10), d_model=32, heads=4,
                  ffn=64, seq=8, enc_batch=2, i8=(32, 64, 16),
                  block=dict(batch=2, seq=6, width=24, heads=2, ffn=40,
                             tokens=10)),
}
# The attention models ("block" sizes) are at shapes that are not multiples
# of the 8x128 tile on purpose: batch 2, sequence 24, width 96, 4 heads of
# 24, so every tile of every head has padding.


class Int8Linear(nn.Module):
    """nn.Linear's int8 form: y = float(x_q @ w_q^T) * (sx * sw) + b.

    The weight keeps nn.Linear's [out, in] layout; torch._int_mm multiplies
    int8 by int8 into int32, which torch-mlir imports as an i8 x i8 -> i32
    linalg.matmul. Returns the dequantized f32 output and the int32
    accumulator (both checked)."""

    def __init__(self, fan_in, fan_out):
        super().__init__()
        w = torch.randn(fan_out, fan_in)
        self.w_scale = float(w.abs().max()) / 127.0
        q = torch.clamp(torch.round(w / self.w_scale), -128, 127)
        self.register_buffer("weight", q.to(torch.int8))
        self.register_buffer("bias", torch.randn(fan_out))
        self.x_scale = 0.05

    def forward(self, xq):
        acc = torch._int_mm(xq, self.weight.t())
        return acc.to(torch.float32) * (self.x_scale * self.w_scale) + self.bias, acc


def new_gelu(x):
    """GELU's tanh form written out, as GPT-2's code (and Hugging Face's
    NewGELUActivation) does. F.gelu(approximate="tanh") is not used: the
    torch-mlir build pinned here exports it with the constant 0.797724
    where sqrt(2/pi) = 0.7978846 (docs/Rationale.md)."""
    c = math.sqrt(2.0 / math.pi)
    return 0.5 * x * (1.0 + torch.tanh(c * (x + 0.044715 * torch.pow(x, 3.0))))


class GPT2Block(nn.Module):
    """A GPT-2 block: pre-LayerNorm, one fused qkv projection split in three,
    causal self-attention with the mask written by hand (triu +
    masked_fill), GELU (tanh form, written out), two residual adds."""

    def __init__(self, width, heads, ffn):
        super().__init__()
        self.heads = heads
        self.ln_1 = nn.LayerNorm(width)
        self.c_attn = nn.Linear(width, 3 * width)
        self.c_proj = nn.Linear(width, width)
        self.ln_2 = nn.LayerNorm(width)
        self.c_fc = nn.Linear(width, ffn)
        self.mlp_proj = nn.Linear(ffn, width)

    def forward(self, x):
        b, s, d = x.shape
        h, hd = self.heads, d // self.heads
        q, k, v = self.c_attn(self.ln_1(x)).split(d, dim=2)
        q = q.view(b, s, h, hd).transpose(1, 2)
        k = k.view(b, s, h, hd).transpose(1, 2)
        v = v.view(b, s, h, hd).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(hd))
        mask = torch.triu(torch.ones(s, s, dtype=torch.bool), diagonal=1)
        att = torch.softmax(att.masked_fill(mask, float("-inf")), dim=-1)
        y = (att @ v).transpose(1, 2).reshape(b, s, d)
        x = x + self.c_proj(y)
        return x + self.mlp_proj(new_gelu(self.c_fc(self.ln_2(x))))


class SelfAttention(nn.Module):
    """nn.MultiheadAttention (batch_first) as self-attention, output only."""

    def __init__(self, width, heads):
        super().__init__()
        self.attn = nn.MultiheadAttention(width, heads, dropout=0.0,
                                          batch_first=True)

    def forward(self, x):
        return self.attn(x, x, x, need_weights=False)[0]


class RMSNormMLP(nn.Module):
    """RMSNorm then a SiLU-gated MLP (LLaMA's feed-forward) on 2-D tokens:
    down(silu(gate(h)) * up(h)), h = rmsnorm(x), no biases."""

    def __init__(self, width, ffn):
        super().__init__()
        self.norm = nn.RMSNorm(width, eps=1e-6)
        self.gate = nn.Linear(width, ffn, bias=False)
        self.up = nn.Linear(width, ffn, bias=False)
        self.down = nn.Linear(ffn, width, bias=False)

    def forward(self, x):
        h = self.norm(x)
        return self.down(nn.functional.silu(self.gate(h)) * self.up(h))


def mlp(dims):
    layers = []
    for i in range(len(dims) - 1):
        layers.append(nn.Linear(dims[i], dims[i + 1]))
        if i + 2 < len(dims):
            layers.append(nn.ReLU())
    return nn.Sequential(*layers)


def build(name, size):
    """Returns (module, inputs, facts) with weights from torch.manual_seed(0)
    and inputs from a generator seeded with 1."""
    s = SIZES[size]
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(1)
    if name == "mlp":
        model = mlp(s["mlp"]).eval()
        x = torch.randn(s["batch"], s["mlp"][0], generator=gen)
        return model, (x,), dict(precision="f32", tolerance="f32")
    if name == "mlp_bf16":
        model = mlp(s["mlp"]).eval().to(torch.bfloat16)
        x = torch.randn(s["batch"], s["mlp"][0], generator=gen).to(torch.bfloat16)
        return model, (x,), dict(precision="f32", tolerance="bf16")
    if name == "encoder":
        model = nn.TransformerEncoderLayer(
            d_model=s["d_model"], nhead=s["heads"], dim_feedforward=s["ffn"],
            dropout=0.0, activation="gelu", batch_first=True).eval()
        x = torch.randn(s["enc_batch"], s["seq"], s["d_model"], generator=gen)
        return model, (x,), dict(precision="f32", tolerance="f32",
                                 heads=s["heads"], eps=model.norm1.eps)
    if name == "linear_i8":
        batch, fan_in, fan_out = s["i8"]
        model = Int8Linear(fan_in, fan_out).eval()
        x = torch.randint(-128, 128, (batch, fan_in), generator=gen,
                          dtype=torch.int8)
        return model, (x,), dict(precision="f32", tolerance="f32",
                                 dequant_scale=model.x_scale * model.w_scale)
    blk = s["block"]
    if name in ("gpt2_block", "mha"):
        if name == "gpt2_block":
            model = GPT2Block(blk["width"], blk["heads"], blk["ffn"]).eval()
        else:
            model = SelfAttention(blk["width"], blk["heads"]).eval()
        x = torch.randn(blk["batch"], blk["seq"], blk["width"], generator=gen)
        return model, (x,), dict(precision="f32", tolerance="f32",
                                 heads=blk["heads"], eps=1e-5)
    if name == "rmsnorm_mlp":
        model = RMSNormMLP(blk["width"], blk["ffn"]).eval()
        x = torch.randn(blk["tokens"], blk["width"], generator=gen)
        return model, (x,), dict(precision="f32", tolerance="f32", eps=1e-6)
    raise ValueError(f"unknown model {name}")


MODELS = ["mlp", "encoder", "mlp_bf16", "linear_i8", "gpt2_block", "mha",
          "rmsnorm_mlp"]


class WeightsAsArguments(nn.Module):
    """The model with its state_dict entries as extra arguments after the
    inputs (torch.func.functional_call), so that the exported function takes
    them instead of holding dense_resource constants: the IR of the
    full-size models stays small (for lowering tests without torch)."""

    def __init__(self, model):
        super().__init__()
        self.model = model
        self.names = list(model.state_dict().keys())

    def forward(self, *args):
        n = len(args) - len(self.names)
        params = dict(zip(self.names, args[n:]))
        return torch.func.functional_call(self.model, params, args[:n])


def to_npy(t):
    """A tensor as the numpy array systile-run reads."""
    t = t.detach().contiguous().cpu()
    if t.dtype == torch.float32:
        return t.numpy().astype("<f4")
    if t.dtype == torch.bfloat16:
        return t.view(torch.int16).numpy().view("<u2")
    if t.dtype == torch.int8:
        return t.numpy().astype("|i1")
    if t.dtype == torch.int32:
        return t.numpy().astype("<i4")
    raise TypeError(f"no .npy convention for {t.dtype}")


def parses(tool, path):
    """(ok, first diagnostic line) for `tool path -o /dev/null`."""
    if not tool or not os.path.exists(tool):
        return None, f"{tool} not found"
    r = subprocess.run([tool, path, "-o", os.devnull], capture_output=True,
                       text=True)
    return r.returncode == 0, (r.stderr.strip().splitlines() or [""])[0]


def resources(text):
    """The dense_resource blobs of a printed module: name -> payload bytes
    (the hex string less the 4-byte alignment header)."""
    blobs = {}
    for m in re.finditer(r'^\s*([\w.]+): "0x([0-9A-Fa-f]*)"', text, re.M):
        blobs[m.group(1)] = len(m.group(2)) // 2 - 4
    return blobs


OP_RE = re.compile(r'(?:^|=\s|\s)"?((?:linalg|tensor|arith|math|scf|func|'
                   r'torch|tm_tensor|ml_program|bufferization|memref|'
                   r'builtin)\.[a-z_]+)"?')


def census(text):
    """Operation names by count (attribute names are not ops: those are
    reported separately, see attributes())."""
    body = text.split("{-#")[0]
    ops = collections.Counter()
    for line in body.splitlines():
        for m in OP_RE.finditer(line):
            ops[m.group(1)] += 1
    return dict(sorted(ops.items()))


def attributes(text):
    """Dialect attributes outside the builtin ones (e.g. torch.*)."""
    body = text.split("{-#")[0]
    return sorted(set(re.findall(r'\b(torch\.[\w.]+)\s*=', body)))


def export_one(name, size, out, systile_opt, weights_as_args=False):
    model, inputs, facts = build(name, size)
    with torch.no_grad():
        expected = model(*inputs)
    if weights_as_args:
        model = WeightsAsArguments(model)
        inputs = tuple(inputs) + tuple(t.detach() for t in
                                       model.model.state_dict().values())
        facts["weights_as_arguments"] = model.names
    with torch.no_grad():
        with user_locations():
            module = fx.export_and_import(model, *inputs,
                                          output_type="linalg-on-tensors",
                                          func_name="main")
    if not isinstance(expected, (tuple, list)):
        expected = (expected,)
    d = os.path.join(out, name)
    os.makedirs(os.path.join(d, "weights"), exist_ok=True)
    path = os.path.join(d, "model.mlir")

    # With the frontend's locations (the model's source lines and module
    # paths), which the lowering keeps and the reports name.
    form, text = "pretty", module.operation.get_asm(enable_debug_info=True)
    with open(path, "w") as f:
        f.write(text)
    ok22, diag = parses(MLIR_OPT, path)
    if not ok22:
        form = "generic"
        text = module.operation.get_asm(print_generic_op_form=True,
                                        enable_debug_info=True)
        with open(path, "w") as f:
            f.write(text)
        ok22, diag = parses(MLIR_OPT, path)
    ok_systile, diag_systile = parses(systile_opt, path)

    files = {"inputs": [], "expected": []}
    for i, t in enumerate(inputs):
        p = f"input{i}.npy"
        np.save(os.path.join(d, p), to_npy(t))
        files["inputs"].append(p)
    for i, t in enumerate(expected):
        p = f"expected{i}.npy"
        np.save(os.path.join(d, p), to_npy(t))
        files["expected"].append(p)
    weights = {}
    for k, t in (model.model if weights_as_args else model).state_dict().items():
        p = f"weights/{k}.npy"
        np.save(os.path.join(d, p), to_npy(t))
        weights[k] = p
    blobs = resources(text)
    entry = dict(
        model=name, size=size, form=form, mlir="model.mlir",
        mlir_bytes=os.path.getsize(path),
        parses_mlir_opt_22=ok22, mlir_opt_diagnostic=None if ok22 else diag,
        parses_systile_opt=ok_systile,
        systile_opt_diagnostic=None if ok_systile else diag_systile,
        dense_resources=blobs, dense_resource_bytes=sum(blobs.values()),
        ops=census(text), torch_attributes=attributes(text),
        input_dtypes=[str(t.dtype) for t in inputs],
        input_shapes=[list(t.shape) for t in inputs],
        output_dtypes=[str(t.dtype) for t in expected],
        output_shapes=[list(t.shape) for t in expected],
        weights=weights, torch_version=torch.__version__, **files, **facts)
    return entry


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--out", default="build/pytorch")
    ap.add_argument("--size", choices=sorted(SIZES), default="full")
    ap.add_argument("--models", default=",".join(MODELS))
    ap.add_argument("--systile-opt", default="build/bin/systile-opt")
    ap.add_argument("--weights-as-args", action="store_true",
                    help="the weights become arguments of @main (after the "
                    "inputs) instead of dense_resource constants")
    ap.add_argument("--mlir-only", action="store_true",
                    help="keep only model.mlir and manifest.json (no .npy)")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    manifest, failed = [], []
    for name in args.models.split(","):
        try:
            e = export_one(name, args.size, args.out, args.systile_opt,
                           args.weights_as_args)
        except Exception as exc:  # report and go on with the next model
            print(f"[{name}] EXPORT FAILED: {type(exc).__name__}: {exc}")
            failed.append(name)
            manifest.append(dict(model=name, size=args.size,
                                 export_error=f"{type(exc).__name__}: {exc}"))
            continue
        if args.mlir_only:
            d = os.path.join(args.out, name)
            for p in (list(e.pop("weights").values()) + e.pop("inputs")
                      + e.pop("expected")):
                os.remove(os.path.join(d, p))
            os.rmdir(os.path.join(d, "weights"))
        manifest.append(e)
        ok = e["parses_mlir_opt_22"] and e["parses_systile_opt"]
        if not ok:
            failed.append(name)
        print(f"[{name}] exported ({e['form']} form, {e['mlir_bytes']} bytes, "
              f"{len(e['dense_resources'])} dense_resource blobs of "
              f"{e['dense_resource_bytes']} bytes); parses with mlir-opt 22: "
              f"{e['parses_mlir_opt_22']}, systile-opt: {e['parses_systile_opt']}")
        if not ok:
            print(f"[{name}]   {e['mlir_opt_diagnostic'] or ''} "
                  f"{e['systile_opt_diagnostic'] or ''}")
    with open(os.path.join(args.out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1, sort_keys=True)
    if failed:
        print(f"export: FAILED for {', '.join(failed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
