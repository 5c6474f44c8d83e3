#!/usr/bin/env bash
# Keeps the fuzz targets alive in CI: builds them (fuzz/build.sh) and runs
# each once over its seed corpus (libFuzzer -runs=0: every seed executes,
# no mutation), so a harness that no longer builds, or a seed that now
# crashes, hangs (> 10 s) or trips ASan/UBSan, fails the run.
# scripts/test.sh calls it after the sanitizer suite.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SYSTILE_FUZZ_BUILD_DIR:-$root/build-fuzz}
"$root/fuzz/build.sh" >/dev/null || {
  echo "fuzz smoke: FAILED: the fuzz targets do not build (fuzz/build.sh)"; exit 1; }
# See fuzz/run.sh for these two settings.
export ASAN_OPTIONS=${ASAN_OPTIONS:-allow_user_poisoning=0:allocator_may_return_null=1}
status=0
for t in parse pipeline npy runtime interpreter bytecode; do
  seeds=$(find "$root/fuzz/corpus/$t" -type f | wc -l)
  if "$build/fuzz/systile-fuzz-$t" -runs=0 -timeout=10 -rss_limit_mb=2048 \
       "$root/fuzz/corpus/$t" >"$build/smoke-$t.log" 2>&1; then
    echo "fuzz smoke: $t: $seeds seeds ok"
  else
    echo "fuzz smoke: $t FAILED (see $build/smoke-$t.log)"
    status=1
  fi
done
exit $status
