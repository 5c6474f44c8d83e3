"""The checks the JAX and ONNX frontend suites share (examples/jax/run.py,
examples/onnx/run.py): each exported model runs in systile-run before and
after systile-opt --systile-pipeline, and is compared with the framework's
own CPU results and, where the frontend gives an RFC 6 numpy model of it
(rfc6ref.py), bit for bit with that model. Each lowered file also runs
compiled (systile-run --compile) on the same inputs and must give the
interpreter's bits. Only numpy is needed.

A model's stages are PASS, FAIL, or GAP: a failure the frontend lists as
known today (its error text), which is reported but does not fail the
suite; a GAP that no longer fails is a FAIL, so the list stays true. The
structural figures after the pipeline (contractions left, packs per
non-constant input, unpacks per output) are printed per model and checked
against the figures the frontend records as today's: worse fails, better
fails too until the record is updated, and whatever is above the ideal (no
contraction left, one pack per input, one unpack per output) is printed as
a gap.
"""

import json
import math
import os
import re
import subprocess
import sys

import numpy as np

import rfc6ref

MLIR_OPT = "/usr/lib/llvm-22/bin/mlir-opt"
CONTRACTION_RE = re.compile(
    r"\b(linalg\.(?:batch_)?matmul|linalg\.batch_reduce_matmul|linalg\.matvec"
    r"|linalg\.vecmat|linalg\.dot|linalg\.contract|linalg\.mmt4d"
    r"|linalg\.(?:depthwise_)?conv_[0-9a-z_]+)\b")
GENERIC_RE = re.compile(r"linalg\.generic \{[^}]*iterator_types = \[([^\]]*)\]")


def body(text):
    """The IR without its location aliases and resource section."""
    text = text.split("{-#")[0]
    return "\n".join(l for l in text.splitlines() if not l.startswith("#loc"))


def contractions(text):
    """Named contraction and convolution ops by name, plus linalg.generic
    ops with a reduction iterator whose payload multiplies and adds."""
    counts = {}
    for op in CONTRACTION_RE.findall(text):
        counts[op] = counts.get(op, 0) + 1
    lines = text.splitlines()
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
            key = "linalg.generic (contraction)"
            counts[key] = counts.get(key, 0) + 1
    return counts


def structure(text):
    """(contractions left, systile.pack count, systile.unpack count)."""
    text = body(text)
    return (contractions(text), len(re.findall(r"systile\.pack\b", text)),
            len(re.findall(r"systile\.unpack\b", text)))


def defining_op(text, value):
    """What defines SSA value %name in text: "argument", "constant
    broadcast" (a generic whose inputs are all constants), or the op name."""
    if re.fullmatch(r"%arg\d+", value):
        return "argument"
    m = re.search(r"^\s*" + re.escape(value) + r"(?::\d+)? = ([\w.]+)(.*)$", text, re.M)
    if not m:
        return "?"
    if m.group(1) == "linalg.generic":
        ins = re.search(r"ins\(([^:)]*)", m.group(2))
        if ins and all(v.strip().startswith("%cst") for v in ins.group(1).split(",")):
            return "constant broadcast"
    return m.group(1)


def users(text, value):
    """The ops that use SSA value %name in text, by name."""
    found = []
    for line in text.splitlines():
        m = re.match(r"^\s*(?:%[\w:#]+ = )?([\w.]+)", line)
        if m and re.search(re.escape(value) + r"\b", line.split("=", 1)[-1]) \
                and not re.match(r"^\s*" + re.escape(value) + r"\b", line):
            found.append(m.group(1))
    return found


def tally(names):
    counts = {}
    for n in names:
        counts[n] = counts.get(n, 0) + 1
    return ", ".join(f"{v} of {k}" for k, v in sorted(counts.items()))


def layout(text):
    """(what the packs pack, what uses the unpacks' results), tallied."""
    text = body(text)
    packed = [defining_op(text, v) for v in
              re.findall(r"= systile\.pack (%[\w]+)", text)]
    unpacked = []
    for r in re.findall(r"^\s*(%[\w]+) = systile\.unpack\b", text, re.M):
        unpacked += users(text, r) or ["nothing"]
    return tally(packed), tally(unpacked)


