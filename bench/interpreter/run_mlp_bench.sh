#!/usr/bin/env bash
# A 3-layer 256x1024x1024 f32 MLP in frontend form (torch-mlir's
# nn.Linear: linalg.transpose of the [out, in] weight, a
# zero-filled accumulator, linalg.matmul, the bias as a broadcast
# linalg.generic, ReLU as a linalg.generic) run by systile-run unlowered and
# after systile-pipeline, against numpy (OpenBLAS) doing the same math.
#
# One run; REPS alternating repetitions; medians. The anchor is numpy's
# in-process time for the math (x @ W.T + b, max(x, 0), three layers);
# systile-run's is its --timing execute phase (no parse, no npy I/O), so
# the ratios compare the same work. End-to-end process times (npy in and
# out) are printed too. Both outputs are checked against numpy (the
# unlowered run must agree within 1e-5 of max |ref|; it computes upstream's
# sequential-k order, numpy's BLAS does not).
#
# Run on an idle machine: usage: run_mlp_bench.sh [BUILD_DIR] [REPS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-$root/build}
reps=${2:-7}
py=/usr/bin/python3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# numpy uses the reference BLAS unless OpenBLAS is installed (toolchain.md).
. "$root/scripts/lib.sh"
ensure_debs bench libopenblas0-pthread || true
systile_ninja "$build" systile-run systile-opt >/dev/null

"$py" - "$work" <<'PY'
import sys, numpy as np
work = sys.argv[1]
M, D, L = 256, 1024, 3
layer = """
  %wt{i} = linalg.transpose ins(%w{i} : tensor<{D}x{D}xf32>) outs(%e : tensor<{D}x{D}xf32>) permutation = [1, 0]
  %acc{i} = linalg.fill ins(%zero : f32) outs(%o : tensor<{M}x{D}xf32>) -> tensor<{M}x{D}xf32>
  %mm{i} = linalg.matmul ins(%x{i}, %wt{i} : tensor<{M}x{D}xf32>, tensor<{D}x{D}xf32>) outs(%acc{i} : tensor<{M}x{D}xf32>) -> tensor<{M}x{D}xf32>
  %bias{i} = linalg.generic {{indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}} ins(%mm{i}, %b{i} : tensor<{M}x{D}xf32>, tensor<{D}xf32>) outs(%o : tensor<{M}x{D}xf32>) {{
  ^bb0(%in: f32, %bb: f32, %out: f32):
    %s = arith.addf %in, %bb : f32
    linalg.yield %s : f32
  }} -> tensor<{M}x{D}xf32>
  %x{n} = linalg.generic {{indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}} ins(%bias{i} : tensor<{M}x{D}xf32>) outs(%o : tensor<{M}x{D}xf32>) {{
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  }} -> tensor<{M}x{D}xf32>
"""
args = ", ".join([f"%x0: tensor<{M}x{D}xf32>"] +
                 [f"%w{i}: tensor<{D}x{D}xf32>, %b{i}: tensor<{D}xf32>" for i in range(L)])
body = "".join(layer.format(i=i, n=i + 1, M=M, D=D) for i in range(L))
with open(f"{work}/mlp.mlir", "w") as f:
    f.write(f"""#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @main({args}) -> tensor<{M}x{D}xf32> {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<{D}x{D}xf32>
  %o = tensor.empty() : tensor<{M}x{D}xf32>
{body}  return %x{L} : tensor<{M}x{D}xf32>
}}
""")
rng = np.random.default_rng(0)
np.save(f"{work}/x0.npy", rng.standard_normal((M, D), dtype=np.float32))
for i in range(L):
    bound = 1 / np.sqrt(D)  # nn.Linear's initialisation range
    np.save(f"{work}/w{i}.npy", rng.uniform(-bound, bound, (D, D)).astype(np.float32))
    np.save(f"{work}/b{i}.npy", rng.uniform(-bound, bound, (D,)).astype(np.float32))
