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

Then structured ops on random (non-integer) f32 data, whose bits depend on
the order of every rounding: matmuls with default and transposed maps,
batch_reduce_matmul, generics with reductions (keep-dim, to a scalar,
several outputs) and broadcasts, a convolution. @main bitcasts the result
to i32 and prints it with printMemrefI32, so mlir-runner's bits are
compared with systile-run's bits exactly.

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


def hex_literal(arr):
    """A dense literal of f32 bit patterns (exact)."""
    bits = np.asarray(arr, dtype=np.float32).view(np.uint32)
    if bits.ndim == 0:
        return f"dense<0x{int(bits):08X}>"

    def nest(a):
        if a.ndim == 1:
            return "[" + ", ".join(f"0x{int(v):08X}" for v in a) + "]"
        return "[" + ", ".join(nest(x) for x in a) + "]"
    return f"dense<{nest(bits)}>"


def ftype(shape, elem="f32"):
    return "tensor<" + "".join(f"{d}x" for d in shape) + elem + ">"


def bits_module(compute, shape):
    """@compute (returning one f32 tensor of `shape`) plus an @main that
    prints its bits."""
    rank = len(shape)
    dims = ", ".join(f"d{i}" for i in range(rank))
    ident = f"affine_map<({dims}) -> ({dims})>"
    par = ", ".join(['"parallel"'] * rank)
    tf, ti = ftype(shape), ftype(shape, "i32")
    static = "x".join(str(d) for d in shape)
    memref = f"memref<{static}xi32>" if shape else "memref<i32>"
    return compute + f"""
func.func private @printMemrefI32(memref<*xi32>)
func.func @main() {{
  %d = func.call @compute() : () -> {tf}
  %e = tensor.empty() : {ti}
  %b = linalg.generic {{indexing_maps = [{ident}, {ident}], iterator_types = [{par}]}}
      ins(%d : {tf}) outs(%e : {ti}) {{
  ^bb0(%x: f32, %o: i32):
    %y = arith.bitcast %x : f32 to i32
    linalg.yield %y : i32
  }} -> {ti}
  %m = bufferization.to_buffer %b : {ti} to {memref}
  %u = memref.cast %m : {memref} to memref<*xi32>
  func.call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}}
"""


ID2 = "affine_map<(d0, d1) -> (d0, d1)>"


