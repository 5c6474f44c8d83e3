"""systile: per-layer MXU utilisation reports of PyTorch and JAX models.

Pure Python over systile's tools (systile-opt, systile-run; found in
$SYSTILE_BIN, this checkout's build/bin or PATH). docs/UserGuide.md is the
guide:

    import systile.torch
    r = systile.torch.report(model, x, geometries=["v5e", "v6e"],
                             precision=["bf16", "bf16_6x"])
    print(r.table()); r.to_csv("layers.csv"); r.plot("layers.png")

`python -m systile report ...` is the same from the command line.
"""

from ._tools import SystileError
from .report import (Column, Config, GEOMETRY_NAMES, PRECISIONS, Report, Row,
                     configs, parse_geometry, parse_precision, report_file)

__all__ = ["SystileError", "Column", "Config", "GEOMETRY_NAMES", "PRECISIONS",
           "Report", "Row", "configs", "parse_geometry", "parse_precision",
           "report_file"]
