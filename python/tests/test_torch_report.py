"""systile.torch.report on PyTorch models (run in the PyTorch venv by
scripts/test-python.sh): each row's frontend location and module path,
figures equal to hand-derived values, a sweep, the CSV/JSON forms, the
chart, the CLI, and clear errors."""

import csv
import io
import json
import os
import subprocess
import sys
import tempfile
import unittest

import torch

import systile
import systile.torch as st

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import reporttest as rt  # noqa: E402
import torch_models as tm  # noqa: E402

LINES = rt.marker_lines(os.path.join(HERE, "torch_models.py"))


class MLPReport(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        torch.manual_seed(0)
        cls.report = st.report(tm.MLP(), torch.randn(16, 100),
                               geometries=["v5e", "v6e"],
                               precision=["f32", "bf16_6x"])

    def test_figures_names_and_lines(self):
        rt.check_mlp(self, self.report, ["fc1", "fc2", "head"],
                     [LINES["fc1"], LINES["fc2"], LINES["head"]],
                     "torch_models.py")

    def test_sweep_columns(self):
        self.assertEqual([c.config.label for c in self.report.columns],
                         ["8x128x128 f32", "8x128x128 bf16_6x",
                          "8x128x256 f32", "8x128x256 bf16_6x"])
        table = self.report.table()
        header = table.splitlines()[1]
        for label in ("8x128x128 f32", "8x128x128 bf16_6x", "8x128x256 f32",
                      "8x128x256 bf16_6x"):
            self.assertIn(label, header)
        # fc1 under each configuration, side by side on one line.
        fc1 = next(l for l in table.splitlines() if l.startswith("1  fc1"))
        self.assertRegex(fc1, r"61\.04%\s+2\s+524288 \| 10\.17%\s+12\s+3145728"
                              r" \| 30\.52%\s+1\s+1048576 \|\s+5\.09%\s+6\s+6291456")

    def test_agreement(self):
        f32, six = self.report.columns[0], self.report.columns[1]
        self.assertEqual(len(f32.agreement), 1)
        self.assertLess(f32.agreement[0], 1e-5)
        self.assertLess(six.agreement[0], 1e-5)

    def test_csv_and_json(self):
        rows = list(csv.DictReader(io.StringIO(self.report.to_csv())))
        self.assertEqual(len(rows), 4 * 3 + 4)
        first = rows[0]
        self.assertEqual((first["geometry"], first["precision"], first["layer"],
                          first["line"], first["weight_loads"],
                          first["issued_macs"]),
                         ("8x128x128", "f32", "fc1", str(LINES["fc1"]), "2",
                          "524288"))
        self.assertEqual(rows[3]["layer"], "total")
        self.assertEqual(rows[3]["issued_macs"], str(524288 + 1572864 + 786432))
        doc = json.loads(self.report.to_json())
        self.assertEqual(len(doc["configurations"]), 4)
        m = doc["configurations"][3]["matmuls"][1]
        self.assertEqual((m["name"], m["weight_loads"], m["precision"],
                          m["geometry"]["mxu"]), ("fc2", 12, "bf16_6x", 256))

    def test_plot(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "mlp.png")
            fig = self.report.plot(path)
            self.assertEqual(rt.bars(fig), 3 * 4)
            self.assertEqual(rt.png_size(path), (1000, 480))
            heights = [round(b.get_height(), 2)
                       for b in fig.axes[0].containers[0].patches]
            self.assertEqual(heights, [61.04, 61.04, 6.10])

    def test_outputs_through_symlink(self):
        with tempfile.TemporaryDirectory() as d:
            target = os.path.join(d, "target.json")
            with open(target, "w") as f:
                f.write("old")
            link = os.path.join(d, "link.json")
            os.symlink(target, link)
            self.report.to_json(link)
            self.assertTrue(os.path.islink(link))
            with open(target) as f:
                self.assertIn('"configurations"', f.read())
            self.assertEqual(sorted(os.listdir(d)), ["link.json", "target.json"])
            with self.assertRaisesRegex(systile.SystileError, "cannot write"):
                self.report.plot(os.path.join(d, "no", "such", "x.png"))


class BlockReport(unittest.TestCase):
    def test_block(self):
        torch.manual_seed(1)
        r = st.report(tm.Block(), torch.randn(2, 8, 32))
        # Hand-derived (default geometry): a 16x32xN projection is one load
        # of 16*128*128 = 262144 MACs; scores and context are 2 batches x 2
        # heads = 4 matrices of 8 rows (Mpad 8), one load each, 4 * 8*128*128.
        want = [  # name, line, matrices, m, k, n, loads, issued, logical
            ("q", "q", 1, 16, 32, 32, 1, 262144, 16 * 32 * 32),
            ("k", "k", 1, 16, 32, 32, 1, 262144, 16 * 32 * 32),
            ("v", "v", 1, 16, 32, 32, 1, 262144, 16 * 32 * 32),
            (None, "scores", 4, 8, 16, 8, 4, 524288, 4 * 8 * 16 * 8),
            (None, "context", 4, 8, 8, 16, 4, 524288, 4 * 8 * 8 * 16),
            ("proj", "proj", 1, 16, 32, 32, 1, 262144, 16 * 32 * 32),
            ("up", "ffn", 1, 16, 32, 64, 1, 262144, 16 * 32 * 64),
            ("down", "ffn", 1, 16, 64, 32, 1, 262144, 16 * 64 * 32),
        ]
        got = [(row.name, row.line, row.data["matrices"], row.data["m"],
                row.data["k"], row.data["n"], row.data["weight_loads"],
                row.data["issued_macs"], row.data["logical_macs"])
               for row in r.layers]
        self.assertEqual(got, [(n, LINES[l], *rest) for n, l, *rest in want])
        self.assertTrue(all(os.path.basename(row.file) == "torch_models.py"
                            for row in r.layers))
        total = r.columns[0].total
        self.assertEqual(total["issued_macs"], 6 * 262144 + 2 * 524288)
        self.assertEqual(total["logical_macs"], 139264)
        self.assertLess(r.columns[0].agreement[0], 1e-5)


class Errors(unittest.TestCase):
    def test_shape_mismatch(self):
        with self.assertRaisesRegex(systile.SystileError,
                                    "the model fails on these inputs: "
                                    "RuntimeError"):
            st.report(tm.MLP(), torch.randn(16, 99))

    def test_not_a_module(self):
        with self.assertRaisesRegex(systile.SystileError,
                                    "wants a torch.nn.Module"):
            st.report(lambda x: x, torch.randn(2))

    def test_missing_tool(self):
        with self.assertRaisesRegex(systile.SystileError,
                                    "systile-opt not found in /nonexistent"):
            st.report(tm.MLP(), torch.randn(16, 100), bin_dir="/nonexistent")

    def test_bad_geometry(self):
        with self.assertRaisesRegex(systile.SystileError, "bad geometry"):
            st.report(tm.MLP(), torch.randn(16, 100), geometries="8x128")


class CLI(unittest.TestCase):
    def run_cli(self, *args):
        return subprocess.run([sys.executable, "-m", "systile", "report",
                               *args], capture_output=True, text=True)

    def test_one_command(self):
        with tempfile.TemporaryDirectory() as d:
            png, csvp = os.path.join(d, "u.png"), os.path.join(d, "u.csv")
            r = self.run_cli("--torch",
                             os.path.join(HERE, "torch_models.py:example_mlp"),
                             "--geometry", "v5e", "--geometry", "v6e",
                             "--precision", "bf16", "--precision", "bf16_6x",
                             "--plot", png, "--csv", csvp, "--progress")
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn("systile report: MLP (3 matmuls, 4 configurations)",
                          r.stdout)
            self.assertIn("systile: exporting MLP through torch-mlir",
                          r.stderr)
            self.assertIn("systile: [4/4] running for 8x128x256 bf16_6x",
                          r.stderr)
            self.assertEqual(rt.png_size(png), (1000, 480))
            with open(csvp) as f:
                self.assertEqual(len(f.read().splitlines()), 1 + 4 * 4)

    def test_errors_are_one_line(self):
        for args, msg in [
                (["--torch", "nope.py:f"], "systile: error: no such file: nope.py"),
                (["--torch", os.path.join(HERE, "torch_models.py:missing")],
                 "has no function missing"),
                (["--torch", os.path.join(HERE, "torch_models.py")],
                 "expected SCRIPT.py:FUNC")]:
            r = self.run_cli(*args)
            self.assertEqual(r.returncode, 1, r.stderr)
            self.assertIn(msg, r.stderr)
            self.assertNotIn("Traceback", r.stderr)


if __name__ == "__main__":
    unittest.main()
