#!/usr/bin/env python3
"""Checks of the PyTorch harness itself, with numpy only (no torch, no venv):
rfc6.py's vectorised RFC 6 matmul against a scalar transcription of RFC 6,
its f32 -> bf16 rounding against a float64 derivation, the sequential sum,
run.py's comparisons, dense_resource inlining (checked by mlir-opt 22
parsing the result) and contraction counting, and the RFC 6 model of every
golden export against PyTorch's recorded outputs; dumpcheck.py on
systile-run dumps of a golden model (fused and unfused mxu_matmul chains),
and its failure when one bit of a dumped matmul result is flipped.

Usage: test_harness.py [--bin build/bin]   (prints "harness: N passed, M failed")
"""

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import dumpcheck  # noqa: E402
import rfc6  # noqa: E402
import run  # noqa: E402

F32 = np.float32
results = []


def check(name, ok, detail=""):
    results.append(ok)
    print(f"{'ok' if ok else 'FAIL'}: {name}{(' - ' + detail) if detail else ''}")


def bf16_round_f64(x):
    """f32 -> bf16 value by float64 arithmetic: RNE to 8 significant bits
    (quantum 2^-133 below the normal range), overflow to inf."""
    x = float(x)
    if math.isnan(x) or math.isinf(x) or x == 0.0:
        return x
    _, e = math.frexp(x)  # |x| = m * 2^e, 0.5 <= m < 1
    quantum = 2.0 ** max(e - 8, -133)
    r = round(x / quantum) * quantum  # round() is ties-to-even
    return math.copysign(math.inf, x) if abs(r) >= 2.0 ** 128 else r


def scalar_rfc6(a, b, c, mxu, precision):
    """RFC 6 section 6 as written: one output element at a time, numpy
    float32 scalars (each + and * rounded to f32)."""
    m, k = a.shape
    n = b.shape[1]
    d = np.zeros((m, n), F32)
    for i in range(m):
        for j in range(n):
            acc = F32(c[i, j])
            for kb in range(math.ceil(k / mxu)):
                p = F32(0.0)
                for kk in range(kb * mxu, min(k, (kb + 1) * mxu)):
                    x, y = a[i, kk], b[kk, j]
                    if precision == "bf16":
                        x, y = F32(bf16_round_f64(x)), F32(bf16_round_f64(y))
                    p = F32(p + F32(x * y))
                acc = F32(acc + p)
            d[i, j] = acc
    return d


def test_matmul():
    rng = np.random.default_rng(6)
    for (m, k, n, mxu) in [(3, 1, 2, 4), (2, 5, 3, 4), (4, 9, 5, 4),
                           (3, 17, 4, 8), (5, 8, 3, 8), (2, 30, 2, 128)]:
        for precision in ("f32", "bf16"):
            # wide magnitudes so that the order of the additions matters
            a = (rng.standard_normal((m, k)) * 10.0 ** rng.integers(-3, 4, (m, k))).astype(F32)
            b = (rng.standard_normal((k, n)) * 10.0 ** rng.integers(-3, 4, (k, n))).astype(F32)
            c = rng.standard_normal((m, n)).astype(F32) * F32(100)
            got = rfc6.matmul(a, b, c, mxu=mxu, precision=precision)
            want = scalar_rfc6(a, b, c, mxu, precision)
            check(f"rfc6.matmul {m}x{k}x{n} mxu={mxu} {precision} bit-exact",
                  np.array_equal(got.view(np.uint32), want.view(np.uint32)))
    # the order is observable: the blocked sum differs from one long sum
    a = np.array([[1.0, 1.0, 1e8, -1e8]], F32)
    b = np.ones((4, 1), F32)
    check("rfc6.matmul block order (mxu=2 gives 2, mxu=8 gives 0)",
          rfc6.matmul(a, b, mxu=2)[0, 0] == 2.0 and rfc6.matmul(a, b, mxu=8)[0, 0] == 0.0)
    ai = rng.integers(-128, 128, (4, 300), dtype=np.int8)
    bi = rng.integers(-128, 128, (300, 3), dtype=np.int8)
    want = (ai.astype(np.int64) @ bi.astype(np.int64)).astype(np.int32)
    got = rfc6.matmul(ai, bi, mxu=4)
    check("rfc6.matmul i8 x i8 -> i32", got.dtype == np.int32 and np.array_equal(got, want))
    check("rfc6.wrap_i32 wraps", list(rfc6.wrap_i32(np.array([2**31, -2**31 - 1, 5])))
          == [-2**31, 2**31 - 1, 5])