def structured_cases(rng):
    """(name, @compute text, result shape) on random f32 data."""
    f = lambda *s: rng.standard_normal(s).astype(np.float32)
    cases = []
    a, b, c = f(33, 100), f(100, 70), f(33, 70)
    cases.append(("matmul 33x100x70", f"""
func.func @compute() -> tensor<33x70xf32> {{
  %a = arith.constant {hex_literal(a)} : tensor<33x100xf32>
  %b = arith.constant {hex_literal(b)} : tensor<100x70xf32>
  %c = arith.constant {hex_literal(c)} : tensor<33x70xf32>
  %d = linalg.matmul ins(%a, %b : tensor<33x100xf32>, tensor<100x70xf32>)
                     outs(%c : tensor<33x70xf32>) -> tensor<33x70xf32>
  return %d : tensor<33x70xf32>
}}""", (33, 70)))
    bt = f(70, 100)
    cases.append(("matmul transpose_b maps", f"""
func.func @compute() -> tensor<33x70xf32> {{
  %a = arith.constant {hex_literal(a)} : tensor<33x100xf32>
  %b = arith.constant {hex_literal(bt)} : tensor<70x100xf32>
  %c = arith.constant {hex_literal(c)} : tensor<33x70xf32>
  %d = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                      affine_map<(m, n, k) -> (n, k)>,
                                      affine_map<(m, n, k) -> (m, n)>]
       ins(%a, %b : tensor<33x100xf32>, tensor<70x100xf32>)
       outs(%c : tensor<33x70xf32>) -> tensor<33x70xf32>
  return %d : tensor<33x70xf32>
}}""", (33, 70)))
    ba, bb, bc = f(3, 9, 20), f(3, 20, 11), f(9, 11)
    cases.append(("batch_reduce_matmul", f"""
func.func @compute() -> tensor<9x11xf32> {{
  %a = arith.constant {hex_literal(ba)} : tensor<3x9x20xf32>
  %b = arith.constant {hex_literal(bb)} : tensor<3x20x11xf32>
  %c = arith.constant {hex_literal(bc)} : tensor<9x11xf32>
  %d = linalg.batch_reduce_matmul ins(%a, %b : tensor<3x9x20xf32>, tensor<3x20x11xf32>)
                                  outs(%c : tensor<9x11xf32>) -> tensor<9x11xf32>
  return %d : tensor<9x11xf32>
}}""", (9, 11)))
    x, col, row = f(12, 40), f(12), f(40)
    cases.append(("broadcast generic x * col + row", f"""
func.func @compute() -> tensor<12x40xf32> {{
  %x = arith.constant {hex_literal(x)} : tensor<12x40xf32>
  %c = arith.constant {hex_literal(col)} : tensor<12xf32>
  %r = arith.constant {hex_literal(row)} : tensor<40xf32>
  %e = tensor.empty() : tensor<12x40xf32>
  %d = linalg.generic {{indexing_maps = [{ID2}, affine_map<(d0, d1) -> (d0)>,
                                        affine_map<(d0, d1) -> (d1)>, {ID2}],
                       iterator_types = ["parallel", "parallel"]}}
      ins(%x, %c, %r : tensor<12x40xf32>, tensor<12xf32>, tensor<40xf32>)
      outs(%e : tensor<12x40xf32>) {{
  ^bb0(%a: f32, %b: f32, %q: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %m, %q : f32
    linalg.yield %s : f32
  }} -> tensor<12x40xf32>
  return %d : tensor<12x40xf32>
}}""", (12, 40)))
    cases.append(("keep-dim row sums and max (two outputs, summed)", f"""
func.func @compute() -> tensor<12x1xf32> {{
  %x = arith.constant {hex_literal(x)} : tensor<12x40xf32>
  %z = arith.constant dense<0.5> : tensor<12x1xf32>
  %ninf = arith.constant dense<0xFF800000> : tensor<12x1xf32>
  %r:2 = linalg.generic {{indexing_maps = [{ID2}, affine_map<(d0, d1) -> (d0, 0)>,
                                          affine_map<(d0, d1) -> (d0, 0)>],
                         iterator_types = ["parallel", "reduction"]}}
      ins(%x : tensor<12x40xf32>) outs(%z, %ninf : tensor<12x1xf32>, tensor<12x1xf32>) {{
  ^bb0(%a: f32, %s: f32, %m: f32):
    %t = arith.addf %s, %a : f32
    %n = arith.maximumf %m, %a : f32
    linalg.yield %t, %n : f32, f32
  }} -> (tensor<12x1xf32>, tensor<12x1xf32>)
  %e = tensor.empty() : tensor<12x1xf32>
  %d = linalg.add ins(%r#0, %r#1 : tensor<12x1xf32>, tensor<12x1xf32>)
                  outs(%e : tensor<12x1xf32>) -> tensor<12x1xf32>
  return %d : tensor<12x1xf32>
}}""", (12, 1)))
    cases.append(("column sums (reduction over the outer loop)", f"""
func.func @compute() -> tensor<40xf32> {{
  %x = arith.constant {hex_literal(x)} : tensor<12x40xf32>
  %z = arith.constant {hex_literal(row)} : tensor<40xf32>
  %d = linalg.reduce {{ arith.addf }} ins(%x : tensor<12x40xf32>)
                     outs(%z : tensor<40xf32>) dimensions = [0]
  return %d : tensor<40xf32>
}}""", (40,)))
    cases.append(("sum of squares to a scalar", f"""
func.func @compute() -> tensor<f32> {{
  %x = arith.constant {hex_literal(x)} : tensor<12x40xf32>
  %z = arith.constant dense<0.0> : tensor<f32>
  %d = linalg.generic {{indexing_maps = [{ID2}, affine_map<(d0, d1) -> ()>],
                       iterator_types = ["reduction", "reduction"]}}
      ins(%x : tensor<12x40xf32>) outs(%z : tensor<f32>) {{
  ^bb0(%a: f32, %s: f32):
    %q = arith.mulf %a, %a : f32
    %t = arith.addf %s, %q : f32
    linalg.yield %t : f32
  }} -> tensor<f32>
  return %d : tensor<f32>
}}""", ()))
    img, ker, out = f(1, 6, 7, 3), f(3, 3, 3, 4), f(1, 4, 5, 4)
    cases.append(("conv_2d_nhwc_hwcf", f"""
func.func @compute() -> tensor<1x4x5x4xf32> {{
  %x = arith.constant {hex_literal(img)} : tensor<1x6x7x3xf32>
  %w = arith.constant {hex_literal(ker)} : tensor<3x3x3x4xf32>
  %o = arith.constant {hex_literal(out)} : tensor<1x4x5x4xf32>
  %d = linalg.conv_2d_nhwc_hwcf {{dilations = dense<1> : tensor<2xi64>,
                                 strides = dense<1> : tensor<2xi64>}}
      ins(%x, %w : tensor<1x6x7x3xf32>, tensor<3x3x3x4xf32>)
      outs(%o : tensor<1x4x5x4xf32>) -> tensor<1x4x5x4xf32>
  return %d : tensor<1x4x5x4xf32>
}}""", (1, 4, 5, 4)))
    return cases


def run_structured(opts, rng):
    cases = structured_cases(rng)
    for index, (name, compute, shape) in enumerate(cases):
        base = os.path.join(opts.work_dir, f"structured{index}")
        with open(base + ".mlir", "w") as f:
            f.write(bits_module(compute, shape))
        llvm_ir = run([os.path.join(LLVM_BIN, "mlir-opt"), base + ".mlir", *UPSTREAM])
        printed = run([os.path.join(LLVM_BIN, "mlir-runner"), "-e", "main",
                       "-entry-point-result=void",
                       f"-shared-libs={opts.runner_libs}"], stdin=llvm_ir)
        data = printed.split("data =", 1)[1]
        upstream = np.array([int(x) for x in re.findall(r"-?\d+", data)],
                            dtype=np.int64).astype(np.uint32)
        run([os.path.join(opts.bin_dir, "systile-run"), base + ".mlir",
             "--entry", "compute", "--quiet", "--output", base + ".npy"])
        got = np.load(base + ".npy").astype(np.float32).reshape(-1).view(np.uint32)
        if got.shape != upstream.shape or not np.array_equal(got, upstream):
            bad = int(np.argmax(got != upstream)) if got.shape == upstream.shape else -1
            raise SystemExit(f"FAIL structured case {index} ({name}): element {bad}: "
                             f"systile-run {got[bad]:#010x} vs mlir-runner "
                             f"{upstream[bad]:#010x}")
        print(f"ok structured {index}: {name}: same bits as mlir-runner")
    print(f"PASS: {len(cases)} structured cases")


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
    run_structured(opts, rng)


if __name__ == "__main__":
    main()
