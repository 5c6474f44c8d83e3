// A `dialect_resources` hex blob starts with its alignment (four bytes,
// little-endian). Upstream's parser allocates the blob with it unchecked:
// alignment 0 aborts mlir-opt ("LLVM ERROR: out of memory / Buffer
// allocation failed"; docs/Rationale.md has the reduced reproducer). The
// systile tools check it before parsing: exit 1 with the blob's location,
// and no output file.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: not systile-opt %s 2>&1 | FileCheck %s
// RUN: not systile-run %s 2>&1 | FileCheck %s
// RUN: not systile-attach-blob %s -o %t/out.mlirbc 2>&1 | FileCheck %s
// RUN: not ls %t/out.mlirbc
//
// Any other power of two up to 65536 is accepted.
// RUN: sed 's/0x00000000/0x04000000/' %s | systile-run - | FileCheck %s --check-prefix=FOUR
// RUN: sed 's/0x00000000/0x03000000/' %s | not systile-opt - 2>&1 | FileCheck %s --check-prefix=THREE
// RUN: sed 's/0x00000000/0x00000200/' %s | not systile-opt - 2>&1 | FileCheck %s --check-prefix=HUGE

// CHECK: blob-alignment.mlir:[[# @LINE + 12]]:10: error: the blob's alignment 0 (its first four bytes) is not a power of two from 1 to 65536
// FOUR: result #0: tensor<2xf32> = [1, 2]
// THREE: <stdin>:[[# @LINE + 10]]:10: error: the blob's alignment 3 (its first four bytes)
// HUGE: error: the blob's alignment 131072 (its first four bytes) is not a power of two from 1 to 65536
func.func @main() -> tensor<2xf32> {
  %w = arith.constant dense_resource<w> : tensor<2xf32>
  return %w : tensor<2xf32>
}

{-#
  dialect_resources: {
    builtin: {
      w: "0x000000000000803F00000040"
    }
  }
#-}
