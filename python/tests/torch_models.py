"""PyTorch models the report tests run, written as users write them: each
layer called from the model's own forward, so each has a source line here.
The tests find those lines by the markers at their ends."""

import torch
import torch.nn as nn


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(100, 200)
        self.fc2 = nn.Linear(200, 300)
        self.head = nn.Linear(300, 10)

    def forward(self, x):
        x = torch.relu(self.fc1(x))  # @fc1
        x = torch.relu(self.fc2(x))  # @fc2
        return self.head(x)  # @head


class Block(nn.Module):
    """A pre-LayerNorm transformer block: separate q, k, v projections,
    attention per head as batched matmuls, an output projection and a
    two-layer GELU feed-forward."""

    def __init__(self, width=32, heads=2, ffn=64):
        super().__init__()
        self.heads = heads
        self.ln1 = nn.LayerNorm(width)
        self.q = nn.Linear(width, width)
        self.k = nn.Linear(width, width)
        self.v = nn.Linear(width, width)
        self.proj = nn.Linear(width, width)
        self.ln2 = nn.LayerNorm(width)
        self.up = nn.Linear(width, ffn)
        self.down = nn.Linear(ffn, width)

    def forward(self, x):
        b, s, w = x.shape
        h = self.ln1(x)
        q = self.q(h).view(b, s, self.heads, -1).transpose(1, 2)  # @q
        k = self.k(h).view(b, s, self.heads, -1).transpose(1, 2)  # @k
        v = self.v(h).view(b, s, self.heads, -1).transpose(1, 2)  # @v
        att = torch.matmul(q, k.transpose(-1, -2))  # @scores
        att = torch.softmax(att * (q.shape[-1] ** -0.5), dim=-1)
        y = torch.matmul(att, v)  # @context
        y = y.transpose(1, 2).reshape(b, s, w)
        x = x + self.proj(y)  # @proj
        x = x + self.down(torch.nn.functional.gelu(self.up(self.ln2(x))))  # @ffn
        return x


def example_mlp():
    """For `python -m systile report --torch torch_models.py:example_mlp`."""
    torch.manual_seed(0)
    return MLP(), torch.randn(16, 100)
