#!/usr/bin/env python3
"""Builds the ONNX models and imports them into linalg-on-tensors for systile.

Each model is built with onnx's helper API (opset 17, weights as
initializers, so they become constants and the activations are the only
graph inputs) and checked by onnx.checker. The pinned torch-mlir imports
it (torch-mlir-import-onnx model.onnx -o model.torch.mlir: the torch
dialect with torch.operator "onnx.*" ops) and torch-mlir-opt lowers it with
--pass-pipeline='builtin.module(torch-onnx-to-torch-backend-pipeline,
torch-backend-to-linalg-on-tensors-backend-pipeline)' to func.func over
linalg, tensor, arith and math, which MLIR 22 parses. The expected outputs
are onnx.reference.ReferenceEvaluator's.

DIR/<model>/ gets model.onnx, model.torch.mlir, model.mlir, input<i>.npy,
expected<i>.npy and weights/<name>.npy; DIR/manifest.json the facts.
"""

import argparse
import json
import os
import re
import subprocess
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper
from onnx.reference import ReferenceEvaluator

OPSET = 17
PIPELINE = ("builtin.module(torch-onnx-to-torch-backend-pipeline,"
            "torch-backend-to-linalg-on-tensors-backend-pipeline)")


def rand(rng, *shape, scale=1.0):
    return (rng.standard_normal(shape) * scale).astype(np.float32)


def graph(name, nodes, inputs, output, weights):
    """A checked opset-17 model: f32 inputs {name: shape}, one f32 output
    (name, shape), weights as initializers. The graph is called main: the
    importer names the function after it, and main is systile-run's entry."""
    g = helper.make_graph(
        nodes, "main",
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, s) for n, s in inputs.items()],
        [helper.make_tensor_value_info(output[0], TensorProto.FLOAT, output[1])],
        [numpy_helper.from_array(v, k) for k, v in weights.items()])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", OPSET)],
                          producer_name="systile-examples")
    onnx.checker.check_model(m, full_check=True)
    return m


def mlp(rng):
    """MatMul + Add + Relu, then Gemm (transB = 1, as exporters write
    nn.Linear), f32; the first K (150) is over one 128-deep block."""
    w = dict(w1=rand(rng, 150, 20, scale=0.1), b1=rand(rng, 20),
             w2t=rand(rng, 7, 20, scale=0.3), b2=rand(rng, 7))
    nodes = [helper.make_node("MatMul", ["x", "w1"], ["h0"]),
             helper.make_node("Add", ["h0", "b1"], ["h1"]),
             helper.make_node("Relu", ["h1"], ["h"]),
             helper.make_node("Gemm", ["h", "w2t", "b2"], ["y"], transB=1)]
    return graph("mlp", nodes, {"x": [5, 150]}, ("y", [5, 7]), w), w, [rand(rng, 5, 150)]


def mlp_dynamic(rng):
    """The MLP with a symbolic batch dimension N (as exporters write a
    model for any batch): exported once, lowered once, run at batch 5 and,
    from the same lowered file, at 1, 7, 64 and 300 (RUNS)."""
    model, w, _ = mlp(rng)
    for v in (model.graph.input[0], model.graph.output[0]):
        v.type.tensor_type.shape.dim[0].ClearField("dim_value")
        v.type.tensor_type.shape.dim[0].dim_param = "N"
    onnx.checker.check_model(model, full_check=True)
    return model, w, [rand(rng, 5, 150)]


# Models run again, from the same lowered file, on inputs of other batch
# sizes: name -> the inputs' leading dimensions.
RUNS = dict(mlp_dynamic=[1, 7, 64, 300])


def cnn(rng):
    """Conv 3x3 (NCHW, pads 1) + Relu + MaxPool 2x2, Flatten, Gemm."""
    w = dict(k=rand(rng, 4, 3, 3, 3, scale=0.3), kb=rand(rng, 4),
             w=rand(rng, 4 * 4 * 4, 6, scale=0.1), b=rand(rng, 6))
    nodes = [helper.make_node("Conv", ["x", "k", "kb"], ["c"], kernel_shape=[3, 3],
                              pads=[1, 1, 1, 1]),
             helper.make_node("Relu", ["c"], ["r"]),
             helper.make_node("MaxPool", ["r"], ["p"], kernel_shape=[2, 2],
                              strides=[2, 2]),
             helper.make_node("Flatten", ["p"], ["f"], axis=1),
             helper.make_node("Gemm", ["f", "w", "b"], ["y"])]
    return graph("cnn", nodes, {"x": [2, 3, 9, 9]}, ("y", [2, 6]), w), w, \
        [rand(rng, 2, 3, 9, 9)]


