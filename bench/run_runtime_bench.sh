#!/usr/bin/env bash
# Builds and runs the runtime benchmarks once (Google Benchmark, several
# repetitions, medians) and prints every figure with its ratio, target and
# OK/MISSED:
#  - simulator GFLOP/s (f32, bf16 precision, i8; 1 and all threads) on cubes
#    256..4096 and the non-square shapes 4096x1024x4096, 256x4096x4096 and
#    8x4096x4096, against OpenBLAS cblas_sgemm on the same shapes and the
#    machine's no-FMA peak (the ceiling is the lower of the two);
#  - pack/unpack GB/s of a 4096x4096 f32 matrix against memcpy, dynamic
#    zero-block skipping, and f32 tanh of 2M lanes on each path the CPU has
#    against the libm's tanhf per element;
#  - a PNG of GFLOP/s against size (matplotlib from python3-matplotlib),
#    written to $build/bench/matmul-gflops.png.
#
# OPENBLAS_CORETYPE is set here only: SkylakeX on CPUs with AVX-512 (the
# shipped library otherwise picks a generic kernel there); on CPUs without
# AVX-512 SkylakeX kernels die with SIGILL, so Haswell (its AVX2+FMA kernel)
# is used instead. Override with SYSTILE_OPENBLAS_CORETYPE.
#
# Repetitions of all cases are interleaved in random order, so that drift in
# the shared machine's speed hits every case alike before medians are taken.
# One repetition of the whole sweep takes about half a minute on 2 cores.
# Run it alone on the machine.
#
# Usage: bench/run_runtime_bench.sh [repetitions (default 5)]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SYSTILE_BUILD_DIR:-$root/build}
reps=${1:-5}
png=$build/bench/matmul-gflops.png

. "$root/scripts/lib.sh"
ensure_debs bench python3-matplotlib || true
fresh_blas=0
ensure_debs bench libopenblas-dev && fresh_blas=1

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

/usr/bin/python3 "$root/bench/runtime_report.py" "$json" "$OPENBLAS_CORETYPE" "$png"
