// systile.to_storage and systile.from_storage, interpreted and compiled,
// against storage orders worked out by hand: a 3x5 matrix on 2x4 tiles is
// padded to 4x8, two tiles per row, and stored tile (0,0), tile (0,1),
// tile (1,0), tile (1,1), each 2x4 row-major. Element (r, c) of x is
// 10 r + c + 1, so the storage is
//   tile (0,0): 1 2 3 4 / 11 12 13 14
//   tile (0,1): 5 0 0 0 / 15 0 0 0
//   tile (1,0): 21 22 23 24 / 0 0 0 0
//   tile (1,1): 25 0 0 0 / 0 0 0 0
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; x = np.array([[10 * r + c + 1 for c in range(5)] for r in range(3)], '<f4'); np.save('%t/x.npy', x); np.save('%t/s.npy', np.array([1,2,3,4, 11,12,13,14, 5,0,0,0, 15,0,0,0, 21,22,23,24, 0,0,0,0, 25,0,0,0, 0,0,0,0], '<f4')); bad = np.load('%t/s.npy'); bad[13] = 7; np.save('%t/bad.npy', bad); np.save('%t/neg.npy', -x)"
// RUN: systile-run %s --entry to_storage --input %t/x.npy --expect %t/s.npy | FileCheck %s --check-prefix=TO
// RUN: systile-run %s --entry to_storage --compile --input %t/x.npy --expect %t/s.npy | FileCheck %s --check-prefix=TO
// TO: expect: result #0 matches {{.*}}s.npy (0 of 32 elements differ, max ulp 0)
// RUN: systile-run %s --entry from_storage --input %t/s.npy --expect %t/neg.npy | FileCheck %s --check-prefix=FROM
// RUN: systile-run %s --entry from_storage --compile --input %t/s.npy --expect %t/neg.npy | FileCheck %s --check-prefix=FROM
// FROM: expect: result #0 matches {{.*}}neg.npy (0 of 15 elements differ, max ulp 0)
//
// Padding slot (1, 5) (storage offset 13) holds 7: with pad = zero the
// interpreter refuses it, exit 1 and no output; with pad = undef it is
// taken, and never read.
// RUN: not systile-run %s --entry from_storage --input %t/bad.npy --output %t/out.npy 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not ls %t/out.npy
// BAD: storage.mlir:[[@LINE+28]]:8: error: 'systile.from_storage': pad kind 'zero' requires zero padding, but padding slot (1, 5) at storage offset 13 is not +0
// RUN: systile-run %s --entry from_storage_undef --input %t/bad.npy --expect %t/neg.npy | FileCheck %s --check-prefix=FROM
// RUN: systile-run %s --entry from_storage_undef --compile --input %t/bad.npy --expect %t/neg.npy | FileCheck %s --check-prefix=FROM
//
// A write to the storage tensor after from_storage does not reach the
// tiled value: compiled, the tiled value then gets a copy of the storage.
// RUN: %python -c "import numpy as np; s = np.load('%t/s.npy'); s[0] = 100; np.save('%t/s100.npy', s)"
// RUN: systile-run %s --entry written --input %t/s.npy --expect %t/neg.npy --expect %t/s100.npy | FileCheck %s --check-prefix=WRITTEN
// RUN: systile-run %s --entry written --compile --input %t/s.npy --expect %t/neg.npy --expect %t/s100.npy | FileCheck %s --check-prefix=WRITTEN
// WRITTEN: expect: result #0 matches {{.*}}neg.npy (0 of 15 elements differ, max ulp 0)
// WRITTEN: expect: result #1 matches {{.*}}s100.npy (0 of 32 elements differ, max ulp 0)
// Nor does a write to to_storage's result reach the tiled value, read
// after it: compiled, the write goes to a copy.
// RUN: systile-run %s --entry written_storage --input %t/x.npy --expect %t/x.npy --expect %t/s100.npy | FileCheck %s --check-prefix=WRITTEN-STORAGE
// RUN: systile-run %s --entry written_storage --compile --input %t/x.npy --expect %t/x.npy --expect %t/s100.npy | FileCheck %s --check-prefix=WRITTEN-STORAGE
// WRITTEN-STORAGE: expect: result #0 matches {{.*}}x.npy (0 of 15 elements differ, max ulp 0)
// WRITTEN-STORAGE: expect: result #1 matches {{.*}}s100.npy (0 of 32 elements differ, max ulp 0)

!m = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
!u = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>, pad = undef>

func.func @to_storage(%x: tensor<3x5xf32>) -> tensor<32xf32> {
  %a = systile.pack %x : tensor<3x5xf32> -> !m
  %s = systile.to_storage %a : !m -> tensor<32xf32>
  return %s : tensor<32xf32>
}

func.func @from_storage(%s: tensor<32xf32>) -> tensor<3x5xf32> {
  %a = systile.from_storage %s : tensor<32xf32> -> !m
  %n = systile.elementwise ins(%a : !m) -> !m {
  ^bb0(%p: f32):
    %q = arith.negf %p : f32
    systile.yield %q : f32
  }
  %u = systile.unpack %n : !m -> tensor<3x5xf32>
  return %u : tensor<3x5xf32>
}

func.func @from_storage_undef(%s: tensor<32xf32>) -> tensor<3x5xf32> {
  %a = systile.from_storage %s : tensor<32xf32> -> !u
  %n = systile.elementwise ins(%a : !u) -> !u {
  ^bb0(%p: f32):
    %q = arith.negf %p : f32
    systile.yield %q : f32
  }
  %u = systile.unpack %n : !u -> tensor<3x5xf32>
  return %u : tensor<3x5xf32>
}

func.func @written(%s: tensor<32xf32>) -> (tensor<3x5xf32>, tensor<32xf32>) {
  %a = systile.from_storage %s : tensor<32xf32> -> !u
  %c0 = arith.constant 0 : index
  %v = arith.constant 100.0 : f32
  %w = tensor.insert %v into %s[%c0] : tensor<32xf32>
  %n = systile.elementwise ins(%a : !u) -> !u {
  ^bb0(%p: f32):
    %q = arith.negf %p : f32
    systile.yield %q : f32
  }
  %u = systile.unpack %n : !u -> tensor<3x5xf32>
  return %u, %w : tensor<3x5xf32>, tensor<32xf32>
}

func.func @written_storage(%x: tensor<3x5xf32>) -> (tensor<3x5xf32>, tensor<32xf32>) {
  %a = systile.pack %x : tensor<3x5xf32> -> !m
  %s = systile.to_storage %a : !m -> tensor<32xf32>
  %c0 = arith.constant 0 : index
  %v = arith.constant 100.0 : f32
  %w = tensor.insert %v into %s[%c0] : tensor<32xf32>
  %u = systile.unpack %a : !m -> tensor<3x5xf32>
  return %u, %w : tensor<3x5xf32>, tensor<32xf32>
}
