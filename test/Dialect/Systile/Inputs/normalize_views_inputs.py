"""Inputs of systile-normalize-views.mlir, and the expected _safe_softmax
result computed by hand-written numpy (rows that are all -inf give zeros)."""
import sys

import numpy as np

out = sys.argv[1]
rng = np.random.default_rng(7)


def save(name, a):
    np.save(f"{out}/{name}.npy", a)


save("y", rng.standard_normal((5, 2, 24)).astype(np.float32))
save("a", rng.standard_normal((4, 5, 4)).astype(np.float32))
save("x", rng.standard_normal((2, 5, 8)).astype(np.float32))
save("b", rng.standard_normal(8).astype(np.float32))
save("w", rng.standard_normal((8, 24)).astype(np.float32))
save("w8", rng.standard_normal((8, 8)).astype(np.float32))
s = rng.standard_normal((2, 2, 5, 5)).astype(np.float32)
s[0, 0, 0, :] = -np.inf          # all -inf: zeros
s[0, 1, 2, :] = -np.inf
s[0, 1, 2, 3] = 1.5              # one finite element: kept
s[1, 0, 4, 2] = np.nan           # a NaN: not all -inf, kept
s[1, 1, 1, :] = np.inf           # +inf is not -inf
p = rng.standard_normal((2, 2, 5, 5)).astype(np.float32)
save("s", s)
save("p", p)
all_neg_inf = np.all(s == -np.inf, axis=3, keepdims=True)
save("safe", np.where(all_neg_inf, np.float32(0), p).astype(np.float32))
