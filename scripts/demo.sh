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
"$opt" "$root/examples/matmul.mlir" \
  --systile-pipeline="sublanes=2 lanes=4 mxu=4 precision=bf16" \
  --systile-report-utilization --mlir-print-op-on-diagnostic=false \
  --mlir-pass-statistics 2>&1

run="$build/bin/systile-run"
step "systile-run: examples/run-matmul.mlir as written (upstream linalg.matmul semantics)"
"$run" "$root/examples/run-matmul.mlir"

step "The same after systile-pipeline (2, 4, 4), run with the runtime's systolic numerics; --stats"
"$opt" "$root/examples/run-matmul.mlir" --systile-pipeline="sublanes=2 lanes=4 mxu=4 precision=bf16" |
  "$run" - --stats

step "Translation validation: entry before vs after the pipeline"
"$run" "$root/examples/run-matmul.mlir" --compare-after="systile-pipeline{sublanes=2 lanes=4 mxu=4}"
