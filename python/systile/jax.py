"""JAX functions: lower to StableHLO with source locations, legalise to
linalg with torch-mlir-opt (pinned in the JAX venv), lower with
systile-pipeline, run with systile-run, and report per layer.

JAX's locations name each op's user line (JAX drops its own frames) under
the op's name stack: `jax.named_scope("layer1")` around a layer makes its
rows read `.../layer1/dot_general`.
"""

import os
import shutil
import sys

from ._tools import SystileError, run_tool
from .report import report_frontend


def _jax():
    try:
        import jax
    except ImportError as e:
        raise SystileError(f"systile.jax needs jax (scripts/setup-jax-venv.sh)"
                           f": {e}")
    return jax


def find_legalizer():
    """torch-mlir-opt (StableHLO -> linalg): $SYSTILE_TORCH_MLIR_OPT, else
    beside this Python, else on PATH."""
    p = os.environ.get("SYSTILE_TORCH_MLIR_OPT")
    if p:
        if os.access(p, os.X_OK):
            return p
        raise SystileError(f"SYSTILE_TORCH_MLIR_OPT={p} is not an executable")
    p = os.path.join(os.path.dirname(sys.executable), "torch-mlir-opt")
    if os.access(p, os.X_OK):
        return p
    p = shutil.which("torch-mlir-opt")
    if p:
        return p
    raise SystileError("torch-mlir-opt not found (it legalises StableHLO to "
                       "linalg; scripts/setup-jax-venv.sh installs it)")


def _to_numpy(x):
    import numpy as np
    a = np.asarray(x)
    if a.dtype.name == "bfloat16":
        return a.view(np.uint16)  # systile-run reads <u2 as bf16 bits
    return a


def _reference(x):
    import numpy as np
    a = np.asarray(x)
    if a.dtype.name == "bfloat16":
        a = a.astype(np.float32)
    return a


def export(fn, *args, path):
    """Lowers `fn(*args)` to linalg-on-tensors at `path` (locations kept);
    returns its outputs, as computed by JAX."""
    jax = _jax()
    if not callable(fn):
        raise SystileError(f"systile.jax.report wants a function, not "
                           f"{type(fn).__name__}")
    try:
        # Every argument stays a parameter of the export (JAX drops unused
        # ones by default), so the inputs line up with the function's.
        jitted = jax.jit(fn, keep_unused=True)
        expected = jitted(*args)
        text = jitted.lower(*args).as_text(debug_info=True)
    except Exception as e:  # the function's own error, e.g. shapes
        msg = str(e).strip().splitlines()
        raise SystileError(f"the function does not trace or run under JAX: "
                           f"{type(e).__name__}: {msg[0] if msg else ''}")
    hlo = path + ".stablehlo.mlir"
    try:
        with open(hlo, "w") as f:
            f.write(text)
    except OSError as e:
        raise SystileError(f"cannot write '{hlo}': {e.strerror}")
    run_tool([find_legalizer(), hlo, "--stablehlo-legalize-to-linalg",
              "--canonicalize", "--mlir-print-debuginfo", "-o", path],
             "legalising the StableHLO to linalg (torch-mlir-opt)")
    leaves = jax.tree_util.tree_leaves(expected)
    return leaves


def report(fn, *args, geometries=None, precision=None, options="", run=True,
           bin_dir=None, progress=None, keep=None, timeout=None):
    """Lowers (under every pair of `geometries` and `precision`), runs (with
    `run`) and reports `fn(*args)`. Returns a `systile.Report`; its
    columns' `agreement` is max |systile - JAX| / max |JAX| per output."""
    name = (getattr(fn, "__name__", None)
            or getattr(getattr(fn, "func", None), "__name__", None)
            or type(fn).__name__)

    def inputs():
        jax = _jax()
        # A Python scalar as JAX traces it (f32, i32), not as numpy would
        # store it.
        return [_to_numpy(jax.numpy.asarray(x))
                for x in jax.tree_util.tree_leaves(args)]

    return report_frontend(
        name, f"lowering {name} through StableHLO",
        lambda path: export(fn, *args, path=path), inputs, _reference,
        "systile-jax-", geometries=geometries, precision=precision,
        options=options, run=run, bin_dir=bin_dir, progress=progress,
        keep=keep, timeout=timeout)
