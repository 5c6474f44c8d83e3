#!/usr/bin/env python3
"""Runs the exported PyTorch models through systile and checks them.

Reads DIR/manifest.json written by export.py (DIR: build/pytorch, or the
committed examples/pytorch/golden), and for each model runs these stages,
each reported as PASS or FAIL (a stage after a failed one is SKIP, and the
model fails):

  parse    mlir-opt 22 and systile-opt parse model.mlir
  lower    systile-opt --systile-pipeline{mxu,precision}
           --systile-report-utilization --mlir-pass-statistics: the
           contractions lowered and left (from the IR before and after, the
           remarks and the pass statistics); fails when a contraction is
           left without a remark saying why
  layout   systile.pack / systile.unpack counts and the linalg and slice
           ops left; for the models of LAYOUT_ONCE (the MLP, the RMSNorm
           MLP, the GPT-2 block, the encoder layer, nn.MultiheadAttention) one pack
           per input, one unpack per output, nothing dense
  run      systile-run --input ... --output ... --stats
  torch    agreement with PyTorch's CPU outputs: f32 within 1e-5 relative to
           max |output|, bf16 within one bf16 ulp of max |output|
           (2^-7 * 2^floor(log2 max|output|)), integers exactly
  rfc6     agreement with rfc6.py, an independent numpy model with RFC 6's
           matmul order, bit-exact (its exp, erf and tanh are the C
           library's, as in upstream's lowering of math)
  matmuls  every matmul systile-run executed, bit-exact: the run dumps the
           operands and results of each systile.matmul / systile.mxu_matmul
           execution (--dump-op), and dumpcheck.py recomputes each result
           from its dumped operands with rfc6.py (also for the encoder,
           whose final output depends on exp, erf and rsqrt)
  compiled the lowered file compiled (systile-run --compile) on the same
           inputs: the interpreter's results, bit for bit
The rfc6 model is also compared with PyTorch on its own ("model-vs-torch"),
which checks the harness without systile.

Exit status: 0 when every stage of every model passed, 1 otherwise.
Only numpy is needed (the venv's python or /usr/bin/python3).
"""

import argparse
import json
import math
import os
import re
import subprocess
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dumpcheck  # noqa: E402
import rfc6  # noqa: E402

MLIR_OPT = "/usr/lib/llvm-22/bin/mlir-opt"
CONTRACTIONS = ("linalg.matmul", "linalg.batch_matmul", "linalg.matmul_transpose_a",
                "linalg.matmul_transpose_b", "linalg.batch_matmul_transpose_a",
                "linalg.batch_matmul_transpose_b", "linalg.batch_reduce_matmul",
                "linalg.matvec", "linalg.vecmat", "linalg.batch_matvec",
                "linalg.dot", "linalg.contract", "linalg.quantized_matmul",
                "linalg.quantized_batch_matmul", "linalg.mmt4d")
# The models whose layout is paid once today: one systile.pack per input,
# one systile.unpack per output, and no linalg op or tensor slice left after
# the pipeline (the layout stage fails otherwise; the others report it).
LAYOUT_ONCE = {"mlp", "rmsnorm_mlp", "gpt2_block", "encoder", "mha"}
GENERIC_RE = re.compile(r'linalg\.generic \{[^}]*iterator_types = \[([^\]]*)\]')


def body(path):
    with open(path) as f:
        return f.read().split("{-#")[0]


def count_contractions(text):
    """Named contraction ops by name, plus linalg.generic ops with a
    reduction iterator whose region multiplies and adds (a contraction
    written as a generic)."""
    counts = {}
    for op in CONTRACTIONS:
        n = len(re.findall(re.escape(op) + r'\b(?![_.])', text))
        if n:
            counts[op] = n
    lines = text.splitlines()
    generic = 0
    for i, line in enumerate(lines):
        m = GENERIC_RE.search(line)
        if not m or "reduction" not in m.group(1):
            continue
        region = []
        for nxt in lines[i + 1:]:
            if "linalg.yield" in nxt:
                break
            region.append(nxt)
        region = "\n".join(region)
        if re.search(r"arith\.mul[fi]", region) and re.search(r"arith\.add[fi]", region):
            generic += 1
    if generic:
        counts["linalg.generic (contraction)"] = generic
    return counts


