#!/usr/bin/env bash
# Creates (or reuses) the Python environment of the PyTorch frontend:
# build/venv-pytorch with the wheels pinned in examples/pytorch/requirements.txt
# (torch's CPU use of PyPI's Linux wheel, torch-mlir). Idempotent: when the venv
# already holds exactly these pins and imports torch and torch_mlir, it does
# nothing. Wheels are kept in a wheelhouse outside the checkout
# ($SYSTILE_WHEELHOUSE, default ~/.cache/systile/wheels), so a re-creation
# needs no network. Prints the venv's python on success; on any failure it
# says why and exits non-zero (it never skips).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SYSTILE_BUILD_DIR:-$root/build}
venv=${SYSTILE_PYTORCH_VENV:-$build/venv-pytorch}
req=${SYSTILE_PYTORCH_REQUIREMENTS:-$root/examples/pytorch/requirements.txt}
python=${SYSTILE_PYTHON:-}
if [ -z "$python" ]; then
  python=python3.11
  command -v "$python" >/dev/null 2>&1 || python=/usr/bin/python3.11
fi
source "$root/scripts/frontend-venv.sh"

command -v "$python" >/dev/null 2>&1 &&
  "$python" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))' >/dev/null 2>&1 || {
  echo "setup-pytorch-venv: FAILED: $python is not a working CPython 3.11 (the" \
       "pinned wheels are cp311; Debian: apt-get install python3.11-venv;" \
       "or set SYSTILE_PYTHON)" >&2
  exit 1
}
frontend_venv setup-pytorch-venv "$venv" "$req" "$python" "torch, torch_mlir.fx" \
  examples/pytorch/README.md 9000
