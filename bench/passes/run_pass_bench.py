#!/usr/bin/python3
"""Benchmarks of the systile passes, each a ratio against an
upstream anchor measured in the same run (medians of interleaved repetitions,
peak RSS of each command):

1. systile-opt --systile-pipeline on a generated module of 1000 functions,
   each one linalg.matmul of shapes up to 512, vs
   mlir-opt --canonicalize --cse on the same file.
2. The same on a module of 1000 functions of mixed contraction forms
   (transposed-maps matmul, linalg.transpose + matmul, matvec, vecmat, dot,
   batch_matmul and batch_reduce_matmul of 1-12 batches, quantized_matmul,
   matmul-shaped linalg.generic on bf16): every form
   convert-linalg-to-systile lowers.
3. The same on a module of 1000 two-layer MLP functions in frontend form
   (torch-mlir's nn.Linear: linalg.transpose of the [out, in] weight,
   zero-filled accumulator, matmul, bias as a broadcast linalg.generic,
   ReLU as a linalg.generic), so systile-propagate-layout does its work
   (target: within 2x).
4. systile-opt --systile-fold-zero-tiles on a module whose rhs is one
   2048x2048 f32 constant (dense<"0x...">, 1% non-zero, the non-zeros in
   the 16 diagonal 128x128 blocks, so 240 of 256 weight loads fold), vs
   mlir-opt parse+print of that file (generic form, unregistered dialect
   allowed, so the same bytes are parsed and printed).

Usage: run_pass_bench.py BUILD_DIR [REPETITIONS]
"""
import os
import random
import statistics
import struct
import subprocess
import sys
import tempfile
import time

MLIR_OPT = "/usr/lib/llvm-22/bin/mlir-opt"


def gen_matmul_module(path, count=1000, max_dim=512, seed=1):
    rng = random.Random(seed)
    with open(path, "w") as f:
        for i in range(count):
            m, k, n = (rng.randint(1, max_dim) for _ in range(3))
            t = "i8" if i % 5 == 4 else "f32"
            acc = "i32" if t == "i8" else "f32"
            f.write(
                f"func.func @mm{i}(%a: tensor<{m}x{k}x{t}>, %b: tensor<{k}x{n}x{t}>, "
                f"%c: tensor<{m}x{n}x{acc}>) -> tensor<{m}x{n}x{acc}> {{\n"
                f"  %d = linalg.matmul ins(%a, %b : tensor<{m}x{k}x{t}>, tensor<{k}x{n}x{t}>) "
                f"outs(%c : tensor<{m}x{n}x{acc}>) -> tensor<{m}x{n}x{acc}>\n"
                f"  return %d : tensor<{m}x{n}x{acc}>\n}}\n")


def t(shape, elem):
    return f"tensor<{'x'.join(map(str, shape))}x{elem}>" if shape else f"tensor<{elem}>"


def mixed_form(i, rng, max_dim):
    """The body and operand types of mixed contraction function `i`."""
    m, k, n = (rng.randint(1, max_dim) for _ in range(3))
    batch = rng.randint(1, 12)
    maps = ("indexing_maps = [affine_map<(m, n, k) -> (m, k)>, "
            "affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]")
    form = i % 9
    if form == 0:  # nn.Linear: an [N, K] weight
        return (f"linalg.matmul {maps}", [(m, k), (n, k)], (m, n), "f32", "")
    if form == 1:
        pre = (f"  %e = tensor.empty() : {t((k, n), 'f32')}\n"
               f"  %bt = linalg.transpose ins(%b : {t((n, k), 'f32')}) "
               f"outs(%e : {t((k, n), 'f32')}) permutation = [1, 0]\n")
        return ("linalg.matmul", [(m, k), (n, k)], (m, n), "f32", pre)
    if form == 2:
        return ("linalg.matvec", [(m, k), (k,)], (m,), "f32", "")
    if form == 3:
        return ("linalg.vecmat", [(k,), (k, n)], (n,), "f32", "")
    if form == 4:
        return ("linalg.dot", [(k,), (k,)], (), "f32", "")
    if form == 5:
        return ("linalg.batch_matmul", [(batch, m, k), (batch, k, n)],
                (batch, m, n), "f32", "")
    if form == 6:
        return ("linalg.batch_reduce_matmul", [(batch, m, k), (batch, k, n)],
                (m, n), "f32", "")
    if form == 7:
        return ("linalg.quantized_matmul", [(m, k), (k, n)], (m, n), "i8", "")
    generic = (
        "linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, "
        "affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], "
        "iterator_types = [\"parallel\", \"parallel\", \"reduction\"]}")
    return (generic, [(m, k), (k, n)], (m, n), "bf16", "")