def inline_resources(text):
    """dense_resource<NAME> constants rewritten as dense<"0xDATA"> literals
    of the same bytes (the blob less its 4-byte alignment header), and the
    dialect_resources section dropped. For interpreters that do not read
    dense_resource yet; the IR is otherwise unchanged."""
    blobs = dict(re.findall(r'^\s*([\w.]+): "0x[0-9A-Fa-f]{8}([0-9A-Fa-f]*)"',
                            text.split("{-#", 1)[1] if "{-#" in text else "",
                            re.M))
    def sub(m):
        if m.group(1) not in blobs:
            raise ValueError(f"no blob for dense_resource<{m.group(1)}>")
        return f'dense<"0x{blobs[m.group(1)]}">'
    return re.sub(r"dense_resource<([\w.]+)>", sub, text.split("{-#")[0])


def run(cmd, timeout):
    t0 = time.time()
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return r.returncode, r.stdout, r.stderr, time.time() - t0
    except subprocess.TimeoutExpired:
        return -1, "", f"timed out after {timeout} s", time.time() - t0


def load(path):
    return np.load(path)


def as_float(a, dtype):
    """An output array as float64 for comparisons (bf16 bits decoded)."""
    if dtype == "torch.bfloat16":
        return rfc6.bf16_to_f32(a).astype(np.float64)
    return a.astype(np.float64)


def agree(got, want, dtype, tolerance, exact=False):
    """(ok, description) of got vs want."""
    if got.shape != want.shape:
        return False, f"shape {got.shape} != {want.shape}"
    if dtype in ("torch.int32", "torch.int8"):
        bad = int(np.count_nonzero(got != want))
        return bad == 0, f"{bad} of {got.size} integers differ"
    if exact:
        if got.dtype != want.dtype:
            return False, f"dtype {got.dtype} != {want.dtype}"
        gb = np.ascontiguousarray(got).view(np.uint8).reshape(got.size, -1)
        wb = np.ascontiguousarray(want).view(np.uint8).reshape(want.size, -1)
        bad = int(np.count_nonzero((gb != wb).any(axis=1)))
        return bad == 0, f"{bad} of {got.size} elements differ in bits"
    g, w = as_float(got, dtype), as_float(want, dtype)
    if not (np.isfinite(g).all() and np.isfinite(w).all()):
        same = np.array_equal(np.isnan(g), np.isnan(w))
        if not same:
            return False, "NaN/inf positions differ"
    scale = float(np.max(np.abs(w))) if w.size else 0.0
    err = float(np.max(np.abs(g - w))) if w.size else 0.0
    if tolerance == "bf16":
        bound = 2.0 ** -7 * 2.0 ** math.floor(math.log2(scale)) if scale else 0.0
        what = "one bf16 ulp of max|out|"
    else:
        bound = 1e-5 * scale
        what = "1e-5 * max|out|"
    return err <= bound, f"max|diff| {err:.3g} vs bound {bound:.3g} ({what})"


