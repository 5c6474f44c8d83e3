"""Checks every matmul systile-run executed against the RFC 6 model.

`systile-run --dump-op=systile.matmul,systile.mxu_matmul --dump-dir=DIR`
writes the operands and results of each execution of those ops as .npy
files and a line of DIR/manifest.jsonl per execution (docs/Interpreter.md,
"Dumping ops"). check_matmuls(DIR) recomputes each one with rfc6.py from its
dumped operands and requires its dumped result to be equal bit for bit:

  systile.matmul      D = rfc6.matmul(lhs, rhs, acc, mxu, precision)
  systile.mxu_matmul  one weight load (kb, nb): D = acc, except columns
                      nb*mxu.. of D = rfc6.matmul over rows kb*mxu.. of rhs
                      (one mxu-deep block, so one partial sum from +0)

`mxu` is the operands' geometry, `precision` the op's attribute (f32 when
absent). A batched op ([B.., M, K] operands) is recomputed matrix by
matrix, with the one rank-2 rhs for every matrix when the rhs has no batch
dimensions; with `rhs_transposed`, the weight is the transpose of the
dumped rhs (or of each of its matrices). A result that systile-run did not materialise (the earlier ops of
a fused mxu_matmul chain bind none) is recomputed by the model and fed to
the next op, through the manifest's "from" links; so a fused chain is
checked at its last op, an unfused one at every op. Every dumped execution
must end up in a checked result.

Only numpy is needed.
"""

import json
import os

import numpy as np

import rfc6

MATMUL_OPS = ("systile.matmul", "systile.mxu_matmul")


class DumpError(Exception):
    pass


def read_manifest(d):
    path = os.path.join(d, "manifest.jsonl")
    with open(path) as f:
        entries = [json.loads(line) for line in f if line.strip()]
    for i, e in enumerate(entries):
        if e["seq"] != i:
            raise DumpError(f"{path}: line {i + 1} has seq {e['seq']}")
    return entries


def as_operand(a, value):
    """A dumped matmul operand as rfc6.matmul takes it: bf16 bit patterns
    become f32 (exact), everything else stays."""
    if value["dtype"] == "<u2" and "bf16" in value["type"]:
        return rfc6.bf16_to_f32(a)
    return a


def precision_of(entry):
    return "bf16" if "bf16" in str(entry["attrs"].get("precision", "")) else "f32"


def mxu_block(lhs, rhs, acc, kb, nb, mxu, precision):
    """One systile.mxu_matmul: weight block (kb, nb) applied to acc."""
    k, n = rhs.shape
    k0, k1 = kb * mxu, min(k, (kb + 1) * mxu)
    n0, n1 = nb * mxu, min(n, (nb + 1) * mxu)
    if not (0 <= k0 < k1 and 0 <= n0 < n1):
        raise DumpError(f"block [{kb}, {nb}] outside a {k}x{n} rhs (mxu {mxu})")
    out = acc.copy()
    out[:, n0:n1] = rfc6.matmul(lhs[:, k0:k1], rhs[k0:k1, n0:n1],
                                acc[:, n0:n1], mxu=mxu, precision=precision)
    return out


def per_matrix(f, lhs, rhs, acc, transposed):
    """f(lhs, weight, acc) on every matrix of the batch (a rank-2 operand
    is a batch of one): the weight is rhs's matrix, or the shared rank-2
    rhs, transposed when the op reads it so."""
    out = np.empty_like(acc)
    for idx in np.ndindex(*acc.shape[:-2]):
        w = rhs if rhs.ndim == 2 else rhs[idx]
        out[idx] = f(lhs[idx], w.T if transposed else w, acc[idx])
    return out


def same_bits(a, b):
    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    return np.ascontiguousarray(a).view(np.uint8).tobytes() == \
        np.ascontiguousarray(b).view(np.uint8).tobytes()


class Checker:
    def __init__(self, d):
        self.d = d
        self.entries = read_manifest(d)
        self.files = {}       # file -> array (a dump shares files)
        self.covered = set()  # seqs whose model result reached a check

    def load(self, name):
        if name not in self.files:
            if len(self.files) > 64:
                self.files.clear()
            self.files[name] = np.load(os.path.join(self.d, name))
        return self.files[name]

    def operand(self, e, i):
        v = e["operands"][i]
        if v.get("file"):
            return as_operand(self.load(v["file"]), v)
        if "from" not in v:
            raise DumpError(f"execution {e['seq']}: operand {i} is neither "
                            "dumped nor the result of a dumped op")
        return self.model(v["from"][0])

    def model(self, seq):
        """The RFC 6 result of execution `seq` from its operands (dumped, or
        recomputed results of earlier dumped executions)."""
        e = self.entries[seq]
        if e["op"] not in MATMUL_OPS or e.get("failed"):
            raise DumpError(f"execution {seq} ({e['op']}) has no RFC 6 model")
        lhs, rhs, acc = (self.operand(e, i) for i in range(3))
        mxu = e["operands"][1].get("tiled", {}).get("mxu")
        if mxu is None:
            raise DumpError(f"execution {seq}: rhs has no tiled geometry")
        self.covered.add(seq)
        p, attrs = precision_of(e), e["attrs"]
        if e["op"] == "systile.matmul":
            f = lambda a, w, c: rfc6.matmul(a, w, c, mxu=mxu, precision=p)
        else:
            f = lambda a, w, c: mxu_block(a, w, c, attrs["kb"], attrs["nb"],
                                          mxu, p)
        return per_matrix(f, lhs, rhs, acc, "rhs_transposed" in attrs)

    def run(self):
        """(checked, executions, mismatches): results compared, executions
        of matmul ops, and descriptions of the results that differ."""
        mats = [e for e in self.entries if e["op"] in MATMUL_OPS]
        checked, bad = 0, []
        for e in mats:
            res = e.get("results", [{}])[0]
            if e.get("failed"):
                bad.append(f"execution {e['seq']} failed in systile-run")
                continue
            if not res.get("file"):
                continue  # materialised by a later op of its chain
            want = self.model(e["seq"])
            got = self.load(res["file"])
            checked += 1
            if not same_bits(got, want):
                n = int(np.count_nonzero(got != want)) if got.shape == want.shape else -1
                bad.append(f"execution {e['seq']} ({e['op']} at {e['loc']}): "
                           f"{n} of {want.size} elements differ in bits")
        left = [e["seq"] for e in mats if e["seq"] not in self.covered]
        if left:
            bad.append(f"{len(left)} execution(s) never reached a dumped "
                       f"result (first: {left[0]})")
        return checked, len(mats), bad


def check_matmuls(d):
    """(ok, checked, executions, detail) for the dump in directory `d`."""
    try:
        checked, total, bad = Checker(d).run()
    except (DumpError, OSError, ValueError, KeyError) as exc:
        return False, 0, 0, f"{type(exc).__name__}: {exc}"
    return not bad, checked, total, "; ".join(bad[:3])
