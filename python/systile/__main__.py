"""python -m systile report: a model's per-layer utilisation under one or
more geometries and precisions, side by side (docs/UserGuide.md)."""

import argparse
import importlib.util
import os
import sys

from ._tools import Progress, SystileError
from .report import (GEOMETRY_NAMES, PRECISIONS, pyplot, report_file,
                     write_outputs)

USAGE_EPILOG = """\
the model is one of:
  FILE.mlir               linalg-on-tensors (a torch-mlir or JAX export)
  --torch SCRIPT.py:FUNC  FUNC() returns (module, inputs...) of PyTorch
  --jax SCRIPT.py:FUNC    FUNC() returns (function, args...) of JAX

geometries: SUBLANESxLANESxMXU (8x128x128) or a name (%s);
precisions: %s. Each --geometry/--precision may repeat:
every pair is one column of the table.
""" % (", ".join(f"{k}={'x'.join(map(str, v))}"
                 for k, v in sorted(GEOMETRY_NAMES.items())),
       ", ".join(PRECISIONS))


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        self.print_usage(sys.stderr)
        print(f"systile: error: {message}", file=sys.stderr)
        sys.exit(2)


def _load(spec):
    """SCRIPT.py:FUNC -> FUNC's result, a tuple (model, inputs...)."""
    script, sep, func = spec.rpartition(":")
    if not sep or not script or not func:
        raise SystileError(f"'{spec}': expected SCRIPT.py:FUNC")
    if not os.path.isfile(script):
        raise SystileError(f"no such file: {script}")
    name = "systile_user_" + os.path.splitext(os.path.basename(script))[0]
    m = importlib.util.spec_from_file_location(name, script)
    module = importlib.util.module_from_spec(m)
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
    try:
        m.loader.exec_module(module)
    except SystileError:
        raise
    except SystemExit as e:
        raise SystileError(f"{script} exits while loading (status {e.code})")
    except Exception as e:
        raise SystileError(f"{script} fails to load: {type(e).__name__}: "
                           f"{str(e).strip().splitlines()[0] if str(e).strip() else ''}")
    fn = getattr(module, func, None)
    if not callable(fn):
        raise SystileError(f"{script} has no function {func}")
    try:
        got = fn()
    except SystemExit as e:
        raise SystileError(f"{func}() exits (status {e.code})")
    except Exception as e:
        raise SystileError(f"{func}() fails: {type(e).__name__}: {e}")
    if not isinstance(got, tuple) or len(got) < 1:
        raise SystileError(f"{func}() must return a tuple (model, inputs...)")
    return got


def main(argv=None):
    ap = _Parser(prog="python -m systile", description=__doc__,
                 epilog=USAGE_EPILOG,
                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True, parser_class=_Parser)
    r = sub.add_parser("report", help="per-layer utilisation",
                       epilog=USAGE_EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    r.add_argument("file", nargs="?", help="a linalg-on-tensors .mlir file")
    r.add_argument("--torch", metavar="SCRIPT.py:FUNC")
    r.add_argument("--jax", metavar="SCRIPT.py:FUNC")
    r.add_argument("--geometry", action="append", metavar="G",
                   help="SUBLANESxLANESxMXU or a name (repeatable; default "
                        "8x128x128)")
    r.add_argument("--precision", action="append", metavar="P",
                   help="f32, bf16, bf16_3x or bf16_6x (repeatable; "
                        "default f32)")
    r.add_argument("--options", default="",
                   help="more systile-pipeline options, e.g. "
                        "'conv-strategy=taps'")
    r.add_argument("--input", action="append", default=[], metavar="X.npy",
                   help="with a .mlir file: run it on these inputs too "
                        "(the layout cost is then the run's)")
    r.add_argument("--no-run", action="store_true",
                   help="with --torch/--jax: lower only, no run and no "
                        "agreement figures")
    r.add_argument("--json", metavar="FILE", help="also write the JSON form")
    r.add_argument("--csv", metavar="FILE", help="also write the CSV form")
    r.add_argument("--plot", metavar="FILE.png",
                   help="also draw the chart (needs matplotlib)")
    r.add_argument("--keep", metavar="DIR",
                   help="keep the export and the lowered files in DIR")
    r.add_argument("--bin", metavar="DIR",
                   help="where systile-opt and systile-run are")
    r.add_argument("--format", choices=("table", "json", "csv"),
                   default="table", help="what standard output gets")
    r.add_argument("--progress", action="store_true",
                   help="progress lines on stderr even when it is not a "
                        "terminal")
    args = ap.parse_args(argv)

    given = [x for x in (args.file, args.torch, args.jax) if x]
    if len(given) != 1:
        ap.error("give exactly one model: FILE.mlir, --torch or --jax")
    progress = Progress(True if args.progress else None)
    try:
        if args.plot:
            pyplot()  # before any work: a missing matplotlib fails first
        common = dict(geometries=args.geometry, precision=args.precision,
                      options=args.options, bin_dir=args.bin,
                      progress=progress, keep=args.keep)
        if args.file:
            rep = report_file(args.file, inputs=args.input, **common)
        elif args.input:
            raise SystileError("--input is for a .mlir file; --torch and "
                               "--jax take their inputs from FUNC()")
        elif args.torch:
            from . import torch as st
            model, *inputs = _load(args.torch)
            rep = st.report(model, *inputs, run=not args.no_run, **common)
        else:
            from . import jax as sj
            fn, *inputs = _load(args.jax)
            rep = sj.report(fn, *inputs, run=not args.no_run, **common)
        # Every file or none: staged together, renamed together.
        outputs = []
        if args.json:
            text_json = rep.to_json()
            outputs.append((args.json, lambda f: f.write(text_json), "w"))
        if args.csv:
            text_csv = rep.to_csv()
            outputs.append((args.csv, lambda f: f.write(text_csv), "w"))
        if args.plot:
            fig = rep.figure()
            outputs.append((args.plot,
                            lambda f: fig.savefig(f, format="png"), "wb"))
        write_outputs(outputs)
        text = {"table": rep.table, "json": rep.to_json,
                "csv": rep.to_csv}[args.format]()
        try:
            sys.stdout.write(text)
            sys.stdout.flush()
        except BrokenPipeError:
            # A reader that stopped early (| head): nothing more to say.
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            return 1
        except OSError as e:
            print(f"systile: error: cannot write standard output: "
                  f"{e.strerror}", file=sys.stderr)
            return 1
    except SystileError as e:
        print(f"systile: error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("systile: interrupted", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
