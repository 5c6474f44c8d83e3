// A dense layer on a dynamic batch, lowered once by systile-pipeline
// (systile-dynamic-batch: a loop over chunks of 2 rows), then run from the
// same lowered file at batch 1 (one chunk, one padding row), 2 (one whole
// chunk), 3 (two chunks, the second overlapping the first) and 5.
// RUN: rm -rf %t && mkdir -p %t
// RUN: systile-opt %s --systile-pipeline="sublanes=2 lanes=4 mxu=4 dynamic-batch-rows=2" -o %t/lowered.mlir
// RUN: FileCheck %s --check-prefix=IR < %t/lowered.mlir
// RUN: %python -c "import numpy as np; [np.save('%t/x%%d.npy' %% b, np.arange(3 * b, dtype=np.int8).reshape(b, 3)) for b in (1, 2, 3, 5)]"
// RUN: systile-run %t/lowered.mlir --input %t/x1.npy | FileCheck %s --check-prefix=B1
// RUN: systile-run %t/lowered.mlir --input %t/x2.npy | FileCheck %s --check-prefix=B2
// RUN: systile-run %t/lowered.mlir --input %t/x3.npy --stats | FileCheck %s --check-prefix=B3
// RUN: systile-run %t/lowered.mlir --input %t/x5.npy | FileCheck %s --check-prefix=B5

// One pack of each chunk and one unpack of its result, in the loop; the
// weights are constants outside it.
// IR:     scf.for
// IR:       systile.pack %{{.*}} : tensor<2x3xi8> -> !systile.tiled<2x3xi8
// IR:       systile.mxu_matmul
// IR:       systile.unpack
// IR-NOT: linalg.

// Row r of x is [3r, 3r+1, 3r+2]; with w's columns [1, 0, 1] and [0, 1, 1]
// and the bias [10, 20], row r of y is [6r + 12, 6r + 23].
// B1: result #0: tensor<1x2xi32> = {{\[}}[12, 23]]
// B2: result #0: tensor<2x2xi32> = {{\[}}[12, 23], [18, 29]]
// B3: result #0: tensor<3x2xi32> = {{\[}}[12, 23], [18, 29], [24, 35]]
// Two chunks of 2 rows executed, one pack and one unpack each.
// B3: layout: packs=2 unpacks=2
// B5: result #0: tensor<5x2xi32> = {{\[}}[12, 23], [18, 29], [24, 35], [30, 41], [36, 47]]

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @main(%x: tensor<?x3xi8>) -> tensor<?x2xi32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  %w = arith.constant dense<[[1, 0], [0, 1], [1, 1]]> : tensor<3x2xi8>
  %b = arith.constant dense<[10, 20]> : tensor<2xi32>
  %n = tensor.dim %x, %c0 : tensor<?x3xi8>
  %e = tensor.empty(%n) : tensor<?x2xi32>
  %f = linalg.fill ins(%zero : i32) outs(%e : tensor<?x2xi32>) -> tensor<?x2xi32>
  %m = linalg.matmul ins(%x, %w : tensor<?x3xi8>, tensor<3x2xi8>) outs(%f : tensor<?x2xi32>) -> tensor<?x2xi32>
  %y = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m, %b : tensor<?x2xi32>, tensor<2xi32>) outs(%e : tensor<?x2xi32>) {
  ^bb0(%a: i32, %c: i32, %o: i32):
    %s = arith.addi %a, %c : i32
    linalg.yield %s : i32
  } -> tensor<?x2xi32>
  return %y : tensor<?x2xi32>
}
