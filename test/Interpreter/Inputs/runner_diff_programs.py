#!/usr/bin/env python3
"""Differential test of whole programs against upstream MLIR's mlir-runner.

Each program (a .mlir file with a function @compute returning one tensor)
is lowered by upstream passes to LLVM and run by mlir-runner, whose @main
prints the result's bits (f32 bit-cast to i32, i8 sign-extended, through
printMemrefI32), and run by systile-run; the two must be bit-identical.
The programs exercise the tensor and scf execution models (reshapes,
slices, pad, concat, loops, forall) with non-integer values, so any
difference in rounding, order or element placement shows.

usage: runner_diff_programs.py --bin-dir DIR --work-dir DIR
           --runner-libs A.so,B.so PROGRAM.mlir...
"""
import argparse
import os
import re

import numpy as np

from testlib import run

UPSTREAM = ["-convert-elementwise-to-linalg",
            "-one-shot-bufferize=bufferize-function-boundaries",
            "-scf-forall-to-for", "-convert-linalg-to-loops",
            "-expand-strided-metadata", "-lower-affine", "-convert-scf-to-cf",
            "-convert-to-llvm", "-reconcile-unrealized-casts"]
LLVM_BIN = "/usr/lib/llvm-22/bin"


def printer(shape, elem):
    """@main: calls @compute and prints its result's bits as i32."""
    dims = "x".join(str(d) for d in shape)
    t = lambda e: f"tensor<{dims}x{e}>"
    if elem == "f32":
        convert = f"%b = arith.bitcast %d : {t('f32')} to {t('i32')}"
    elif elem == "i32":
        convert = ""
    else:
        convert = f"%b = arith.extsi %d : {t(elem)} to {t('i32')}"
    value = "%b" if convert else "%d"
    return f"""
func.func private @printMemrefI32(memref<*xi32>)
func.func @main() {{
  %d = func.call @compute() : () -> {t(elem)}
  {convert}
  %m = bufferization.to_buffer {value} : {t('i32')} to memref<{dims}xi32>
  %u = memref.cast %m : memref<{dims}xi32> to memref<*xi32>
  func.call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}}
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--work-dir", required=True)
    ap.add_argument("--runner-libs", required=True)
    ap.add_argument("programs", nargs="+")
    opts = ap.parse_args()
    os.makedirs(opts.work_dir, exist_ok=True)
    for path in opts.programs:
        name = os.path.splitext(os.path.basename(path))[0]
        with open(path) as f:
            program = f.read()
        sig = re.search(r"func\.func @compute\(\) -> tensor<([0-9x]+)x(\w+)>",
                        program)
        if not sig:
            raise SystemExit(f"FAIL {name}: no @compute() -> tensor<...>")
        shape = [int(d) for d in sig.group(1).split("x")]
        elem = sig.group(2)
        base = os.path.join(opts.work_dir, name)
        with open(base + ".mlir", "w") as f:
            f.write(program + printer(shape, elem))

        llvm_ir = run([os.path.join(LLVM_BIN, "mlir-opt"), base + ".mlir",
                       *UPSTREAM])
        printed = run([os.path.join(LLVM_BIN, "mlir-runner"), "-e", "main",
                       "-entry-point-result=void",
                       f"-shared-libs={opts.runner_libs}"], stdin=llvm_ir)
        data = printed.split("data =", 1)[1]
        upstream = np.array([int(x) for x in re.findall(r"-?\d+", data)],
                            dtype=np.int64).reshape(shape)

        run([os.path.join(opts.bin_dir, "systile-run"), base + ".mlir",
             "--entry", "compute", "--quiet", "--output", base + ".npy"])
        got = np.load(base + ".npy")
        got = (got.view(np.int32) if elem == "f32" else got).astype(np.int64)
        if got.shape != upstream.shape or not np.array_equal(got, upstream):
            bad = (np.argwhere(got != upstream)[0]
                   if got.shape == upstream.shape else "shape")
            raise SystemExit(f"FAIL {name}: systile-run differs from "
                             f"mlir-runner at {bad}:\n{got}\nvs\n{upstream}")
        print(f"ok {name}: {elem} {sig.group(1)}: mlir-runner == systile-run "
              "bit for bit")
    print(f"PASS: {len(opts.programs)} programs")


if __name__ == "__main__":
    main()