def gen_mixed_contraction_module(path, count=1000, max_dim=256, seed=3):
    rng = random.Random(seed)
    with open(path, "w") as f:
        for i in range(count):
            op, (sa, sb), sc, elem, pre = mixed_form(i, rng, max_dim)
            acc = "i32" if elem == "i8" else "f32"
            ta, tb, tc = t(sa, elem), t(sb, elem), t(sc, acc)
            rhs = "%bt" if pre else "%b"
            tr = t((sb[1], sb[0]), elem) if pre else tb
            f.write(f"func.func @f{i}(%a: {ta}, %b: {tb}, %c: {tc}) -> {tc} {{\n{pre}")
            if elem == "i8":
                f.write(f"  %za = arith.constant {i % 7 - 3} : i32\n"
                        f"  %zb = arith.constant {i % 5} : i32\n"
                        f"  %d = {op} ins(%a, %b, %za, %zb : {ta}, {tb}, i32, i32) "
                        f"outs(%c : {tc}) -> {tc}\n")
            elif elem == "bf16":
                f.write(f"  %d = {op} ins(%a, %b : {ta}, {tb}) outs(%c : {tc}) {{\n"
                        f"  ^bb0(%x: bf16, %y: bf16, %z: f32):\n"
                        f"    %xe = arith.extf %x : bf16 to f32\n"
                        f"    %ye = arith.extf %y : bf16 to f32\n"
                        f"    %p = arith.mulf %xe, %ye : f32\n"
                        f"    %s = arith.addf %z, %p : f32\n"
                        f"    linalg.yield %s : f32\n  }} -> {tc}\n")
            else:
                f.write(f"  %d = {op} ins(%a, {rhs} : {ta}, {tr}) outs(%c : {tc}) -> {tc}\n")
            f.write(f"  return %d : {tc}\n}}\n")


MLP_LAYER = """\
  %e{l} = tensor.empty() : tensor<{k}x{n}xf32>
  %wt{l} = linalg.transpose ins(%w{l} : tensor<{n}x{k}xf32>) outs(%e{l} : tensor<{k}x{n}xf32>) permutation = [1, 0]
  %o{l} = tensor.empty() : tensor<{m}x{n}xf32>
  %z{l} = linalg.fill ins(%zero : f32) outs(%o{l} : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  %mm{l} = linalg.matmul ins(%x{l}, %wt{l} : tensor<{m}x{k}xf32>, tensor<{k}x{n}xf32>) outs(%z{l} : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  %bb{l} = linalg.generic {{indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}} ins(%mm{l}, %b{l} : tensor<{m}x{n}xf32>, tensor<{n}xf32>) outs(%o{l} : tensor<{m}x{n}xf32>) {{
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %s = arith.addf %in, %bias : f32
    linalg.yield %s : f32
  }} -> tensor<{m}x{n}xf32>
  %x{next} = linalg.generic {{indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}} ins(%bb{l} : tensor<{m}x{n}xf32>) outs(%o{l} : tensor<{m}x{n}xf32>) {{
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  }} -> tensor<{m}x{n}xf32>
"""