def test_bf16():
    rng = np.random.default_rng(16)
    bits = np.concatenate([rng.integers(0, 2**32, 20000, dtype=np.uint64),
                           np.array([0x3F808000, 0x3F818000, 0x3F80FFFF, 0x00000001,
                                     0x0000FFFF, 0x00008000, 0x00018000, 0x7F7FFFFF,
                                     0xFF7FFFFF, 0x7F7F8000, 0x80000000, 0x7F800000])
                           ]).astype(np.uint32)
    x = bits.view(F32)
    finite = np.isfinite(x)
    got = rfc6.bf16_to_f32(rfc6.f32_to_bf16(x[finite]))
    with np.errstate(over="ignore"):
        want = np.array([bf16_round_f64(v) for v in x[finite]]).astype(F32)
    bad = int(np.count_nonzero(got.view(np.uint32) != want.view(np.uint32)))
    check("f32_to_bf16 = float64 RNE derivation (incl. ties, subnormals, overflow)",
          bad == 0, f"{bad} of {finite.sum()} differ")
    nan = rfc6.f32_to_bf16(np.array([np.nan, -np.nan], F32))
    check("f32_to_bf16 NaN stays a quiet NaN with its sign",
          (nan[0] & 0x7FC0) == 0x7FC0 and (nan[1] & 0xFFC0) == 0xFFC0)
    check("f32_to_bf16 ties to even", list(rfc6.f32_to_bf16(
        np.array([0x3F808000, 0x3F818000], np.uint32).view(F32))) == [0x3F80, 0x3F82])


def test_sum_and_agree():
    x = np.array([[1e8, 1.0, -1e8]], F32)
    check("seq_sum adds in increasing index order", rfc6.seq_sum(x, dtype=F32)[0] == 0.0)
    w = np.array([1.0, -2.0, 4.0], F32)
    ok, _ = run.agree(w + F32(3e-5), w, "torch.float32", "f32")
    bad, _ = run.agree(w + F32(5e-5), w, "torch.float32", "f32")
    check("agree f32: 1e-5 of max|out| (4.0)", ok and not bad)
    one_ulp = np.nextafter(w, F32(np.inf))
    check("agree exact: one ulp fails", not run.agree(one_ulp, w, "torch.float32", "f32", exact=True)[0]
          and run.agree(w.copy(), w, "torch.float32", "f32", exact=True)[0])
    check("agree exact: -0 and +0 differ",
          not run.agree(np.array([-0.0], F32), np.array([0.0], F32),
                        "torch.float32", "f32", exact=True)[0])
    wb = rfc6.f32_to_bf16(np.array([3.0, 1.0], F32))  # max 3: ulp 2^-7 * 2
    gb = rfc6.f32_to_bf16(np.array([3.0 + 2 ** -6, 1.0], F32))
    gb2 = rfc6.f32_to_bf16(np.array([3.0 + 2 ** -5, 1.0], F32))
    check("agree bf16: one bf16 ulp of max|out|",
          run.agree(gb, wb, "torch.bfloat16", "bf16")[0]
          and not run.agree(gb2, wb, "torch.bfloat16", "bf16")[0])
    check("agree i32 exact", not run.agree(np.array([1, 2], np.int32), np.array([1, 3], np.int32),
                                           "torch.int32", "f32")[0])


def test_goldens(bin_dir):
    gdir = os.path.join(HERE, "golden", "small")
    with open(os.path.join(gdir, "manifest.json")) as f:
        manifest = json.load(f)
    for e in manifest:
        d = os.path.join(gdir, e["model"])
        text = open(os.path.join(d, e["mlir"])).read()
        for tool in (run.MLIR_OPT, os.path.join(bin_dir, "systile-opt")):
            r = subprocess.run([tool, os.path.join(d, e["mlir"]), "-o", os.devnull],
                               capture_output=True, text=True)
            check(f"golden {e['model']} parses with {os.path.basename(tool)}",
                  r.returncode == 0, r.stderr.strip()[:200])
        with tempfile.NamedTemporaryFile("w", suffix=".mlir") as t:
            t.write(run.inline_resources(text))
            t.flush()
            r = subprocess.run([run.MLIR_OPT, t.name, "-o", os.devnull],
                               capture_output=True, text=True)
            check(f"golden {e['model']} with inlined resources parses",
                  r.returncode == 0 and "dense_resource" not in open(t.name).read(),
                  r.stderr.strip()[:200])
        w = {k: np.load(os.path.join(d, p)) for k, p in e["weights"].items()}
        x = [np.load(os.path.join(d, p)) for p in e["inputs"]]
        ref = rfc6.run_model(e["model"], w, x, 128, e)
        for i, p in enumerate(e["expected"]):
            ok, what = run.agree(ref[i], np.load(os.path.join(d, p)),
                                 e["output_dtypes"][i], e["tolerance"])
            check(f"golden {e['model']} RFC 6 model vs PyTorch out{i}", ok, what)
    full = os.path.join(HERE, "golden", "full-args")
    with open(os.path.join(full, "manifest.json")) as f:
        for e in json.load(f):
            path = os.path.join(full, e["model"], e["mlir"])
            r = subprocess.run([os.path.join(bin_dir, "systile-opt"), path,
                                "-o", os.devnull], capture_output=True, text=True)
            check(f"golden full-args {e['model']} parses with systile-opt",
                  r.returncode == 0, r.stderr.strip()[:200])
    enc = [e for e in manifest if e["model"] == "encoder"][0]
    got = run.count_contractions(run.body(os.path.join(gdir, "encoder", enc["mlir"])))
    check("count_contractions on the encoder",
          got == {"linalg.matmul": 3, "linalg.batch_matmul": 3}, str(got))
    generic = ('%0 = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = '
               '["parallel", "parallel", "reduction"]} ins(%a, %b : t, t) outs(%c : t) {\n'
               '^bb0(%x: f32, %y: f32, %z: f32):\n  %1 = arith.mulf %x, %y : f32\n'
               '  %2 = arith.addf %z, %1 : f32\n  linalg.yield %2 : f32\n} -> t\n')
    got = run.count_contractions(generic)
    check("count_contractions finds a contraction written as linalg.generic",
          got == {"linalg.generic (contraction)": 1}, str(got))


