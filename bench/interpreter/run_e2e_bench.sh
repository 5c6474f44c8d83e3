#!/usr/bin/env bash
# f32 D = A x B + C at SIZE^3 (default 4096) through
# systile-run on the lowered program, npy in and npy out, against a numpy
# script doing the same job (np.load x3, a @ b + c, np.save), as whole
# processes. One run; REPS alternating repetitions (systile, numpy, ...);
# medians of wall time and of each process's own peak RSS (wait4). Prints
# the throughput ratio (numpy wall / systile wall, target >= 0.9x) and the
# RSS ratio (systile / numpy, target <= 1.3x), each OK/MISSED, with the CPU
# features, the simulator's kernel path and OpenBLAS's core. The results
# are checked against numpy (they differ in summation order: RFC 6 blocks
# against BLAS's own) within 1e-5 of max |ref|.
#
# Run on an idle machine: usage: run_e2e_bench.sh [BUILD_DIR] [REPS] [SIZE]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-$root/build}
reps=${2:-5}
n=${3:-4096}
py=/usr/bin/python3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

. "$root/scripts/lib.sh"
ensure_debs bench libopenblas0-pthread || true
systile_ninja "$build" systile-run systile-opt >/dev/null
# OpenBLAS's SkylakeX kernels on AVX-512 CPUs (the shipped library picks a
# generic one there otherwise), Haswell's elsewhere, as run_runtime_bench.sh.
if [ -z "${OPENBLAS_CORETYPE:-}" ]; then
  if grep -qw avx512f /proc/cpuinfo; then export OPENBLAS_CORETYPE=SkylakeX
  else export OPENBLAS_CORETYPE=Haswell; fi
fi

cat > "$work/mm.mlir" <<MLIR
func.func @main(%a: tensor<${n}x${n}xf32>, %b: tensor<${n}x${n}xf32>,
                %c: tensor<${n}x${n}xf32>) -> tensor<${n}x${n}xf32> {
  %d = linalg.matmul ins(%a, %b : tensor<${n}x${n}xf32>, tensor<${n}x${n}xf32>)
                     outs(%c : tensor<${n}x${n}xf32>) -> tensor<${n}x${n}xf32>
  return %d : tensor<${n}x${n}xf32>
}
MLIR
"$build/bin/systile-opt" "$work/mm.mlir" --systile-pipeline > "$work/lowered.mlir"
cat > "$work/numpy_mm.py" <<'PY'
import sys, numpy as np
w = sys.argv[1]
a, b, c = (np.load(f"{w}/{x}.npy") for x in "abc")
np.save(f"{w}/ref.npy", a @ b + c)
PY

"$py" - "$work" "$n" "$reps" "$build/bin/systile-run" <<'PY'
import os, statistics, subprocess, sys, time
import numpy as np
work, n, reps, systile_run = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
rng = np.random.default_rng(0)
for x in "abc":
    np.save(f"{work}/{x}.npy", rng.standard_normal((n, n), dtype=np.float32))

def run(cmd):
    """Wall seconds and peak RSS (MiB) of one process."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    err = p.stderr.read().decode()
    p.stderr.close()
    if status != 0:
        sys.exit(f"error: {cmd[0]} failed: {err}")
    return wall, usage.ru_maxrss / 1024.0, err

sys_cmd = [systile_run, f"{work}/lowered.mlir", "--quiet", "--timing",
           "--output", f"{work}/out.npy"] + sum(
               [["--input", f"{work}/{x}.npy"] for x in "abc"], [])
np_cmd = [sys.executable, f"{work}/numpy_mm.py", work]
run(sys_cmd), run(np_cmd)  # warm-up: page cache, lazy binding
s_wall, s_rss, n_wall, n_rss = [], [], [], []
kernel = "?"
for _ in range(reps):
    w, r, err = run(sys_cmd)
    s_wall.append(w); s_rss.append(r)
    kernel = err.rsplit("matmul-kernel=", 1)[-1].strip() if "matmul-kernel=" in err else kernel
    w, r, _ = run(np_cmd)
    n_wall.append(w); n_rss.append(r)

got, ref = np.load(f"{work}/out.npy"), np.load(f"{work}/ref.npy")
err = np.abs(got.astype(np.float64) - ref).max() / np.abs(ref).max()
if err > 1e-5:
    sys.exit(f"error: systile-run disagrees with numpy ({err:.2e} of max |ref|)")
flags = open("/proc/cpuinfo").read().split()
feats = " ".join(f for f in ("avx2", "avx512f", "avx512_bf16", "avx512_vnni", "amx_tile") if f in flags)
med = statistics.median
print(f"cpu features: {feats}; simulator kernel path: {kernel}; "
      f"OpenBLAS core: {os.environ.get('OPENBLAS_CORETYPE')}")
print(f"f32 {n}^3, A x B + C, npy in and out, whole processes, {reps} alternating "
      f"repetitions, medians (max |err| / max |ref| = {err:.1e})")
print(f"  systile-run   wall {med(s_wall):7.3f} s   peak RSS {med(s_rss):8.1f} MiB")
print(f"  numpy script  wall {med(n_wall):7.3f} s   peak RSS {med(n_rss):8.1f} MiB")
thr = med(n_wall) / med(s_wall)
rss = med(s_rss) / med(n_rss)
print(f"  throughput systile / numpy {thr:5.2f}x  target >= 0.9x  {'OK' if thr >= 0.9 else 'MISSED'}")
print(f"  peak RSS   systile / numpy {rss:5.2f}x  target <= 1.3x  {'OK' if rss <= 1.3 else 'MISSED'}")
PY
