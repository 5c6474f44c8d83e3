"""JAX functions the report tests run, written as users write them; the
tests find each layer's source line by the marker at its end."""

import jax
import jax.numpy as jnp


def mlp(params, x):
    """Three dense layers, each in its own named scope."""
    (w1, b1), (w2, b2), (w3, b3) = params
    with jax.named_scope("fc1"):
        x = jax.nn.relu(x @ w1 + b1)  # @fc1
    with jax.named_scope("fc2"):
        x = jax.nn.relu(x @ w2 + b2)  # @fc2
    with jax.named_scope("head"):
        return x @ w3 + b3  # @head


def attention(q, k, v):
    """One attention head per (batch, head): [B, H, S, D] einsums."""
    s = jnp.einsum("bhqd,bhkd->bhqk", q, k) / jnp.sqrt(q.shape[-1])  # @scores
    return jnp.einsum("bhqk,bhkd->bhqd", jax.nn.softmax(s, axis=-1), v)  # @context


def example_attention():
    """For `python -m systile report --jax jax_models.py:example_attention`."""
    import numpy as np
    rng = np.random.default_rng(2)
    q, k, v = (rng.standard_normal((2, 2, 8, 16), np.float32)
               for _ in range(3))
    return attention, q, k, v
