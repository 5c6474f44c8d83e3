#!/usr/bin/env bash
# The systile Python package's tests (python/tests): systile.torch.report
# in the PyTorch venv and systile.jax.report in the JAX venv (both made or
# reused by their setup scripts, which install the package; they fail, never
# skip, when the wheels cannot be installed), on the tools of this build.
# Its last line is "python: N passed, M failed".
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SYSTILE_BUILD_DIR:-$root/build}

torch_python=$("$root/scripts/setup-pytorch-venv.sh" | tail -n 1)
jax_python=$("$root/scripts/setup-jax-venv.sh" | tail -n 1)
"$root/scripts/setup.sh" systile-opt systile-run >/dev/null
export SYSTILE_BIN=$build/bin
unset TORCH_LOGS  # an empty TORCH_LOGS makes torch 2.15's import fail

passed=0 failed=0
# suite PYTHON MODULE: runs one unittest module; adds its counts.
suite() {
  local log n bad
  log=$(mktemp)
  (cd "$root/python/tests" && "$1" -m unittest -v "$2") >"$log" 2>&1 || true
  grep -E ' \.\.\. (ok|FAIL|ERROR|skipped)' "$log" || true
  n=$(sed -n 's/^Ran \([0-9]*\) tests\{0,1\} in.*/\1/p' "$log")
  bad=$(grep -cE ' \.\.\. (FAIL|ERROR)$' "$log" || true)
  if [ -z "$n" ] || ! grep -qE '^OK' "$log"; then
    sed -n '/^=====/,$p' "$log" | head -80
    [ -n "$n" ] || { n=1; bad=1; }
    [ "$bad" -gt 0 ] || bad=1
  fi
  passed=$(( passed + n - bad )); failed=$(( failed + bad ))
  rm -f "$log"
}
suite "$torch_python" test_torch_report
suite "$jax_python" test_jax_report
echo "python: $passed passed, $failed failed"
[ "$failed" = 0 ]
