"""The independent numpy model of systile's numerics (docs/Spec.md, RFC 6).

The one model every test and example compares systile with. It is pure
numpy and calls nothing of systile. numpy's float32 multiply and add are
separate ufuncs, each rounded to f32 (no FMA), so the loops below follow
the specified order exactly, vectorised over the result's elements only.

RFC 6, for D = A x B + C with m = mxu:
  for each (i, j): acc = C[i, j]
    for kb in 0 .. ceil(K/m)-1:
      p = +0.0f
      for k in kb*m .. min(K, (kb+1)*m)-1:  p = fl32(p + fl32(a(i,k)*b(k,j)))
      acc = fl32(acc + p)
Multi-pass precisions (bf16_3x, bf16_6x): split(x) = p0 = bf16(x),
r = fl32(x - p0), p1 = bf16(r), r = fl32(r - p1), p2 = bf16(r); dot(a, b, R)
is the order above on bf16 values with accumulator R;
  bf16_3x: R = dot(al, bh, 0); R = dot(ah, bl, R)
  bf16_6x: R = dot(am, bm, 0), then al.bh, ah.bl, am.bh, ah.bm into R
  both:    R = zeroNonFinite(R); R = dot(ah, bh, R); D = fl32(C + R)
flush_subnormals: every bf16() above (and the rounding of precision bf16)
turns a subnormal result into a zero of its sign.
Integers: i8 x i8 -> i32 with two's-complement wrap-around. linalg.matmul
keeps upstream's order instead: acc = C[i, j], then acc = fl32(acc +
fl32(a*b)) for k = 0 .. K-1 (`linalg_matmul`).
"""
import ctypes
import ctypes.util

import numpy as np

F32 = np.float32


def f32_to_bf16(x):
    """f32 -> bf16 bit patterns (uint16): round to nearest, ties to even,
    by integer operations; overflow rounds to +-inf; NaN stays a quiet NaN
    with its sign; subnormals are kept."""
    u = np.ascontiguousarray(x, F32).view(np.uint32).astype(np.uint64)
    nan = (u & 0x7FFFFFFF) > 0x7F800000
    rounded = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16) & 0xFFFF
    return np.where(nan, ((u >> 16) | 0x40) & 0xFFFF, rounded).astype("<u2")


def bf16_to_f32(bits):
    """bf16 bit patterns (uint16) -> f32 (exact)."""
    return (np.asarray(bits, dtype=np.uint16).astype(np.uint32) << 16).view(F32)


def round_bf16(x):
    """x rounded to bf16 (f32 -> bf16 -> f32)."""
    return bf16_to_f32(f32_to_bf16(x))


def wrap_i32(x):
    """Two's-complement wrap of integers to int32."""
    return ((np.asarray(x, dtype=np.int64) + 2**31) % 2**32 - 2**31).astype(np.int32)


def flush_subnormal_bf16(bits):
    """bf16 bit patterns with every subnormal replaced by a zero of its sign
    (exponent field 0: the fraction is dropped)."""
    bits = np.asarray(bits, dtype=np.uint16)
    return np.where((bits & 0x7F80) == 0, bits & 0x8000, bits).astype("<u2")


def to_bf16(x, flush_subnormals=False):
    """bf16(x) as f32 values, flushed when asked."""
    bits = f32_to_bf16(x)
    if flush_subnormals:
        bits = flush_subnormal_bf16(bits)
    return bf16_to_f32(bits)


def split_bf16(x, n, flush_subnormals=False):
    """split(x, n): [p0, p1, ...], high part first."""
    parts, r = [], np.asarray(x, dtype=F32)
    with np.errstate(invalid="ignore", over="ignore"):
        for _ in range(n):
            p = to_bf16(r, flush_subnormals)
            parts.append(p)
            r = np.subtract(r, p, dtype=F32)
    return parts


def zero_non_finite(x):
    """x where |x| < inf, else +0 (NaN included)."""
    with np.errstate(invalid="ignore"):
        return np.where(np.abs(x) < np.inf, x, F32(0)).astype(F32)


# Parts per operand and the passes before zeroNonFinite, in order, as
# (lhs part, rhs part) with h, m, l the high, mid and low parts; hi.hi last.
MULTI_PASS = {
    "bf16_3x": (("h", "l"), [("l", "h"), ("h", "l")]),
    "bf16_6x": (("h", "m", "l"),
                [("m", "m"), ("l", "h"), ("h", "l"), ("m", "h"), ("h", "m")]),
}