def run(cmd, timeout=600):
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return r.returncode, r.stdout, r.stderr
    except subprocess.TimeoutExpired:
        return -1, "", f"timed out after {timeout} s"


def first_error(err):
    lines = err.strip().splitlines()
    pick = [l for l in lines if "error" in l][:1] or lines[:1] or ["?"]
    return pick[0][:300]


def as_float(a, dtype):
    if dtype == "bfloat16":
        return rfc6ref.bf16_to_f32(a).astype(np.float64)
    return a.astype(np.float64)


def agree(got, want, dtype, exact=False):
    """(ok, description) of got vs want: bits when exact; integers exactly;
    f32 within 1e-5 of max|want|; bf16 within one bf16 ulp of max|want|
    (2^-7 * 2^floor(log2 max|want|))."""
    if got.shape != want.shape:
        return False, f"shape {got.shape} != {want.shape}"
    if exact or np.issubdtype(want.dtype, np.integer) and dtype != "bfloat16":
        g = np.ascontiguousarray(got).view(np.uint8).reshape(got.size, -1)
        w = np.ascontiguousarray(want).view(np.uint8).reshape(want.size, -1)
        if g.shape != w.shape:
            return False, f"dtype {got.dtype} != {want.dtype}"
        bad = int(np.count_nonzero((g != w).any(axis=1)))
        return bad == 0, f"{bad} of {got.size} elements differ in bits"
    g, w = as_float(got, dtype), as_float(want, dtype)
    if not np.array_equal(np.isnan(g), np.isnan(w)):
        return False, "NaN positions differ"
    finite = np.isfinite(w)
    scale = float(np.max(np.abs(w[finite]))) if finite.any() else 0.0
    err = float(np.max(np.abs(g[finite] - w[finite]))) if finite.any() else 0.0
    if dtype == "bfloat16":
        bound = 2.0 ** -7 * 2.0 ** math.floor(math.log2(scale)) if scale else 0.0
        what = "one bf16 ulp of max|ref|"
    else:
        bound, what = 1e-5 * scale, "1e-5 * max|ref|"
    return err <= bound, f"max|diff| {err:.3g} vs bound {bound:.3g} ({what})"


def conv2d_im2col(x, w, acc, layout, mxu):
    """A stride-1 2-D convolution of the already padded x as systile's
    default lowering computes it (RFC 6, conv-strategy=im2col): one matmul
    in the blocked order of the im2col matrix, K ordered (kh, kw, c) with c
    fastest, by the KH*KW*C x F filter, accumulating into acc. layout as
    conv2d_linalg's."""
    import rfc6ref
    f32 = np.float32
    if layout == "nchw_fchw":
        x = np.transpose(x, (0, 2, 3, 1))
        w = np.transpose(w, (2, 3, 1, 0))
        acc = np.transpose(acc, (0, 2, 3, 1))
    kh_n, kw_n, c_n, f_n = w.shape
    n, oh, ow = acc.shape[0], acc.shape[1], acc.shape[2]
    cols = np.concatenate([x[:, kh:kh + oh, kw:kw + ow, :].reshape(-1, c_n)
                           for kh in range(kh_n) for kw in range(kw_n)], axis=1)
    d = rfc6ref.matmul(cols.astype(f32), w.reshape(-1, f_n).astype(f32),
                       np.asarray(acc, f32).reshape(-1, f_n), mxu=mxu)
    d = d.reshape(n, oh, ow, f_n)
    return np.transpose(d, (0, 3, 1, 2)) if layout == "nchw_fchw" else d


