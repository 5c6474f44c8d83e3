"""Shared checks of the report tests (PyTorch and JAX venvs)."""

import os
import struct


def marker_lines(path):
    """{marker: line} of every `# @marker` at a line's end in `path`."""
    lines = {}
    with open(path) as f:
        for i, line in enumerate(f, 1):
            if "# @" in line:
                lines[line.rsplit("# @", 1)[1].strip()] = i
    return lines


def png_size(path):
    """(width, height) from a PNG's IHDR chunk."""
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    assert head[12:16] == b"IHDR"
    return struct.unpack(">II", head[16:24])


def bars(fig):
    """The number of bars drawn on the figure's first axes."""
    return sum(len(c.patches) for c in fig.axes[0].containers)


# Hand-derived RFC 8 figures of the 3-layer MLP 100 -> 200 -> 300 -> 10 at
# batch 16 (Mpad = 16): loads = ceil(K/mxu) * ceil(N/mxu) per pass,
# issued = loads * Mpad * mxu^2, logical = M*K*N once.
MLP_SHAPES = [(16, 100, 200), (16, 200, 300), (16, 300, 10)]
MLP_FIGURES = {
    # (mxu, passes): [(loads, issued, logical)] per layer
    (128, 1): [(2, 524288, 320000), (6, 1572864, 960000), (3, 786432, 48000)],
    (256, 1): [(1, 1048576, 320000), (2, 2097152, 960000),
               (2, 2097152, 48000)],
    (128, 6): [(12, 3145728, 320000), (36, 9437184, 960000),
               (18, 4718592, 48000)],
    (256, 6): [(6, 6291456, 320000), (12, 12582912, 960000),
               (12, 12582912, 48000)],
}


def check_mlp(test, report, names, lines, file_name):
    """The MLP's rows under every configuration of `report`: figures,
    names and source lines."""
    test.assertEqual(len(report.layers), 3)
    for j, col in enumerate(report.columns):
        passes = {"f32": 1, "bf16": 1, "bf16_3x": 3, "bf16_6x": 6}[
            col.config.precision]
        want = MLP_FIGURES[(col.config.mxu, passes)]
        for i, (shape, (loads, issued, logical)) in enumerate(
                zip(MLP_SHAPES, want)):
            row = report.cell(i, j)
            test.assertIsNotNone(row, (i, col.config))
            d = row.data
            test.assertEqual((d["m"], d["k"], d["n"]), shape)
            test.assertEqual(d["weight_loads"], loads, (i, col.config))
            test.assertEqual(d["issued_macs"], issued, (i, col.config))
            test.assertEqual(d["logical_macs"], logical)
            test.assertEqual(d["padding_macs"], issued - logical)
            test.assertAlmostEqual(d["utilization"], logical / issued)
            test.assertEqual(row.name, names[i])
            test.assertEqual(os.path.basename(row.file), file_name)
            test.assertEqual(row.line, lines[i])
        t = col.total
        test.assertEqual(t["weight_loads"], sum(w[0] for w in want))
        test.assertEqual(t["issued_macs"], sum(w[1] for w in want))
        test.assertEqual(t["logical_macs"], 1328000)
        # One pack of the 16x100 input (16x128 f32), one unpack of 16x10.
        test.assertEqual(col.layout["packs"], 1)
        test.assertEqual(col.layout["packed_bytes"], 16 * 128 * 4)
        test.assertEqual(col.layout["unpacks"], 1)
        test.assertEqual(col.layout["unpacked_bytes"], 16 * 10 * 4)
