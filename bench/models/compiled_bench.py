#!/usr/bin/env python3
"""systile-run --compile against the interpreter, on this machine, on the
same lowered programs and inputs:
  mlp   the frontend-form 3-layer 256x1024x1024 f32 MLP (torch-mlir's
        nn.Linear + ReLU: transposed [out, in] weights as constants,
        bias add, ReLU), exported from PyTorch
  gpt2  the GPT-2 block of gpt2_block_bench.py (batch 8, sequence 128,
        width 512, 8 heads, ffn 2048, f32)
Each is lowered once with systile-opt --systile-pipeline (mxu=128
precision=f32) and run by systile-run --timing --quiet --repeat=3 in REPS
processes, interpreted and with --compile; the figure is the execute phase
of the warm runs (median), the anchor the interpreter's, measured in the
same run: interpreter and compiled processes alternate (each mode first in
every other pair), and the ratio is the median of the pairs' ratios (each
pair's warm runs' medians), since the speed of a shared VM drifts from one
minute to the next; the warm figures printed beside it are the medians of
all warm runs of each mode. The JIT's time (lowering to LLVM and
compiling, once per process) is printed on its own. Both outputs must be
bit-identical. The goals: the
compiled MLP no slower than the interpreter (ratio <= 1.0), the compiled
transformer block at most 0.8x. A second line per model splits the
compiled run: the time inside the runtime's functions (systile-run
--timing's runtime-calls=, the interpreter's own kernels, so a floor for
any compiled code that calls them) and the rest, the compiled code's own.
A third holds the matmuls against the machine: the MACs they issue
(systile-run --stats, padding included) at this core's peak of separate
multiplies and adds (RFC 6 rounds each product, so no FMA;
systile-runtime-bench's BM_NoFmaPeak, on one thread or, with --threads
above 1, on all of them, the fastest of five repetitions measured right
after the model's runs), as a share of the
interpreter's execute: no executor that keeps these numerics, compiled or
not, can run the model in less.
Run it on an idle machine, with the PyTorch venv:
  build/venv-pytorch/bin/python bench/models/compiled_bench.py \\
      [--bin build/bin] [--reps 5] [--threads 1] [--keep DIR]
"""
import json
import os
import re
import statistics
import subprocess
import sys

import numpy as np
import torch
from torch import nn

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "examples", "pytorch"))
import export  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import (cpu_features, parse_args, run_systile_process,  # noqa: E402
                      summarize, work_dir)
from gpt2_block_bench import SHAPE, lower  # noqa: E402


class MLP(nn.Module):
    def __init__(self, width, layers):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(width, width) for _ in range(layers))

    def forward(self, x):
        for layer in self.layers:
            x = torch.relu(layer(x))
        return x


def models():
    torch.manual_seed(0)
    mlp = MLP(1024, 3).eval()
    x_mlp = torch.randn(256, 1024, generator=torch.Generator().manual_seed(1))
    s = SHAPE
    block = export.GPT2Block(s["width"], s["heads"], s["ffn"]).eval()
    x_block = torch.randn(s["batch"], s["seq"], s["width"],
                          generator=torch.Generator().manual_seed(1))
    return [("mlp", mlp, x_mlp, 1.0), ("gpt2", block, x_block, 0.8)]


def no_fma_peak(bin_dir, threads):
    """GFLOP/s of BM_NoFmaPeak on one thread (threads == 1) or on all of
    them (otherwise), the fastest of 5 repetitions (a peak: a slower
    repetition only caught the VM at a slower moment), or None without the
    benchmark program (built with the project: build/bench)."""
    prog = os.path.join(bin_dir, os.pardir, "bench", "systile-runtime-bench")
    if not os.path.exists(prog):
        return None, "n/a"
    arg = 1 if threads == 1 else 0  # 0: every thread of the machine
    r = subprocess.run([prog, f"--benchmark_filter=^BM_NoFmaPeak/{arg}/",
                        "--benchmark_repetitions=5",
                        "--benchmark_format=json"],
                       capture_output=True, text=True, check=True)
    runs = [b for b in json.loads(r.stdout)["benchmarks"]
            if b.get("run_type") == "iteration"]
    if not runs:
        return None, "n/a"
    best = max(runs, key=lambda b: b["GFLOPS"])
    return best["GFLOPS"], best.get("label", "?")


def issued_macs(run, mlir, x_npy):
    """The MACs the program's matmuls issue (systile-run --stats)."""
    r = subprocess.run([run, mlir, f"--input={x_npy}", "--quiet", "--stats"],
                       capture_output=True, text=True, check=True)
    m = re.search(r"^total: .*issued_macs=(\d+)", r.stdout + r.stderr, re.M)
    return int(m.group(1)) if m else None