def conv2d_linalg(x, w, acc, layout):
    """A stride-1 2-D convolution of the already padded x in linalg's order
    (that of convert-linalg-to-loops: each output element updated by
    fl32(acc + fl32(x * w)) over the reduction loops in iterator order),
    vectorised over the output elements. layout "nhwc_hwcf": x NHWC, w HWCF,
    acc N,OH,OW,F, reduction order kh, kw, c; "nchw_fchw": x NCHW, w FCHW,
    acc N,F,OH,OW, reduction order c, kh, kw."""
    f32 = np.float32
    acc = np.array(acc, dtype=f32, copy=True)
    if layout == "nhwc_hwcf":
        kh_n, kw_n, c_n, _ = w.shape
        oh, ow = acc.shape[1], acc.shape[2]
        for kh in range(kh_n):
            for kw in range(kw_n):
                for c in range(c_n):
                    p = np.multiply(x[:, kh:kh + oh, kw:kw + ow, c, None],
                                    w[kh, kw, c], dtype=f32)
                    acc = np.add(acc, p, dtype=f32)
        return acc
    assert layout == "nchw_fchw", layout
    _, c_n, kh_n, kw_n = w.shape
    oh, ow = acc.shape[2], acc.shape[3]
    for c in range(c_n):
        for kh in range(kh_n):
            for kw in range(kw_n):
                p = np.multiply(x[:, None, c, kh:kh + oh, kw:kw + ow],
                                w[None, :, c, kh, kw, None, None], dtype=f32)
                acc = np.add(acc, p, dtype=f32)
    return acc


def _windows(x, kh, kw, oh, ow, stride):
    """x[:, kh + sh*i, kw + sw*j, :] for the output positions (i, j)."""
    sh, sw = stride
    return x[:, kh:kh + sh * (oh - 1) + 1:sh, kw:kw + sw * (ow - 1) + 1:sw, :]


def conv2d_loops(x, w, acc, order, stride=(1, 1), groups=1):
    """A 2-D convolution of the already padded NHWC x by the HWCF filter w
    ([KH, KW, C/groups, F]; group g's filters are F's g-th slice) in
    linalg's order: each output element updated by fl32(acc + fl32(x*w))
    over the reduction loops in `order` ("c,kh,kw": conv_2d_nchw_fchw's;
    "kh,kw,c": conv_2d_nhwc_hwcf's and the depthwise forms'), vectorised
    over the output elements. acc: [N, OH, OW, F], not modified."""
    f32 = np.float32
    acc = np.array(acc, dtype=f32, copy=True)
    kh_n, kw_n, cg, f_n = w.shape
    fg = f_n // groups
    oh, ow = acc.shape[1], acc.shape[2]
    steps = ([(c, i, j) for c in range(cg) for i in range(kh_n) for j in range(kw_n)]
             if order == "c,kh,kw" else
             [(c, i, j) for i in range(kh_n) for j in range(kw_n) for c in range(cg)])
    with np.errstate(invalid="ignore", over="ignore"):
        for c, i, j in steps:
            win = _windows(x, i, j, oh, ow, stride)
            for g in range(groups):
                fs = slice(g * fg, (g + 1) * fg)
                p = np.multiply(win[..., g * cg + c, None], w[i, j, c, fs], dtype=f32)
                acc[..., fs] = np.add(acc[..., fs], p, dtype=f32)
    return acc


