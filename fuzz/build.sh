#!/usr/bin/env bash
# Configures (once) and builds the libFuzzer targets in build-fuzz/: the
# whole project with -DSYSTILE_ENABLE_FUZZERS=ON (ASan + coverage), tests
# and benchmarks off. Same global build lock and -j2 as scripts/setup.sh;
# the toolchain packages come from scripts/setup.sh, run it first on a
# fresh machine. Usage: fuzz/build.sh [ninja targets] (default: all fuzzers)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SYSTILE_FUZZ_BUILD_DIR:-$root/build-fuzz}

if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DLLVM_USE_LINKER=lld \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DSYSTILE_ENABLE_FUZZERS=ON \
    -DSYSTILE_BUILD_TESTS=OFF -DSYSTILE_BUILD_BENCHMARKS=OFF >/dev/null
fi
export CCACHE_BASEDIR="$root"
if [ $# -eq 0 ]; then
  set -- systile-fuzzers
fi
flock /tmp/systile-build.lock ninja -C "$build" -j2 "$@"