def main():
    args = parse_args(__doc__, ROOT)
    torch.set_num_threads(args.threads)
    cpu, feats = cpu_features()
    print(f"cpu: {cpu}; features: {feats}; threads: {args.threads}")
    run = os.path.join(args.bin, "systile-run")
    status = 0
    with work_dir(args) as work:
        for name, model, x, goal in models():
            x_npy = os.path.join(work, f"{name}.x.npy")
            np.save(x_npy, x.numpy().astype("<f4"))
            with torch.no_grad():
                module = export.fx.export_and_import(
                    model, x, output_type="linalg-on-tensors", func_name="main")
            src = os.path.join(work, f"{name}.mlir")
            with open(src, "w") as f:
                f.write(str(module))
            low = os.path.join(work, f"{name}.lowered.mlir")
            lower(os.path.join(args.bin, "systile-opt"), src, low)
            outs = {m: os.path.join(work, f"{name}.{m}.npy")
                    for m in ("interpreted", "compiled")}
            # The two modes alternate, process by process: this VM's speed
            # drifts by tens of percent over minutes, so each compiled
            # process is held against the interpreter process run just
            # before it, and the ratio is the median of those pairs.
            procs = {"interpreted": [], "compiled": []}
            pairs = []
            modes = [("interpreted", []), ("compiled", ["--compile"])]
            for rep in range(args.reps):
                # Either mode goes first in turn, so that running second
                # (a warmer page cache, a clock that ramped up) favours
                # neither.
                for mode, extra in (modes if rep % 2 == 0 else modes[::-1]):
                    procs[mode].append(run_systile_process(
                        run, low, x_npy, outs[mode], args.threads, extra))
                pairs.append(statistics.median(procs["compiled"][-1]["runs"][1:]) /
                             statistics.median(procs["interpreted"][-1]["runs"][1:]))
            interp = summarize(procs["interpreted"])
            comp = summarize(procs["compiled"])
            same = (open(outs["interpreted"], "rb").read() ==
                    open(outs["compiled"], "rb").read())
            status |= 0 if same else 1
            ratio = statistics.median(pairs)
            print(f"{name}: interpreter execute warm {interp['warm']:.1f} ms "
                  f"(cold {interp['cold']:.1f}); compiled warm "
                  f"{comp['warm']:.1f} ms (cold {comp['cold']:.1f}); "
                  f"compiled/interpreter {ratio:.2f}x (median of "
                  f"{args.reps} alternating process pairs, each "
                  f"{min(pairs):.2f}..{max(pairs):.2f}; goal <= {goal}: "
                  f"{'OK' if ratio <= goal else 'MISSED'}); JIT compile "
                  f"{comp['compile']:.0f} ms (median, once per process); "
                  f"matmul kernel {interp['kernel']}; outputs "
                  f"{'bit-identical' if same else 'DIFFER'}; medians of "
                  f"{args.reps} processes")
            # The compiled run calls the interpreter's kernels (the
            # runtime's functions, matmuls among them) for the same work:
            # that time is a floor no compiled code around them can go
            # below.
            print(f"{name}: compiled warm run inside the runtime's functions "
                  f"{comp['calls']:.1f} ms (matmuls {comp['matmul_calls']:.1f} "
                  f"ms), its own code {comp['warm'] - comp['calls']:.1f} ms; "
                  f"the runtime's share alone is "
                  f"{comp['calls'] / interp['warm']:.2f}x the interpreter's "
                  f"execute, the floor of the ratio above")
            macs = issued_macs(run, low, x_npy)
            # The peak right after the model's runs, as the VM runs now.
            peak, peak_isa = no_fma_peak(args.bin, args.threads)
            if macs and peak:
                floor = 2 * macs / (peak * 1e9) * 1e3
                print(f"{name}: matmul roofline: {macs / 1e9:.2f} G MACs "
                      f"issued, at this core's no-FMA peak of {peak:.1f} "
                      f"GFLOP/s ({peak_isa}, "
                      f"{'one thread' if args.threads == 1 else 'all threads'}) "
                      f"{floor:.1f} ms = "
                      f"{floor / interp['warm']:.2f}x the interpreter's "
                      f"execute; the runtime's matmuls took "
                      f"{comp['matmul_calls']:.1f} ms "
                      f"({floor / comp['matmul_calls'] * 100:.0f}% of that "
                      f"peak)")
            else:
                print(f"{name}: matmul roofline: n/a (no --stats total or "
                      f"no build/bench/systile-runtime-bench)")
    return status


if __name__ == "__main__":
    sys.exit(main())
