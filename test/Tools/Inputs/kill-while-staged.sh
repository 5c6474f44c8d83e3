#!/usr/bin/env bash
# kill-while-staged.sh OUT COMMAND...: runs COMMAND, sends it SIGTERM as soon
# as a staging file OUT.tmp-* exists, and succeeds when the command died of
# that signal (exit 143, or any non-zero status after the signal: LLVM's
# handler re-raises it). Fails when the staging file never appeared within
# 20 s, or the command finished first.
out=$1; shift
"$@" & pid=$!
for _ in $(seq 400); do
  if compgen -G "$out.tmp-*" >/dev/null; then
    kill -TERM "$pid"
    wait "$pid"; status=$?
    [ "$status" -ne 0 ] || { echo "exited 0 after SIGTERM" >&2; exit 1; }
    exit 0
  fi
  kill -0 "$pid" 2>/dev/null || { echo "finished before the signal" >&2; exit 1; }
  sleep 0.05
done
kill -KILL "$pid"
echo "no staging file appeared" >&2
exit 1