class Model:
    def __init__(self, entry, d, args):
        self.e, self.d, self.args = entry, d, args
        self.name = entry["model"]
        self.stages = []  # (stage, status, detail)
        self.out = os.path.join(args.work, self.name)
        os.makedirs(self.out, exist_ok=True)

    def stage(self, name, ok, detail=""):
        self.stages.append((name, "PASS" if ok else "FAIL", detail))
        return ok

    def skip(self, names, why):
        for n in names:
            self.stages.append((n, "SKIP", why))

    def path(self, p):
        return os.path.join(self.d, p)

    def parse(self):
        mlir = self.path(self.e["mlir"])
        diags = []
        for tool in (MLIR_OPT, self.args.systile_opt):
            rc, _, err, _ = run([tool, mlir, "-o", os.devnull], 600)
            if rc:
                diags.append(f"{os.path.basename(tool)}: "
                             f"{(err.strip().splitlines() or ['?'])[0]}")
        return self.stage("parse", not diags,
                          f"{self.e['form']} form, {self.e['mlir_bytes']} bytes; "
                          + ("; ".join(diags) or "mlir-opt 22 and systile-opt parse it"))

    def lower(self):
        mlir = self.path(self.e["mlir"])
        if self.args.inline_resources:
            with open(mlir) as f:
                text = inline_resources(f.read())
            mlir = os.path.join(self.out, "inlined.mlir")
            with open(mlir, "w") as f:
                f.write(text)
        self.lowered = os.path.join(self.out, "lowered.mlir")
        if os.path.exists(self.lowered):
            os.remove(self.lowered)
        opts = f"mxu={self.args.mxu} precision={self.e.get('precision', 'f32')}"
        cmd = [self.args.systile_opt, mlir, f"--systile-pipeline={opts}",
               "--systile-report-utilization", "--mlir-pass-statistics",
               "-o", self.lowered]
        rc, _, err, secs = run(cmd, 1200)
        with open(os.path.join(self.out, "lower.log"), "w") as f:
            f.write(" ".join(cmd) + "\n" + err)
        if rc:
            return self.stage("lower", False, f"systile-opt failed: "
                              f"{(err.strip().splitlines() or ['?'])[0]}")
        before = count_contractions(body(mlir))
        after = count_contractions(body(self.lowered))
        self.util = re.findall(r"remark: (utilization: .*|total: .*)", err)
        why = re.findall(r"remark: (.*not (?:lowered|blocked).*)", err)
        stats = dict((m.group(2), int(m.group(1))) for m in
                     re.finditer(r"\(S\)\s+(\d+)\s+([\w-]+)", err))
        left = sum(after.values())
        self.lower_detail = dict(before=before, after=after, remarks=why,
                                 stats=stats, seconds=round(secs, 1))
        detail = (f"contractions before {before or '{}'}, left {after or '{}'}; "
                  f"statistics lowered={stats.get('matmuls-lowered', '?')} "
                  f"left={stats.get('matmuls-left', '?')} "
                  f"blocks={stats.get('blocks-emitted', '?')}")
        if why:
            detail += f"; remarks: {why}"
        return self.stage("lower", left <= len(why), detail)

    def layout(self):
        text = body(self.lowered)
        packs = len(re.findall(r"systile\.pack\b", text))
        unpacks = len(re.findall(r"systile\.unpack\b", text))
        dense = len(re.findall(r"\blinalg\.[a-z_]+\b(?<!linalg\.yield)|"
                               r"\btensor\.(?:extract|insert)_slice\b", text))
        n_in, n_out = len(self.e["inputs"]), len(self.e["expected"])
        detail = (f"{packs} systile.pack, {unpacks} systile.unpack "
                  f"({n_in} input(s), {n_out} output(s)), {dense} linalg / "
                  "slice op(s) left")
        if self.name not in LAYOUT_ONCE:
            self.stages.append(("layout", "INFO", detail))
            return True
        return self.stage("layout", packs <= n_in and unpacks <= n_out
                          and dense == 0,
                          detail + "; the model should pay one pack per input "
                          "and one unpack per output, with nothing dense left")

    def run(self):
        cmd = [self.args.systile_run, self.lowered, "--stats", "--quiet"]
        cmd += [f"--input={self.path(p)}" for p in self.e["inputs"]]
        self.results = [os.path.join(self.out, f"result{i}.npy")
                        for i in range(len(self.e["expected"]))]
        for p in self.results:
            if os.path.exists(p):
                os.remove(p)
        cmd += [f"--output={p}" for p in self.results]
        self.dump = os.path.join(self.out, "dump")
        cmd += [f"--dump-op={','.join(dumpcheck.MATMUL_OPS)}",
                f"--dump-dir={self.dump}"]
        rc, out, err, secs = run(cmd, self.args.timeout)
        with open(os.path.join(self.out, "run.log"), "w") as f:
            f.write(" ".join(cmd) + "\n" + out + err)
        self.run_stats = [l for l in (out + err).splitlines()
                          if "utilization" in l or "macs" in l]
        if rc:
            first = [l for l in err.splitlines() if "error" in l][:1] or \
                    err.strip().splitlines()[:1] or ["?"]
            return self.stage("run", False, f"systile-run exit {rc} "
                              f"({secs:.1f} s): {first[0][:300]}")
        return self.stage("run", True, f"{secs:.1f} s; "
                          + ("; ".join(self.run_stats[-1:]) or "no stats"))

    def reference(self):
        """The RFC 6 model's outputs (None when it cannot be computed)."""
        if hasattr(self, "_ref"):
            return self._ref
        w = {k: load(self.path(p)) for k, p in self.e.get("weights", {}).items()}
        x = [load(self.path(p)) for p in self.e["inputs"]]
        try:
            self._ref = rfc6.run_model(self.name, w, x, self.args.mxu, self.e)
        except Exception as exc:  # reported as a failed stage
            self._ref = None
            self._ref_error = f"{type(exc).__name__}: {exc}"
        return self._ref

    def compare(self, stage, outs, wants, exact):
        notes, ok = [], True
        for i, (g, w) in enumerate(zip(outs, wants)):
            dtype = self.e["output_dtypes"][i]
            tol = self.e.get("tolerance", "f32")
            o, what = agree(g, w, dtype, tol, exact)
            ok &= o
            notes.append(f"out{i} ({dtype}): {what}")
        return self.stage(stage, ok, "; ".join(notes))

    def torch_vs_model(self):
        ref = self.reference()
        if ref is None:
            return self.stage("model-vs-torch", False, self._ref_error)
        wants = [load(self.path(p)) for p in self.e["expected"]]
        return self.compare("model-vs-torch", ref, wants, exact=False)

    def check(self):
        outs = [load(p) for p in self.results]
        wants = [load(self.path(p)) for p in self.e["expected"]]
        self.compare("torch", outs, wants, exact=False)
        ref = self.reference()
        if ref is None:
            return self.stage("rfc6", False, self._ref_error)
        return self.compare("rfc6", outs, ref, self.name in rfc6.BIT_EXACT)

    def check_matmuls(self):
        """Every dumped matmul execution recomputed with rfc6.py from its
        dumped operands; bit-exact, and at least one per lowered matmul."""
        ok, checked, total, why = dumpcheck.check_matmuls(self.dump)
        lowered = len(re.findall(r"systile\.(?:mxu_)?matmul\b",
                                 body(self.lowered)))
        self.matmuls_checked = (checked, total)
        detail = (f"{checked} matmul result(s) from {total} executions of "
                  f"{'/'.join(dumpcheck.MATMUL_OPS)} recomputed with rfc6.py: "
                  + ("all bit-exact" if ok else why))
        if ok and lowered and not total:
            ok, detail = False, f"the IR has {lowered} matmul op(s) but none ran"
        return self.stage("matmuls", ok, detail)

    def compiled(self):
        """The lowered file compiled (systile-run --compile) on the same
        inputs: the interpreter's results, bit for bit."""
        cmd = [self.args.systile_run, self.lowered, "--compile", "--quiet",
               "--timing"]
        cmd += [f"--input={self.path(p)}" for p in self.e["inputs"]]
        outs = [os.path.join(self.out, f"compiled{i}.npy")
                for i in range(len(self.results))]
        for p in outs:
            if os.path.exists(p):
                os.remove(p)
        cmd += [f"--output={p}" for p in outs]
        rc, out, err, secs = run(cmd, self.args.timeout)
        with open(os.path.join(self.out, "compiled.log"), "w") as f:
            f.write(" ".join(cmd) + "\n" + out + err)
        if rc:
            first = [l for l in err.splitlines() if "error" in l][:1] or \
                    err.strip().splitlines()[:1] or ["?"]
            return self.stage("compiled", False, f"systile-run --compile exit "
                              f"{rc}: {first[0][:300]}")
        differ = [i for i, (c, r) in enumerate(zip(outs, self.results))
                  if load(c).tobytes() != load(r).tobytes()]
        timing = re.findall(r"compile=\S+", out + err)
        return self.stage("compiled", not differ,
                          (f"outputs {differ} differ from the interpreter's"
                           if differ else "the interpreter's bits")
                          + f" ({secs:.1f} s; {' '.join(timing[:1])})")

    def go(self):
        if "export_error" in self.e:
            self.stage("export", False, self.e["export_error"])
            self.skip(["parse", "lower", "layout", "run", "torch", "rfc6",
                       "matmuls"], "export failed")
            return
        self.stage("export", True, f"torch {self.e.get('torch_version', '?')}")
        if not self.parse():
            self.skip(["lower", "layout", "run", "torch", "rfc6", "matmuls"],
                      "parse failed")
            return
        self.torch_vs_model()
        if not self.lower() and not os.path.exists(self.lowered):
            self.skip(["layout", "run", "torch", "rfc6", "matmuls"],
                      "systile-opt failed")
            return
        self.layout()
        if not self.run():
            self.skip(["torch", "rfc6", "matmuls"], "systile-run failed")
            return
        self.check()
        self.check_matmuls()
        self.compiled()

    def failed(self):
        return any(s == "FAIL" or s == "SKIP" for _, s, _ in self.stages)

    def report(self):
        print(f"=== {self.name} ({self.e.get('size', '?')}): "
              f"{'FAIL' if self.failed() else 'PASS'}")
        for name, status, detail in self.stages:
            print(f"  {status:4} {name:15} {detail}")
        for line in getattr(self, "util", []):
            print(f"       report: {line}")
        for line in getattr(self, "run_stats", []):
            print(f"       run --stats: {line.strip()}")


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--dir", default=os.path.join(root, "build", "pytorch"),
                    help="export directory (manifest.json)")
    ap.add_argument("--work", default=None,
                    help="where lowered IR, logs and results go (default DIR/run)")
    ap.add_argument("--bin", default=os.path.join(root, "build", "bin"))
    ap.add_argument("--models", default=None, help="comma-separated subset")
    ap.add_argument("--mxu", type=int, default=128)
    ap.add_argument("--inline-resources", action="store_true",
                    help="rewrite dense_resource constants as dense<\"0x..\"> "
                    "before lowering (for an interpreter without dense_resource)")
    ap.add_argument("--timeout", type=int, default=1800,
                    help="seconds per systile-run")
    args = ap.parse_args()
    args.work = args.work or os.path.join(args.dir, "run")
    args.systile_opt = os.path.join(args.bin, "systile-opt")
    args.systile_run = os.path.join(args.bin, "systile-run")
    with open(os.path.join(args.dir, "manifest.json")) as f:
        manifest = json.load(f)
    if args.models:
        keep = args.models.split(",")
        manifest = [e for e in manifest if e["model"] in keep]
    if not manifest:
        print("run: no models to run")
        return 1
    models = []
    for e in manifest:
        m = Model(e, os.path.join(args.dir, e["model"]), args)
        m.go()
        m.report()
        sys.stdout.flush()
        models.append(m)
    for m in models:
        if hasattr(m, "matmuls_checked"):
            print(f"matmuls: {m.name}: {m.matmuls_checked[0]} result(s) of "
                  f"{m.matmuls_checked[1]} matmul executions checked bit-exact")
    bad = [m.name for m in models if m.failed()]
    print(f"pytorch: {len(models) - len(bad)} passed, {len(bad)} failed"
          + (f" ({', '.join(bad)})" if bad else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
