#!/usr/bin/env python3
"""Runs a command and fails unless it exits with exactly the given status.

usage: expect_exit.py STATUS CMD [ARGS...]

stdout and stderr of CMD are passed through (so the RUN line can pipe them
to FileCheck). A signal (a crash) never matches. Used by the bad-input
tests: systile-run must exit with status 1, not 2, not a crash.
"""
import subprocess
import sys

want = int(sys.argv[1])
proc = subprocess.run(sys.argv[2:], stdout=subprocess.PIPE,
                      stderr=subprocess.STDOUT)
sys.stdout.buffer.write(proc.stdout)
sys.stdout.flush()
if proc.returncode != want:
    print(f"expect_exit.py: expected exit status {want}, got "
          f"{proc.returncode}", file=sys.stderr)
    sys.exit(1)
