// systile-attach-blob gives dense_resource<NAME> the raw bytes of a file and
// writes bytecode; systile-run executes the result from the mapped blob.
// Here a 3x5 i32 matrix on 2x4 tiles, packed to storage order by numpy
// (independently of the runtime: pad to 4x8, cut into 2x4 tiles, tile row
// by tile row), and reduced over columns; the sums come from numpy too.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; m = np.arange(1, 16, dtype=np.int32).reshape(3, 5) * 7 - 40; \
// RUN:   p = np.zeros((4, 8), np.int32); p[:3, :5] = m; \
// RUN:   p.reshape(2, 2, 2, 4).transpose(0, 2, 1, 3).tofile('%t/m.bin'); \
// RUN:   np.save('%t/sums.npy', m.sum(axis=1, keepdims=True).astype(np.int32)); \
// RUN:   np.zeros(31, np.int32).tofile('%t/short.bin')"
// RUN: systile-attach-blob %s --blob m=%t/m.bin -o %t/m.mlirbc
// RUN: systile-run %t/m.mlirbc --expect %t/sums.npy | FileCheck %s
// RUN: systile-opt %t/m.mlirbc | FileCheck %s --check-prefix=BLOB
//
// The blob's size is checked once attached, and the other mistakes are
// errors too (exit 1, no output file).
// RUN: not systile-attach-blob %s --blob m=%t/short.bin -o %t/bad.mlirbc 2>&1 | FileCheck %s --check-prefix=SHORT
// RUN: not systile-attach-blob %s --blob w=%t/m.bin -o %t/bad.mlirbc 2>&1 | FileCheck %s --check-prefix=NAME
// RUN: not systile-attach-blob %s --blob m=%t/none.bin -o %t/bad.mlirbc 2>&1 | FileCheck %s --check-prefix=NOFILE
// RUN: not systile-attach-blob %s --blob m -o %t/bad.mlirbc 2>&1 | FileCheck %s --check-prefix=SPEC
// RUN: not systile-attach-blob %s --blob m=%t/m.bin --align 3 -o %t/bad.mlirbc 2>&1 | FileCheck %s --check-prefix=ALIGN
// RUN: not systile-attach-blob %s --blob m=%t/m.bin --align 0 -o %t/bad.mlirbc 2>&1 | FileCheck %s --check-prefix=ALIGN0
// RUN: not systile-attach-blob %s --blob m=%t/m.bin --align 8192 -o %t/bad.mlirbc 2>&1 | FileCheck %s --check-prefix=ALIGNBIG
// RUN: not systile-attach-blob %s --blob m=%t/m.bin --align 2147483648 -o %t/bad.mlirbc 2>&1 | FileCheck %s --check-prefix=ALIGNBIG
// RUN: not systile-attach-blob %s --blob m=/dev/zero -o %t/bad.mlirbc 2>&1 | FileCheck %s --check-prefix=DEVZERO
// RUN: not systile-attach-blob %s --blob m=%t -o %t/bad.mlirbc 2>&1 | FileCheck %s --check-prefix=DIRBLOB
// RUN: not systile-attach-blob %s --blob m=%t/m.bin --blob m=%t/m.bin -o %t/bad.mlirbc 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not ls %t/bad.mlirbc

// CHECK: expect: result #0 matches
// BLOB: systile.constant dense_resource<m> : tensor<32xi32>
// BLOB: m: "0x40000000
// SHORT: error: 'systile.constant' op dense_resource blob 'm' holds 124 bytes, but 32 storage elements of 'i32' need 128
// NAME: systile-attach-blob: error: --blob w: '{{.*}}' has no dense_resource<w>
// NOFILE: systile-attach-blob: error: --blob m: cannot read '{{.*}}none.bin'
// SPEC: systile-attach-blob: error: --blob 'm' is not NAME=FILE
// ALIGN: systile-attach-blob: error: --align=3 is not a power of two from 1 to 4096
// ALIGN0: systile-attach-blob: error: --align=0 is not a power of two from 1 to 4096
// ALIGNBIG: systile-attach-blob: error: --align={{8192|2147483648}} is not a power of two from 1 to 4096
// DEVZERO: systile-attach-blob: error: --blob m: '/dev/zero' is not a regular file (a blob is a file's bytes, so its size must be known)
// DIRBLOB: systile-attach-blob: error: --blob m: '{{.*}}' is not a regular file
// TWICE: systile-attach-blob: error: --blob m is given twice

#g = #systile.geometry<2x4, mxu = 4>
func.func @main() -> !systile.tiled<3x1xi32, #g> {
  %c = systile.constant dense_resource<m> : tensor<32xi32> -> !systile.tiled<3x5xi32, #g>
  %s = systile.reduce <sum> %c dim = 1 : !systile.tiled<3x5xi32, #g> -> !systile.tiled<3x1xi32, #g>
  return %s : !systile.tiled<3x1xi32, #g>
}
