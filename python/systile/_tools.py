"""Finding and running systile's C++ tools (systile-opt, systile-run).

The package drives the tools as processes: it needs no MLIR Python
bindings, only a build of this project (or the tools on PATH).
"""

import os
import shutil
import signal
import subprocess
import sys


class SystileError(Exception):
    """A failure the user can act on: the message says what and why.

    The CLI prints it as one `systile: error: ...` line and exits 1; the
    Python API raises it (never a traceback from inside the package for a
    model that does not export, a missing tool or a failing run).
    """


def _package_build_bin():
    # python/systile/_tools.py -> <checkout>/build/bin
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.join(os.path.dirname(os.path.dirname(here)), "build", "bin")


def find_tool(name, bin_dir=None):
    """The path of tool `name`: in `bin_dir` when given, else in $SYSTILE_BIN,
    else in this checkout's build/bin, else on PATH."""
    dirs = []
    if bin_dir:
        dirs.append(bin_dir)
    elif os.environ.get("SYSTILE_BIN"):
        dirs.append(os.environ["SYSTILE_BIN"])
    else:
        dirs.append(_package_build_bin())
    for d in dirs:
        p = os.path.join(d, name)
        if os.path.isfile(p) and os.access(p, os.X_OK):
            return p
    if not bin_dir and not os.environ.get("SYSTILE_BIN"):
        p = shutil.which(name)
        if p:
            return p
    where = bin_dir or os.environ.get("SYSTILE_BIN") or (
        _package_build_bin() + " or PATH")
    raise SystileError(
        f"{name} not found in {where}: build the project (scripts/setup.sh) "
        f"or set SYSTILE_BIN to the directory holding systile-opt and "
        f"systile-run")


def run_tool(argv, what, timeout=None):
    """Runs `argv`; returns its CompletedProcess (text). A non-zero exit is a
    SystileError naming `what` and carrying the tool's own diagnostics."""
    try:
        r = subprocess.run(argv, capture_output=True, encoding="utf-8",
                           errors="replace", timeout=timeout)
    except OSError as e:
        raise SystileError(f"{what}: cannot run {argv[0]}: {e.strerror}")
    except subprocess.TimeoutExpired:
        raise SystileError(f"{what}: {os.path.basename(argv[0])} did not "
                           f"finish within {timeout} s")
    if r.returncode < 0:
        try:
            name = signal.Signals(-r.returncode).name
        except ValueError:
            name = f"signal {-r.returncode}"
        raise SystileError(f"{what}: {os.path.basename(argv[0])} was killed "
                           f"by {name}")
    if r.returncode != 0:
        lines = [l for l in r.stderr.splitlines() if l.strip()]
        errors = [l for l in lines if ": error:" in l] or lines[-5:]
        detail = "\n  ".join(errors[:8]) or f"exit status {r.returncode}"
        raise SystileError(f"{what} failed (exit {r.returncode}):\n  {detail}")
    return r


class Progress:
    """One line per phase on stderr, only when stderr is a terminal (or
    when forced), so that logs and pipes stay clean."""

    def __init__(self, enabled=None, stream=None):
        self.stream = stream or sys.stderr
        if enabled is None:
            enabled = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.enabled = enabled

    def __call__(self, message):
        if self.enabled:
            print(f"systile: {message}", file=self.stream, flush=True)
