#!/usr/bin/env bash
# Builds and runs the runtime benchmarks once (Google Benchmark, several
# repetitions, medians) and prints every figure of issue 3 with its ratio
# and target: simulator GFLOP/s (f32, bf16 precision, i8; 1 and all threads)
# at 1024^3, OpenBLAS cblas_sgemm on 1 and 2 threads, pack/unpack GB/s of a
# 4096x4096 f32 matrix against memcpy, and dynamic zero-block skipping.
#
# OPENBLAS_CORETYPE is set here only: SkylakeX on CPUs with AVX-512 (the
# shipped library otherwise picks a generic kernel there); on CPUs without
# AVX-512 SkylakeX kernels die with SIGILL, so Haswell (its AVX2+FMA kernel)
# is used instead. Override with SYSTILE_OPENBLAS_CORETYPE.
#
# Repetitions of all cases are interleaved in random order, so that drift in
# the shared machine's speed hits every case alike before medians are taken.
#
# Usage: bench/run_runtime_bench.sh [repetitions (default 9)]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SYSTILE_BUILD_DIR:-$root/build}
reps=${1:-9}

fresh_blas=0
if ! dpkg-query -W -f='${Status}' libopenblas-dev 2>/dev/null |
    grep -q "install ok installed"; then
  echo "bench: installing libopenblas-dev"
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libopenblas-dev >/dev/null
  fresh_blas=1
fi

# SYSTILE_BENCH_NO_BUILD=1 runs the existing binary (e.g. while other parts
# of the tree are mid-edit and do not configure).
if [ "${SYSTILE_BENCH_NO_BUILD:-0}" != 1 ]; then
  if [ ! -f "$build/build.ninja" ]; then
    "$root/scripts/setup.sh" SystileRuntime
  fi
  # Re-configure when OpenBLAS was just installed or the target is new, then
  # build only the benchmark (one build at a time on this machine).
  if [ "$fresh_blas" = 1 ] || ! grep -q systile-runtime-bench "$build/build.ninja"; then
    flock /tmp/systile-build.lock cmake "$build" >/dev/null
  fi
  flock /tmp/systile-build.lock ninja -C "$build" -j2 systile-runtime-bench >/dev/null
fi

if [ -n "${SYSTILE_OPENBLAS_CORETYPE:-}" ]; then
  export OPENBLAS_CORETYPE=$SYSTILE_OPENBLAS_CORETYPE
elif grep -qw avx512f /proc/cpuinfo; then
  export OPENBLAS_CORETYPE=SkylakeX
else
  export OPENBLAS_CORETYPE=Haswell
fi

json=$(mktemp)
trap 'rm -f "$json"' EXIT
log=$(mktemp)
trap 'rm -f "$json" "$log"' EXIT
echo "bench: running $reps repetitions (OPENBLAS_CORETYPE=$OPENBLAS_CORETYPE)..."
# Holding the build lock keeps cooperating builds off the two cores while
# measuring (the machine is shared; figures are only comparable in one run).
if ! flock /tmp/systile-build.lock "$build/bench/systile-runtime-bench" \
    --benchmark_repetitions="$reps" --benchmark_report_aggregates_only=true \
    --benchmark_enable_random_interleaving=true \
    --benchmark_out="$json" --benchmark_out_format=json >"$log" 2>&1; then
  cat "$log" >&2
  echo "bench: the benchmark program failed" >&2
  exit 1
fi
grep -E "^Load Average" "$log" || true

/usr/bin/python3 - "$json" "$OPENBLAS_CORETYPE" <<'PY'
import json, sys
data = json.load(open(sys.argv[1]))
med = {}
for b in data["benchmarks"]:
    if b.get("aggregate_name") == "median":
        med[b["run_name"]] = b
ctx = data["context"]
threads = ctx.get("num_cpus", 0)

def val(name, key="GFLOPS"):
    b = med.get(name)
    return None if b is None else b.get(key)

def fmt(x, unit=""):
    return "n/a" if x is None else f"{x:8.2f}{unit}"

rows = [
    ("simulator f32   1 thread", "BM_MatmulF32/1/real_time"),
    (f"simulator f32   {threads} threads", "BM_MatmulF32/0/real_time"),
    ("simulator bf16  1 thread", "BM_MatmulBF16/1/real_time"),
    (f"simulator bf16  {threads} threads", "BM_MatmulBF16/0/real_time"),
    ("simulator i8    1 thread", "BM_MatmulI8/1/real_time"),
    (f"simulator i8    {threads} threads", "BM_MatmulI8/0/real_time"),
    ("cblas_sgemm     1 thread", "BM_Sgemm/1/real_time"),
    ("cblas_sgemm     2 threads", "BM_Sgemm/2/real_time"),
]
kernel = med.get("BM_MatmulF32/1/real_time", {}).get("label", "?")
blas = med.get("BM_Sgemm/1/real_time", {}).get("label", "?")
print(f"\n== 1024^3 matmul, GFLOP/s (2*M*N*K / wall time), medians of "
      f"{med.get('BM_MatmulF32/1/real_time', {}).get('repetitions', '?')} "
      f"repetitions; simulator kernel: {kernel}; OpenBLAS core: {blas} "
      f"(OPENBLAS_CORETYPE={sys.argv[2]})")
for label, name in rows:
    print(f"  {label:28s} {fmt(val(name))}")

results = []
def ratio(label, num, den, target, fmtstr="{:.2f}x"):
    r = None if (num is None or den is None or den == 0) else num / den
    ok = r is not None and r >= target
    results.append(ok)
    print(f"  {label:44s} {'n/a' if r is None else fmtstr.format(r):>8s}"
          f"   target >= {target:g}x  {'OK' if ok else 'MISSED'}")

f1 = val("BM_MatmulF32/1/real_time"); fN = val("BM_MatmulF32/0/real_time")
b1 = val("BM_MatmulBF16/1/real_time"); i1 = val("BM_MatmulI8/1/real_time")
s1 = val("BM_Sgemm/1/real_time"); s2 = val("BM_Sgemm/2/real_time")
print("\n== ratios")
ratio("f32 1T / sgemm 1T", f1, s1, 0.45)
ratio(f"f32 {threads}T / f32 1T", fN, f1, 1.7)
ratio("bf16 1T / f32 1T (within 10%)", b1, f1, 0.9)
ratio("i8 1T / f32 1T", i1, f1, 1.0)
if s1 and s2:
    print(f"  {'(sgemm 2T / sgemm 1T)':44s} {s2 / s1:7.2f}x")

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
print(f"\n== {sum(results)} of {len(results)} targets met")
PY
