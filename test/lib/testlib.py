"""Helpers shared by the tests' Python scripts (not a test). The numerics
model is rfc6ref.py beside it; the lit configuration puts this directory on
PYTHONPATH."""
import subprocess


def run(cmd, stdin=None):
    """Runs cmd; its stdout, or SystemExit with its output if it failed."""
    proc = subprocess.run(cmd, input=stdin, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"FAIL: {' '.join(cmd)} exited {proc.returncode}\n"
                         f"{proc.stdout}{proc.stderr}")
    return proc.stdout