def gen_mlp_module(path, count=1000, max_dim=256, seed=4):
    rng = random.Random(seed)
    with open(path, "w") as f:
        f.write("#id = affine_map<(d0, d1) -> (d0, d1)>\n"
                "#row = affine_map<(d0, d1) -> (d1)>\n")
        for i in range(count):
            m = rng.randint(1, 64)
            dims = [rng.randint(1, max_dim) for _ in range(3)]
            args = [f"%x0: tensor<{m}x{dims[0]}xf32>"]
            body = ""
            for l in range(2):
                k, n = dims[l], dims[l + 1]
                args.append(f"%w{l}: tensor<{n}x{k}xf32>, %b{l}: tensor<{n}xf32>")
                body += MLP_LAYER.format(l=l, next=l + 1, m=m, k=k, n=n)
            f.write(f"func.func @mlp{i}({', '.join(args)}) -> tensor<{m}x{dims[2]}xf32> {{\n"
                    f"  %zero = arith.constant 0.0 : f32\n{body}"
                    f"  return %x2 : tensor<{m}x{dims[2]}xf32>\n}}\n")


def gen_sparse_constant_module(path, size=2048, mxu=128, density=0.01, seed=2):
    rng = random.Random(seed)
    values = bytearray(size * size * 4)
    blocks = size // mxu
    nonzeros = int(size * size * density)
    for i in range(nonzeros):
        b = i % blocks  # diagonal block (b, b)
        r = b * mxu + rng.randrange(mxu)
        c = b * mxu + rng.randrange(mxu)
        struct.pack_into("<f", values, (r * size + c) * 4, rng.uniform(-1, 1) or 0.5)
    hexdata = values.hex().upper()
    geometry = "#systile.geometry<8x128, mxu = 128>"
    lhs = f'!systile.tiled<8x{size}xf32>'
    rhs = f'!systile.tiled<{size}x{size}xf32>'
    acc = f'!systile.tiled<8x{size}xf32>'
    with open(path, "w") as f:
        f.write('"builtin.module"() ({\n')
        f.write(f'  "func.func"() <{{function_type = ({lhs}, {acc}) -> {acc}, sym_name = "sparse"}}> ({{\n')
        f.write(f'  ^bb0(%a: {lhs}, %c: {acc}):\n')
        f.write(f'    %cst = "arith.constant"() <{{value = dense<"0x{hexdata}"> : tensor<{size}x{size}xf32>}}> : () -> tensor<{size}x{size}xf32>\n')
        f.write(f'    %b = "systile.pack"(%cst) : (tensor<{size}x{size}xf32>) -> {rhs}\n')
        prev = "%c"
        step = 0
        for nb in range(blocks):
            for kb in range(blocks):
                f.write(f'    %r{step} = "systile.mxu_matmul"(%a, %b, {prev}) <{{kb = {kb} : i64, nb = {nb} : i64, precision = #systile.precision<f32>}}> : ({lhs}, {rhs}, {acc}) -> {acc}\n')
                prev = f"%r{step}"
                step += 1
        f.write(f'    "func.return"({prev}) : ({acc}) -> ()\n')
        f.write('  }) : () -> ()\n}) : () -> ()\n')
    del geometry


def run(cmd):
    """Runs cmd with output discarded; returns (seconds, peak RSS in MiB)."""
    start = time.perf_counter()
    with open(os.devnull, "w") as null:
        proc = subprocess.Popen(cmd, stdout=null, stderr=subprocess.PIPE)
        _, err = proc.communicate()
        _, status, usage = os.wait4(proc.pid, 0) if False else (0, proc.returncode, None)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"benchmark command failed ({proc.returncode}): {' '.join(cmd)}\n{err.decode()[:2000]}")
    return elapsed


def peak_rss(cmd):
    out = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, check=True).stderr.decode().strip().splitlines()
    return int(out[-1]) / 1024.0


