"""Checks test/lib/frontendcheck.py, the JAX and ONNX suites' shared
harness, and the suites' RFC 6 models, with numpy only: the convolution
model against a scalar transcription of convert-linalg-to-loops, the
comparisons, the IR censuses, the GAP bookkeeping, and one end-to-end run
of a hand-written model through systile-opt and systile-run."""
import argparse
import json
import os
import sys
import tempfile
import types

import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.join(here, "..", "..", "..")
sys.path.insert(0, os.path.join(root, "test", "lib"))
import frontendcheck as fc  # noqa: E402
import rfc6ref  # noqa: E402

F32 = np.float32
results = []


def check(ok, what):
    results.append(ok)
    print(f"{'ok' if ok else 'FAIL'}: {what}")


def same_bits(a, b):
    return a.shape == b.shape and np.array_equal(
        np.ascontiguousarray(a, F32).view(np.uint32),
        np.ascontiguousarray(b, F32).view(np.uint32))


def conv_scalar(x, w, acc, layout):
    """convert-linalg-to-loops for the stride-1 convolution, one scalar
    rounded multiply and add at a time, loops in the op's iterator order."""
    acc = np.array(acc, F32, copy=True)
    if layout == "nhwc_hwcf":
        n_, oh_, ow_, f_ = acc.shape
        kh_, kw_, c_, _ = w.shape
        for n in range(n_):
            for oh in range(oh_):
                for ow in range(ow_):
                    for f in range(f_):
                        for kh in range(kh_):
                            for kw in range(kw_):
                                for c in range(c_):
                                    acc[n, oh, ow, f] = F32(acc[n, oh, ow, f] + F32(
                                        x[n, oh + kh, ow + kw, c] * w[kh, kw, c, f]))
        return acc
    n_, f_, oh_, ow_ = acc.shape
    _, c_, kh_, kw_ = w.shape
    for n in range(n_):
        for f in range(f_):
            for oh in range(oh_):
                for ow in range(ow_):
                    for c in range(c_):
                        for kh in range(kh_):
                            for kw in range(kw_):
                                acc[n, f, oh, ow] = F32(acc[n, f, oh, ow] + F32(
                                    x[n, c, oh + kh, ow + kw] * w[f, c, kh, kw]))
    return acc


def test_conv():
    rng = np.random.default_rng(3)
    x = rng.standard_normal((2, 6, 5, 3)).astype(F32)
    w = rng.standard_normal((3, 2, 3, 4)).astype(F32)
    acc = rng.standard_normal((2, 4, 4, 4)).astype(F32)
    check(same_bits(fc.conv2d_linalg(x, w, acc, "nhwc_hwcf"),
                    conv_scalar(x, w, acc, "nhwc_hwcf")),
          "conv2d_linalg nhwc_hwcf = scalar loops, bit for bit")
    x = rng.standard_normal((2, 3, 6, 5)).astype(F32)
    w = rng.standard_normal((4, 3, 3, 2)).astype(F32)
    acc = rng.standard_normal((2, 4, 4, 4)).astype(F32)
    check(same_bits(fc.conv2d_linalg(x, w, acc, "nchw_fchw"),
                    conv_scalar(x, w, acc, "nchw_fchw")),
          "conv2d_linalg nchw_fchw = scalar loops, bit for bit")


def test_agree():
    want = np.array([1.0, -2.0, 4.0], F32)
    got = want.copy()
    got[2] = np.nextafter(got[2], F32(8))
    check(fc.agree(got, want, "float32")[0], "agree: f32 one ulp off is within 1e-5")
    check(not fc.agree(got, want, "float32", exact=True)[0],
          "agree: exact fails one bit off")
    check(not fc.agree(want * F32(1.001), want, "float32")[0],
          "agree: f32 1e-3 off fails")
    bits = rfc6ref.f32_to_bf16(np.array([3.0, 1.0], F32))
    one_ulp = bits.copy()
    one_ulp[0] += 1  # 3.0 + 2^-6 at max|ref| 3: one ulp of 2^1 is 2^-6
    check(fc.agree(one_ulp, bits, "bfloat16")[0], "agree: bf16 one ulp of max|ref|")
    one_ulp[0] += 1
    check(not fc.agree(one_ulp, bits, "bfloat16")[0], "agree: bf16 two ulps fail")


LOWERED = """\
#loc1 = loc("x")
func.func @main(%arg0: tensor<5x8xf32>) -> tensor<5x7xf32> {
  %0 = systile.pack %arg0 : tensor<5x8xf32> -> !systile.tiled<5x8xf32>
  %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} ins(%cst : tensor<f32>) outs(%e : tensor<5x7xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<5x7xf32>
  %2 = systile.pack %1 : tensor<5x7xf32> -> !systile.tiled<5x7xf32>
  %3 = systile.unpack %2 : !systile.tiled<5x7xf32> -> tensor<5x7xf32>
  %4 = call @relu(%3) : (tensor<5x7xf32>) -> tensor<5x7xf32>
  %5 = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%4, %4 : tensor<5x7xf32>, tensor<5x7xf32>) outs(%6 : tensor<5x5xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %7 = arith.mulf %in, %in_0 : f32
    %8 = arith.addf %out, %7 : f32
    linalg.yield %8 : f32
  } -> tensor<5x5xf32>
  %9 = linalg.generic {indexing_maps = [#a, #c], iterator_types = ["parallel", "reduction"]} ins(%4 : tensor<5x7xf32>) outs(%10 : tensor<5xf32>) {
  ^bb0(%in: f32, %out: f32):
    %11 = arith.addf %out, %in : f32
    linalg.yield %11 : f32
  } -> tensor<5xf32>
  %12 = linalg.conv_2d_nhwc_hwcf ins(%a, %b : tensor<1x3x3x1xf32>, tensor<1x1x1x1xf32>) outs(%c : tensor<1x3x3x1xf32>) -> tensor<1x3x3x1xf32>
  %13 = systile.unpack %0 : !systile.tiled<5x8xf32> -> tensor<5x8xf32>
  return %13 : tensor<5x8xf32>
}
"""


