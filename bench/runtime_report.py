#!/usr/bin/env python3
"""The report of bench/run_runtime_bench.sh: reads Google Benchmark's JSON
output of systile-runtime-bench and prints every figure with its ratio,
target and OK/MISSED, and draws the GFLOP/s plot.

Usage: runtime_report.py BENCH.json OPENBLAS_CORETYPE [PLOT.png]
"""
import json, sys
data = json.load(open(sys.argv[1]))
# Medians of the repetitions; with a single repetition Google Benchmark
# reports no aggregates, so the one run stands for itself.
med = {}
for b in data["benchmarks"]:
    if b.get("aggregate_name") == "median":
        med[b["run_name"]] = b
if not med:
    for b in data["benchmarks"]:
        if b.get("run_type", "iteration") == "iteration":
            med[b["run_name"]] = dict(b, repetitions=1)
ctx = data["context"]
threads = ctx.get("num_cpus", 0)

def val(name, key="GFLOPS"):
    b = med.get(name)
    return None if b is None else b.get(key)

def fmt(x, unit=""):
    return f"{'n/a':>8s}" if x is None else f"{x:8.2f}{unit}"

SHAPES = [(256, 256, 256), (512, 512, 512), (1024, 1024, 1024),
          (2048, 2048, 2048), (4096, 4096, 4096), (4096, 1024, 4096),
          (256, 4096, 4096), (8, 4096, 4096)]
def case(kind, shape, t):
    return f"BM_{kind}/{shape[0]}/{shape[1]}/{shape[2]}/{t}/real_time"
def g(kind, shape, t):
    return val(case(kind, shape, t))
T = threads
def label(kind):
    return next((med[case(kind, sh, 1)].get("label", "?") for sh in SHAPES
                 if case(kind, sh, 1) in med), "?")
kernel, blas = label("MatmulF32"), label("Sgemm")
peak1 = val("BM_NoFmaPeak/1/real_time"); peakN = val("BM_NoFmaPeak/0/real_time")
reps_done = next(iter(med.values()), {}).get("repetitions", "?")
print(f"\n== matmul GFLOP/s (2*M*N*K / wall time), medians of {reps_done} "
      f"repetitions; simulator kernel path: {kernel}; OpenBLAS core: {blas} "
      f"(OPENBLAS_CORETYPE={sys.argv[2]}); {T} hardware threads")
print(f"  no-FMA peak (register-only multiplies and adds, "
      f"{med.get('BM_NoFmaPeak/1/real_time', {}).get('label', '?')}): "
      f"1 thread {fmt(peak1)}, {T} threads {fmt(peakN)}")
hdr = f"  {'M x K x N':18s} {'T':>2s} {'f32':>8s} {'bf16':>8s} {'i8':>8s} {'sgemm':>8s} {'ceiling':>8s} {'f32/ceil':>8s}"
print(hdr)
table = []
for shape in SHAPES:
    for t, sg in ((1, 1), (0, 0)):
        f, b, i, s_ = (g("MatmulF32", shape, t), g("MatmulBF16", shape, t),
                       g("MatmulI8", shape, t), g("Sgemm", shape, sg))
        peak = peak1 if t == 1 else peakN
        ceil = None if s_ is None or peak is None else min(s_, peak)
        table.append((shape, t, f, b, i, s_, ceil))
        print(f"  {'x'.join(map(str, shape)):18s} {1 if t == 1 else T:>2d} {fmt(f)} {fmt(b)} "
              f"{fmt(i)} {fmt(s_)} {fmt(ceil)} "
              f"{'n/a' if f is None or not ceil else f'{f / ceil:8.2f}'}")

results = []
def ratio(label, num, den, target, fmtstr="{:.2f}x"):
    r = None if (num is None or den is None or den == 0) else num / den
    ok = r is not None and r >= target
    results.append(ok)
    print(f"  {label:52s} {'n/a' if r is None else fmtstr.format(r):>8s}"
          f"   target >= {target:g}x  {'OK' if ok else 'MISSED'}")

print("\n== large-cube ratios (ceiling = min(OpenBLAS sgemm, no-FMA peak))")
for (shape, t, f, b, i, s_, ceil) in table:
    if shape[0] == shape[1] == shape[2] and shape[0] >= 1024:
        ratio(f"f32 / ceiling {shape[0]}^3, {1 if t == 1 else T}T", f, ceil, 0.8)
for shape in [sh for sh in SHAPES if sh[0] == sh[1] == sh[2] and sh[0] >= 1024]:
    f1, fN = g("MatmulF32", shape, 1), g("MatmulF32", shape, 0)
    s1, s2 = g("Sgemm", shape, 1), g("Sgemm", shape, 0)
    sc = None if None in (f1, fN) else fN / f1
    bc = None if None in (s1, s2) else s2 / s1
    ratio(f"{T}T scaling {shape[0]}^3 / OpenBLAS's own", sc, bc, 0.9)
