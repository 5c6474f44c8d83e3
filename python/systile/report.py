"""Per-layer utilisation reports of a model under one or more MXU
geometries and matmul precisions (docs/UserGuide.md).

The figures are the RFC section 8 figures of `systile-report-utilization`
(docs/Spec.md), computed by the C++ tools on the lowered IR; this module
only runs the tools, lines the configurations up side by side and renders
the result as text, JSON, CSV or a chart.
"""

import csv
import io
import json
import os
import re
import shutil
import tempfile
from dataclasses import dataclass, field

from ._tools import Progress, SystileError, find_tool, run_tool

PRECISIONS = ("f32", "bf16", "bf16_3x", "bf16_6x")

# Named geometries: (sublanes, lanes, mxu). A TPU's vector registers are
# 8 x 128 on every generation; the systolic array is 128 x 128 up to v5e
# and 256 x 256 on v6e.
GEOMETRY_NAMES = {"v5e": (8, 128, 128), "v6e": (8, 128, 256)}

_GEOMETRY_RE = re.compile(r"^([1-9][0-9]*)x([1-9][0-9]*)x([1-9][0-9]*)$")


@dataclass(frozen=True)
class Config:
    """One column of a report: a geometry and a matmul precision."""
    sublanes: int = 8
    lanes: int = 128
    mxu: int = 128
    precision: str = "f32"

    @property
    def geometry(self):
        return f"{self.sublanes}x{self.lanes}x{self.mxu}"

    @property
    def label(self):
        return f"{self.geometry} {self.precision}"

    def pipeline_options(self):
        return (f"sublanes={self.sublanes} lanes={self.lanes} mxu={self.mxu} "
                f"precision={self.precision}")


def parse_geometry(text):
    """`SUBLANESxLANESxMXU` (e.g. `8x128x256`) or a name (`v5e`, `v6e`)."""
    t = text.strip().lower()
    if t in GEOMETRY_NAMES:
        return GEOMETRY_NAMES[t]
    m = _GEOMETRY_RE.match(t)
    if not m:
        raise SystileError(
            f"bad geometry '{text}': expected SUBLANESxLANESxMXU such as "
            f"8x128x128, or one of {', '.join(sorted(GEOMETRY_NAMES))}")
    return tuple(int(g) for g in m.groups())


def parse_precision(text):
    p = text.strip().lower()
    if p not in PRECISIONS:
        raise SystileError(f"bad precision '{text}': expected one of "
                           f"{', '.join(PRECISIONS)}")
    return p


def configs(geometries=None, precisions=None):
    """Every (geometry, precision) pair, geometries outermost. Each
    argument is one value or a list; strings are parsed."""
    def as_list(v, default):
        if v is None:
            return [default]
        if isinstance(v, (str, tuple)) and not (
                isinstance(v, tuple) and v and isinstance(v[0], (str, tuple))):
            return [v]
        if not isinstance(v, (list, tuple)):
            return [v]
        return list(v)
    out = []
    gs, ps = as_list(geometries, (8, 128, 128)), as_list(precisions, "f32")
    if not gs or not ps:
        raise SystileError("no geometry or no precision given")
    for g in gs:
        if isinstance(g, str):
            s, l, m = parse_geometry(g)
        elif (isinstance(g, (tuple, list)) and len(g) == 3 and
              all(isinstance(v, int) and v > 0 for v in g)):
            s, l, m = g
        else:
            raise SystileError(f"bad geometry {g!r}: expected a string such "
                               f"as '8x128x128' or a tuple (sublanes, "
                               f"lanes, mxu) of positive ints")
        for p in ps:
            if not isinstance(p, str):
                raise SystileError(f"bad precision {p!r}: expected one of "
                                   f"{', '.join(PRECISIONS)}")
            out.append(Config(s, l, m, parse_precision(p)))
    if len(set(out)) != len(out):
        raise SystileError("the same geometry and precision are given twice")
    return out