def _blocked(a, b, out, mxu, skip_zero_blocks):
    """RFC 6's blocked order: out + a b (all f32 arrays), one mxu block of k
    at a time, each block's partial sums from +0."""
    m, k = a.shape
    n = b.shape[1]
    with np.errstate(invalid="ignore", over="ignore"):
        for k0 in range(0, k, mxu):
            k1 = min(k, k0 + mxu)
            p = np.zeros((m, n), F32)
            for kk in range(k0, k1):
                p = np.add(p, np.multiply(a[:, kk:kk + 1], b[kk:kk + 1, :],
                                          dtype=F32), dtype=F32)
            summed = np.add(out, p, dtype=F32)
            if skip_zero_blocks:
                keep = np.zeros(n, dtype=bool)
                for n0 in range(0, n, mxu):
                    if np.all(b[k0:k1, n0:n0 + mxu] == 0):
                        keep[n0:n0 + mxu] = True
                summed = np.where(keep[None, :], out, summed)
            out = summed
    return out


def _multi_pass(a, b, out, mxu, precision, flush, skip_zero_blocks):
    names, low = MULTI_PASS[precision]
    pa = dict(zip(names, split_bf16(a, len(names), flush)))
    pb = dict(zip(names, split_bf16(b, len(names), flush)))
    r = np.zeros(out.shape, F32)
    for x, y in low:
        r = _blocked(pa[x], pb[y], r, mxu, skip_zero_blocks)
    r = zero_non_finite(r)
    r = _blocked(pa["h"], pb["h"], r, mxu, skip_zero_blocks)
    with np.errstate(invalid="ignore", over="ignore"):
        return np.add(out, r, dtype=F32)


def matmul(a, b, acc=None, mxu=128, precision="f32", skip_zero_blocks=False,
           flush_subnormals=False):
    """D = acc + a b in RFC 6's blocked order; a: MxK, b: KxN, acc: MxN
    (zeros when None). Integer inputs: an int32 result with wrap-around.
    Float inputs (f32, or bf16 already widened to f32): an f32 result;
    precision "bf16" rounds the inputs to bf16 first; "bf16_3x" and
    "bf16_6x" are the multi-pass precisions; flush_subnormals flushes
    every bf16 conversion's subnormal results. skip_zero_blocks models
    skipped weight loads: a column block whose rhs block (kb, nb) is all
    zero keeps its accumulator for that kb (RFC 7), in every pass."""
    m, k = a.shape
    k2, n = b.shape
    assert k == k2, (a.shape, b.shape)
    if np.issubdtype(a.dtype, np.integer):
        out = np.zeros((m, n), np.int64) if acc is None else acc.astype(np.int64)
        return wrap_i32(out + a.astype(np.int64) @ b.astype(np.int64))
    a = np.asarray(a, dtype=F32)
    b = np.asarray(b, dtype=F32)
    out = np.zeros((m, n), F32) if acc is None else np.array(acc, dtype=F32, copy=True)
    if precision in MULTI_PASS:
        return _multi_pass(a, b, out, mxu, precision, flush_subnormals,
                           skip_zero_blocks)
    if precision == "bf16":
        a, b = to_bf16(a, flush_subnormals), to_bf16(b, flush_subnormals)
    else:
        assert precision == "f32", precision
    return _blocked(a, b, out, mxu, skip_zero_blocks)


def batch_matmul(a, b, **kw):
    """matmul per batch element of (B, M, K) x (B, K, N)."""
    return np.stack([matmul(a[i], b[i], **kw) for i in range(a.shape[0])])


def linalg_matmul(a, b, c):
    """Upstream's linalg order in f32: acc = c; acc = fl32(acc + fl32(a*b))
    for k = 0 .. K-1 (over the last axis of a, the second-to-last of b;
    leading batch axes broadcast)."""
    acc = np.array(c, dtype=F32, copy=True)
    a = np.asarray(a, dtype=F32)
    b = np.asarray(b, dtype=F32)
    for k in range(a.shape[-1]):
        acc = np.add(acc, np.multiply(a[..., :, k:k + 1], b[..., k:k + 1, :],
                                      dtype=F32), dtype=F32)
    return acc


def seq_sum(x, axis=-1, init=0, dtype=F32):
    """init + x[0] + x[1] + ... along `axis` in increasing index order,
    rounding every step to `dtype` (RFC 6's reduce from +0 when init = 0;
    numpy's own sum is pairwise)."""
    acc = np.array(init, dtype=dtype, copy=True)
    for i in range(x.shape[axis]):
        acc = (acc + np.take(x, i, axis=axis)).astype(dtype)
    return acc


_LIBM = None


def libm(name, x):
    """The C library's single-precision `name` (expf, tanhf, erff, ...)
    applied to every element of x: the functions upstream's
    -convert-math-to-funcs / mlir-runner lowering calls, so a model that
    uses them gives the bits of upstream's lowered program (numpy's own
    exp and tanh are vectorised approximations that may differ in the last
    bit). Loads libm through ctypes; pure Python per element (slow, for
    test-sized arrays)."""
    global _LIBM
    if _LIBM is None:
        _LIBM = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
    f = getattr(_LIBM, name)
    f.restype, f.argtypes = ctypes.c_float, [ctypes.c_float]
    x = np.asarray(x, dtype=F32)
    flat = [f(float(v)) for v in x.ravel()]
    return np.array(flat, dtype=F32).reshape(x.shape)
