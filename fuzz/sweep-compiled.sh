#!/usr/bin/env bash
# Sends every program of the given corpora (default: the pipeline and
# interpreter seeds) down the compiled path, as systile-run --compile
# takes it: systile-opt --systile-pipeline --systile-lower-to-llvm, then
# LLVM's mlir-translate, opt -O2 and llc for the host CPU (the steps the
# JIT runs in process). A program may be refused at any step (exit 1 with
# an error); what the sweep reports is a step that crashed, ran out of
# its 4 GB of address space, or ran past its time limit (60 s per MLIR
# step, 120 s per LLVM step). There is no libFuzzer target for this path:
# a JIT per input is about half a second.
#
#   fuzz/sweep-compiled.sh                      # the seeds
#   fuzz/sweep-compiled.sh build-fuzz/work/*/corpus   # grown corpora
#
# Exits 1 if any input was reported. SYSTILE_SWEEP_JOBS (default 2) sets
# the parallel jobs.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bin=${SYSTILE_BIN_DIR:-$root/build/bin}
llvm=${SYSTILE_LLVM_BIN_DIR:-$(llvm-config-22 --bindir 2>/dev/null || echo /usr/lib/llvm-22/bin)}
jobs=${SYSTILE_SWEEP_JOBS:-2}
if [ $# -eq 0 ]; then
  set -- "$root/fuzz/corpus/pipeline" "$root/fuzz/corpus/interpreter"
fi
for tool in "$bin/systile-opt" "$llvm/mlir-translate" "$llvm/opt" "$llvm/llc"; do
  [ -x "$tool" ] || { echo "sweep: $tool is missing"; exit 2; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/systile-sweep.XXXXXX")
trap 'rm -rf "$work"' EXIT

# One input; prints a line for an anomaly, nothing otherwise.
one() {
  local f=$1 t rc
  t=$(mktemp -d "$work/in.XXXXXX")
  step() { # name, time limit, command...
    local name=$1 limit=$2; shift 2
    ( ulimit -v 4000000; timeout "$limit" "$@" >"$t/log" 2>&1 ); rc=$?
    if [ $rc -gt 1 ] || grep -q "LLVM ERROR\|PLEASE submit\|Assertion" "$t/log"; then
      echo "$name rc=$rc $f: $(grep -m1 -i 'error\|assert' "$t/log" | cut -c1-200)"
      return 2
    fi
    return $rc
  }
  step systile-opt 60 "$bin/systile-opt" "$f" --systile-pipeline \
      --systile-lower-to-llvm -o "$t/l.mlir" &&
    step mlir-translate 60 "$llvm/mlir-translate" --mlir-to-llvmir \
      "$t/l.mlir" -o "$t/l.ll" &&
    step opt 120 "$llvm/opt" -O2 -mcpu=native "$t/l.ll" -o "$t/o.bc" &&
    step llc 120 "$llvm/llc" -O2 -mcpu=native -filetype=obj "$t/o.bc" \
      -o /dev/null
  rm -rf "$t"
  return 0
}
export -f one
export work bin llvm

find "$@" -type f -print0 | sort -z >"$work/list"
count=$(tr -cd '\0' <"$work/list" | wc -c)
if [ "$count" -eq 0 ]; then
  echo "sweep: no inputs in $*"
  exit 2
fi
xargs -0 -P "$jobs" -I{} bash -c 'one "$@"' _ {} <"$work/list" >"$work/report" || {
  echo "sweep: a job failed to run"; exit 2; }
if [ -s "$work/report" ]; then
  cat "$work/report"
  echo "sweep: $(wc -l <"$work/report") of $count inputs reported"
  exit 1
fi
echo "sweep: $count inputs, none crashed, ran out of memory or hung"
