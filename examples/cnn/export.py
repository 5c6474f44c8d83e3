#!/usr/bin/env python3
"""Exports the CNN models (PyTorch, eval mode) to linalg-on-tensors.

The models are the convolutional networks TPU users run, at small sizes:
  small_cnn        Conv2d(3, 8, 3, pad 1) + BatchNorm2d + ReLU, MaxPool2d(2),
                   Conv2d(8, 16, 3, pad 1) + BatchNorm2d + ReLU,
                   AdaptiveAvgPool2d(1), flatten, Linear(16, 10)
  resnet_block     torchvision's BasicBlock with a stride-2 projection:
                   conv3x3 stride 2 + BN + ReLU, conv3x3 + BN, and the 1x1
                   stride-2 conv + BN of the shortcut, added, ReLU
  mobilenet_block  MobileNet's depthwise-separable block: depthwise 3x3
                   (groups = channels) + BN + ReLU6, pointwise 1x1 + BN +
                   ReLU6
Every BatchNorm has random running statistics and affine parameters (a
freshly built one is the identity, which would hide its arithmetic).

torch_mlir.fx.export_and_import(..., output_type="linalg-on-tensors")
writes DIR/<model>/model.mlir (weights as dense_resource constants, the
activation the only argument); DIR/<model>/input0.npy and expected0.npy
are the example input and PyTorch's CPU output; weights/<name>.npy the
state_dict under its own names (run.py's numpy model reads them).
DIR/manifest.json lists them for test/lib/frontendcheck.py.

Run with the PyTorch venv (scripts/setup-pytorch-venv.sh):
  build/venv-pytorch/bin/python examples/cnn/export.py --out build/cnn
"""

import argparse
import json
import logging
import os
import re
import sys

import numpy as np
import torch
from torch import nn

logging.getLogger("torch.utils.flop_counter").setLevel(logging.ERROR)
from torch_mlir import fx  # noqa: E402


class SmallCNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1, self.b1 = nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8)
        self.c2, self.b2 = nn.Conv2d(8, 16, 3, padding=1), nn.BatchNorm2d(16)
        self.pool, self.gap = nn.MaxPool2d(2), nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(16, 10)

    def forward(self, x):
        x = self.pool(torch.relu(self.b1(self.c1(x))))
        x = self.gap(torch.relu(self.b2(self.c2(x))))
        return self.fc(torch.flatten(x, 1))


class ResNetBlock(nn.Module):
    """torchvision.models.resnet.BasicBlock(8, 16, stride=2, downsample)."""

    def __init__(self, cin=8, cout=16):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride=2, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)
        self.down = nn.Conv2d(cin, cout, 1, stride=2, bias=False)
        self.bnd = nn.BatchNorm2d(cout)

    def forward(self, x):
        y = torch.relu(self.bn1(self.conv1(x)))
        y = self.bn2(self.conv2(y))
        return torch.relu(y + self.bnd(self.down(x)))


class MobileNetBlock(nn.Module):
    def __init__(self, cin=8, cout=16):
        super().__init__()
        self.dw = nn.Conv2d(cin, cin, 3, padding=1, groups=cin, bias=False)
        self.bn1 = nn.BatchNorm2d(cin)
        self.pw = nn.Conv2d(cin, cout, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)

    def forward(self, x):
        y = nn.functional.relu6(self.bn1(self.dw(x)))
        return nn.functional.relu6(self.bn2(self.pw(y)))


# name -> (module, input shape)
MODELS = {
    "small_cnn": (SmallCNN, (2, 3, 8, 8)),
    "resnet_block": (ResNetBlock, (2, 8, 8, 8)),
    "mobilenet_block": (MobileNetBlock, (2, 8, 8, 8)),
}
OPS_RE = re.compile(r"\b((?:linalg|tensor|arith|math)\.[a-z_0-9]+)\b")


def build(name):
    torch.manual_seed(sum(map(ord, name)))
    cls, shape = MODELS[name]
    m = cls()
    for mod in m.modules():
        if isinstance(mod, nn.BatchNorm2d):
            c = mod.num_features
            mod.running_mean.copy_(torch.randn(c) * 0.5)
            mod.running_var.copy_(torch.rand(c) * 1.5 + 0.5)
            mod.weight.data.copy_(torch.randn(c) * 0.5 + 1)
            mod.bias.data.copy_(torch.randn(c) * 0.2)
    return m.eval(), torch.randn(*shape)


def export(name, out):
    d = os.path.join(out, name)
    os.makedirs(os.path.join(d, "weights"), exist_ok=True)
    model, x = build(name)
    entry = dict(model=name, producer=f"torch {torch.__version__}, torch-mlir fx")
    try:
        with torch.no_grad():
            y = model(x)
            mod = fx.export_and_import(model, x, output_type="linalg-on-tensors",
                                       func_name="main")
    except Exception as e:  # noqa: BLE001 - reported, the suite fails
        entry["export_error"] = f"{type(e).__name__}: {str(e)[:300]}"
        return entry
    mlir = os.path.join(d, "model.mlir")
    with open(mlir, "w") as fh:
        fh.write(mod.operation.get_asm(large_elements_limit=16))
    np.save(os.path.join(d, "input0.npy"), x.numpy())
    np.save(os.path.join(d, "expected0.npy"), y.numpy())
    weights = {}
    for k, v in model.state_dict().items():
        if v.dtype == torch.float32:
            np.save(os.path.join(d, "weights", f"{k}.npy"), v.numpy())
            weights[k] = f"weights/{k}.npy"
    with open(mlir) as fh:
        ops = OPS_RE.findall(fh.read().split("{-#")[0])
    entry.update(mlir="model.mlir", mlir_bytes=os.path.getsize(mlir),
                 inputs=["input0.npy"], expected=["expected0.npy"],
                 output_dtypes=["float32"], weights=weights,
                 census={o: ops.count(o) for o in sorted(set(ops))})
    return entry


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--out", required=True)
    ap.add_argument("--models", default=",".join(MODELS))
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    manifest = [export(n, args.out) for n in args.models.split(",")]
    with open(os.path.join(args.out, "manifest.json"), "w") as fh:
        json.dump(manifest, fh, indent=1)
    for e in manifest:
        print(f"export: {e['model']}: "
              + (e.get("export_error") or f"{e['mlir_bytes']} bytes, {e['census']}"))
    return 1 if any("export_error" in e for e in manifest) else 0


if __name__ == "__main__":
    sys.exit(main())
