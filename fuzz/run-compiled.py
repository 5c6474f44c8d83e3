#!/usr/bin/env python3
"""Runs every public function of the given programs (fuzz corpora) with
`systile-run --compile`, and the interpreter, on seeded random inputs of
their argument types (compiled_diff.py's), and reports:

  CRASH    a run that neither succeeded nor failed with exit status 1 (a
           signal, a timeout of 120 s), or that printed a stack dump;
  DIVERGE  the two modes disagreeing on success (exit 0 against 1).

Each run gets a 6 GB address-space limit and --max-memory=2G. DIVERGE
lines include the known differences that docs/Interpreter.md lists
("Compiled mode"): all-constant folds, types and ops only one mode
takes. The exit status is 1 when any CRASH was reported.

usage: run-compiled.py [--bin-dir build/bin] [--jobs 2] FILE_OR_DIR...
  (with the PyTorch venv's python, which has numpy:
   build/venv-pytorch/bin/python fuzz/run-compiled.py build-fuzz/work/interpreter/corpus)
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys
import tempfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "test", "Interpreter", "Inputs"))
sys.path.insert(0, os.path.join(ROOT, "test", "lib"))
import numpy as np  # noqa: E402
from compiled_diff import ARG, FUNC, random_input  # noqa: E402


def limited(cmd, timeout):
    """(exit status or "timeout", stderr) of cmd under a 6 GB limit."""
    try:
        p = subprocess.run(["bash", "-c", 'ulimit -v 6000000; exec "$@"', "_"]
                           + cmd, capture_output=True, text=True,
                           errors="replace", timeout=timeout)
        return p.returncode, p.stderr
    except subprocess.TimeoutExpired:
        return "timeout", ""


def last_line(text):
    lines = text.strip().splitlines()
    return lines[-1][:200] if lines else ""


def check_file(path, run):
    """The report lines of one program."""
    try:
        with open(path, errors="replace") as f:
            text = f.read()
    except OSError:
        return []
    out = []
    with tempfile.TemporaryDirectory() as work:
        for m in FUNC.finditer(text):
            if m.group(1):
                continue  # private
            name, params = m.group(2), m.group(3)
            types = ARG.findall(params)
            if len(types) != len([p for p in params.split(",") if p.strip()]):
                continue  # an argument type the inputs cannot be made for
            rng = np.random.default_rng(zlib.crc32(name.encode()))
            inputs = []
            for i, t in enumerate(types):
                try:
                    value = random_input(t, rng)
                except Exception:  # noqa: BLE001 - any type it cannot make
                    value = None
                if value is None:
                    break
                npy = os.path.join(work, f"{i}.npy")
                np.save(npy, value)
                inputs += ["--input", npy]
            else:
                base = [run, path, "--entry", name, "--quiet",
                        "--max-memory=2G", *inputs]
                rc_c, err_c = limited(base + ["--compile"], 120)
                if rc_c not in (0, 1) or "Stack dump" in err_c:
                    out.append(f"CRASH compiled rc={rc_c} {path} @{name}: "
                               f"{last_line(err_c)}")
                    continue
                rc_i, err_i = limited(base, 120)
                if rc_i not in (0, 1) or "Stack dump" in err_i:
                    out.append(f"CRASH interpreted rc={rc_i} {path} @{name}: "
                               f"{last_line(err_i)}")
                elif rc_i != rc_c:
                    out.append(f"DIVERGE interpreted={rc_i} compiled={rc_c} "
                               f"{path} @{name}: "
                               f"{last_line(err_c if rc_c else err_i)}")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--bin-dir", default=os.path.join(ROOT, "build", "bin"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("paths", nargs="+")
    args = ap.parse_args()
    files = []
    for p in args.paths:
        if os.path.isdir(p):
            files += sorted(os.path.join(p, f) for f in os.listdir(p)
                            if os.path.isfile(os.path.join(p, f)))
        else:
            files.append(p)
    run = os.path.join(args.bin_dir, "systile-run")
    crashes = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for lines in pool.map(lambda f: check_file(f, run), files):
            for line in lines:
                crashes += line.startswith("CRASH")
                print(line, flush=True)
    print(f"run-compiled: {len(files)} programs, {crashes} crash(es)")
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
