// tensor.extract inside a linalg.generic payload: an embedding lookup in
// the form torch-mlir emits (the row from an i64 input, the column from
// linalg.index), which runs on lanes (one element per lane). An id out of
// range is an error at the extract. Values by hand.
//
// RUN: systile-run %s --entry embedding | FileCheck %s
// RUN: %python %S/../Inputs/expect_exit.py 1 systile-run %s --entry out_of_range 2>&1 | FileCheck %s --check-prefix=RANGE

#ids = affine_map<(d0, d1) -> (d0)>
#out = affine_map<(d0, d1) -> (d0, d1)>

// Rows 2, 0, 1, 2 of the table.
// CHECK: result #0: tensor<4x3xf32> = {{\[\[}}20, 20.5, 21], [0, 0.5, 1], [10, 10.5, 11], [20, 20.5, 21]]
func.func @embedding() -> tensor<4x3xf32> {
  %w = arith.constant dense<[[0.0, 0.5, 1.0], [10.0, 10.5, 11.0], [20.0, 20.5, 21.0]]> : tensor<3x3xf32>
  %ids = arith.constant dense<[2, 0, 1, 2]> : tensor<4xi64>
  %init = tensor.empty() : tensor<4x3xf32>
  %r = linalg.generic {indexing_maps = [#ids, #out], iterator_types = ["parallel", "parallel"]}
      ins(%ids : tensor<4xi64>) outs(%init : tensor<4x3xf32>) {
  ^bb0(%id: i64, %o: f32):
    %i = arith.index_cast %id : i64 to index
    %j = linalg.index 1 : index
    %v = tensor.extract %w[%i, %j] : tensor<3x3xf32>
    linalg.yield %v : f32
  } -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// RANGE: gather.mlir:[[@LINE+10]]:10: error: 'tensor.extract': index 3 of dimension 0 is out of bounds [0, 3)
func.func @out_of_range() -> tensor<2x3xf32> {
  %w = arith.constant dense<[[0.0, 0.5, 1.0], [10.0, 10.5, 11.0], [20.0, 20.5, 21.0]]> : tensor<3x3xf32>
  %ids = arith.constant dense<[1, 3]> : tensor<2xi64>
  %init = tensor.empty() : tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [#ids, #out], iterator_types = ["parallel", "parallel"]}
      ins(%ids : tensor<2xi64>) outs(%init : tensor<2x3xf32>) {
  ^bb0(%id: i64, %o: f32):
    %i = arith.index_cast %id : i64 to index
    %j = linalg.index 1 : index
    %v = tensor.extract %w[%i, %j] : tensor<3x3xf32>
    linalg.yield %v : f32
  } -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