@dataclass
class Row:
    """One matmul (a layer's contraction, or one of a convolution's) under
    one configuration: the JSON object of systile-report-utilization."""
    data: dict

    @property
    def name(self):
        return self.data.get("name")

    @property
    def file(self):
        loc = self.data.get("location")
        return loc["file"] if loc else None

    @property
    def line(self):
        loc = self.data.get("location")
        return loc["line"] if loc else None

    @property
    def where(self):
        """`file:line` with the file's base name, or `?`."""
        return f"{os.path.basename(self.file)}:{self.line}" if self.file else "?"

    @property
    def shape(self):
        d = self.data
        s = f"{d['m']}x{d['k']}x{d['n']}"
        return f"{d['matrices']}*{s}" if d.get("matrices", 1) != 1 else s

    @property
    def layer(self):
        return self.name or self.where

    def key(self):
        d = self.data
        return (self.name, self.file, self.line, d["m"], d["k"], d["n"],
                d.get("matrices", 1))


@dataclass
class Column:
    """The figures of the whole model under one configuration."""
    config: Config
    rows: list
    total: dict
    layout: dict
    agreement: list = field(default_factory=list)  # per output, or empty


def lower(mlir_path, config, out_path, options="", bin_dir=None,
          timeout=None):
    """Lowers `mlir_path` with systile-pipeline under `config` into
    `out_path` (locations kept); returns (matmul rows, total, static
    layout figures), from the JSON of systile-report-utilization and
    systile-report-layout."""
    opt = find_tool("systile-opt", bin_dir)
    scratch = tempfile.mkdtemp(prefix="systile-json-")
    try:
        util, layout = (os.path.join(scratch, f) for f in
                        ("utilization.json", "layout.json"))
        if '"' in scratch:
            raise SystileError(f"the temporary directory {scratch} has a "
                               f"'\"' in its path; set TMPDIR elsewhere")
        pipeline = (f"builtin.module(systile-pipeline{{"
                    f"{config.pipeline_options()}"
                    f"{' ' + options if options else ''}}},"
                    f'systile-report-utilization{{json="{util}"}},'
                    f'systile-report-layout{{json="{layout}"}})')
        run_tool([opt, mlir_path, f"--pass-pipeline={pipeline}",
                  "--mlir-print-debuginfo", "-o", out_path],
                 f"lowering {os.path.basename(mlir_path)} for "
                 f"{config.label}", timeout)
        try:
            with open(util) as f:
                doc = json.load(f)
            with open(layout) as f:
                lay = json.load(f)
        except (OSError, ValueError):
            raise SystileError("systile-opt wrote no report JSON (is it "
                               "this package's version?)")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    rows = [Row(m) for m in doc.get("matmuls", [])]
    return rows, doc.get("total", {}), lay.get("total", {})


def execute(lowered, inputs, n_outputs, work, bin_dir=None, timeout=None):
    """Runs the lowered file on `inputs` (.npy paths); returns (output .npy
    paths, the run's stats JSON)."""
    run = find_tool("systile-run", bin_dir)
    outs = [os.path.join(work, f"out{i}.npy") for i in range(n_outputs)]
    stats = os.path.join(work, "stats.json")
    argv = [run, lowered, "--quiet", f"--stats-json={stats}"]
    argv += [f"--input={p}" for p in inputs]
    argv += [f"--output={p}" for p in outs]
    run_tool(argv, f"running {os.path.basename(lowered)}", timeout)
    with open(stats) as f:
        return outs, json.load(f)