def attention(rng):
    """LayerNormalization (axis -1) of the queries, then scaled dot-product
    attention over (batch x heads, seq, dim): MatMul with the transposed
    keys, Mul by 1/sqrt(dim), Softmax, MatMul with the values."""
    w = dict(g=rand(rng, 4), beta=rand(rng, 4), scale=np.array(0.5, np.float32))
    nodes = [helper.make_node("LayerNormalization", ["q", "g", "beta"], ["qn"],
                              axis=-1, epsilon=1e-5),
             helper.make_node("Transpose", ["k"], ["kt"], perm=[0, 2, 1]),
             helper.make_node("MatMul", ["qn", "kt"], ["s0"]),
             helper.make_node("Mul", ["s0", "scale"], ["s"]),
             helper.make_node("Softmax", ["s"], ["p"], axis=-1),
             helper.make_node("MatMul", ["p", "v"], ["y"])]
    shapes = {"q": [6, 5, 4], "k": [6, 7, 4], "v": [6, 7, 4]}
    return graph("attention", nodes, shapes, ("y", [6, 5, 4]), w), w, \
        [rand(rng, *s) for s in shapes.values()]


MODELS = dict(mlp=mlp, mlp_dynamic=mlp_dynamic, cnn=cnn, attention=attention)
OPS_RE = re.compile(r"\b((?:linalg|tensor|arith|math|scf|cf|func|tm_tensor|ml_program)"
                    r"\.[a-z_0-9]+)\b")


def census(path):
    counts = {}
    with open(path) as fh:
        for op in OPS_RE.findall(fh.read().split("{-#")[0]):
            counts[op] = counts.get(op, 0) + 1
    return dict(sorted(counts.items()))


def tool(cmd):
    """None, or the first line of the tool's error."""
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode == 0:
        return None
    return (f"{os.path.basename(cmd[0])} failed: "
            + ((r.stderr or r.stdout).strip().splitlines() or ["?"])[0][:300])


def save(d, stem, suffix, arrays):
    """Saves arrays as d/<stem><i><suffix>.npy; returns their file names."""
    names = []
    for i, a in enumerate(arrays):
        names.append(f"{stem}{i}{suffix}.npy")
        np.save(os.path.join(d, names[-1]), a)
    return names


def export(name, out, args):
    d = os.path.join(out, name)
    os.makedirs(os.path.join(d, "weights"), exist_ok=True)
    model, weights, inputs = MODELS[name](np.random.default_rng(sum(map(ord, name))))
    entry = dict(model=name, producer=f"onnx {onnx.__version__}, opset {OPSET}")
    onnx.save(model, os.path.join(d, "model.onnx"))
    torch_ir = os.path.join(d, "model.torch.mlir")
    mlir = os.path.join(d, "model.mlir")
    err = tool([args.import_onnx, os.path.join(d, "model.onnx"), "-o", torch_ir]) or \
        tool([args.torch_mlir_opt, torch_ir, f"--pass-pipeline={PIPELINE}", "-o", mlir])
    if err:
        entry["export_error"] = err
        return entry
    feeds = {i.name: x for i, x in zip(model.graph.input, inputs)}
    outs = ReferenceEvaluator(model).run(None, feeds)
    entry.update(mlir="model.mlir", mlir_bytes=os.path.getsize(mlir), inputs=[],
                 expected=[], output_dtypes=[], weights={})
    entry["inputs"] = save(d, "input", "", inputs)
    entry["expected"] = save(d, "expected", "", outs)
    entry["output_dtypes"] = [str(y.dtype) for y in outs]
    for k, v in weights.items():
        np.save(os.path.join(d, "weights", f"{k}.npy"), v)
        entry["weights"][k] = f"weights/{k}.npy"
    runs = []
    for n in RUNS.get(name, []):
        run_rng = np.random.default_rng(n)
        xs = [rand(run_rng, n, *x.shape[1:]) for x in inputs]
        ys = ReferenceEvaluator(model).run(
            None, {i.name: x for i, x in zip(model.graph.input, xs)})
        runs.append(dict(tag=f"batch{n}",
                         inputs=save(d, "input", f"-batch{n}", xs),
                         expected=save(d, "expected", f"-batch{n}", ys)))
    if runs:
        entry["runs"] = runs
    entry["census"] = census(mlir)
    return entry


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--out", required=True)
    ap.add_argument("--import-onnx", required=True, help="torch-mlir-import-onnx")
    ap.add_argument("--torch-mlir-opt", required=True)
    ap.add_argument("--models", default=",".join(MODELS))
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    manifest = [export(n, args.out, args) for n in args.models.split(",")]
    with open(os.path.join(args.out, "manifest.json"), "w") as fh:
        json.dump(manifest, fh, indent=1)
    for e in manifest:
        print(f"export: {e['model']}: "
              + (e.get("export_error") or f"{e['mlir_bytes']} bytes, {e['census']}"))
    return 1 if any("export_error" in e for e in manifest) else 0


if __name__ == "__main__":
    sys.exit(main())
