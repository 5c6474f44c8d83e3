#!/usr/bin/env python3
"""Differential test of convert-linalg-to-systile's lowerings against
upstream MLIR, for every contraction form, runnable before systile-run can
execute the reshapes, slices, loops and generics some forms lower to.

For each form of contraction_forms.py (the same IR generators), it

  1. lowers the contraction with `systile-opt --convert-linalg-to-systile`,
  2. replaces each systile op by its upstream meaning on dense tensors:
     `pack` / `unpack` by a no-op `tensor.cast`, `pack ... transpose` by a
     `linalg.transpose` of the two minor dimensions, the batch reshape
     and row merge/split by reshapes through a 1-d tensor, `systile.matmul` (on
     batches, shared or transposed weights) by a `linalg.generic` (whose
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
                    rf"(rhs_transposed )?(?:precision = \w+ )?: {TENSOR}, {TENSOR} -> {TENSOR}$")
MXU = re.compile(rf"(\s*)(%\S+) = systile\.mxu_matmul (%\S+), (%\S+), (%\S+) "
                 rf"\[\d+, \d+\] (rhs_transposed )?(?:precision = \w+ )?: {TENSOR}, {TENSOR} -> {TENSOR}$")
CONSTANT = re.compile(r"(\s*)(%\S+) = systile\.constant dense<(.*)> : tensor<\d+x\w+> "
                      r"-> !systile\.tiled<(\d+)x(\d+)x(\w+), #systile\.geometry<"
                      r"(\d+)x(\d+), mxu = \d+>(?:, pad = \w+)?>$")
MXU_SIZE = re.compile(r"#systile\.geometry<\d+x\d+, mxu = (\d+)>")
RELAYOUT = re.compile(rf"(\s*)(%\S+) = systile\.(?:reshape_batch|merge_rows|split_rows) "
                      rf"(%\S+) : {TENSOR} -> {TENSOR}$")


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


def decode_constant(m):
    """A systile.constant as the arith.constant of its logical matrix: the
    storage order undone with RFC 3's address map, written out here."""
    rows, cols, elem = int(m[4]), int(m[5]), m[6]
    sub, lanes = int(m[7]), int(m[8])
    values = re.findall(r"[-+0-9.e]+|true|false", m[3])
    if len(values) == 1:  # a splat
        return f"{m[1]}{m[2]} = arith.constant dense<{values[0]}> : " \
               f"tensor<{rows}x{cols}x{elem}>"
    tiles_per_row = -(-cols // lanes)
    matrix = [[values[((r // sub) * tiles_per_row + c // lanes) * sub * lanes
                      + (r % sub) * lanes + c % lanes] for c in range(cols)]
              for r in range(rows)]
    rows_text = ", ".join("[" + ", ".join(row) + "]" for row in matrix)
    return f"{m[1]}{m[2]} = arith.constant dense<[{rows_text}]> : " \
           f"tensor<{rows}x{cols}x{elem}>"


def shape_of(tensor):
    """The dimensions and element type of a `tensor<AxBxT>` type."""
    *dims, elem = tensor[len("tensor<"):-1].split("x")
    return [int(d) for d in dims], elem


def upstream_matmul(m):
    """systile.matmul groups (indent, result, lhs, rhs, acc, transposed,
    lhs, rhs, acc types) as a linalg.generic: per matrix of the batch
    acc + lhs x rhs, the rhs shared when it has no batch dimensions and
    read (n, k) when transposed; products and sums in the accumulator
    type (exact on these inputs, so in any order)."""
    (lhs_dims, a_elem), (rhs_dims, b_elem) = shape_of(m[7]), shape_of(m[8])
    acc_dims, c_elem = shape_of(m[9])
    batch = [f"b{i}" for i in range(len(acc_dims) - 2)]
    loops = ", ".join(batch + ["m", "n", "k"])
    shared = batch if len(rhs_dims) == len(acc_dims) else []
    rhs = shared + (["n", "k"] if m[6] else ["k", "n"])
    amap = lambda dims: f"affine_map<({loops}) -> ({', '.join(dims)})>"
    maps = ", ".join([amap(batch + ["m", "k"]), amap(rhs), amap(batch + ["m", "n"])])
    iters = ", ".join(['"parallel"'] * (len(batch) + 2) + ['"reduction"'])
    ints = c_elem.startswith("i")
    def widen(v, elem):
        if elem == c_elem:
            return "", v
        op = "arith.extsi" if ints else "arith.extf"
        return f"    %w{v[1:]} = {op} {v} : {elem} to {c_elem}\n", f"%w{v[1:]}"
    wa, x = widen("%x", a_elem)
    wb, y = widen("%y", b_elem)
    mul, add = ("arith.muli", "arith.addi") if ints else ("arith.mulf", "arith.addf")
    return (f"{m[1]}{m[2]} = linalg.generic {{indexing_maps = [{maps}], "
            f"iterator_types = [{iters}]}} ins({m[3]}, {m[4]} : {m[7]}, {m[8]}) "
            f"outs({m[5]} : {m[9]}) {{\n"
            f"  ^bb0(%x: {a_elem}, %y: {b_elem}, %z: {c_elem}):\n{wa}{wb}"
            f"    %p = {mul} {x}, {y} : {c_elem}\n"
            f"    %s = {add} %z, %p : {c_elem}\n"
            f"    linalg.yield %s : {c_elem}\n  }} -> {m[9]}")


def mxu_matmul(m, chains, out):
    """A chain of mxu_matmul ops over one lhs and rhs, from its first op on,
    is the whole matmul; the chain must be complete (nothing folded)."""
    start = chains.get(m[5])
    if start and start["operands"] == (m[3], m[4]):
        start["count"] += 1
        chains[m[2]] = start
        out.append(f"{m[1]}{m[2]} = tensor.cast {m[5]} : {m[9]} to {m[9]}")
        return
    k_dim, n_dim = shape_of(m[8])[0][-2:]
    if m[6]:
        k_dim, n_dim = n_dim, k_dim
    chains[m[2]] = {"operands": (m[3], m[4]), "count": 1, "shape": (k_dim, n_dim)}
    out.append(upstream_matmul(m))


def upstream_relayout(m, n):
    """A relayout op that moves no dense element (a batch reshape, a row
    merge or split) as upstream reshapes through the 1-d tensor of its
    elements."""
    indent, result, src, src_type, out_type = m.groups()
    (src_shape, elem), (out_shape, _) = shape_of(src_type), shape_of(out_type)
    flat = f"tensor<{int(np.prod(src_shape))}x{elem}>"
    flat_name = f"%flat{n}"
    return [f"{indent}{flat_name} = tensor.collapse_shape {src} "
            f"[{list(range(len(src_shape)))}] : {src_type} into {flat}",
            f"{indent}{result} = tensor.expand_shape {flat_name} "
            f"[{list(range(len(out_shape)))}] output_shape {list(out_shape)} "
            f": {flat} into {out_type}"]


def to_upstream(lowered):
    """The lowered module's body with every systile op replaced."""
    mxu = MXU_SIZE.search(lowered)
    lines = [decode_constant(m) if (m := CONSTANT.match(line)) else line
             for line in lowered.strip().splitlines()]
    text = TILED.sub(lambda m: f"tensor<{m.group(1)}x{m.group(2)}>",
                     "\n".join(lines))
    out, chains = [], {}
    for n, line in enumerate(text.splitlines()):
        if line.startswith("module {") or line == "}":
            continue
        if m := MXU.match(line):
            mxu_matmul(m, chains, out)
        elif m := PACK_T.match(line):
            rank = len(shape_of(m[4])[0])
            perm = ", ".join(str(d) for d in [*range(rank - 2), rank - 1, rank - 2])
            out.append(f"{m[1]}%empty{n} = tensor.empty() : {m[5]}")
            out.append(f"{m[1]}{m[2]} = linalg.transpose ins({m[3]} : {m[4]}) "
                       f"outs(%empty{n} : {m[5]}) permutation = [{perm}]")
        elif m := PACK.match(line):
            out.append(f"{m[1]}{m[2]} = tensor.cast {m[3]} : {m[4]} to {m[5]}")
        elif m := MATMUL.match(line):
            out.append(upstream_matmul(m))
        elif m := RELAYOUT.match(line):
            out.extend(upstream_relayout(m, n))
        elif "systile." in line:
            raise SystemExit(f"FAIL: no upstream meaning for: {line}")
        else:
            out.append(line)
    for chain in {id(c): c for c in chains.values()}.values():
        k_dim, n_dim = chain["shape"]
        m = int(mxu[1])
        if chain["count"] != -(-k_dim // m) * -(-n_dim // m):
            raise SystemExit(f"FAIL: an incomplete mxu_matmul chain {chain}")
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


def execute(program, opts):
    """Runs `program` (@main prints one result) under mlir-runner; the
    printed values, flattened."""
    llvm = run([os.path.join(LLVM_BIN, "mlir-opt"), "-", *UPSTREAM], program)
    printed = run([os.path.join(LLVM_BIN, "mlir-runner"), "-e", "main",
                   "-entry-point-result=void",
                   f"-shared-libs={opts.runner_libs}"], llvm)
    data = printed.split("data =", 1)[1]
    return np.array([float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", data)])


def check_forms(opts):
    forms.random_input = small_integers
    rng = np.random.default_rng(opts.seed)
    cases = forms.PACKS + forms.SLICES_LOOPS
    for index, (label, (sub, lanes, mxu), make) in enumerate(cases):
        ir, inputs, want = make(rng, (sub, lanes, mxu))
        ir = ir.replace("@main", "@f")
        lowered = run([os.path.join(opts.bin_dir, "systile-opt"), "-",
                       f"--convert-linalg-to-systile=sublanes={sub} "
                       f"lanes={lanes} mxu={mxu} unroll-batch-limit=8"], ir)
        result_type = re.search(r"-> (tensor<[^>]*>) \{", ir)[1]
        elem = "i32" if "i32>" in result_type else "f32"
        got = execute(to_upstream(lowered) + "\n" +
                      main_function(inputs, result_type, elem), opts)
        want = np.asarray(want).astype(np.float64).ravel()
        if got.shape != want.shape or not np.array_equal(got, want):
            raise SystemExit(f"FAIL {label}: mlir-runner printed {got}\n"
                             f"model {want}")
        print(f"ok {index}: {label}")
    print(f"PASS: {len(cases)} cases")


def run_file(opts):
    """Runs @main of an already lowered file on .npy inputs (f32)."""
    with open(opts.run) as f:
        lowered = f.read()
    signature = re.search(r"func\.func @main\((.*)\) -> (tensor<[^>]*>)",
                          lowered)
    inputs = [("arg", np.load(path), "f32") for path in opts.input]
    program = to_upstream(lowered).replace("func.func @main(", "func.func @f(")
    got = execute(program + "\n" + main_function(inputs, signature[2], "f32"),
                  opts)
    print("result: " + " ".join(f"{v:g}" for v in got))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--runner-libs", required=True)
    ap.add_argument("--seed", type=int, default=20261130)
    ap.add_argument("--run", help="run @main of this lowered file instead")
    ap.add_argument("--input", action="append", default=[])
    opts = ap.parse_args()
    if opts.run:
        run_file(opts)
    else:
        check_forms(opts)


if __name__ == "__main__":
    main()