class Report:
    """Per-layer figures of one model under each configuration.

    `rows` lists the layers (matmuls) in program order; `columns` one
    `Column` per configuration. `cell(i, j)` is the `Row` of layer i under
    configuration j, or None where that configuration has no such matmul.
    """

    def __init__(self, model, columns):
        self.model = model
        self.columns = columns
        # Line the configurations up by what a matmul is (its location,
        # name and shape, and its rank among equal keys), in first-seen
        # program order.
        # A layer only a later configuration has goes after the layer
        # before it in that configuration.
        order = []        # keys in program order
        cells = {}        # key -> [Row or None per configuration]
        for j, col in enumerate(columns):
            seen = {}
            previous = None
            for row in col.rows:
                k = row.key()
                n = seen.get(k, 0)
                seen[k] = n + 1
                key = (k, n)
                if key not in cells:
                    cells[key] = [None] * len(columns)
                    if j == 0:
                        order.append(key)
                    else:
                        at = order.index(previous) + 1 if previous else 0
                        order.insert(at, key)
                cells[key][j] = row
                previous = key
        self._keys = order
        self._cells = [cells[k] for k in order]

    @property
    def layers(self):
        """One representative Row per layer."""
        return [next(c for c in cells if c is not None)
                for cells in self._cells]

    def cell(self, i, j):
        return self._cells[i][j]

    # ---- text ---------------------------------------------------------

    def table(self):
        """A text table: one line per layer, the configurations side by
        side (utilisation, weight loads, issued MACs), then the totals, the
        layout cost and, after a run, the outputs' agreement with the
        framework (max |systile - framework| / max |framework|)."""
        head = ["#", "layer", "location", "M x K x N"]
        body = []
        for i, r in enumerate(self.layers):
            body.append([str(i + 1), r.name or "-", r.where, r.shape])
        sub = ["util", "loads", "issued MACs"]
        ncols = len(sub)
        cfg_cells = []
        for i in range(len(self.layers)):
            line = []
            for j in range(len(self.columns)):
                c = self.cell(i, j)
                if c is None:
                    line += ["-"] * ncols
                else:
                    d = c.data
                    line += [f"{100 * d['utilization']:.2f}%",
                             str(d["weight_loads"]), str(d["issued_macs"])]
            cfg_cells.append(line)
        totals = []
        for col in self.columns:
            t = col.total
            totals += [f"{100 * t.get('utilization', 0):.2f}%",
                       str(t.get("weight_loads", 0)),
                       str(t.get("issued_macs", 0))]
        left_w = [max(len(x) for x in colv) for colv in
                  zip(head, *body, ["", "total", "", ""])]
        right = [sub * len(self.columns)] + cfg_cells + [totals]
        right_w = [max(len(x) for x in colv) for colv in zip(*right)]
        group_w = []
        for j, col in enumerate(self.columns):
            w = sum(right_w[j * ncols:(j + 1) * ncols]) + 2 * (ncols - 1)
            if len(col.config.label) > w:
                right_w[j * ncols] += len(col.config.label) - w
                w = len(col.config.label)
            group_w.append(w)

        def left(cells):
            return "  ".join(c.ljust(w) if k in (1, 2) else c.rjust(w)
                             for k, (c, w) in enumerate(zip(cells, left_w)))

        def right_part(cells):
            parts = []
            for j in range(len(self.columns)):
                seg = cells[j * ncols:(j + 1) * ncols]
                ws = right_w[j * ncols:(j + 1) * ncols]
                parts.append("  ".join(c.rjust(w) for c, w in zip(seg, ws)))
            return " | ".join(parts)

        lw = len(left(["" for _ in head]))
        out = [f"systile report: {self.model} ({len(self.layers)} matmuls, "
               f"{len(self.columns)} configuration"
               f"{'s' if len(self.columns) != 1 else ''})"]
        out.append(" " * lw + " | " + " | ".join(
            c.config.label.center(w) for c, w in zip(self.columns, group_w)))
        out.append(left(head) + " | " + right_part(sub * len(self.columns)))
        out.append("-" * len(out[-1]))
        for b, c in zip(body, cfg_cells):
            out.append(left(b) + " | " + right_part(c))
        out.append("-" * len(out[-1]))
        out.append(left(["", "total", "", ""]) + " | " + right_part(totals))
        for col in self.columns:
            lay = col.layout
            line = (f"layout {col.config.label}: packs={lay.get('packs', 0)} "
                    f"unpacks={lay.get('unpacks', 0)} "
                    f"packed_bytes={lay.get('packed_bytes', 0)} "
                    f"unpacked_bytes={lay.get('unpacked_bytes', 0)} "
                    f"relayouts={lay.get('relayouts', 0)} "
                    f"relayout_bytes={lay.get('relayout_bytes', 0)}")
            out.append(line)
        for col in self.columns:
            if col.agreement:
                out.append(f"agreement {col.config.label}: " + " ".join(
                    f"{a:.3g}" for a in col.agreement)
                    + "  (max |systile - framework| / max |framework|, "
                      "per output)")
        return "\n".join(out) + "\n"

    def __str__(self):
        return self.table()

    # ---- machine-readable ---------------------------------------------

    def to_dict(self):
        return {
            "model": self.model,
            "configurations": [
                {"geometry": {"sublanes": c.config.sublanes,
                              "lanes": c.config.lanes, "mxu": c.config.mxu},
                 "precision": c.config.precision,
                 "matmuls": [r.data for r in c.rows],
                 "total": c.total, "layout": c.layout,
                 "agreement": c.agreement}
                for c in self.columns]}

    def to_json(self, path=None):
        """The report as JSON text; also written to `path` when given."""
        text = json.dumps(self.to_dict(), indent=2, sort_keys=True) + "\n"
        if path:
            _write_text(path, text)
        return text

    CSV_FIELDS = ["geometry", "precision", "index", "layer", "name", "file",
                  "line", "op", "m", "k", "n", "matrices", "weight_loads",
                  "skipped_loads", "logical_macs", "issued_macs",
                  "padding_macs", "halo_macs", "utilization"]

    def to_csv(self, path=None):
        """One CSV row per layer and configuration, then one `total` row per
        configuration; also written to `path` when given."""
        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=self.CSV_FIELDS,
                           lineterminator="\n")
        w.writeheader()
        for j, col in enumerate(self.columns):
            base = {"geometry": col.config.geometry,
                    "precision": col.config.precision}
            for i in range(len(self.layers)):
                c = self.cell(i, j)
                if c is None:
                    continue
                d = c.data
                w.writerow(dict(base, index=i + 1, layer=c.layer,
                                name=c.name or "", file=c.file or "",
                                line=c.line or "", op=d["op"], m=d["m"],
                                k=d["k"], n=d["n"],
                                matrices=d.get("matrices", 1),
                                weight_loads=d["weight_loads"],
                                skipped_loads=d["skipped_loads"],
                                logical_macs=d["logical_macs"],
                                issued_macs=d["issued_macs"],
                                padding_macs=d["padding_macs"],
                                halo_macs=d.get("halo_macs", ""),
                                utilization=d["utilization"]))
            t = col.total
            w.writerow(dict(base, index="", layer="total",
                            **{k: t.get(k, "") for k in
                               ("weight_loads", "skipped_loads",
                                "logical_macs", "issued_macs",
                                "padding_macs", "utilization")}))
        text = buf.getvalue()
        if path:
            _write_text(path, text)
        return text

    # ---- chart --------------------------------------------------------

    def plot(self, path, title=None, dpi=100, figsize=(10, 4.8)):
        """Draws per-layer utilisation, one bar per layer and configuration
        (grouped by layer), to the PNG `path`; returns the matplotlib
        Figure (its axes hold one BarContainer per configuration)."""
        fig = self.figure(title, dpi, figsize)
        write_outputs([(path, lambda f: fig.savefig(f, format="png",
                                                    dpi=dpi), "wb")])
        return fig

    def figure(self, title=None, dpi=100, figsize=(10, 4.8)):
        """The chart of `plot`, not saved."""
        plt = pyplot()
        layers = self.layers
        n, k = len(layers), len(self.columns)
        fig, ax = plt.subplots(figsize=figsize, dpi=dpi)
        width = 0.8 / max(k, 1)
        for j, col in enumerate(self.columns):
            xs, ys = [], []
            for i in range(n):
                c = self.cell(i, j)
                if c is not None:
                    xs.append(i - 0.4 + width * (j + 0.5))
                    ys.append(100 * c.data["utilization"])
            ax.bar(xs, ys, width, label=col.config.label)
        ax.set_xticks(range(n))
        ax.set_xticklabels([f"{r.layer}\n{r.where}" if r.name else r.where
                            for r in layers], fontsize=8,
                           rotation=30 if n > 6 else 0, ha="center")
        ax.set_ylabel("MXU utilisation (%)")
        ax.set_ylim(0, 125)
        ax.set_yticks(range(0, 101, 20))
        ax.set_title(title or f"systile: per-layer utilisation of {self.model}")
        ax.legend(fontsize=8, loc="upper center", ncol=min(max(k, 1), 4),
                  frameon=False)
        ax.grid(axis="y", alpha=0.3)
        fig.tight_layout()
        return fig


