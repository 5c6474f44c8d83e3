#!/usr/bin/env bash
# The CNN models' end-to-end test: makes or reuses the pinned torch +
# torch-mlir venv (scripts/setup-pytorch-venv.sh; it fails, never skips,
# when the wheels cannot be installed), builds the tools, exports the models
# of examples/cnn (a small CNN, a ResNet basic block with a stride-2
# projection, a MobileNet depthwise-separable block; BatchNorm with random
# statistics) to build/cnn, and runs each in systile-run before and after
# systile-opt --systile-pipeline with each conv-strategy, checked against
# PyTorch and bit for bit against a numpy model of each strategy's order
# (examples/cnn/run.py), with one pack per input, one unpack per output and
# no linalg op left. Extra arguments go to run.py (e.g. --models
# small_cnn). Exits non-zero when any model fails; its last line is
# "cnn: N passed, M failed".
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SYSTILE_BUILD_DIR:-$root/build}

python=$("$root/scripts/setup-pytorch-venv.sh" | tail -n 1)
"$root/scripts/setup.sh" systile-opt systile-run >/dev/null
out=$build/cnn
rm -rf "$out"
unset TORCH_LOGS  # an empty TORCH_LOGS makes torch 2.15's import fail
"$python" "$root/examples/cnn/export.py" --out "$out"
exec "$python" "$root/examples/cnn/run.py" --dir "$out" --bin "$build/bin" "$@"