def compare(name, ours, anchor, reps):
    times = {"ours": [], "anchor": []}
    for i in range(reps):
        order = [("ours", ours), ("anchor", anchor)]
        if i % 2:
            order.reverse()
        for key, cmd in order:
            times[key].append(run(cmd))
    t_ours = statistics.median(times["ours"])
    t_anchor = statistics.median(times["anchor"])
    print(f"{name}:")
    print(f"  systile: {t_ours * 1000:8.1f} ms  (median of {reps}; peak RSS {peak_rss(ours):.1f} MiB)  {' '.join(os.path.basename(c) if i == 0 else c for i, c in enumerate(ours[:1] + ours[2:]))}")
    print(f"  anchor:  {t_anchor * 1000:8.1f} ms  (median of {reps}; peak RSS {peak_rss(anchor):.1f} MiB)  {' '.join(os.path.basename(c) if i == 0 else c for i, c in enumerate(anchor[:1] + anchor[2:]))}")
    print(f"  ratio systile / anchor = {t_ours / t_anchor:.2f}")
    return t_ours / t_anchor


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    build = sys.argv[1]
    reps = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    opt = os.path.join(build, "bin", "systile-opt")
    with tempfile.TemporaryDirectory() as tmp:
        mm = os.path.join(tmp, "matmuls.mlir")
        gen_matmul_module(mm)
        mixed = os.path.join(tmp, "mixed.mlir")
        gen_mixed_contraction_module(mixed)
        mlp = os.path.join(tmp, "mlp.mlir")
        gen_mlp_module(mlp)
        sparse = os.path.join(tmp, "sparse.mlir")
        gen_sparse_constant_module(sparse)
        print(f"inputs: {mm} {os.path.getsize(mm) / 1e3:.0f} KB, {mixed} {os.path.getsize(mixed) / 1e3:.0f} KB, "
              f"{sparse} {os.path.getsize(sparse) / 1e6:.1f} MB")
        r1 = compare("1000 matmul functions: systile-pipeline vs mlir-opt --canonicalize --cse",
                     [opt, mm, "--systile-pipeline", "-o", os.devnull],
                     [MLIR_OPT, mm, "--canonicalize", "--cse", "-o", os.devnull], reps)
        r1m = compare("1000 mixed-form contraction functions: systile-pipeline vs mlir-opt --canonicalize --cse",
                      [opt, mixed, "--systile-pipeline", "-o", os.devnull],
                      [MLIR_OPT, mixed, "--canonicalize", "--cse", "-o", os.devnull], reps)
        r3 = compare("1000 two-layer MLP functions (frontend form): systile-pipeline (with layout propagation) vs mlir-opt --canonicalize --cse",
                     [opt, mlp, "--systile-pipeline", "-o", os.devnull],
                     [MLIR_OPT, mlp, "--canonicalize", "--cse", "-o", os.devnull], reps)
        out = subprocess.run([opt, mlp, "--systile-pipeline"], capture_output=True, check=True).stdout.decode()
        print(f"  after the pipeline: {out.count('systile.pack ')} packs and {out.count('systile.unpack ')} unpacks "
              f"for 1000 functions of 5 tensor arguments and 1 result; "
              f"{out.count('linalg.generic')} dense generics left")
        r2 = compare("2048x2048 constant, 1% non-zero: systile-fold-zero-tiles vs mlir-opt parse+print",
                     [opt, sparse, "--systile-fold-zero-tiles", "--mlir-print-op-generic", "-o", os.devnull],
                     [MLIR_OPT, sparse, "--allow-unregistered-dialect", "--mlir-print-op-generic", "-o", os.devnull], reps)
        # How many loads the fold left (240 of 256 should go).
        out = subprocess.run([opt, sparse, "--systile-fold-zero-tiles"], capture_output=True, check=True).stdout.decode()
        print(f"  mxu_matmul ops left after folding: {out.count('systile.mxu_matmul')} of 256")
        print(f"targets: pipeline <= 2.0x ({'met' if r1 <= 2.0 else 'MISSED'}), "
              f"mixed-form pipeline <= 2.0x ({'met' if r1m <= 2.0 else 'MISSED'}), "
              f"MLP pipeline <= 2.0x ({'met' if r3 <= 2.0 else 'MISSED'}), "
              f"fold <= 1.5x ({'met' if r2 <= 1.5 else 'MISSED'})")


if __name__ == "__main__":
    main()
