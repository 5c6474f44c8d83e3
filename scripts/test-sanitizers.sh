#!/usr/bin/env bash
# The ASan + UBSan configuration: builds systile into build-asan/ (own build
# dir, ccached objects, the global build lock, -j2 like scripts/setup.sh)
# and runs the unit tests and the lit suite in it, except test/Embed (that
# test builds a downstream project against the installed package; the
# release run of scripts/test.sh covers it). Any sanitizer report fails the
# test that triggered it: UBSan does not recover, ASan aborts.
# scripts/test.sh calls this after the release suite, so .ci/run runs it.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SYSTILE_ASAN_BUILD_DIR:-$root/build-asan}

. "$root/scripts/lib.sh"
systile_configure "$build" \
  -DLLVM_USE_SANITIZER="Address;Undefined" \
  -DLLVM_UBSAN_FLAGS="-fsanitize=undefined -fno-sanitize-recover=all" \
  -DSYSTILE_BUILD_BENCHMARKS=OFF
systile_ninja "$build"

# allow_user_poisoning=0: the project's objects carry an ASan-instrumented
# inline copy of LLVM's BumpPtrAllocator (from the LLVM headers) while the
# installed LLVM/MLIR libraries carry an uninstrumented one. Memory that one
# side hands out and the other poisons/unpoisons (the allocator's redzone
# bookkeeping) is then reported as a use-after-poison that is not one
# (seen in Dialect::addType); linking libMLIR.so does not avoid it. The
# setting ignores only manual poisoning; real heap, stack and global
# overflows and use-after-free are still caught.
# allocator_may_return_null=1: the tests make huge allocations on purpose
# (unittests/Runtime/AllocationTest.cpp, test/Interpreter/alloc-failure.test)
# and check that they fail with an error; by default ASan would abort on
# any request above its 1 TiB limit instead of returning null.
export ASAN_OPTIONS=allow_user_poisoning=0:allocator_may_return_null=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
/usr/lib/llvm-22/bin/lit -sv --order=lexical --filter-out 'Embed/' \
  "$build/test" "$build/unittests" 2>&1 | tee "$log" || status=$?
passed=$(sed -n 's/^ *Passed *: *\([0-9]*\).*/\1/p' "$log" | tail -1)
failed=$( (grep -E '^ *(Failed|Unresolved|Timed Out|Unexpectedly Passed) *:' "$log" || true) |
         sed 's/.*: *\([0-9]*\).*/\1/' | awk '{s+=$1} END {print s+0}')
echo "sanitizer tests (ASan+UBSan): ${passed:-0} passed, ${failed:-0} failed"
exit $status
