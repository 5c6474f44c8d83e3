#!/usr/bin/env python3
"""Convolution chains through systile-pipeline: the activations stay tiled.

Two small CNN bodies as frontends write them, NHWC (JAX: SAME convs with
tensor.pad, bias + ReLU as one element-wise generic reading a [F] bias) and
NCHW (torch-mlir: the same with a 2x2 max pooling padded with -inf), are
lowered with each conv-strategy. The lowered program must pack the
activation once and unpack the result once, keep no linalg op but the
filters' linalg.transpose (NCHW filters are rearranged; dense ops on
weights, not activations), and give, bit for bit, what a numpy model
composed of conv_check.py's models of each stage gives; the unlowered
program (upstream's order) must agree with it to within 1e-5 of max |out|.
Each lowered program also runs compiled (systile-run --compile), with the
model's bits.

usage: conv_chain_check.py --bin-dir DIR --work-dir DIR
"""
import argparse
import os
import re

import numpy as np

from conv_check import Case, same_bits
from testlib import run

F32 = np.float32


def chain_mlir(layout, n, c, hw, f, pool):
    h, w = hw
    if layout == "nhwc":
        sh = lambda ch, a, b: f"{n}x{a}x{b}x{ch}"
        pad = lambda: "low[0, 1, 1, 0] high[0, 1, 1, 0]"
        conv, wt1, wt2 = "conv_2d_nhwc_hwcf", f"3x3x{c}x{f}", f"3x3x{f}x{f}"
        bias_map = "(d3)"
    else:
        sh = lambda ch, a, b: f"{n}x{ch}x{a}x{b}"
        pad = lambda: "low[0, 0, 1, 1] high[0, 0, 1, 1]"
        conv, wt1, wt2 = "conv_2d_nchw_fchw", f"{f}x{c}x3x3", f"{f}x{f}x3x3"
        bias_map = "(d1)"
    t = lambda s: f"tensor<{s}xf32>"
    oh, ow = (h // 2, w // 2) if pool else (h, w)
    idx = "%i0: index, %i1: index, %i2: index, %i3: index"
    body = f"""
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#bias = affine_map<(d0, d1, d2, d3) -> {bias_map}>
func.func @main(%x: {t(sh(c, h, w))}, %w1: tensor<{wt1}xf32>, %b1: tensor<{f}xf32>,
                %w2: tensor<{wt2}xf32>) -> {t(sh(f, oh, ow))} {{
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %p = tensor.pad %x {pad()} {{
  ^bb0({idx}):
    tensor.yield %zero : f32
  }} : {t(sh(c, h, w))} to {t(sh(c, h + 2, w + 2))}
  %e = tensor.empty() : {t(sh(f, h, w))}
  %z = linalg.fill ins(%zero : f32) outs(%e : {t(sh(f, h, w))}) -> {t(sh(f, h, w))}
  %c1 = linalg.{conv} {{dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}}
     ins(%p, %w1 : {t(sh(c, h + 2, w + 2))}, tensor<{wt1}xf32>) outs(%z : {t(sh(f, h, w))}) -> {t(sh(f, h, w))}
  %r = linalg.generic {{indexing_maps = [#map, #bias, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}}
      ins(%c1, %b1 : {t(sh(f, h, w))}, tensor<{f}xf32>) outs(%e : {t(sh(f, h, w))}) {{
  ^bb0(%in: f32, %bb: f32, %out: f32):
    %s = arith.addf %in, %bb : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  }} -> {t(sh(f, h, w))}
"""
    src = "%r"
    if pool:
        body += f"""  %e2 = tensor.empty() : {t(sh(f, oh, ow))}
  %mi = linalg.fill ins(%ninf : f32) outs(%e2 : {t(sh(f, oh, ow))}) -> {t(sh(f, oh, ow))}
  %k = tensor.empty() : tensor<2x2xf32>
  %mp = linalg.pooling_{layout}_max {{dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}}
     ins(%r, %k : {t(sh(f, h, w))}, tensor<2x2xf32>) outs(%mi : {t(sh(f, oh, ow))}) -> {t(sh(f, oh, ow))}
"""
        src = "%mp"
    body += f"""  %e3 = tensor.empty() : {t(sh(f, oh, ow))}
  %z3 = linalg.fill ins(%zero : f32) outs(%e3 : {t(sh(f, oh, ow))}) -> {t(sh(f, oh, ow))}
  %p2 = tensor.pad {src} {pad()} {{
  ^bb0({idx}):
    tensor.yield %zero : f32
  }} : {t(sh(f, oh, ow))} to {t(sh(f, oh + 2, ow + 2))}
  %c2 = linalg.{conv} {{dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}}
     ins(%p2, %w2 : {t(sh(f, oh + 2, ow + 2))}, tensor<{wt2}xf32>) outs(%z3 : {t(sh(f, oh, ow))}) -> {t(sh(f, oh, ow))}
  return %c2 : {t(sh(f, oh, ow))}
}}
"""
    return body


def model(layout, n, c, hw, f, pool, x, w1, b1, w2, strategy, geometry):
    form = "2d_nhwc_hwcf" if layout == "nhwc" else "2d_nchw_fchw"
    h, w = hw
    conv1 = Case("c1", form, n, c, hw, f, (3, 3), pad=(1, 1, 1, 1),
                 geometry=geometry)
    zeros = np.zeros(conv1.out_shape(), F32)
    y = conv1.model(x, w1, zeros, strategy)
    bshape = (f,) if layout == "nhwc" else (f, 1, 1)
    y = np.maximum(np.add(y, b1.reshape(bshape), dtype=F32), F32(0))
    if pool:
        p = Case("p", form, n, f, hw, None, (2, 2), strides=(2, 2),
                 pool="max")
        y = p.pool_model(y, np.full(p.out_shape(), -np.inf, F32))
        hw = (h // 2, w // 2)
    conv2 = Case("c2", form, n, f, hw, f, (3, 3), pad=(1, 1, 1, 1),
                 geometry=geometry)
    return conv2.model(y, w2, np.zeros(conv2.out_shape(), F32), strategy)


CHAINS = [("nhwc", 2, 3, (8, 8), 8, False), ("nchw", 1, 3, (8, 8), 8, True),
          ("nchw", 2, 4, (6, 6), 5, True)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--work-dir", required=True)
    opts = ap.parse_args()
    os.makedirs(opts.work_dir, exist_ok=True)
    opt_tool = os.path.join(opts.bin_dir, "systile-opt")
    run_tool = os.path.join(opts.bin_dir, "systile-run")
    rng = np.random.default_rng(5)
    geometry = (2, 4, 4)
    for index, (layout, n, c, hw, f, pool) in enumerate(CHAINS):
        base = os.path.join(opts.work_dir, f"chain{index}")
        with open(base + ".mlir", "w") as fh:
            fh.write(chain_mlir(layout, n, c, hw, f, pool))
        h, w = hw
        xs = (n, h, w, c) if layout == "nhwc" else (n, c, h, w)
        w1s = (3, 3, c, f) if layout == "nhwc" else (f, c, 3, 3)
        w2s = (3, 3, f, f) if layout == "nhwc" else (f, f, 3, 3)
        arrays = dict(x=rng.standard_normal(xs).astype(F32),
                      w1=rng.standard_normal(w1s).astype(F32),
                      b1=rng.standard_normal(f).astype(F32),
                      w2=rng.standard_normal(w2s).astype(F32))
        inputs = []
        for name, a in arrays.items():
            np.save(f"{base}_{name}.npy", a)
            inputs += ["--input", f"{base}_{name}.npy"]
        run([run_tool, base + ".mlir", *inputs, "--quiet",
             "--output", base + "_linalg.npy"])
        unlowered = np.load(base + "_linalg.npy")
        for strategy in ("im2col", "taps"):
            lowered = run([opt_tool, base + ".mlir",
                           "--systile-pipeline=sublanes=2 lanes=4 mxu=4 "
                           f"conv-strategy={strategy}"])
            path = f"{base}_{strategy}.mlir"
            with open(path, "w") as fh:
                fh.write(lowered)
            # Activation packs read %x (through a reshape); the filter and
            # bias packs read the other arguments.
            packs = re.findall(r"systile\.pack (%\S+)", lowered)
            unpacks = re.findall(r"systile\.unpack", lowered)
            linalg = set(re.findall(r"(linalg\.\w+)", lowered))
            want_linalg = set() if layout == "nhwc" else {"linalg.transpose"}
            if len(unpacks) != 1 or linalg != want_linalg:
                raise SystemExit(f"FAIL chain{index} {strategy}: {len(unpacks)} "
                                 f"unpacks, linalg ops {sorted(linalg)}")
            activation_packs = [p for p in packs
                                if re.search(rf"{re.escape(p)} = tensor\.collapse_shape %arg0 ",
                                             lowered)]
            if len(activation_packs) != 1:
                raise SystemExit(f"FAIL chain{index} {strategy}: activation "
                                 f"packs {activation_packs}")
            run([run_tool, path, *inputs, "--quiet",
                 "--output", f"{base}_{strategy}.npy"])
            got = np.load(f"{base}_{strategy}.npy")
            want = model(layout, n, c, hw, f, pool, arrays["x"], arrays["w1"],
                         arrays["b1"], arrays["w2"], strategy, geometry)
            if not same_bits(got, want):
                raise SystemExit(f"FAIL chain{index} {strategy}: differs from "
                                 f"the model (max {np.max(np.abs(got - want))})")
            tol = 1e-5 * np.max(np.abs(unlowered))
            if not np.all(np.abs(got - unlowered) <= tol):
                raise SystemExit(f"FAIL chain{index} {strategy}: far from the "
                                 "unlowered program")
            # Compiled (systile-run --compile): the model's bits too.
            run([run_tool, "--compile", path, *inputs, "--quiet",
                 "--output", f"{base}_{strategy}_compiled.npy"])
            if not same_bits(np.load(f"{base}_{strategy}_compiled.npy"), want):
                raise SystemExit(f"FAIL chain{index} {strategy}: compiled "
                                 "differs from the model")
            print(f"ok chain{index} {layout} {strategy}: {len(packs)} packs "
                  f"(1 of the activation), 1 unpack, compiled same bits")
    print(f"PASS: {len(CHAINS)} chains")


if __name__ == "__main__":
    main()
