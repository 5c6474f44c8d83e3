#!/usr/bin/env python3
"""Differential test of systile-run against upstream MLIR's mlir-runner.

The same `linalg.matmul` (constants inside a function @compute) is
  1. lowered by upstream passes to LLVM and run by mlir-runner (@main
     prints @compute's result with printMemrefF32 / printMemrefI32),
  2. run by systile-run as it is (linalg.matmul semantics), and
  3. lowered by systile-pipeline and run by systile-run (systolic numerics),
and the three results must be equal: for f32 with K <= mxu and
integer-valued inputs (so every order of summation is exact, and
printMemrefF32's 6-digit printing is exact too), and for i8 x i8 -> i32.

usage: runner_diff.py --bin-dir DIR --work-dir DIR --runner-libs A.so,B.so
"""
import argparse
import os
import re

import numpy as np

from testlib import run

UPSTREAM = ["-one-shot-bufferize=bufferize-function-boundaries",
            "-convert-linalg-to-loops", "-expand-strided-metadata",
            "-lower-affine", "-convert-scf-to-cf", "-convert-to-llvm",
            "-reconcile-unrealized-casts"]
LLVM_BIN = "/usr/lib/llvm-22/bin"


def literal(arr, elem):
    fmt = (lambda v: f"{float(v):.1f}") if elem == "f32" else (lambda v: str(int(v)))
    return "dense<[" + ", ".join("[" + ", ".join(fmt(v) for v in row) + "]"
                                 for row in arr) + "]>"


def module(a, b, c, elem, acc):
    m, k = a.shape
    n = b.shape[1]
    t = lambda r, cc, e: f"tensor<{r}x{cc}x{e}>"
    printer = "printMemrefF32" if acc == "f32" else "printMemrefI32"
    return f"""
func.func @compute() -> {t(m, n, acc)} {{
  %a = arith.constant {literal(a, elem)} : {t(m, k, elem)}
  %b = arith.constant {literal(b, elem)} : {t(k, n, elem)}
  %c = arith.constant {literal(c, acc)} : {t(m, n, acc)}
  %d = linalg.matmul ins(%a, %b : {t(m, k, elem)}, {t(k, n, elem)})
                     outs(%c : {t(m, n, acc)}) -> {t(m, n, acc)}
  return %d : {t(m, n, acc)}
}}
func.func private @{printer}(memref<*x{acc}>)
func.func @main() {{
  %d = func.call @compute() : () -> {t(m, n, acc)}
  %m = bufferization.to_buffer %d : {t(m, n, acc)} to memref<{m}x{n}x{acc}>
  %u = memref.cast %m : memref<{m}x{n}x{acc}> to memref<*x{acc}>
  func.call @{printer}(%u) : (memref<*x{acc}>) -> ()
  return
}}
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--work-dir", required=True)
    ap.add_argument("--runner-libs", required=True)
    opts = ap.parse_args()
    os.makedirs(opts.work_dir, exist_ok=True)
    rng = np.random.default_rng(7)
    cases = [  # (elem, m, k, n, sublanes, lanes, mxu)
        ("f32", 1, 1, 1, 2, 4, 4), ("f32", 3, 4, 5, 2, 4, 4),
        ("f32", 7, 3, 9, 2, 4, 4), ("f32", 5, 128, 7, 8, 128, 128),
        ("f32", 33, 100, 130, 8, 128, 128),
        ("i8", 3, 5, 7, 2, 4, 4), ("i8", 9, 33, 6, 2, 4, 4),
        ("i8", 17, 300, 130, 8, 128, 128),
    ]
    for index, (elem, m, k, n, sub, lanes, mxu) in enumerate(cases):
        assert elem == "i8" or k <= mxu
        if elem == "f32":
            acc = "f32"
            a = rng.integers(-8, 9, (m, k)).astype(np.float32)
            b = rng.integers(-8, 9, (k, n)).astype(np.float32)
            c = rng.integers(-100, 101, (m, n)).astype(np.float32)
        else:
            acc = "i32"
            a = rng.integers(-128, 128, (m, k)).astype(np.int8)
            b = rng.integers(-128, 128, (k, n)).astype(np.int8)
            c = rng.integers(-10**6, 10**6, (m, n)).astype(np.int32)
        base = os.path.join(opts.work_dir, f"case{index}")
        with open(base + ".mlir", "w") as f:
            f.write(module(a, b, c, elem, acc))

        llvm_ir = run([os.path.join(LLVM_BIN, "mlir-opt"), base + ".mlir", *UPSTREAM])
        printed = run([os.path.join(LLVM_BIN, "mlir-runner"), "-e", "main",
                       "-entry-point-result=void",
                       f"-shared-libs={opts.runner_libs}"], stdin=llvm_ir)
        data = printed.split("data =", 1)[1]
        upstream = np.array([float(x) for x in
                             re.findall(r"-?\d+(?:\.\d+)?(?:e[+-]?\d+)?", data)])
        upstream = upstream.reshape(m, n)

        tool = os.path.join(opts.bin_dir, "systile-run")
        run([tool, base + ".mlir", "--entry", "compute", "--quiet",
             "--output", base + "_linalg.npy"])
        lowered = run([os.path.join(opts.bin_dir, "systile-opt"), base + ".mlir",
                       f"--systile-pipeline=sublanes={sub} lanes={lanes} mxu={mxu} "
                       "precision=f32"])
        if "linalg.matmul" in lowered or "mxu_matmul" not in lowered:
            raise SystemExit(f"FAIL case {index}: the pipeline did not lower the matmul")
        with open(base + "_lowered.mlir", "w") as f:
            f.write(lowered)
        run([tool, base + "_lowered.mlir", "--entry", "compute", "--quiet",
             "--output", base + "_systolic.npy"])
        for name in ("linalg", "systolic"):
            got = np.load(f"{base}_{name}.npy").astype(np.float64)
            if not np.array_equal(got, upstream):
                bad = np.argwhere(got != upstream)[0]
                raise SystemExit(f"FAIL case {index} ({name}): at {tuple(bad)} "
                                 f"systile-run {got[tuple(bad)]} vs mlir-runner "
                                 f"{upstream[tuple(bad)]}")
        print(f"ok {index}: {elem} {m}x{k}x{n} mxu={mxu}: mlir-runner == "
              "systile-run (linalg) == systile-run (systolic)")
    print(f"PASS: {len(cases)} cases")


if __name__ == "__main__":
    main()
