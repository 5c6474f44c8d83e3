#!/usr/bin/env bash
# Creates (or reuses) the Python environment of the JAX frontend:
# build/venv-jax with the wheels pinned in examples/jax/requirements.txt
# (jax, jaxlib, their numpy/scipy/ml_dtypes/opt_einsum, and torch-mlir for
# torch-mlir-opt, which legalises StableHLO to linalg). jax 0.12 needs
# CPython >= 3.12: $SYSTILE_JAX_PYTHON when set, else pyenv's 3.12.x
# (`$(pyenv root)/versions/3.12.*/bin/python3.12`, called directly: the
# pyenv shim fails unless PYENV_VERSION is set), else a python3.12 on PATH
# that runs. Prints the venv's python on success; on any failure it says
# why and exits non-zero (it never skips). Idempotent, like
# scripts/setup-pytorch-venv.sh.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SYSTILE_BUILD_DIR:-$root/build}
venv=${SYSTILE_JAX_VENV:-$build/venv-jax}
req=$root/examples/jax/requirements.txt
source "$root/scripts/frontend-venv.sh"

is_py312() {
  [ -n "$1" ] && "$1" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 12))' \
    >/dev/null 2>&1
}

find_python() {
  local p
  if [ -n "${SYSTILE_JAX_PYTHON:-}" ]; then
    is_py312 "$SYSTILE_JAX_PYTHON" && { echo "$SYSTILE_JAX_PYTHON"; return; }
    echo "setup-jax-venv: FAILED: SYSTILE_JAX_PYTHON=$SYSTILE_JAX_PYTHON is not a" \
         "working CPython 3.12" >&2
    return 1
  fi
  local pyroot
  pyroot=$(pyenv root 2>/dev/null || echo "${PYENV_ROOT:-$HOME/.pyenv}")
  for p in $(ls -d "$pyroot"/versions/3.12.*/bin/python3.12 2>/dev/null | sort -rV); do
    is_py312 "$p" && { echo "$p"; return; }
  done
  p=$(command -v python3.12 || true)
  is_py312 "$p" && { echo "$p"; return; }
  echo "setup-jax-venv: FAILED: no CPython 3.12 found (jax 0.12 needs >= 3.12;" \
       "looked for $pyroot/versions/3.12.*/bin/python3.12 and python3.12 on PATH;" \
       "install one, e.g. 'pyenv install 3.12.1', or set SYSTILE_JAX_PYTHON)" >&2
  return 1
}

python=$(find_python) || exit 1
frontend_venv setup-jax-venv "$venv" "$req" "$python" \
  "jax, jaxlib, torch_mlir, ml_dtypes" examples/jax/README.md 1500
