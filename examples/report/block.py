"""A pre-LayerNorm transformer block, the example of docs/UserGuide.md:

    build/venv-pytorch/bin/python -m systile report \\
        --torch examples/report/block.py:example \\
        --geometry v5e --geometry v6e --precision bf16 --precision bf16_6x \\
        --plot docs/images/block-utilization.png
"""

import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, width=256, heads=4, ffn=1024):
        super().__init__()
        self.heads = heads
        self.ln1 = nn.LayerNorm(width)
        self.qkv = nn.Linear(width, 3 * width)
        self.proj = nn.Linear(width, width)
        self.ln2 = nn.LayerNorm(width)
        self.up = nn.Linear(width, ffn)
        self.down = nn.Linear(ffn, width)

    def forward(self, x):
        b, s, w = x.shape
        q, k, v = self.qkv(self.ln1(x)).split(w, dim=-1)
        q, k, v = (t.view(b, s, self.heads, -1).transpose(1, 2)
                   for t in (q, k, v))
        att = torch.softmax(q @ k.transpose(-1, -2) * (w // self.heads) ** -0.5,
                            dim=-1)
        y = (att @ v).transpose(1, 2).reshape(b, s, w)
        x = x + self.proj(y)
        return x + self.down(torch.nn.functional.gelu(self.up(self.ln2(x))))


def example():
    torch.manual_seed(0)
    return Block(), torch.randn(2, 64, 256)