def pyplot():
    """matplotlib.pyplot on the Agg backend, or a SystileError saying it is
    missing."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise SystileError("Report.plot needs matplotlib (pinned in the "
                           "frontend venvs' requirements.txt)")
    return plt


# ---- writing outputs: staged beside the target, renamed over a regular
# file, written through to anything else (a device or a FIFO) -----------

def _stage(path):
    target = os.path.realpath(path)  # a symlink's target is what changes
    if os.path.exists(target) and not os.path.isfile(target):
        return None  # a device or FIFO: written through
    d = os.path.dirname(target)
    fd, tmp = tempfile.mkstemp(prefix=".systile-", suffix=".tmp", dir=d)
    os.close(fd)
    return tmp


def _commit(tmp, path):
    if tmp is None:
        return
    target = os.path.realpath(path)
    try:  # the old file's permissions, or a new file's default ones
        mode = os.stat(target).st_mode & 0o7777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    os.chmod(tmp, mode)
    os.replace(tmp, target)


def _discard(tmp):
    if tmp is not None and os.path.exists(tmp):
        os.unlink(tmp)


def _write_text(path, text):
    write_outputs([(path, lambda f: f.write(text), "w")])


def write_outputs(outputs):
    """Writes every (path, write(file), mode) of `outputs`, all or none of
    the regular files: each is staged beside its target first, and only
    when every one is written are they renamed over their targets (a
    device or FIFO is written through, after that)."""
    staged = []
    current = None  # the target being written, for the message
    try:
        try:
            for path, write, mode in outputs:
                current = path
                tmp = _stage(path)
                staged.append((tmp, path, write, mode))
                if tmp is not None:
                    with open(tmp, mode) as f:
                        write(f)
            for tmp, path, _, _ in staged:
                current = path
                if tmp is not None:
                    _commit(tmp, path)
            for tmp, path, write, mode in staged:
                current = path
                if tmp is None:
                    with open(path, mode) as f:
                        write(f)
        except OSError as e:
            raise SystileError(f"cannot write '{current}': {e.strerror}")
    finally:
        for tmp, _, _, _ in staged:
            _discard(tmp)


def report_file(mlir_path, geometries=None, precision=None, options="",
                inputs=(), expected=None, n_outputs=None, bin_dir=None,
                progress=None, keep=None, model=None, timeout=None):
    """The Report of the linalg-on-tensors (or systile) file `mlir_path`
    under every pair of `geometries` and `precision` (each one value or a
    list).

    With `inputs` (.npy paths) each lowering also runs; `expected` (numpy
    arrays, the framework's outputs) then gives each column its agreement
    per output. `options` are more systile-pipeline options (e.g.
    `conv-strategy=taps`). `keep` names a directory to keep the lowered
    files in."""
    if not os.path.isfile(mlir_path):
        raise SystileError(f"no such file: {mlir_path}")
    cfgs = configs(geometries, precision)
    progress = progress or Progress()
    work = make_work_dir(keep, "systile-report-")
    columns = []
    try:
        for j, cfg in enumerate(cfgs):
            tag = f"{cfg.geometry}-{cfg.precision}"
            lowered = os.path.join(work, f"lowered-{tag}.mlir")
            progress(f"[{j + 1}/{len(cfgs)}] lowering for {cfg.label}")
            rows, total, layout = lower(mlir_path, cfg, lowered, options,
                                        bin_dir, timeout)
            agreement = []
            if inputs:
                n = n_outputs if n_outputs is not None else (
                    len(expected) if expected is not None else 0)
                progress(f"[{j + 1}/{len(cfgs)}] running for {cfg.label}")
                d = os.path.join(work, tag)
                os.makedirs(d, exist_ok=True)
                outs, stats = execute(lowered, list(inputs), n, d, bin_dir,
                                      timeout)
                layout = stats.get("layout", layout)
                if expected is not None:
                    agreement = _agreement(outs, expected)
            columns.append(Column(cfg, rows, total, layout, agreement))
    finally:
        if keep is None:
            shutil.rmtree(work, ignore_errors=True)
    return Report(model or os.path.basename(mlir_path), columns)


def report_frontend(name, message, export, inputs, reference, prefix, *,
                    geometries, precision, options, run, bin_dir, progress,
                    keep, timeout):
    """What systile.torch.report and systile.jax.report share: in a work
    directory (`keep`, or a temporary one removed after), `export(path)`
    writes the model's linalg to `path` and returns the framework's
    outputs; with `run`, `inputs()` gives the input arrays to save and
    `reference(output)` each output as a numpy array to agree with."""
    import numpy as np
    progress = progress or Progress()
    work = make_work_dir(keep, prefix)
    try:
        progress(message)
        mlir = os.path.join(work, "model.mlir")
        outs = export(mlir)
        paths = []
        if run:
            for i, x in enumerate(inputs()):
                paths.append(os.path.join(work, f"input{i}.npy"))
                np.save(paths[-1], x)
        return report_file(mlir, geometries, precision, options,
                           inputs=paths,
                           expected=[reference(y) for y in outs]
                           if run else None,
                           n_outputs=len(outs), bin_dir=bin_dir,
                           progress=progress, keep=work, model=name,
                           timeout=timeout)
    finally:
        if keep is None:
            shutil.rmtree(work, ignore_errors=True)


def make_work_dir(keep, prefix):
    """`keep` (made if missing), or a fresh temporary directory."""
    try:
        if keep is None:
            return tempfile.mkdtemp(prefix=prefix)
        os.makedirs(keep, exist_ok=True)
        return keep
    except OSError as e:
        raise SystileError(f"cannot use the directory '{keep}' for the "
                           f"lowered files: {e.strerror}")


def _agreement(out_paths, expected):
    import numpy as np
    result = []
    if len(out_paths) != len(expected):
        raise SystileError(f"the model has {len(expected)} outputs in the "
                           f"framework but {len(out_paths)} were read")
    for p, ref in zip(out_paths, expected):
        got = np.load(p)
        ref = np.asarray(ref)
        if got.shape != ref.shape:
            raise SystileError(f"output shape {got.shape} differs from the "
                               f"framework's {ref.shape}")
        r = ref.astype(np.float64)
        g = got.astype(np.float64)
        scale = float(np.max(np.abs(r))) if r.size else 0.0
        err = float(np.max(np.abs(g - r))) if r.size else 0.0
        result.append(err / scale if scale else err)
    return result
