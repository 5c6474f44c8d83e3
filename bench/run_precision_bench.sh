#!/usr/bin/env bash
# Builds and runs the precision benchmark once (bench/PrecisionBench.cpp):
#  - median times of simulateMatmul at bf16 (the anchor, same run),
#    bf16_3x and bf16_6x on random f32 cubes, 1024^3 and 4096^3 by default,
#    with the ratios 3x/bf16 (target <= 3.5) and 6x/bf16 (target <= 7);
#  - the accuracy table: the largest error of f32, bf16, bf16_3x and
#    bf16_6x (and 6x with flushed subnormals) against an f64 product, on
#    random matrices over several exponent ranges;
#  - the CPU's instruction sets and the kernel path that ran.
# At the default sizes and 5 repetitions it takes a few minutes on 2 cores.
# Run it alone on the machine.
#
# Usage: bench/run_precision_bench.sh [options of systile-precision-bench]
#   e.g. --size 64 --reps 1 --accuracy-size 32 (a smoke run), or
#   --size 1024 --size 4096 --reps 5 (the defaults).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SYSTILE_BUILD_DIR:-$root/build}

if [ "${SYSTILE_BENCH_NO_BUILD:-0}" != 1 ]; then
  if [ ! -f "$build/build.ninja" ]; then
    "$root/scripts/setup.sh" SystileRuntime
  fi
  if ! grep -q systile-precision-bench "$build/build.ninja"; then
    flock /tmp/systile-build.lock cmake "$build" >/dev/null
  fi
  flock /tmp/systile-build.lock ninja -C "$build" -j2 systile-precision-bench >/dev/null
fi

exec "$build/bench/systile-precision-bench" "$@"
