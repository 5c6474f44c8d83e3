#!/usr/bin/env bash
# The ONNX frontend's end-to-end test: makes or reuses the pinned onnx +
# torch-mlir venv (scripts/setup-onnx-venv.sh; it fails, never skips, when
# the wheels cannot be installed), builds the tools, builds every model of
# examples/onnx with onnx's helper API into build/onnx, imports it with
# torch-mlir-import-onnx and lowers it with torch-mlir-opt's ONNX and
# linalg-on-tensors pipelines, and runs each in systile-run before and after
# systile-opt --systile-pipeline, checked against onnx's reference evaluator
# and, where it applies, bit for bit against an RFC 6 numpy model
# (examples/onnx/run.py). Extra arguments go to run.py (e.g. --models mlp).
# Exits non-zero when any model fails; its last line is
# "onnx: N passed, M failed".
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SYSTILE_BUILD_DIR:-$root/build}

python=$("$root/scripts/setup-onnx-venv.sh" | tail -n 1)
"$root/scripts/setup.sh" systile-opt systile-run >/dev/null
out=$build/onnx
rm -rf "$out"
bin=$(dirname "$python")
"$python" "$root/examples/onnx/export.py" --out "$out" \
  --import-onnx "$bin/torch-mlir-import-onnx" --torch-mlir-opt "$bin/torch-mlir-opt"
exec "$python" "$root/examples/onnx/run.py" --dir "$out" --bin "$build/bin" "$@"