def test_census():
    left, packs, unpacks = fc.structure(LOWERED)
    check(left == {"linalg.generic (contraction)": 1, "linalg.conv_2d_nhwc_hwcf": 1},
          f"structure: contractions {left} (a plain sum reduction is not one)")
    check((packs, unpacks) == (2, 2), f"structure: {packs} packs, {unpacks} unpacks")
    packed, unpacked = fc.layout(LOWERED)
    check(packed == "1 of argument, 1 of constant broadcast", f"layout: packs {packed}")
    check(unpacked == "1 of call, 1 of return", f"layout: unpacks go to {unpacked}")


def fake_model(gaps):
    frontend = types.SimpleNamespace(NAME="fake", GAPS=gaps, FIGURES={})
    args = types.SimpleNamespace(work=tempfile.mkdtemp())
    return fc.Model({"model": "m"}, args.work, frontend, args)


def test_gaps():
    m = fake_model({("m", "run-after"): "no execution model for 'cf.assert'"})
    m.stage("run-after", False, "systile-run exit 1: error: no execution model for 'cf.assert'")
    check(m.stages[-1][1] == "GAP" and not m.failed(), "a listed failure is a GAP")
    m.stage("run-after", True, "systile-run ran it")
    check(m.stages[-1][1] == "FAIL", "a listed gap that passes fails (the list stays true)")
    m = fake_model({("m", "run-after"): "cf.assert"})
    m.stage("run-after", False, "systile-run exit 1: some other error")
    check(m.failed(), "a failure with other text than the listed gap fails")


MLIR = """\
func.func @main(%x: tensor<3x150xf32>) -> tensor<3x4xf32> {
  %w = arith.constant dense<WEIGHTS> : tensor<150x4xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %m = linalg.matmul ins(%x, %w : tensor<3x150xf32>, tensor<150x4xf32>) outs(%f : tensor<3x4xf32>) -> tensor<3x4xf32>
  return %m : tensor<3x4xf32>
}
"""


def test_end_to_end(bin_dir):
    """A hand-written matmul (K = 150, over one 128-deep block, so the two
    orders differ) through the whole harness; then the same with expected
    outputs one bit off, which must fail."""
    rng = np.random.default_rng(5)
    x = rng.standard_normal((3, 150)).astype(F32)
    w = rng.standard_normal((150, 4)).astype(F32)
    d = tempfile.mkdtemp()
    os.makedirs(os.path.join(d, "mm", "weights"))
    text = MLIR.replace("WEIGHTS", '"0x' + w.astype("<f4").tobytes().hex().upper() + '"')
    with open(os.path.join(d, "mm", "model.mlir"), "w") as fh:
        fh.write(text)
    np.save(os.path.join(d, "mm", "input0.npy"), x)
    np.save(os.path.join(d, "mm", "weights", "w.npy"), w)
    want = rfc6ref.matmul(x, w)
    np.save(os.path.join(d, "mm", "expected0.npy"), want)
    with open(os.path.join(d, "manifest.json"), "w") as fh:
        json.dump([dict(model="mm", mlir="model.mlir", mlir_bytes=len(text),
                        inputs=["input0.npy"], expected=["expected0.npy"],
                        output_dtypes=["float32"], weights={"w": "weights/w.npy"})], fh)

    def reference(name, wts, xs, order, mxu):
        if order == "blocked":
            return [rfc6ref.matmul(xs[0], wts["w"], mxu=mxu)]
        return [rfc6ref.linalg_matmul(xs[0], wts["w"], np.zeros((3, 4), F32))]
    frontend = types.SimpleNamespace(
        __doc__="test", NAME="fake", GAPS={}, reference=reference,
        FIGURES={"mm": dict(left=0, packs=1, unpacks=1)})
    argv = ["--dir", d, "--bin", bin_dir]
    check(fc.main(frontend, argv) == 0, "end to end: the matmul passes every stage")
    bits = want.view(np.uint32).copy()
    bits[0, 0] ^= 1
    frontend.reference = lambda *a: [bits.view(F32)]
    check(fc.main(frontend, argv) == 1, "end to end: an RFC 6 model one bit off fails")
    frontend.reference = reference
    frontend.FIGURES = {"mm": dict(left=0, packs=2, unpacks=1)}
    check(fc.main(frontend, argv) == 1, "end to end: figures unlike the record fail")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    args = ap.parse_args()
    test_conv()
    test_agree()
    test_census()
    test_gaps()
    test_end_to_end(args.bin)
    print(f"frontendcheck: {sum(results)} passed, {len(results) - sum(results)} failed")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
