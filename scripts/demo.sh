#!/usr/bin/env bash
# Sets everything up (scripts/setup.sh), then shows systile on the files in
# examples/: tiled types, and what the passes do to them.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SYSTILE_BUILD_DIR:-$root/build}
"$root/scripts/setup.sh"
opt="$build/bin/systile-opt"

step() { printf '\n==== %s\n' "$*"; }

step "Tiled types and layout ops, canonicalized (examples/tiled-types.mlir)"
"$opt" "$root/examples/tiled-types.mlir" --canonicalize

step "linalg.matmul in (examples/matmul.mlir), lowered by systile-pipeline on geometry (2, 4, 4), with the utilisation report"
# The IR goes to stdout, the remarks and pass statistics to stderr; the
# latter are kept apart and printed after the IR, so neither cuts into the
# other.
diagnostics=$(mktemp)
trap 'rm -f "$diagnostics"' EXIT
"$opt" "$root/examples/matmul.mlir" \
  --systile-pipeline="sublanes=2 lanes=4 mxu=4 precision=bf16" \
  --systile-report-utilization --mlir-print-op-on-diagnostic=false \
  --mlir-pass-statistics 2>"$diagnostics" || { cat "$diagnostics" >&2; exit 1; }
printf -- '---- remarks and pass statistics (stderr)\n'
cat "$diagnostics"

run="$build/bin/systile-run"
step "systile-run: examples/run-matmul.mlir as written (upstream linalg.matmul semantics)"
"$run" "$root/examples/run-matmul.mlir"

step "The same after systile-pipeline (2, 4, 4), run with the runtime's systolic numerics; --stats"
"$opt" "$root/examples/run-matmul.mlir" --systile-pipeline="sublanes=2 lanes=4 mxu=4 precision=bf16" |
  "$run" - --stats

step "Translation validation: entry before vs after the pipeline"
"$run" "$root/examples/run-matmul.mlir" --compare-after="systile-pipeline{sublanes=2 lanes=4 mxu=4}"

# The main job: a PyTorch model through systile. The first run
# makes the pinned torch + torch-mlir venv under build/ (a few minutes).
step "PyTorch MLP (nn.Linear + ReLU, 784-512-256-10, batch 64) exported by torch-mlir to linalg-on-tensors"
python=$("$root/scripts/setup-pytorch-venv.sh" | tail -n 1)
demo="$build/demo-pytorch"
rm -rf "$demo"
unset TORCH_LOGS  # an empty TORCH_LOGS makes torch 2.15's import fail
"$python" "$root/examples/pytorch/export.py" --out "$demo" --models mlp \
  --systile-opt "$opt" >/dev/null
# The first layer as torch-mlir wrote it (weights elided).
"$opt" "$demo/mlp/model.mlir" --mlir-elide-resource-strings-if-larger=16 |
  sed -n '/func.func/,/linalg.generic/p' | head -24

step "The same model after systile-pipeline (default geometry 8x128, mxu 128): one pack in, weights as storage-order constants, one unpack out"
"$opt" "$demo/mlp/model.mlir" --systile-pipeline -o "$demo/lowered.mlir"
"$opt" "$demo/lowered.mlir" --mlir-elide-elementsattrs-if-larger=8 \
  --mlir-elide-resource-strings-if-larger=16 |
  grep -E "func.func|systile\.(pack|unpack|constant|splat|broadcast)|return" | cut -c1-160
printf 'ops: %s packs, %s unpacks, %s mxu_matmul (weight loads)\n' \
  "$(grep -c 'systile.pack' "$demo/lowered.mlir")" \
  "$(grep -c 'systile.unpack' "$demo/lowered.mlir")" \
  "$(grep -c 'systile.mxu_matmul' "$demo/lowered.mlir")"

step "Utilisation report (systile-report-utilization)"
"$opt" "$demo/lowered.mlir" --systile-report-utilization -o /dev/null 2>&1 |
  grep -o '\(utilization\|total\): .*'

step "systile-run on PyTorch's input, agreement with PyTorch and with an independent RFC 6 model"
"$python" "$root/examples/pytorch/run.py" --dir "$demo" --bin "$build/bin" --models mlp
