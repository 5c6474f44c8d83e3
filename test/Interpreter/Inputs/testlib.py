"""Helpers shared by the interpreter tests' Python scripts (not a test)."""
import subprocess

import numpy as np


def bf16_bits(x):
    """f32 -> bf16 bits: round to nearest, ties to even; NaN stays quiet."""
    u = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    nan = (u & 0x7FFFFFFF) > 0x7F800000
    rounded = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16) & 0xFFFF
    return np.where(nan, ((u >> 16) | 0x40) & 0xFFFF, rounded).astype("<u2")


def run(cmd, stdin=None):
    """Runs cmd; its stdout, or SystemExit with its output if it failed."""
    proc = subprocess.run(cmd, input=stdin, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"FAIL: {' '.join(cmd)} exited {proc.returncode}\n"
                         f"{proc.stdout}{proc.stderr}")
    return proc.stdout