def conv2d_blocked(x, w, acc, strategy, mxu, stride=(1, 1), groups=1):
    """The same convolution as systile lowers it (RFC 6): per group, with
    conv-strategy "im2col" one matmul of the im2col matrix (K ordered
    (kh, kw, c), c fastest) by the KH*KW*C x F filter in the blocked order;
    with "taps" one blocked matmul per tap in row-major tap order, each of
    the tap's shifted window (K = C) by its C x F filter, accumulating."""
    import rfc6ref
    f32 = np.float32
    kh_n, kw_n, cg, f_n = w.shape
    fg = f_n // groups
    n, oh, ow = acc.shape[0], acc.shape[1], acc.shape[2]
    out = np.array(acc, dtype=f32, copy=True).reshape(-1, f_n)
    for g in range(groups):
        cs, fs = slice(g * cg, (g + 1) * cg), slice(g * fg, (g + 1) * fg)
        taps = [_windows(x, i, j, oh, ow, stride)[..., cs].reshape(-1, cg)
                for i in range(kh_n) for j in range(kw_n)]
        wg = np.asarray(w[..., fs], f32)
        if strategy == "im2col":
            out[:, fs] = rfc6ref.matmul(np.concatenate(taps, axis=1).astype(f32),
                                        wg.reshape(-1, fg), out[:, fs], mxu=mxu)
        else:
            assert strategy == "taps", strategy
            for t, win in enumerate(taps):
                out[:, fs] = rfc6ref.matmul(win.astype(f32),
                                            wg[t // kw_n, t % kw_n],
                                            out[:, fs], mxu=mxu)
    return out.reshape(n, oh, ow, f_n)


class Model:
    """One exported model's stages."""

    def __init__(self, entry, d, frontend, args):
        self.e, self.d, self.f, self.args = entry, d, frontend, args
        self.name = entry["model"]
        self.stages = []
        self.gaps = []
        self.work = os.path.join(args.work, self.name)
        os.makedirs(self.work, exist_ok=True)

    def stage(self, name, ok, detail):
        """Records a stage; a failure listed in the frontend's GAPS with
        text found in its detail is a GAP; a listed gap that passes fails."""
        known = self.f.GAPS.get((self.name, name))
        if ok and known:
            status, detail = "FAIL", (f"{detail}; passes, but is listed as the "
                                      f"gap '{known}': remove it from GAPS")
        elif not ok and known and known in detail:
            status = "GAP"
        else:
            status = "PASS" if ok else "FAIL"
        self.stages.append((name, status, detail))
        return ok

    def info(self, name, detail):
        self.stages.append((name, "INFO", detail))

    def path(self, p):
        return os.path.join(self.d, p)

    def parse(self):
        diags = []
        for tool in (MLIR_OPT, self.args.systile_opt):
            rc, _, err = run([tool, self.path(self.e["mlir"]), "-o", os.devnull])
            if rc:
                diags.append(f"{os.path.basename(tool)}: {first_error(err)}")
        return self.stage("parse", not diags, "; ".join(diags) or
                          f"{self.e['mlir_bytes']} bytes; mlir-opt 22 and "
                          "systile-opt parse it")

    def execute(self, mlir, tag, inputs=None, compiled=False):
        """systile-run on mlir (on `inputs`, default the entry's), with
        --compile when `compiled`; the results, or None when it failed."""
        inputs = self.e["inputs"] if inputs is None else inputs
        outs = [os.path.join(self.work, f"{tag}{i}.npy")
                for i in range(len(self.e["expected"]))]
        for p in outs:
            if os.path.exists(p):
                os.remove(p)
        cmd = [self.args.systile_run, mlir, "--quiet"]
        if compiled:
            cmd.append("--compile")
        cmd += [f"--input={self.path(p)}" for p in inputs]
        cmd += [f"--output={p}" for p in outs]
        rc, out, err = run(cmd, self.args.timeout)
        with open(os.path.join(self.work, f"{tag}.log"), "w") as fh:
            fh.write(" ".join(cmd) + "\n" + out + err)
        if rc:
            self.stage(f"run-{tag}", False, f"systile-run exit {rc}: {first_error(err)}")
            return None
        self.stage(f"run-{tag}", True, "systile-run ran it")
        return [np.load(p) for p in outs]

    def compiled(self, outs, tag, inputs=None):
        """The lowered file compiled (systile-run --compile) on the same
        inputs: the interpreter's results `outs`, bit for bit."""
        got = self.execute(self.lowered, f"compiled-{tag}", inputs,
                           compiled=True)
        if got is None:
            return
        same = [g.dtype == o.dtype and g.shape == o.shape and
                g.tobytes() == o.tobytes() for g, o in zip(got, outs)]
        self.stage(f"compiled-{tag}", all(same),
                   "the interpreter's bits" if all(same) else
                   f"outputs {[i for i, s in enumerate(same) if not s]} differ "
                   "from the interpreter's")

    def compare(self, stage, outs, wants, exact):
        notes, ok = [], True
        for i, (g, w) in enumerate(zip(outs, wants)):
            dtype = self.e["output_dtypes"][i]
            o, what = agree(g, w, dtype, exact)
            ok &= o
            notes.append(f"out{i} ({dtype}): {what}")
        return self.stage(stage, ok, "; ".join(notes))

    def reference(self, order, strategy=None, inputs=None):
        """The frontend's RFC 6 model of this model, or None; `strategy`
        (a conv-strategy) is passed on for the models of STRATEGIES."""
        w = {k: np.load(self.path(p)) for k, p in self.e.get("weights", {}).items()}
        x = [np.load(self.path(p))
             for p in (self.e["inputs"] if inputs is None else inputs)]
        if strategy is None:
            return self.f.reference(self.name, w, x, order, self.args.mxu)
        return self.f.reference(self.name, w, x, order, self.args.mxu,
                                strategy=strategy)

    def check(self, outs, tag, order, strategy=None, run=None):
        """`run`: one of the entry's "runs" (other inputs and expected
        outputs for the same file, e.g. other batch sizes), or None."""
        wants = [np.load(self.path(p))
                 for p in (run or self.e)["expected"]]
        self.compare(f"{self.f.NAME}-{tag}", outs, wants, exact=False)
        ref = self.reference(order, strategy,
                             run["inputs"] if run else None)
        if ref is not None:
            self.compare(f"rfc6-{tag}", outs, ref, exact=True)

    def lower(self, strategy=None):
        suffix = f"-{strategy}" if strategy else ""
        self.lowered = os.path.join(self.work, f"lowered{suffix}.mlir")
        if os.path.exists(self.lowered):
            os.remove(self.lowered)
        options = (f"mxu={self.args.mxu} "
                   f"precision={self.e.get('precision', 'f32')}")
        if strategy:
            # "S" or "S+opt+...": conv-strategy=S and each opt=true.
            base, *extra = strategy.split("+")
            options += f" conv-strategy={base}"
            options += "".join(f" {e}=true" for e in extra)
        cmd = [self.args.systile_opt, self.path(self.e["mlir"]),
               f"--systile-pipeline={options}", "-o", self.lowered]
        rc, _, err = run(cmd)
        with open(os.path.join(self.work, f"lower{suffix}.log"), "w") as fh:
            fh.write(" ".join(cmd) + "\n" + err)
        remarks = re.findall(r"remark: (.*)", err)
        self.remarks = remarks
        if rc:
            return self.stage(f"lower{suffix}", False,
                              f"systile-opt failed: {first_error(err)}")
        return self.stage(f"lower{suffix}", True, f"{len(remarks)} remark(s)")

    def figures(self, suffix=""):
        """The structural figures after the pipeline, against the record."""
        with open(self.path(self.e["mlir"])) as fh:
            before = contractions(body(fh.read()))
        with open(self.lowered) as fh:
            left, packs, unpacks = structure(fh.read())
        n_in, n_out = len(self.e["inputs"]), len(self.e["expected"])
        got = dict(left=sum(left.values()), packs=packs, unpacks=unpacks)
        self.info(f"structure{suffix}", f"contractions before {before or '{}'}, left "
                  f"{left or '{}'}; {packs} systile.pack for {n_in} non-constant "
                  f"input(s); {unpacks} systile.unpack for {n_out} output(s)")
        if got["left"]:
            self.gaps.append(f"{got['left']} contraction(s) not lowered: "
                             + ", ".join(f"{v} {k}" for k, v in left.items()))
        with open(self.lowered) as fh:
            packed, unpacked = layout(fh.read())
        if packs > n_in:
            self.gaps.append(f"{packs} packs for {n_in} input(s) (one each is "
                             f"the goal); they pack: {packed}")
        if unpacks > n_out:
            self.gaps.append(f"{unpacks} unpacks for {n_out} output(s); their "
                             f"results go to: {unpacked}")
        for r in dict.fromkeys(self.remarks):
            self.gaps.append(f"remark: {r[:200]}")
        if self.name in getattr(self.f, "LAYOUT_ONCE", ()):
            with open(self.lowered) as fh:
                dense = tally(n for n in re.findall(r"\b(linalg\.\w+)", body(fh.read()))
                              if n != "linalg.yield")
            self.stage(f"layout{suffix}", packs == n_in and unpacks == n_out and not dense,
                       f"{packs} pack(s) for {n_in} input(s), {unpacks} unpack(s) for "
                       f"{n_out} output(s), linalg ops left: {dense or 'none'}")
        want = self.f.FIGURES.get(self.name)
        if want is None:
            return self.stage(f"figures{suffix}", False,
                              f"{got}: no record in FIGURES")
        return self.stage(f"figures{suffix}", got == want, f"{got}" + (
            "" if got == want else f" != recorded {want} (update FIGURES if better)"))

    def go(self):
        if "export_error" in self.e:
            return self.stage("export", False, self.e["export_error"])
        self.stage("export", True, self.e.get("producer", ""))
        if not self.parse():
            return
        outs = self.execute(self.path(self.e["mlir"]), "before")
        if outs is not None:
            self.check(outs, "before", "linalg")
        # The models of the frontend's STRATEGIES are lowered and checked
        # with each conv-strategy; the others once, with the default.
        for strategy in getattr(self.f, "STRATEGIES", {}).get(self.name, [None]):
            suffix = f"-{strategy}" if strategy else ""
            if not self.lower(strategy):
                continue
            self.figures(suffix)
            outs = self.execute(self.lowered, f"after{suffix}")
            if outs is not None:
                self.check(outs, f"after{suffix}", "blocked", strategy)
                self.compiled(outs, f"after{suffix}")
            # The same lowered file on the entry's other inputs (a dynamic
            # batch at other sizes).
            for r in self.e.get("runs", []):
                tag = f"after{suffix}-{r['tag']}"
                outs = self.execute(self.lowered, tag, r["inputs"])
                if outs is not None:
                    self.check(outs, tag, "blocked", strategy, r)
                    self.compiled(outs, tag, r["inputs"])

    def failed(self):
        return any(s == "FAIL" for _, s, _ in self.stages)

    def report(self):
        print(f"=== {self.name}: {'FAIL' if self.failed() else 'PASS'}")
        for name, status, detail in self.stages:
            print(f"  {status:4} {name:17} {detail}")
        for g in self.gaps:
            print(f"  gap: {g}")


def main(frontend, argv=None):
    """Runs every model of DIR/manifest.json; the last line is
    "NAME: N passed, M failed"; exit status 1 when any model failed."""
    import argparse
    ap = argparse.ArgumentParser(description=frontend.__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--dir", required=True, help="export directory (manifest.json)")
    ap.add_argument("--work", default=None, help="default DIR/run")
    ap.add_argument("--bin", required=True, help="systile-opt and systile-run")
    ap.add_argument("--models", default=None, help="comma-separated subset")
    ap.add_argument("--mxu", type=int, default=128)
    ap.add_argument("--timeout", type=int, default=300, help="seconds per systile-run")
    args = ap.parse_args(argv)
    args.work = args.work or os.path.join(args.dir, "run")
    args.systile_opt = os.path.join(args.bin, "systile-opt")
    args.systile_run = os.path.join(args.bin, "systile-run")
    with open(os.path.join(args.dir, "manifest.json")) as fh:
        manifest = json.load(fh)
    if args.models:
        keep = args.models.split(",")
        manifest = [e for e in manifest if e["model"] in keep]
    models = []
    for e in manifest:
        m = Model(e, os.path.join(args.dir, e["model"]), frontend, args)
        m.go()
        m.report()
        sys.stdout.flush()
        models.append(m)
    bad = [m.name for m in models if m.failed()]
    if not models:
        bad = ["(no models)"]
    print(f"{frontend.NAME}: {len(models) - len(bad) if models else 0} passed, "
          f"{len(bad)} failed" + (f" ({', '.join(bad)})" if bad else ""))
    return 1 if bad else 0
