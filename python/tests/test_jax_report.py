"""systile.jax.report on JAX functions (run in the JAX venv by
scripts/test-python.sh): each row's source line and name stack, figures
equal to hand-derived values, a sweep, the chart and clear errors."""

import functools
import os
import sys
import tempfile
import unittest

import numpy as np

import systile
import systile.jax as sj

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import jax_models as jm  # noqa: E402
import reporttest as rt  # noqa: E402

LINES = rt.marker_lines(os.path.join(HERE, "jax_models.py"))


def mlp_params(rng):
    dims = [100, 200, 300, 10]
    return [(rng.standard_normal((a, b), np.float32) * 0.1,
             rng.standard_normal(b, np.float32)) for a, b in zip(dims, dims[1:])]


class MLPReport(unittest.TestCase):
    def test_sweep(self):
        rng = np.random.default_rng(0)
        fn = functools.partial(jm.mlp, mlp_params(rng))
        x = rng.standard_normal((16, 100), np.float32)
        r = sj.report(fn, x, geometries=["8x128x128", "8x128x256"],
                      precision=["f32", "bf16_6x"])
        self.assertEqual(r.model, "mlp")
        rt.check_mlp(self, r, ["jit(mlp)/fc1/dot_general",
                               "jit(mlp)/fc2/dot_general",
                               "jit(mlp)/head/dot_general"],
                     [LINES["fc1"], LINES["fc2"], LINES["head"]],
                     "jax_models.py")
        for col in r.columns:
            self.assertLess(col.agreement[0], 1e-5, col.config)


class AttentionReport(unittest.TestCase):
    def test_attention(self):
        rng = np.random.default_rng(1)
        q, k, v = (rng.standard_normal((2, 2, 8, 16), np.float32)
                   for _ in range(3))
        r = sj.report(jm.attention, q, k, v, geometries=["v5e", "v6e"])
        # Hand-derived: 2 batches x 2 heads = 4 matrices of 8 rows (Mpad 8),
        # one weight load each: 4 * 8 * mxu^2 issued, 4*8*16*8 logical.
        got = [(row.line, row.data["matrices"], row.data["m"], row.data["k"],
                row.data["n"], row.data["weight_loads"],
                row.data["issued_macs"], row.data["logical_macs"])
               for row in (r.cell(i, 1) for i in range(2))]
        self.assertEqual(got, [
            (LINES["scores"], 4, 8, 16, 8, 4, 4 * 8 * 256 * 256, 4096),
            (LINES["context"], 4, 8, 8, 16, 4, 4 * 8 * 256 * 256, 4096)])
        self.assertEqual(r.cell(0, 0).data["issued_macs"], 4 * 8 * 128 * 128)
        self.assertTrue(r.cell(0, 0).name.endswith("/dot_general"))
        self.assertLess(r.columns[0].agreement[0], 1e-5)
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "att.png")
            fig = r.plot(path, figsize=(6, 4), dpi=50)
            self.assertEqual(rt.bars(fig), 2 * 2)
            self.assertEqual(rt.png_size(path), (300, 200))


class CLI(unittest.TestCase):
    def test_one_command(self):
        import subprocess
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "r.json")
            r = subprocess.run(
                [sys.executable, "-m", "systile", "report", "--jax",
                 os.path.join(HERE, "jax_models.py:example_attention"),
                 "--geometry", "v5e", "--json", out, "--format", "csv"],
                capture_output=True, text=True)
            self.assertEqual(r.returncode, 0, r.stderr)
            rows = r.stdout.splitlines()
            self.assertEqual(len(rows), 1 + 2 + 1)  # header, 2 layers, total
            self.assertIn(f"/jax_models.py,{LINES['scores']},", rows[1])
            import json
            with open(out) as f:
                doc = json.load(f)
            self.assertEqual(doc["model"], "attention")
            self.assertEqual(doc["configurations"][0]["total"]["issued_macs"],
                             2 * 4 * 8 * 128 * 128)


class Errors(unittest.TestCase):
    def test_shape_mismatch(self):
        rng = np.random.default_rng(0)
        fn = functools.partial(jm.mlp, mlp_params(rng))
        with self.assertRaisesRegex(systile.SystileError,
                                    "does not trace or run under JAX"):
            sj.report(fn, np.zeros((16, 99), np.float32))

    def test_not_a_function(self):
        with self.assertRaisesRegex(systile.SystileError, "wants a function"):
            sj.report(3, np.zeros(2, np.float32))


if __name__ == "__main__":
    unittest.main()
