"""Shared pieces of the model benchmarks: the CPU's features, systile-run's
execute phase and PyTorch eager's forward, each timed as a median."""

import argparse
import contextlib
import os
import re
import resource
import statistics
import subprocess
import tempfile
import time

import torch


def parse_args(doc, root):
    """The model benchmarks' command line: --bin, --reps, --threads."""
    ap = argparse.ArgumentParser(description=doc,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--bin", default=os.path.join(root, "build", "bin"))
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--threads", type=int, default=1,
                    help="PyTorch's and the matmul simulator's threads")
    ap.add_argument("--keep", metavar="DIR",
                    help="write the exported and lowered IR and the .npy "
                         "files into DIR (made if missing) and keep them, "
                         "e.g. to profile one run; default: a temporary "
                         "directory")
    return ap.parse_args()


def work_dir(args):
    """The directory the benchmark writes its files to: --keep DIR, or a
    temporary one removed at the end."""
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
        return contextlib.nullcontext(args.keep)
    return tempfile.TemporaryDirectory()


def anchor(model, x, args, what):
    """Prints the machine and the model (`what`), then times PyTorch eager's
    forward, the anchor: its median in ms, its output as numpy, and the
    output bound (1e-5 of max |output|)."""
    cpu, feats = cpu_features()
    print(f"cpu: {cpu}; features: {feats}; threads: {args.threads}")
    print(f"block: {what}")
    eager, want = time_torch(model, x, args.reps)
    want = want.numpy()
    print(f"pytorch eager forward: {eager:.1f} ms (median of {args.reps})")
    return eager, want, 1e-5 * float(abs(want).max())


def cpu_features():
    flags = set()
    model = "?"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("flags") and not flags:
                flags = set(line.split(":", 1)[1].split())
            if line.startswith("model name") and model == "?":
                model = line.split(":", 1)[1].strip()
    keep = ["avx2", "fma", "avx512f", "avx512bw", "avx512vl", "avx512_bf16",
            "avx512_vnni", "amx_tile"]
    return model, " ".join(f for f in keep if f in flags)


REPEAT = 3


def run_systile_process(run, mlir, x_npy, out_npy, threads, extra=()):
    """One systile-run process running the program REPEAT times (systile-run
    --repeat): a dict with "runs" (each run's execute time in ms, the first
    cold), "calls" and "matmuls" (with --compile: the later runs' time inside
    the runtime's C interface and inside its matmuls), "kernel", "compile"
    (with --compile: the JIT's time, or None) and "sys" (the process's
    system time in ms)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_stime
    r = subprocess.run([run, mlir, f"--input={x_npy}", f"--output={out_npy}",
                        "--quiet", "--timing", f"--repeat={REPEAT}",
                        f"--threads={threads}", *extra],
                       capture_output=True, text=True, check=True)
    sys_ms = (resource.getrusage(resource.RUSAGE_CHILDREN).ru_stime - before) * 1e3
    m = re.search(r"matmul-kernel=(\S+)(?: contraction-kernel=(\S+))?",
                  r.stderr)
    runs = [float(t) for t in
            re.search(r"runs=([\d.,]+)", r.stderr).group(1).split(",")]
    c = re.search(r"compile=([\d.]+)ms", r.stderr)
    t = re.search(r"runtime-calls=([\d.,]+) matmul-calls=([\d.,]+)",
                  r.stderr)
    calls = [float(v) for v in t.group(1).split(",")[1:]] if t else []
    matmuls = [float(v) for v in t.group(2).split(",")[1:]] if t else []
    kernel = m.group(1) + (f", contraction {m.group(2)}"
                           if m.group(2) and m.group(2) != "none" else "")
    return dict(runs=runs, calls=calls, matmuls=matmuls, kernel=kernel,
                compile=float(c.group(1)) if c else None, sys=sys_ms)


def summarize(processes):
    """The figures of several run_systile_process results: "cold" and "warm"
    (medians in ms, of the first runs and of all later runs), "calls" and
    "matmul_calls" (medians of the warm runs' runtime and matmul time, or
    None), "kernel", "compile" (median, or None) and "spread" (the fastest
    and slowest run of each kind, and the median of each process's system
    time, which on these VMs is mostly the kernel providing fresh pages, the
    part of a run that varies from one moment to the next)."""
    cold = [p["runs"][0] for p in processes]
    warm = [t for p in processes for t in p["runs"][1:]]
    calls = [t for p in processes for t in p["calls"]]
    matmuls = [t for p in processes for t in p["matmuls"]]
    compile_ms = [p["compile"] for p in processes if p["compile"] is not None]
    spread = (f"cold min {min(cold):.1f} max {max(cold):.1f} ms, "
              f"warm min {min(warm):.1f} max {max(warm):.1f} ms, "
              f"system time (page faults) median "
              f"{statistics.median(p['sys'] for p in processes):.0f} "
              f"ms per process")
    return dict(cold=statistics.median(cold), warm=statistics.median(warm),
                kernel=processes[-1]["kernel"], spread=spread,
                compile=statistics.median(compile_ms) if compile_ms else None,
                calls=statistics.median(calls) if calls else None,
                matmul_calls=statistics.median(matmuls) if matmuls else None)


def run_systile(run, mlir, x_npy, out_npy, reps, threads, extra=()):
    """systile-run's execute phase, cold and warm: reps processes, each
    running the program REPEAT times (systile-run --repeat). The first run
    of a process is cold: it pays for the fresh memory the kernel hands
    over. The later runs are warm: they reuse what the earlier ones freed,
    as PyTorch eager's forward timed after warm-up does, so they are the
    figure to hold against it. Returns summarize()'s dict."""
    return summarize([run_systile_process(run, mlir, x_npy, out_npy, threads,
                                          extra) for _ in range(reps)])


def time_torch(model, x, reps):
    with torch.no_grad():
        for _ in range(3):
            model(x)
        times = []
        for _ in range(reps):
            t0 = time.perf_counter()
            y = model(x)
            times.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(times), y
