#!/usr/bin/env bash
# The JAX frontend's end-to-end test: makes or reuses the pinned jax +
# torch-mlir venv (scripts/setup-jax-venv.sh; it fails, never skips, when the
# wheels or a CPython 3.12 are missing), builds the tools, exports every
# model of examples/jax to build/jax (StableHLO from jax.jit(f).lower(),
# legalised to linalg by torch-mlir-opt) and runs each in systile-run before
# and after systile-opt --systile-pipeline, checked against JAX's CPU
# results and, where it applies, bit for bit against an RFC 6 numpy model
# (examples/jax/run.py). Extra arguments go to run.py (e.g. --models mlp).
# Exits non-zero when any model fails; its last line is
# "jax: N passed, M failed".
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SYSTILE_BUILD_DIR:-$root/build}

python=$("$root/scripts/setup-jax-venv.sh" | tail -n 1)
"$root/scripts/setup.sh" systile-opt systile-run >/dev/null
out=$build/jax
rm -rf "$out"
"$python" "$root/examples/jax/export.py" --out "$out" \
  --torch-mlir-opt "$(dirname "$python")/torch-mlir-opt"
exec "$python" "$root/examples/jax/run.py" --dir "$out" --bin "$build/bin" "$@"
