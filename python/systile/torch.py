"""PyTorch models: export through torch-mlir's fx importer, lower with
systile-pipeline, run with systile-run, and report per layer.

Each op of the export carries the location of the user's own source line
(the innermost frame of its stack trace outside torch itself) under the
module path of the layer that issued it (`layers.0.attn.qkv`): torch-mlir's
default location is the innermost frame, a line of torch/nn/modules, the
same for every layer.
"""

import contextlib
import os
import re

from ._tools import SystileError
from .report import report_frontend

_FRAME_RE = re.compile(r'File "([^"]+)", line ([0-9]+),')


def _torch():
    try:
        import torch
        from torch_mlir import fx
        from torch_mlir.extras import fx_importer
    except ImportError as e:
        raise SystileError(f"systile.torch needs torch and torch-mlir "
                           f"(scripts/setup-pytorch-venv.sh): {e}")
    return torch, fx, fx_importer


def _user_location(node, Location, context, internal):
    """NameLoc(module path, the user's frames as a call-site chain), or
    None to keep torch-mlir's own location."""
    trace = node.meta.get("stack_trace") or ""
    frames = [(f, int(l)) for f, l in _FRAME_RE.findall(trace)]
    user = [fr for fr in frames
            if not any(fr[0].startswith(p) for p in internal)]
    chosen = user or frames
    loc = None
    if chosen:
        locs = [Location.file(f, l, 0, context=context) for f, l in chosen]
        loc = (Location.callsite(locs[-1], locs[-2::-1], context=context)
               if len(locs) > 1 else locs[0])
    stack = node.meta.get("nn_module_stack") or {}
    path = ""
    if stack:
        path = list(stack.values())[-1][0]
    if path:
        return Location.name(path, childLoc=loc, context=context) \
            if loc is not None else Location.name(path, context=context)
    return loc


@contextlib.contextmanager
def user_locations():
    """While active, torch-mlir's fx importer gives each op the location
    this module describes: the module path over the user's frames."""
    torch, _, fx_importer = _torch()
    internal = [os.path.dirname(os.path.abspath(torch.__file__)) + os.sep,
                os.path.dirname(os.path.abspath(fx_importer.__file__))
                .rsplit(os.sep + "extras", 1)[0] + os.sep]
    cache = fx_importer.ContextCache
    original = cache.get_node_location

    def located(self, node):
        loc = _user_location(node, fx_importer.Location, self._c,
                             internal)
        return loc if loc is not None else original(self, node)

    cache.get_node_location = located
    try:
        yield
    finally:
        cache.get_node_location = original


def _to_numpy(torch, t):
    import numpy as np
    t = t.detach().cpu()
    if t.dtype == torch.bfloat16:
        # systile-run reads <u2 as bf16 bits where the argument is bf16.
        return t.view(torch.int16).numpy().view(np.uint16)
    return t.numpy()


def _reference(torch, t):
    t = t.detach().cpu()
    if t.dtype == torch.bfloat16:
        t = t.float()
    return t.numpy()


def export(model, *inputs, path):
    """Exports `model` applied to `inputs` to linalg-on-tensors at `path`
    (with locations); returns the model's own outputs (tensors)."""
    torch, fx, fx_importer = _torch()
    if not isinstance(model, torch.nn.Module):
        raise SystileError(f"systile.torch.report wants a torch.nn.Module, "
                           f"not {type(model).__name__}")
    if not all(isinstance(x, torch.Tensor) for x in inputs):
        raise SystileError("systile.torch.report: every input must be a "
                           "torch.Tensor")
    model = model.eval()
    try:
        with torch.no_grad():
            expected = model(*inputs)
    except Exception as e:  # the model's own error, e.g. a shape mismatch
        raise SystileError(f"the model fails on these inputs: "
                           f"{type(e).__name__}: {_first_line(e)}")
    try:
        with torch.no_grad(), user_locations():
            module = fx.export_and_import(model, *inputs,
                                          output_type="linalg-on-tensors",
                                          func_name="main")
    except Exception as e:
        raise SystileError(f"the model does not export through torch-mlir: "
                           f"{type(e).__name__}: {_first_line(e)}")
    try:
        with open(path, "w") as f:
            f.write(module.operation.get_asm(enable_debug_info=True))
    except OSError as e:
        raise SystileError(f"cannot write '{path}': {e.strerror}")
    # The outputs as torch-mlir flattens them (tuples, lists and dicts of
    # tensors, in order).
    from torch.utils import _pytree
    leaves = _pytree.tree_leaves(expected)
    if not leaves or not all(isinstance(t, torch.Tensor) for t in leaves):
        raise SystileError("the model's outputs must be tensors (or tuples, "
                           "lists or dicts of tensors)")
    return leaves


def _first_line(e):
    text = str(e).strip().splitlines()
    return text[0] if text else "(no message)"


def report(model, *inputs, geometries=None, precision=None, options="",
           run=True, bin_dir=None, progress=None, keep=None, timeout=None):
    """Exports, lowers (under every pair of `geometries` and `precision`;
    each one value or a list), runs (with `run`) and reports `model` on
    `inputs`. Returns a `systile.Report`; its columns' `agreement` is
    max |systile - torch| / max |torch| per output."""
    torch, _, _ = _torch()
    name = type(model).__name__
    return report_frontend(
        name, f"exporting {name} through torch-mlir",
        lambda path: export(model, *inputs, path=path),
        lambda: [_to_numpy(torch, x) for x in inputs],
        lambda y: _reference(torch, y), "systile-torch-",
        geometries=geometries, precision=precision, options=options,
        run=run, bin_dir=bin_dir, progress=progress, keep=keep,
        timeout=timeout)
