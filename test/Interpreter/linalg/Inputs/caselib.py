"""Helpers of the linalg interpreter tests (not a test).

A case is an MLIR module whose @main takes numpy arrays as arguments; it
runs under systile-run and its results are compared with a reference the
test computes independently in numpy: integers exactly, floats either
bit-exactly (when the reference models upstream's order of operations
step by step) or within a tolerance relative to max |reference|.
"""
import os

import numpy as np

from testlib import run

NP_ELEM = {np.dtype(np.float32): "f32", np.dtype(np.int8): "i8",
           np.dtype(np.int32): "i32"}


def ttype(shape, elem):
    dims = "x".join("?" if d is None else str(d) for d in shape)
    return f"tensor<{dims}x{elem}>" if dims else f"tensor<{elem}>"


def tt(arr, elem=None):
    """The tensor type of a numpy argument (bf16: uint16 bit patterns)."""
    if elem is None:
        elem = "bf16" if arr.dtype == np.uint16 else NP_ELEM[arr.dtype]
    return ttype(arr.shape, elem)


class Runner:
    def __init__(self, bin_dir, work_dir):
        self.tool = os.path.join(bin_dir, "systile-run")
        self.work = work_dir
        os.makedirs(work_dir, exist_ok=True)
        self.count = 0
        self.failed = 0
        # Set while re-running a program after systile-pipeline: file name
        # prefix, check-name suffix, and the tolerance every check then uses.
        self.prefix = ""
        self.suffix = ""
        self.force_tol = None
        # Extra systile-run flags for every run (e.g. --compare-after).
        self.flags = []

    def run(self, name, mlir, args, nresults=1, extra=()):
        """Runs @main of `mlir` on `args`; its results as numpy arrays."""
        base = os.path.join(self.work, self.prefix + name)
        with open(base + ".mlir", "w") as f:
            f.write(mlir)
        cmd = [self.tool, base + ".mlir", "--quiet", *self.flags, *extra]
        for i, arr in enumerate(args):
            np.save(f"{base}.in{i}.npy", arr)
            cmd += ["--input", f"{base}.in{i}.npy"]
        for i in range(nresults):
            cmd += ["--output", f"{base}.out{i}.npy"]
        run(cmd)
        return [np.load(f"{base}.out{i}.npy") for i in range(nresults)]

    def check(self, name, got, want, tol=None):
        """Exact (bits, or integer values) when tol is None, else within
        tol * max |want|."""
        self.count += 1
        name += self.suffix
        if self.force_tol is not None:
            tol = self.force_tol
        got = np.asarray(got)
        want = np.asarray(want)
        if got.shape != want.shape:
            return self._fail(name, f"shape {got.shape} != {want.shape}")
        if tol is None:
            if want.dtype.kind == "f":
                ok = np.array_equal(got.view(np.uint32 if got.itemsize == 4 else np.uint16),
                                    want.astype(got.dtype).view(
                                        np.uint32 if got.itemsize == 4 else np.uint16))
            else:
                ok = np.array_equal(got.astype(np.int64), want.astype(np.int64))
            if not ok:
                bad = tuple(np.argwhere(got != want)[0]) if got.ndim else ()
                return self._fail(name, f"at {bad}: got {got[bad]!r}, want {want[bad]!r}")
            print(f"ok {name}: exact")
            return
        scale = max(float(np.max(np.abs(want))), 1e-30)
        err = float(np.max(np.abs(got.astype(np.float64) - want.astype(np.float64))))
        if not err <= tol * scale:
            return self._fail(name, f"max error {err} > {tol} * {scale}")
        print(f"ok {name}: max error / max |ref| = {err / scale:.3g}")

    def _fail(self, name, why):
        self.failed += 1
        print(f"FAIL {name}: {why}")

    def finish(self):
        if self.failed:
            print(f"FAILED: {self.failed} of {self.count} checks")
            raise SystemExit(1)
        print(f"PASS: {self.count} checks")