def test_check_stages():
    """run.Model.check() on results that are the RFC 6 model's own outputs
    (what a correct systile-run must give): torch and rfc6 pass; one bit
    flipped in one element makes rfc6 fail (bit-exact models)."""
    gdir = os.path.join(HERE, "golden", "small")
    with open(os.path.join(gdir, "manifest.json")) as f:
        manifest = json.load(f)
    with tempfile.TemporaryDirectory() as work:
        args = argparse.Namespace(work=work, mxu=128)
        for e in manifest:
            for flip in (False, True):
                m = run.Model(e, os.path.join(gdir, e["model"]), args)
                ref = m.reference()
                m.results = []
                for i, r in enumerate(ref):
                    r = r.copy()
                    if flip and i == 0:
                        r.reshape(-1).view(np.uint8)[0] ^= 1
                    m.results.append(os.path.join(work, f"{e['model']}{i}.npy"))
                    np.save(m.results[-1], r)
                m.check()
                st = {n: s for n, s, _ in m.stages}
                if not flip:
                    check(f"check() passes {e['model']} given the RFC 6 outputs",
                          st == {"torch": "PASS", "rfc6": "PASS"}, str(m.stages))
                elif e["model"] in rfc6.BIT_EXACT:
                    check(f"check() fails {e['model']} with one bit flipped",
                          st["rfc6"] == "FAIL", str(m.stages))


def flip_bit(path):
    a = np.load(path)
    a.reshape(-1).view(np.uint8)[0] ^= 1
    np.save(path, a)


def test_dump_check(bin_dir):
    """systile-run --dump-op on the golden small MLP lowered with mxu 16
    (three matmuls of 4 weight loads each): dumpcheck recomputes every
    execution with rfc6.py; a flipped bit in a dumped result fails it."""
    gdir = os.path.join(HERE, "golden", "small")
    with open(os.path.join(gdir, "manifest.json")) as f:
        e = next(m for m in json.load(f) if m["model"] == "mlp")
    mdir = os.path.join(gdir, "mlp")
    with tempfile.TemporaryDirectory() as work:
        lowered = os.path.join(work, "lowered.mlir")
        subprocess.run([os.path.join(bin_dir, "systile-opt"),
                        os.path.join(mdir, e["mlir"]),
                        "--systile-pipeline=mxu=16 precision=f32", "-o", lowered],
                       check=True)
        for fuse, want in (("true", (3, 12)), ("false", (12, 12))):
            d = os.path.join(work, "dump-" + fuse)
            r = subprocess.run(
                [os.path.join(bin_dir, "systile-run"), lowered, "--quiet",
                 f"--fuse-mxu-chains={fuse}",
                 "--dump-op=" + ",".join(dumpcheck.MATMUL_OPS), "--dump-dir=" + d]
                + [f"--input={os.path.join(mdir, p)}" for p in e["inputs"]],
                capture_output=True, text=True)
            ok, checked, total, why = dumpcheck.check_matmuls(d)
            check(f"dumpcheck: mlp mxu=16 fuse-mxu-chains={fuse}: "
                  f"{want[0]} results of {want[1]} executions bit-exact",
                  r.returncode == 0 and ok and (checked, total) == want,
                  f"{r.stderr.strip()} {(checked, total)} {why}")
            with open(os.path.join(d, "manifest.jsonl")) as f:
                last = json.loads(f.readlines()[-1])
            flip_bit(os.path.join(d, last["results"][0]["file"]))
            ok, _, _, why = dumpcheck.check_matmuls(d)
            check(f"dumpcheck fails with one bit of the last result flipped "
                  f"(fuse-mxu-chains={fuse})",
                  not ok and "1 of" in why, why)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(HERE, "..", "..", "build", "bin"))
    args = ap.parse_args()
    test_matmul()
    test_bf16()
    test_sum_and_agree()
    test_goldens(args.bin)
    test_check_stages()
    test_dump_check(args.bin)
    failed = results.count(False)
    print(f"harness: {len(results) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
