#!/usr/bin/env bash
# Builds the fuzz targets (fuzz/build.sh) and runs each for SECONDS seconds,
# one after the other, one process each (the machine is shared), then
# prints a table: executions, executions per second, edges covered, corpus
# growth, the slowest input (seconds), peak RSS and the crash/timeout/OOM/
# leak artifacts found.
#
# usage: fuzz/run.sh SECONDS [TARGET...]   TARGET: parse pipeline npy
#        runtime interpreter bytecode (default: all six)
#        fuzz/run.sh --runs N [TARGET...]    each target until N executions
#
# Seeds come from fuzz/corpus/TARGET (read only); new inputs and artifacts
# go to build-fuzz/work/TARGET/{corpus,artifacts}. An input that runs
# longer than 10 s is a hang (-timeout=10; SYSTILE_FUZZ_TIMEOUT=S changes it,
# e.g. beside builds, where a 2 s input can take 15 s). Exit status 1 if any target
# left an artifact.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SYSTILE_FUZZ_BUILD_DIR:-$root/build-fuzz}
usage="usage: fuzz/run.sh SECONDS|--runs N [TARGET...]"
runs="" seconds=""
if [ "${1:-}" = --runs ]; then
  runs=${2:?$usage}
  shift 2
  [[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "run.sh: --runs wants a count" >&2; exit 2; }
  limit=(-runs="$runs")
else
  seconds=${1:?$usage}
  shift
  [[ $seconds =~ ^[1-9][0-9]*$ ]] || { echo "$usage" >&2; exit 2; }
  limit=(-max_total_time="$seconds")
fi
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(parse pipeline npy runtime interpreter bytecode)

"$root/fuzz/build.sh"

# allow_user_poisoning=0: the project's objects carry an ASan-instrumented
# inline copy of LLVM's BumpPtrAllocator while the installed MLIR libraries
# do not; memory one side poisons the other then reads, a false
# use-after-poison (docs/Fuzzing.md). allocator_may_return_null=1: a huge
# allocation that the code under test checks must fail, not abort.
export ASAN_OPTIONS=${ASAN_OPTIONS:-allow_user_poisoning=0:allocator_may_return_null=1}

declare -A dict=([parse]=mlir [pipeline]=mlir [interpreter]=mlir [npy]=npy)
summary=()
status=0
for t in "${targets[@]}"; do
  bin="$build/fuzz/systile-fuzz-$t"
  [ -x "$bin" ] || { echo "run.sh: no target $t" >&2; exit 2; }
  work="$build/work/$t"
  mkdir -p "$work/corpus" "$work/artifacts"
  # -detect_leaks=0: every input interns into the one process-wide
  # MLIRContext, so LSan suspects each new input of a leak and its checks
  # (a stop-the-world scan of a heap of hundreds of MB) took four fifths of
  # the run's time; leaks are not what these campaigns look for.
  args=("${limit[@]}" -timeout="${SYSTILE_FUZZ_TIMEOUT:-10}" -rss_limit_mb=2048 -detect_leaks=0
        -print_final_stats=1 -artifact_prefix="$work/artifacts/")
  [ -n "${dict[$t]:-}" ] && args+=(-dict="$root/fuzz/dict/${dict[$t]}.dict")
  log="$work/last.log"
  echo "== $t: ${runs:+$runs executions}${seconds:+${seconds}s} ($(date -u +%FT%TZ))"
  "$bin" "${args[@]}" "$work/corpus" "$root/fuzz/corpus/$t" >"$log" 2>&1 ||
    echo "   $t exited with status $? (see $log)"
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -1)
  slowest=$(sed -n 's/^stat::slowest_unit_time_sec: *//p' "$log" | tail -1)
  cov=$(sed -n 's/.*DONE *cov: \([0-9]*\).*/\1/p' "$log" | tail -1)
  units=$(find "$work/corpus" -type f | wc -l)
  found=$(find "$work/artifacts" -type f | wc -l)
  [ "$found" -eq 0 ] || status=1
  summary+=("$(printf '%-12s %12s %8s %6s %9s %8s %7s %9s' "$t" \
    "${execs:-?}" "${rate:-?}" "${cov:-?}" "$units" "${slowest:-?}" \
    "${rss:-?}" "$found")")
done
printf '%-12s %12s %8s %6s %9s %8s %7s %9s\n' target executions exec/s cov \
  new-units slowest-s rss-MB artifacts
printf '%s\n' "${summary[@]}"
exit $status
