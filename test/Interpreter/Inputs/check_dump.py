#!/usr/bin/env python3
"""Checks a systile-run --dump-op directory of dump-op.mlir with numpy.

usage: check_dump.py MODE DIR
  chain    @main with fused mxu_matmul chains (the default): only the last
           op of the chain has a result; the "from" links chain the
           accumulators; the last result is A x B + C
  unfused  @main with --fuse-mxu-chains=false: every result, each one
           weight load applied to the previous accumulator
  whole    @whole: systile.matmul precision = bf16
  dense    @dense: linalg.matmul on tensors and arith.addf on scalars
  bf16     @bf16: a bf16 pack ('<u2' bit patterns)
  failed   @fails: the failing arith.divsi left its operands

The expected values are derived here from the test's data, independently
of systile-run: A is 3x6 with row i all (i + 1), B[k][j] = k + j, C[i][j] =
100 i (all products and sums are small integers, exact in f32 and bf16).
Prints "ok: ..." lines; exits 1 on the first failure.
"""
import json
import os
import sys

import numpy as np

A = np.repeat(np.arange(1, 4, dtype=np.float32)[:, None], 6, axis=1)
B = (np.arange(6)[:, None] + np.arange(5)[None, :]).astype(np.float32)
C = np.repeat((100 * np.arange(3, dtype=np.float32))[:, None], 5, axis=1)
GEOMETRY = {"sublanes": 2, "lanes": 4, "mxu": 4}


def fail(msg):
    print(f"FAIL: {msg}")
    sys.exit(1)


def check(cond, msg):
    if not cond:
        fail(msg)
    print(f"ok: {msg}")


def manifest(d):
    with open(os.path.join(d, "manifest.jsonl")) as f:
        return [json.loads(line) for line in f]


def load(d, value):
    return np.load(os.path.join(d, value["file"]))


def same(a, b):
    return a.dtype == b.dtype and a.shape == b.shape and \
        a.tobytes() == b.tobytes()


def block(acc, kb, nb, mxu=4):
    """One weight load, in exact float64 (the test's values are integers)."""
    out = acc.astype(np.float64).copy()
    k = slice(kb * mxu, (kb + 1) * mxu)
    n = slice(nb * mxu, (nb + 1) * mxu)
    out[:, n] += A[:, k].astype(np.float64) @ B[k, n].astype(np.float64)
    return out.astype(np.float32)


def mxu_entries(d, count):
    es = [e for e in manifest(d) if e["op"] == "systile.mxu_matmul"]
    check(len(es) == count, f"{count} systile.mxu_matmul executions")
    check([(e["attrs"]["kb"], e["attrs"]["nb"]) for e in es] ==
          [(0, 0), (1, 0), (0, 1), (1, 1)], "attrs kb, nb in chain order")
    for e in es:
        lhs, rhs = e["operands"][0], e["operands"][1]
        if not (same(load(d, lhs), A) and same(load(d, rhs), B)):
            fail(f"execution {e['seq']}: lhs/rhs are not A and B")
        if lhs.get("tiled") != GEOMETRY or rhs.get("tiled") != GEOMETRY:
            fail(f"execution {e['seq']}: geometry {lhs.get('tiled')}")
    check(len({e["operands"][0]["file"] for e in es}) == 1 and
          len({e["operands"][1]["file"] for e in es}) == 1,
          "lhs and rhs written once, named by every execution")
    return es


def chain(d):
    es = mxu_entries(d, 4)
    packs = [e for e in manifest(d) if e["op"] == "systile.pack"]
    check(len(packs) == 3 and "tiled" not in packs[0]["operands"][0] and
          packs[0]["results"][0]["tiled"] == GEOMETRY and
          same(load(d, packs[0]["operands"][0]), A) and
          same(load(d, packs[0]["results"][0]), A),
          "systile.pack: dense operand and tiled result dumped as A")
    check(same(load(d, es[0]["operands"][2]), C) and
          es[0]["operands"][2]["from"] == [packs[2]["seq"], 0],
          "chain head: acc is C, from the third pack")
    for prev, e in zip(es, es[1:]):
        acc = e["operands"][2]
        if acc["file"] is not None or acc["from"] != [prev["seq"], 0]:
            fail(f"execution {e['seq']}: acc {acc}")
    check(all(e["results"][0]["file"] is None for e in es[:3]),
          "fused chain: the first three results are not materialised")
    want = block(block(block(block(C, 0, 0), 1, 0), 0, 1), 1, 1)
    check(same(load(d, es[3]["results"][0]), want) and
          same(want, (A.astype(np.float64) @ B + C).astype(np.float32)),
          "last result = A x B + C")


def unfused(d):
    es = mxu_entries(d, 4)
    acc = C
    for e in es:
        if not same(load(d, e["operands"][2]), acc):
            fail(f"execution {e['seq']}: acc is not the previous result")
        acc = block(acc, e["attrs"]["kb"], e["attrs"]["nb"])
        if not same(load(d, e["results"][0]), acc):
            fail(f"execution {e['seq']}: result is not acc + block")
    check(True, "unfused: every result = previous acc + its weight load")


def whole(d):
    (e,) = [e for e in manifest(d) if e["op"] == "systile.matmul"]
    check("bf16" in e["attrs"]["precision"], "systile.matmul precision bf16")
    check(same(load(d, e["results"][0]),
               (A.astype(np.float64) @ B + C).astype(np.float32)),
          "systile.matmul result = A x B + C")


def dense(d):
    es = manifest(d)
    mm = [e for e in es if e["op"] == "linalg.matmul"]
    add = [e for e in es if e["op"] == "arith.addf"]
    check(len(mm) == 1 and len(add) == 1, "one linalg.matmul, one arith.addf")
    ops = [load(d, v) for v in mm[0]["operands"]]
    check(same(ops[0], A) and same(ops[1], B) and same(ops[2], C) and
          same(load(d, mm[0]["results"][0]),
               (A.astype(np.float64) @ B + C).astype(np.float32)),
          "linalg.matmul: operands A, B, C; result A x B + C")
    x, y = (load(d, v) for v in add[0]["operands"])
    r = load(d, add[0]["results"][0])
    check(x.shape == () and x.dtype == np.float32 and float(x) == 1.5 and
          float(y) == 2.25 and float(r) == 3.75,
          "arith.addf: scalars 1.5 + 2.25 = 3.75 as 0-d arrays")


def bf16(d):
    (e,) = manifest(d)
    x = load(d, e["operands"][0])
    check(x.dtype == np.dtype("<u2") and
          x.tolist() == [[0x3F80, 0x4000, 0x4040], [0x3F00, 0xC000, 0x0000]],
          "bf16 values dumped as '<u2' bit patterns")
    check(same(load(d, e["results"][0]), x), "the tiled bf16 result likewise")


def failed(d):
    (e,) = manifest(d)
    check(e.get("failed") is True and "results" not in e,
          "the failed execution is marked, without results")
    a, b = (load(d, v) for v in e["operands"])
    check(a.dtype == np.dtype("<i4") and int(a) == 7 and int(b) == 0,
          "its operands 7 and 0 were written before it ran")


if __name__ == "__main__":
    globals()[sys.argv[1]](sys.argv[2])