with open(f"{work}/numpy_mlp.py", "w") as f:
    f.write(f"""import sys, time, numpy as np
w = sys.argv[1]
x = np.load(w + "/x0.npy")
ps = [(np.load(f"{{w}}/w{{i}}.npy"), np.load(f"{{w}}/b{{i}}.npy")) for i in range({L})]
t0 = time.perf_counter()
for W, b in ps:
    x = np.maximum(x @ W.T + b, np.float32(0))
t1 = time.perf_counter()
np.save(w + "/ref.npy", x)
print(f"compute={{(t1 - t0) * 1e3:.3f}}")
""")
PY
"$build/bin/systile-opt" "$work/mlp.mlir" --systile-pipeline > "$work/lowered.mlir"
inputs=(--input "$work/x0.npy")
for i in 0 1 2; do inputs+=(--input "$work/w$i.npy" --input "$work/b$i.npy"); done

run_sys() { # FILE OUT -> "execute_ms"
  "$build/bin/systile-run" "$1" "${inputs[@]}" --output "$2" --quiet --timing 2>&1 |
    sed -n 's/.*execute=\([0-9.]*\)ms.*/\1/p'
}
run_np() { "$py" "$work/numpy_mlp.py" "$work" | sed -n 's/compute=//p'; }

run_sys "$work/mlp.mlir" "$work/unlowered.npy" >/dev/null
run_sys "$work/lowered.mlir" "$work/lowered.npy" >/dev/null
run_np >/dev/null
"$py" - "$work" <<'PY'
import sys, numpy as np
w = sys.argv[1]
ref = np.load(w + "/ref.npy")
for name in ("unlowered", "lowered"):
    got = np.load(f"{w}/{name}.npy")
    err = np.abs(got.astype(np.float64) - ref).max() / np.abs(ref).max()
    print(f"  {name}: max |err| / max |ref| = {err:.2e}")
    if name == "unlowered" and err > 1e-5:
        sys.exit(f"error: the unlowered run disagrees with numpy ({err:.2e})")
PY

: > "$work/samples"
for ((i = 0; i < reps; ++i)); do
  t0=$EPOCHREALTIME; u=$(run_sys "$work/mlp.mlir" "$work/unlowered.npy")
  t1=$EPOCHREALTIME; l=$(run_sys "$work/lowered.mlir" "$work/lowered.npy")
  t2=$EPOCHREALTIME; n=$(run_np); t3=$EPOCHREALTIME
  echo "$u $l $n $t0 $t1 $t2 $t3" >> "$work/samples"
done

echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "cpu features: $(grep -o -w 'avx2\|avx512f\|avx512_bf16\|avx512_vnni\|amx_tile' /proc/cpuinfo | sort -u | xargs)"
"$py" -c "import numpy; from numpy.lib import format" >/dev/null
"$py" - "$work/samples" <<'PY'
import statistics, sys
rows = [list(map(float, l.split())) for l in open(sys.argv[1])]
med = lambda i: statistics.median(r[i] for r in rows)
wall = lambda a, b: statistics.median((r[b] - r[a]) * 1e3 for r in rows)
u, l, n = med(0), med(1), med(2)
print(f"3-layer MLP 256x1024x1024 f32, frontend form, {len(rows)} repetitions, medians")
print(f"  numpy (OpenBLAS) compute      {n:9.2f} ms")
for name, t, target in (("unlowered", u, 2.0), ("lowered", l, 1.5)):
    r = t / n
    print(f"  systile-run {name:9s} execute {t:9.2f} ms  ratio {r:6.2f}x  target <= {target}x  "
          f"{'OK' if r <= target else 'MISSED'}")
print(f"  end to end (process, npy in/out): unlowered {wall(3, 4):.1f} ms, "
      f"lowered {wall(4, 5):.1f} ms, numpy script {wall(5, 6):.1f} ms")
PY
