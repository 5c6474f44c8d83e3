#!/usr/bin/env bash
# Configures (once) and builds the libFuzzer targets in build-fuzz/: the
# whole project with -DSYSTILE_ENABLE_FUZZERS=ON (ASan + coverage), tests
# and benchmarks off. Same global build lock and -j2 as scripts/setup.sh;
# the toolchain packages come from scripts/setup.sh, run it first on a
# fresh machine. Usage: fuzz/build.sh [ninja targets] (default: all fuzzers)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SYSTILE_FUZZ_BUILD_DIR:-$root/build-fuzz}

. "$root/scripts/lib.sh"
systile_configure "$build" -DSYSTILE_ENABLE_FUZZERS=ON \
  -DSYSTILE_BUILD_TESTS=OFF -DSYSTILE_BUILD_BENCHMARKS=OFF
if [ $# -eq 0 ]; then
  set -- systile-fuzzers
fi
systile_ninja "$build" "$@"
