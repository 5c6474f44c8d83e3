#!/usr/bin/env bash
# systile-run on a lowered 1024x1024x1024 f32 matmul
# with .npy inputs against the runtime simulator alone (sim_driver.cpp: the
# same npy -> pack -> rt::simulateMatmul -> unpack -> npy, no MLIR).
#
# One run; REPS alternating repetitions of each; medians. Prints
#   * end to end (process wall time, incl. loading libLLVM.so),
#   * the fixed start-up cost of systile-run (wall time on a trivial module:
#     loading libLLVM.so, static initialisers, context set-up),
#   * in process (systile-run --timing total vs the driver's own total),
#   * systile-run's in-process total against rt::simulateMatmul's time alone,
# and checks that both programs wrote bit-identical results.
#
# usage: bench/interpreter/run_interpreter_bench.sh [BUILD_DIR] [REPS]
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-$root/build}
reps=${2:-9}
py=/usr/bin/python3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

flock /tmp/systile-build.lock ninja -C "$build" -j2 systile-run systile-opt SystileRuntime \
  SystileUtilization SystileLayout >/dev/null
clang++-22 -O3 -std=c++17 -ffp-contract=off -fno-fast-math -I"$root/include" \
  "$here/sim_driver.cpp" "$build/lib/libSystileRuntime.a" \
  "$build/lib/libSystileUtilization.a" "$build/lib/libSystileLayout.a" -lpthread \
  -o "$work/sim_driver"

cat > "$work/matmul.mlir" <<'MLIR'
func.func @main(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>,
                %c: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %d = linalg.matmul ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>)
                     outs(%c : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %d : tensor<1024x1024xf32>
}
MLIR
# Default geometry (8x128, mxu = 128), precision f32: 64 mxu_matmul ops.
"$build/bin/systile-opt" "$work/matmul.mlir" --systile-pipeline > "$work/lowered.mlir"
"$py" - "$work" <<'PY'
import sys, numpy as np
rng = np.random.default_rng(1)
for name in "abc":
    np.save(f"{sys.argv[1]}/{name}.npy",
            rng.uniform(-1, 1, (1024, 1024)).astype(np.float32))
PY

run_tool() {
  "$build/bin/systile-run" "$work/lowered.mlir" --input "$work/a.npy" \
    --input "$work/b.npy" --input "$work/c.npy" --output "$work/d_run.npy" \
    --quiet --timing 2>&1 | sed -n 's/.*total=\([0-9.]*\)ms.*/\1/p'
}
run_driver() {
  "$work/sim_driver" "$work/a.npy" "$work/b.npy" "$work/c.npy" \
    "$work/d_driver.npy" f32 | sed -n 's/.*total=\([0-9.]*\)ms simulate=\([0-9.]*\)ms/\1 \2/p'
}

cat > "$work/trivial.mlir" <<'MLIR'
func.func @main() -> f32 {
  %c = arith.constant 1.0 : f32
  return %c : f32
}
MLIR

# Warm the page cache and the dynamic loader once.
run_tool >/dev/null; run_driver >/dev/null
cmp -s "$work/d_run.npy" "$work/d_driver.npy" || {
  echo "error: systile-run and the runtime driver disagree" >&2; exit 1; }

: > "$work/samples"
for ((i = 0; i < reps; ++i)); do
  t0=$EPOCHREALTIME; inproc_tool=$(run_tool); t1=$EPOCHREALTIME
  read -r inproc_drv sim < <(run_driver); t2=$EPOCHREALTIME
  "$build/bin/systile-run" "$work/trivial.mlir" >/dev/null; t3=$EPOCHREALTIME
  echo "$t0 $t1 $t2 $inproc_tool $inproc_drv $sim $t3" >> "$work/samples"
done

"$py" - "$work/samples" <<'PY'
import statistics, sys
rows = [list(map(float, l.split())) for l in open(sys.argv[1])]
med = lambda xs: statistics.median(xs)
wall_tool = med([(r[1] - r[0]) * 1e3 for r in rows])
wall_drv = med([(r[2] - r[1]) * 1e3 for r in rows])
in_tool = med([r[3] for r in rows])
in_drv = med([r[4] for r in rows])
sim = med([r[5] for r in rows])
startup = med([(r[6] - r[2]) * 1e3 for r in rows])
verdict = lambda ratio: "PASS" if ratio <= 1.25 else "FAIL"
print(f"1024^3 f32 matmul, default geometry, {len(rows)} repetitions, medians")
print(f"  end to end:  systile-run {wall_tool:8.2f} ms   runtime driver {wall_drv:8.2f} ms"
      f"   ratio {wall_tool / wall_drv:.3f}  {verdict(wall_tool / wall_drv)}")
print(f"  systile-run start-up on a trivial module (libLLVM.so, initialisers, context): {startup:.2f} ms")
print(f"  in process:  systile-run {in_tool:8.2f} ms   runtime driver {in_drv:8.2f} ms"
      f"   ratio {in_tool / in_drv:.3f}  {verdict(in_tool / in_drv)}")
print(f"  systile-run in process vs rt::simulateMatmul alone ({sim:.2f} ms,"
      f" no npy/packing): {in_tool / sim:.3f}x")
PY
