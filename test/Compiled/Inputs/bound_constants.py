#!/usr/bin/env python3
"""Writes DIR/bound.mlir, a program with constants of 64 KiB and more (the
size from which systile-run --compile binds a constant to memory instead
of compiling it) of every element type the runtime stores, and below it,
and DIR/*.npy: its input and numpy's results.

  bound_constants.py DIR

@main(x: 4x256 f32) returns x @ W + 0 (W a 256x256 f32 weight, the
accumulator a 256 KiB zero splat), W itself, the zero splat, and constants
of bf16, i8, f64 and i32 (each returned as it is), a 16x16 f32 constant
below the size. @odd_width() returns an i24 constant above the size,
sign-extended to i32: not bound (LLVM stores i24 in 4 bytes), and not
run by the interpreter, which computes with i8 to i64. All values are small integers, so every sum is
exact in any order.
"""
import os
import sys

import numpy as np


def dense(a, mlir_type):
    """A dense attribute of `a`'s bytes, as MLIR prints large ones."""
    return f'dense<"0x{a.tobytes().hex().upper()}"> : {mlir_type}'


def main():
    out = sys.argv[1]
    rng = np.random.default_rng(3)
    w = rng.integers(-4, 5, (256, 256)).astype("<f4")
    x = rng.integers(-3, 4, (4, 256)).astype("<f4")
    bf = rng.integers(-100, 100, (512, 128)).astype("<f4")
    bf16_bits = (bf.view("<u4") >> 16).astype("<u2")  # exact: small integers
    i8 = rng.integers(-128, 128, (300, 300)).astype("i1")
    f64 = rng.standard_normal((128, 128)).astype("<f8")
    i32 = rng.integers(-2**31, 2**31, (200, 100)).astype("<i4")
    small = rng.integers(-9, 10, (16, 16)).astype("<f4")
    # i24: 3 bytes an element in the attribute, 4 in LLVM's array, so
    # never bound; read back as i32.
    i24 = rng.integers(-2**23, 2**23, (200, 120)).astype("<i4")
    i24_bytes = i24.view("<u1").reshape(-1, 4)[:, :3].copy()
    np.save(os.path.join(out, "x.npy"), x)
    np.save(os.path.join(out, "y.npy"), x @ w)
    np.save(os.path.join(out, "w.npy"), w)
    np.save(os.path.join(out, "zero.npy"), np.zeros((256, 256), "<f4"))
    np.save(os.path.join(out, "bf16.npy"), bf16_bits)
    np.save(os.path.join(out, "i8.npy"), i8)
    np.save(os.path.join(out, "f64.npy"), f64)
    np.save(os.path.join(out, "i32.npy"), i32)
    np.save(os.path.join(out, "small.npy"), small)
    np.save(os.path.join(out, "i24.npy"), i24)
    bf16_attr = dense(bf16_bits, "tensor<512x128xbf16>")
    i24_attr = f'dense<"0x{i24_bytes.tobytes().hex().upper()}"> : tensor<200x120xi24>'

    with open(os.path.join(out, "bound.mlir"), "w") as f:
        f.write(f"""func.func @main(%x: tensor<4x256xf32>) -> (tensor<4x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<512x128xbf16>, tensor<300x300xi8>, tensor<128x128xf64>, tensor<200x100xi32>, tensor<16x16xf32>) {{
  %w = arith.constant {dense(w, "tensor<256x256xf32>")}
  %zero = arith.constant dense<0.0> : tensor<256x256xf32>
  %acc = arith.constant dense<0.0> : tensor<4x256xf32>
  %y = linalg.matmul ins(%x, %w : tensor<4x256xf32>, tensor<256x256xf32>) outs(%acc : tensor<4x256xf32>) -> tensor<4x256xf32>
  %bf = arith.constant {bf16_attr}
  %i8 = arith.constant {dense(i8, "tensor<300x300xi8>")}
  %f64 = arith.constant {dense(f64, "tensor<128x128xf64>")}
  %i32 = arith.constant {dense(i32, "tensor<200x100xi32>")}
  %small = arith.constant {dense(small, "tensor<16x16xf32>")}
  return %y, %w, %zero, %bf, %i8, %f64, %i32, %small : tensor<4x256xf32>, tensor<256x256xf32>, tensor<256x256xf32>, tensor<512x128xbf16>, tensor<300x300xi8>, tensor<128x128xf64>, tensor<200x100xi32>, tensor<16x16xf32>
}}

func.func @odd_width() -> tensor<200x120xi32> {{
  %i24 = arith.constant {i24_attr}
  %i24x = arith.extsi %i24 : tensor<200x120xi24> to tensor<200x120xi32>
  return %i24x : tensor<200x120xi32>
}}
""")


if __name__ == "__main__":
    main()
