#!/usr/bin/env bash
# Sets everything up (scripts/setup.sh), then runs the whole test suite: the
# lit regression tests and the gtest unit tests (run through lit too), the
# PyTorch, CNN, JAX and ONNX models end to end (scripts/test-pytorch.sh,
# test-cnn.sh, test-jax.sh, test-onnx.sh), then the same suite
# again in the ASan+UBSan build (scripts/test-sanitizers.sh), the fuzz
# targets over their seeds (fuzz/smoke.sh) and the seeds down the compiled
# path (fuzz/sweep-compiled.sh). SYSTILE_PYTORCH=0 (PyTorch and
# CNN), SYSTILE_JAX=0,
# SYSTILE_ONNX=0 and SYSTILE_SANITIZERS=0 skip those for a quick local run.
# The last line sums every count: "tests: N passed, M failed".
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SYSTILE_BUILD_DIR:-$root/build}
"$root/scripts/setup.sh"

# Install the Systile CMake package and build examples/embed, a downstream
# compiler, against it (test/Embed runs it).
flock /tmp/systile-build.lock cmake --install "$build" --prefix "$build/install" >/dev/null
if [ ! -f "$build/embed/build.ninja" ]; then
  cmake -G Ninja -S "$root/examples/embed" -B "$build/embed" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++-22 \
    -DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
    -DSystile_DIR="$build/install/lib/cmake/Systile" >/dev/null
fi
CCACHE_BASEDIR="$root" CCACHE_NOHASHDIR=1 \
  flock /tmp/systile-build.lock ninja -C "$build/embed" -j2 >/dev/null
# test/Embed requires it (lit's embed-demo feature): never skip it here.
test -x "$build/embed/systile-embed-demo"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
/usr/lib/llvm-22/bin/lit -v --order=lexical "$build/test" "$build/unittests" 2>&1 | tee "$log" || status=$?
passed=$(sed -n 's/^ *Passed *: *\([0-9]*\).*/\1/p' "$log" | tail -1)
failed=$( (grep -E '^ *(Failed|Unresolved|Timed Out|Unexpectedly Passed) *:' "$log" || true) |
         sed 's/.*: *\([0-9]*\).*/\1/' | awk '{s+=$1} END {print s+0}')
passed=${passed:-0}; failed=${failed:-0}
echo "lit and unit tests: $passed passed, $failed failed"

# PyTorch models end to end (examples/pytorch): the pinned torch +
# torch-mlir venv under build/ (made once, reused), export, systile-opt,
# systile-run, checked against PyTorch and an RFC 6 model. A venv that
# cannot be installed fails the run; it never skips.
# frontend NAME: runs scripts/test-NAME.sh and adds its "NAME: N passed,
# M failed" counts to the totals; a suite that stops before that line (the
# venv or the export failed) counts as one failure.
frontend() {
  "$root/scripts/test-$1.sh" 2>&1 | tee "$log.$1" || status=1
  local c
  c=$(sed -n "s/^$1: \([0-9]*\) passed, \([0-9]*\) failed.*/\1 \2/p" "$log.$1")
  [ -n "$c" ] || c="0 1"
  passed=$(( passed + ${c%% *} )); failed=$(( failed + ${c##* } ))
  rm -f "$log.$1"
}
[ "${SYSTILE_PYTORCH:-1}" = 0 ] || frontend pytorch
# The CNN models (examples/cnn) through the same venv: both conv
# strategies, bit for bit against numpy, one pack and one unpack each.
[ "${SYSTILE_PYTORCH:-1}" = 0 ] || frontend cnn
# JAX and ONNX models the same way (examples/jax, examples/onnx): their
# pinned venvs under build/ (jax + torch-mlir on CPython 3.12; onnx +
# torch-mlir), exported, run in systile-run before and after the pipeline,
# checked against the framework and an RFC 6 model. SYSTILE_JAX=0 and
# SYSTILE_ONNX=0 skip them locally; a venv that cannot be installed fails.
[ "${SYSTILE_JAX:-1}" = 0 ] || frontend jax
[ "${SYSTILE_ONNX:-1}" = 0 ] || frontend onnx
# The systile Python package (python/): its report API on a PyTorch model
# and a JAX function, in those two venvs, and its CLI.
[ "${SYSTILE_PYTORCH:-1}" = 0 ] || [ "${SYSTILE_JAX:-1}" = 0 ] || frontend python
# The compiled path over the fuzz seeds: no program may crash a step, run
# it out of memory or hang it on the way to machine code
# (fuzz/sweep-compiled.sh, docs/Fuzzing.md).
SYSTILE_BIN_DIR="$build/bin" "$root/fuzz/sweep-compiled.sh" || status=$?

if [ "${SYSTILE_SANITIZERS:-1}" != 0 ]; then
  "$root/scripts/test-sanitizers.sh" || status=$?
  # The libFuzzer targets still build and pass their seeds (docs/Fuzzing.md).
  "$root/fuzz/smoke.sh" || status=$?
fi
[ "$status" = 0 ] || [ "$failed" != 0 ] || failed=1
echo "tests: $passed passed, $failed failed"
exit $status
