#!/usr/bin/env bash
# Peak RSS of systile-run on a 1 GiB systile.constant; the goal is at most
# 1.3 GiB (borrowed constants: one copy of the weight, in the file mapping).
#
# The constant is an N x N f32 matrix (default N = 16384: 2^28 elements,
# exactly 1 GiB of storage on the default 8x128 tiles, no padding) with
# element (r, c) = (3r + 5c) mod 17 - 8, given as a dense_resource blob in a
# bytecode file. Generation streams: numpy writes the storage-order bytes
# tile row by tile row, systile-attach-blob maps them and streams the
# bytecode out; nothing holds 2 GiB of text. Two functions use the constant
# (one blob in the file), each with a small result, and systile-run runs
# each under /usr/bin/time -v with --expect against numpy:
#   @rowsum  systile.reduce <sum> dim = 1 (an N x 1 result): the row sums;
#   @colsum  systile.matmul of an 8 x N matrix of ones by the constant (an
#            8 x N result): the column sums (the matmul packs its rhs one
#            64 MiB slab at a time, MatmulOptions::packedRhsBudget).
# Both are exact: every partial sum is an integer below 2^24, so any order
# gives the same f32 bits. Prints each peak RSS and OK or MISSED against
# 1.3 GiB; exits 1 when one is missed or a result differs.
#
# Peak RSS does not depend on machine load, so this may run while others
# build (it takes about a minute and 2 GiB of space in $TMPDIR).
#
# usage: run_constant_rss.sh [BUILD_DIR] [N]     (N a multiple of 128)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-$root/build}
n=${2:-16384}
py=/usr/bin/python3
limit_kib=$((13 * 1024 * 1024 / 10)) # 1.3 GiB
if (( n <= 0 || n % 128 != 0 )); then
  echo "run_constant_rss: N = $n must be a positive multiple of 128" >&2
  exit 2
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/systile-rss.XXXXXX")
trap 'rm -rf "$work"' EXIT
SYSTILE_BUILD_DIR="$build" bash "$root/scripts/setup.sh" systile-run \
  systile-attach-blob >/dev/null

"$py" - "$work" "$n" <<'PY'
import sys, numpy as np
work, n = sys.argv[1], int(sys.argv[2])
S, L = 8, 128  # the default geometry's tile
c = np.arange(n, dtype=np.int64)
def rows(r0, r1):
    r = np.arange(r0, r1, dtype=np.int64)[:, None]
    return (3 * r + 5 * c) % 17 - 8
# Storage order (RFC 3): tile rows in order; in each, tiles left to right,
# each S x L row-major.
with open(f"{work}/w.bin", "wb") as f:
    for tr in range(n // S):
        block = rows(tr * S, tr * S + S).astype(np.float32)
        np.ascontiguousarray(
            block.reshape(S, n // L, L).transpose(1, 0, 2)).tofile(f)
sums = np.concatenate([rows(r, min(r + 256, n)).sum(axis=1)
                       for r in range(0, n, 256)])
cols = sum(rows(r, min(r + 256, n)).sum(axis=0) for r in range(0, n, 256))
assert max(np.abs(sums).max(), np.abs(cols).max()) < 2**24
np.save(f"{work}/rowsum.npy", sums.astype(np.float32).reshape(n, 1))
np.save(f"{work}/ones.npy", np.ones((8, n), np.float32))
np.save(f"{work}/colsum.npy", np.tile(cols.astype(np.float32), (8, 1)))
PY

w="systile.constant dense_resource<w> : tensor<$((n * n))xf32>"
w+=" -> !systile.tiled<${n}x${n}xf32>"
cat > "$work/constant.mlir" <<MLIR
func.func @rowsum() -> !systile.tiled<${n}x1xf32> {
  %w = $w
  %s = systile.reduce <sum> %w dim = 1
      : !systile.tiled<${n}x${n}xf32> -> !systile.tiled<${n}x1xf32>
  return %s : !systile.tiled<${n}x1xf32>
}
func.func @colsum(%x: !systile.tiled<8x${n}xf32>) -> !systile.tiled<8x${n}xf32> {
  %w = $w
  %c = systile.constant dense<0.0> : tensor<$((8 * n))xf32>
      -> !systile.tiled<8x${n}xf32>
  %r = systile.matmul %x, %w, %c : !systile.tiled<8x${n}xf32>,
      !systile.tiled<${n}x${n}xf32> -> !systile.tiled<8x${n}xf32>
  return %r : !systile.tiled<8x${n}xf32>
}
MLIR
"$build/bin/systile-attach-blob" "$work/constant.mlir" --blob w="$work/w.bin" \
  -o "$work/constant.mlirbc"
rm "$work/w.bin"
storage=$((n * n * 4))
echo "constant: ${n}x${n} f32, $storage bytes of storage;" \
  "bytecode file $(stat -c %s "$work/constant.mlirbc") bytes"

failed=0
measure() { # ENTRY [ARGS...]
  local entry=$1 status=0 peak verdict=OK
  shift
  /usr/bin/time -v -o "$work/time.txt" "$build/bin/systile-run" \
    "$work/constant.mlirbc" --entry "$entry" "$@" \
    --expect "$work/$entry.npy" --quiet || status=$?
  peak=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time.txt")
  (( peak <= limit_kib )) || verdict=MISSED
  echo "@$entry: peak RSS $peak KiB = $((peak / 1024)) MiB" \
    "($(awk "BEGIN { printf \"%.3f\", $peak * 1024 / $storage }")x the" \
    "storage; limit 1.3 GiB = $limit_kib KiB): $verdict"
  if (( status != 0 )); then
    echo "run_constant_rss: systile-run --entry $entry failed (exit $status)" >&2
    failed=1
  fi
  [[ $verdict == OK ]] || failed=1
}
measure rowsum
measure colsum --input "$work/ones.npy"
exit $failed
