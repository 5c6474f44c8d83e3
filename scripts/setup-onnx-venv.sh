#!/usr/bin/env bash
# Creates (or reuses) the Python environment of the ONNX frontend:
# build/venv-onnx with the wheels pinned in examples/onnx/requirements.txt
# (onnx with its reference evaluator, and torch-mlir for
# torch-mlir-import-onnx and torch-mlir-opt; no torch). CPython 3.11
# (`python3.11`, Debian's, or $SYSTILE_ONNX_PYTHON), like the PyTorch venv,
# so the torch-mlir wheel in the wheelhouse is shared. Prints the venv's
# python on success; on any failure it says why and exits non-zero (it
# never skips). Idempotent, like scripts/setup-pytorch-venv.sh.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SYSTILE_BUILD_DIR:-$root/build}
venv=${SYSTILE_ONNX_VENV:-$build/venv-onnx}
req=$root/examples/onnx/requirements.txt
source "$root/scripts/frontend-venv.sh"

python=${SYSTILE_ONNX_PYTHON:-}
if [ -z "$python" ]; then
  python=python3.11
  command -v "$python" >/dev/null 2>&1 || python=/usr/bin/python3.11
fi
"$python" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))' >/dev/null 2>&1 || {
  echo "setup-onnx-venv: FAILED: $python is not a working CPython 3.11 (the" \
       "pinned wheels are cp311; Debian: apt-get install python3.11-venv;" \
       "or set SYSTILE_ONNX_PYTHON)" >&2
  exit 1
}
frontend_venv setup-onnx-venv "$venv" "$req" "$python" \
  "onnx, onnx.reference, torch_mlir, torch_mlir.extras.onnx_importer" \
  examples/onnx/README.md 800
