#!/usr/bin/env python3
"""A GPT-2 block through systile against PyTorch eager, on this machine.

The block is examples/pytorch/export.py's GPT2Block (pre-LayerNorm, fused
qkv, causal mask by hand, GELU tanh written out, residuals) at batch 8,
sequence 128, width 512, 8 heads of 64, ffn 2048, f32, weights from
torch.manual_seed(0). Two exports of the same weights:

  batched   the block as written: each attention product is one
            linalg.batch_matmul, lowered to one batched systile.matmul
  per-head  the same block with attention written per (batch, head) in
            Python loops: every head of every batch is a 2-D matmul on its
            own slice, packed and unpacked on its own -- the lowering
            systile had before batched tiled values, for comparison

Each is lowered with systile-opt --systile-pipeline (mxu=128 precision=f32)
and run by systile-run --timing --quiet --repeat=3 in REPS processes
(parse, input and output I/O excluded): "cold" is the median of each
process's first run, which pays for fresh memory, "warm" the median of the
later runs, which reuse what the first one freed. The anchor, measured in
the same run, is PyTorch eager's forward (median of REPS timed calls after
3 warm-ups, so warm too) at the same thread count; the ratio is warm
against it, the cold ratio is printed beside it. The outputs
are checked against PyTorch within 1e-5 of max |output|. Prints the CPU
features, the simulator's kernel path and the ratio execute / eager (the
goal: <= 1.5x for the batched block).

Run it on an idle machine, with the PyTorch venv:
  build/venv-pytorch/bin/python bench/models/gpt2_block_bench.py \
      [--bin build/bin] [--reps 5] [--threads 1] [--keep DIR]
"""

import math
import os
import re
import subprocess
import sys

import numpy as np
import torch
from torch import nn

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "examples", "pytorch"))
import export  # noqa: E402
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import anchor, parse_args, run_systile, work_dir  # noqa: E402

SHAPE = dict(batch=8, seq=128, width=512, heads=8, ffn=2048)


class PerHeadBlock(export.GPT2Block):
    """GPT2Block with the attention products written per (batch, head)."""

    def forward(self, x):
        b, s, d = x.shape
        h, hd = self.heads, d // self.heads
        q, k, v = self.c_attn(self.ln_1(x)).split(d, dim=2)
        mask = torch.triu(torch.ones(s, s, dtype=torch.bool), diagonal=1)
        rows = []
        for i in range(b):
            heads = []
            for j in range(h):
                cols = slice(j * hd, (j + 1) * hd)
                att = (q[i, :, cols] @ k[i, :, cols].t()) * (1.0 / math.sqrt(hd))
                att = torch.softmax(att.masked_fill(mask, float("-inf")), dim=-1)
                heads.append(att @ v[i, :, cols])
            rows.append(torch.cat(heads, dim=1))
        y = torch.stack(rows)
        x = x + self.c_proj(y)
        return x + self.mlp_proj(export.new_gelu(self.c_fc(self.ln_2(x))))


def lower(opt, src, dst):
    subprocess.run([opt, src, "--systile-pipeline=mxu=128 precision=f32",
                    "-o", dst], check=True, capture_output=True)
    text = open(dst).read().split("{-#")[0]
    return {op: len(re.findall(re.escape(op) + r"\b", text)) for op in
            ("systile.pack", "systile.unpack", "linalg.generic",
             "tensor.extract_slice")}


def main():
    args = parse_args(__doc__, ROOT)
    torch.set_num_threads(args.threads)
    s = SHAPE
    torch.manual_seed(0)
    block = export.GPT2Block(s["width"], s["heads"], s["ffn"]).eval()
    per_head = PerHeadBlock(s["width"], s["heads"], s["ffn"]).eval()
    per_head.load_state_dict(block.state_dict())
    x = torch.randn(s["batch"], s["seq"], s["width"],
                    generator=torch.Generator().manual_seed(1))
    eager, want, bound = anchor(
        block, x, args, f"batch {s['batch']}, sequence {s['seq']}, width "
        f"{s['width']}, {s['heads']} heads, ffn {s['ffn']}, f32")
    status = 0
    with work_dir(args) as work:
        x_npy = os.path.join(work, "x.npy")
        np.save(x_npy, x.numpy().astype("<f4"))
        for name, m in (("batched", block), ("per-head", per_head)):
            with torch.no_grad():
                module = export.fx.export_and_import(
                    m, x, output_type="linalg-on-tensors", func_name="main")
            src = os.path.join(work, f"{name}.mlir")
            with open(src, "w") as f:
                f.write(str(module))
            low = os.path.join(work, f"{name}.lowered.mlir")
            counts = lower(os.path.join(args.bin, "systile-opt"), src, low)
            out = os.path.join(work, f"{name}.out.npy")
            t = run_systile(
                os.path.join(args.bin, "systile-run"), low, x_npy, out,
                args.reps, args.threads)
            ms = t["warm"]
            err = float(np.max(np.abs(np.load(out) - want)))
            ok = err <= bound
            status |= 0 if ok else 1
            goal = (f"; goal <= 1.5x: {'OK' if ms / eager <= 1.5 else 'MISSED'}"
                    if name == "batched" else "")
            print(f"systile {name:8}: execute warm {ms:.1f} ms, "
                  f"{ms / eager:.2f}x eager{goal}; cold {t['cold']:.1f} ms, "
                  f"{t['cold'] / eager:.2f}x eager (medians, {args.reps} "
                  f"processes); matmul kernel {t['kernel']}; lowered IR: "
                  + ", ".join(
                      f"{v} {k}" for k, v in counts.items())
                  + f"; max|diff| vs eager {err:.3g} (bound {bound:.3g}: "
                  f"{'ok' if ok else 'FAIL'}); {t['spread']}")
    return status


if __name__ == "__main__":
    sys.exit(main())