for (shape, t, f, b, i, s_, ceil) in table:
    if shape[0] == shape[1] == shape[2] and shape[0] >= 1024:
        ratio(f"bf16 / f32 {shape[0]}^3, {1 if t == 1 else T}T", b, f, 1.0)
        ratio(f"i8 / f32 {shape[0]}^3, {1 if t == 1 else T}T", i, f, 2.0)

print("\n== baseline ratios at 1024^3 (threads, bf16 and i8 against f32)")
c = SHAPES[2]
f1, fN = g("MatmulF32", c, 1), g("MatmulF32", c, 0)
b1, i1 = g("MatmulBF16", c, 1), g("MatmulI8", c, 1)
s1 = g("Sgemm", c, 1)
ratio("f32 1T / sgemm 1T", f1, s1, 0.45)
ratio(f"f32 {T}T / f32 1T", fN, f1, 1.7)
ratio("bf16 1T / f32 1T (within 10%)", b1, f1, 0.9)
ratio("i8 1T / f32 1T", i1, f1, 1.0)

png = sys.argv[3] if len(sys.argv) > 3 else ""
if png:
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        cubes = [sh for sh in SHAPES if sh[0] == sh[1] == sh[2]]
        fig, axes = plt.subplots(1, 2, figsize=(11, 4.2), sharey=True)
        for ax, t, title in ((axes[0], 1, "1 thread"), (axes[1], 0, f"{T} threads")):
            xs = [sh[0] for sh in cubes]
            for kind, label in (("MatmulF32", "systile f32"), ("MatmulBF16", "systile bf16"),
                                ("MatmulI8", "systile i8 (GOP/s)"), ("Sgemm", f"OpenBLAS sgemm ({blas})")):
                ax.plot(xs, [g(kind, sh, t) or float("nan") for sh in cubes], marker="o", label=label)
            pk = peak1 if t == 1 else peakN
            if pk:
                ax.axhline(pk, color="gray", linestyle="--", label="no-FMA peak")
            ax.set_xscale("log", base=2)
            ax.set_xticks(xs, [str(x) for x in xs])
            ax.set_xlabel("M = K = N")
            ax.set_title(title)
            ax.grid(alpha=0.3)
        axes[0].set_ylabel("GFLOP/s")
        axes[1].legend(fontsize=8)
        fig.suptitle(f"systile simulateMatmul vs OpenBLAS, kernel path {kernel}")
        fig.tight_layout()
        fig.savefig(png, dpi=110)
        print(f"\nplot: {png}")
    except ImportError:
        print("\nplot: skipped (python3-matplotlib is not installed)")

gb = lambda n: None if val(n, "bytes_per_second") is None else \
    val(n, "bytes_per_second") / 1e9
pk, up, mc = gb("BM_Pack/real_time"), gb("BM_Unpack/real_time"), \
    gb("BM_Memcpy/real_time")
print("\n== 4096x4096 f32 (64 MiB), GB/s of matrix bytes")
print(f"  {'pack (dense -> tiled)':28s} {fmt(pk)}")
print(f"  {'unpack (tiled -> dense)':28s} {fmt(up)}")
print(f"  {'memcpy':28s} {fmt(mc)}")
ratio("pack / memcpy", pk, mc, 0.5)
ratio("unpack / memcpy", up, mc, 0.5)

t0 = med.get("BM_MatmulSkip/0/real_time"); t1 = med.get("BM_MatmulSkip/1/real_time")
print("\n== dynamic zero-block skipping, 1024^3 f32, 1 thread, 48 of 64 mxu "
      "blocks of B all zero")
if t0 and t1:
    print(f"  {'without skipping':28s} {t0['real_time']:8.2f} {t0['time_unit']}")
    print(f"  {'with skipping':28s} {t1['real_time']:8.2f} {t1['time_unit']}")
    eq = t0.get("equal") == 1 and t1.get("equal") == 1
    print(f"  results equal (finite inputs): {'yes' if eq else 'NO'}")
    results.append(eq)
    ratio("speedup", t0["real_time"], t1["real_time"], 3.0)
print("\n== f32 tanh of 2M lanes, 1 thread (every path gives the libm's "
      "bits; unit tests check each one)")
tanh_libm = med.get("BM_Tanh/0/real_time")
tanh = {}
for arg in (1, 2, 3):
    b = med.get(f"BM_Tanh/{arg}/real_time")
    if b and not b.get("error_occurred"):
        tanh[b.get("label", str(arg))] = b["real_time"]
if tanh_libm:
    print(f"  {'libm tanhf per element':28s} {tanh_libm['real_time']:8.2f} "
          f"{tanh_libm['time_unit']}")
    for name, t in tanh.items():
        print(f"  {name + ' vector form':28s} {t:8.2f} {tanh_libm['time_unit']}"
              f"   {tanh_libm['real_time'] / t:5.2f}x the libm")
    if tanh:
        widest = list(tanh)[-1]
        ratio(f"widest path ({widest}) / libm per element",
              tanh_libm["real_time"], tanh[widest], 2.0)
print(f"\n== {sum(results)} of {len(results)} targets met")
