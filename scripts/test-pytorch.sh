#!/usr/bin/env bash
# The PyTorch frontend's end-to-end test: makes or reuses the
# pinned torch + torch-mlir venv (scripts/setup-pytorch-venv.sh; it fails,
# never skips, when the wheels cannot be installed), builds the tools, exports
# every model of examples/pytorch to build/pytorch, and runs them through
# systile-opt --systile-pipeline and systile-run, checked against PyTorch and
# an independent RFC 6 model (examples/pytorch/run.py): the final outputs, and
# every matmul systile-run executed, bit for bit, recomputed from the operands
# it dumps (--dump-op, examples/pytorch/dumpcheck.py). The venv's wheels come
# from $SYSTILE_WHEELHOUSE (default ~/.cache/systile/wheels). Extra arguments go to
# run.py (e.g. --models mlp). Exits non-zero when any stage of any model fails;
# its last line is "pytorch: N passed, M failed".
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SYSTILE_BUILD_DIR:-$root/build}

python=$("$root/scripts/setup-pytorch-venv.sh" | tail -n 1)
"$root/scripts/setup.sh" systile-opt systile-run >/dev/null
out=$build/pytorch
rm -rf "$out"
unset TORCH_LOGS  # an empty TORCH_LOGS makes torch 2.15's import fail
"$python" "$root/examples/pytorch/export.py" --out "$out" \
  --systile-opt "$build/bin/systile-opt"
exec "$python" "$root/examples/pytorch/run.py" --dir "$out" --bin "$build/bin" "$@"
