#!/usr/bin/env python3
"""Differential test of convert-linalg-to-systile's lowerings against
upstream MLIR, for every contraction form, runnable before systile-run can
execute the reshapes, slices, loops and generics some forms lower to.

For each form of contraction_forms.py (the same IR generators), it

  1. lowers the contraction with `systile-opt --convert-linalg-to-systile`,
  2. replaces each systile op by its upstream meaning on dense tensors:
     `pack` / `unpack` by a no-op `tensor.cast`, `pack ... transpose` by a
     `linalg.transpose`, `systile.matmul` by `linalg.matmul` (whose
     sequential order equals RFC 6 here: the float inputs are small
     integers, so every sum is exact; i8/i32 arithmetic wraps in any order),
  3. runs that with its inputs under mlir-runner (upstream lowering to LLVM),
  4. compares the printed result exactly with the model of
     contraction_forms.py (RFC 6; for quantized matmuls upstream's
     definition C + sum_k (a - za)(b - zb) in i32).

So the batch slicing and loops, vector reshapes, transposed packs and the
zero-point decomposition are checked end to end by an independent
execution engine; contraction_forms.py checks the systile numerics.

usage: contraction_forms_upstream.py --bin-dir DIR --runner-libs A,B
"""
import argparse
import os
import re
import subprocess

import numpy as np

import contraction_forms as forms

LLVM_BIN = "/usr/lib/llvm-22/bin"
UPSTREAM = ["-one-shot-bufferize=bufferize-function-boundaries",
            "-convert-linalg-to-loops", "-expand-strided-metadata",
            "-lower-affine", "-convert-scf-to-cf", "-convert-to-llvm",
            "-reconcile-unrealized-casts"]
TILED = re.compile(r"!systile\.tiled<([0-9x]+)x(\w+), #systile\.geometry<[^>]*>>")
TENSOR = r"(tensor<[^>]*>)"
PACK_T = re.compile(rf"(\s*)(%\S+) = systile\.pack (%\S+) transpose : {TENSOR} -> {TENSOR}$")
PACK = re.compile(rf"(\s*)(%\S+) = systile\.(?:un)?pack (%\S+) : {TENSOR} -> {TENSOR}$")
MATMUL = re.compile(rf"(\s*)(%\S+) = systile\.matmul (%\S+), (%\S+), (%\S+) "
                    rf"(?:precision = \w+ )?: {TENSOR}, {TENSOR} -> {TENSOR}$")


RANDOM_INPUT = forms.random_input


def small_integers(rng, elem, shape):
    """Inputs whose float products and sums are exact in any order."""
    if elem in ("i8", "i32"):
        return RANDOM_INPUT(rng, elem, shape)
    return rng.integers(-8, 9, shape).astype(np.float32)


def run(cmd, stdin=None):
    proc = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"FAIL: {' '.join(cmd)} exited {proc.returncode}\n"
                         f"{proc.stderr}\n{stdin or ''}")
    return proc.stdout


def to_upstream(lowered):
    """The lowered module's body with every systile op replaced."""
    text = TILED.sub(lambda m: f"tensor<{m.group(1)}x{m.group(2)}>", lowered)
    out = []
    for n, line in enumerate(text.strip().splitlines()):
        if line.startswith("module {") or line == "}":
            continue
        if m := PACK_T.match(line):
            out.append(f"{m[1]}%empty{n} = tensor.empty() : {m[5]}")
            out.append(f"{m[1]}{m[2]} = linalg.transpose ins({m[3]} : {m[4]}) "
                       f"outs(%empty{n} : {m[5]}) permutation = [1, 0]")
        elif m := PACK.match(line):
            out.append(f"{m[1]}{m[2]} = tensor.cast {m[3]} : {m[4]} to {m[5]}")
        elif m := MATMUL.match(line):
            out.append(f"{m[1]}{m[2]} = linalg.matmul ins({m[3]}, {m[4]} : "
                       f"{m[6]}, {m[7]}) outs({m[5]} : {m[8]}) -> {m[8]}")
        elif "systile." in line:
            raise SystemExit(f"FAIL: no upstream meaning for: {line}")
        else:
            out.append(line)
    return "\n".join(out)


def literal(arr):
    if arr.ndim == 0:
        return repr(float(arr)) if arr.dtype == np.float32 else str(int(arr))
    return "[" + ", ".join(literal(x) for x in arr) + "]"


def main_function(inputs, result_type, elem):
    """@main: the inputs as constants, a call of @f, the result printed."""
    lines = ["func.func @main() {"]
    args = []
    for i, (_, arr, arr_elem) in enumerate(inputs):
        arr = np.asarray(arr)
        ty = forms.tensor_type(arr.shape, arr_elem)
        lines.append(f"  %in{i} = arith.constant dense<{literal(arr)}> : {ty}")
        args.append((f"%in{i}", ty))
    memref = result_type.replace("tensor", "memref")
    printer = "printMemrefF32" if elem == "f32" else "printMemrefI32"
    lines += [f"  %r = call @f({', '.join(a for a, _ in args)}) : "
              f"({', '.join(t for _, t in args)}) -> {result_type}",
              f"  %m = bufferization.to_buffer %r : {result_type} to {memref}",
              f"  %u = memref.cast %m : {memref} to memref<*x{elem}>",
              f"  call @{printer}(%u) : (memref<*x{elem}>) -> ()",
              "  return", "}",
              f"func.func private @{printer}(memref<*x{elem}>)"]
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--runner-libs", required=True)
    ap.add_argument("--seed", type=int, default=20261130)
    opts = ap.parse_args()
    forms.random_input = small_integers
    rng = np.random.default_rng(opts.seed)
    cases = forms.NOW + forms.V2
    for index, (label, (sub, lanes, mxu), make) in enumerate(cases):
        ir, inputs, want = make(rng, (sub, lanes, mxu))
        ir = ir.replace("@main", "@f")
        lowered = run([os.path.join(opts.bin_dir, "systile-opt"), "-",
                       f"--convert-linalg-to-systile=sublanes={sub} "
                       f"lanes={lanes} mxu={mxu} unroll-batch-limit=8"], ir)
        result_type = re.search(r"-> (tensor<[^>]*>) \{", ir)[1]
        elem = "i32" if "i32>" in result_type else "f32"
        program = to_upstream(lowered) + "\n" + main_function(
            inputs, result_type, elem)
        llvm = run([os.path.join(LLVM_BIN, "mlir-opt"), "-", *UPSTREAM], program)
        printed = run([os.path.join(LLVM_BIN, "mlir-runner"), "-e", "main",
                       "-entry-point-result=void",
                       f"-shared-libs={opts.runner_libs}"], llvm)
        data = printed.split("data =", 1)[1]
        got = np.array([float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", data)])
        want = np.asarray(want).astype(np.float64).ravel()
        if got.shape != want.shape or not np.array_equal(got, want):
            raise SystemExit(f"FAIL {label}: mlir-runner printed {got}\n"
                             f"model {want}")
        print(f"ok {index}: {label}")
    print(f"PASS: {len(cases)} cases")


if __name__ == "__main__":
    main()
