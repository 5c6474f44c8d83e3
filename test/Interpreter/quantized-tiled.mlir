// linalg.quantized_matmul with non-zero zero points stays tiled after the
// pipeline: the i8 matmul on the mxu, the zero-point corrections (the
// lhs's row sums and the rhs's column sums, sign-extended) as tiled
// reductions, combined with the product by one tiled element-wise op; no
// linalg op and no dense tensor op is left, one pack per input and one
// unpack of the result. The results are exact against numpy's int64
// computation of the definition, wrapped to i32 (Inputs/quantized_ref.py),
// in the default geometry (three k blocks) and a small one.
//
// RUN: rm -rf %t && %python %S/Inputs/quantized_ref.py %t 3 -7
// RUN: systile-opt %s --systile-pipeline -o %t/default.mlir
// RUN: FileCheck %s --input-file=%t/default.mlir
// RUN: not grep -E "linalg\.|tensor\." %t/default.mlir
// RUN: systile-run %t/default.mlir --input %t/a.npy --input %t/b.npy --input %t/c.npy --expect %t/d.npy --quiet | FileCheck %s --check-prefix=EXACT
// RUN: systile-opt %s --systile-pipeline="sublanes=2 lanes=4 mxu=4" -o %t/small.mlir
// RUN: FileCheck %s --input-file=%t/small.mlir
// RUN: not grep -E "linalg\.|tensor\." %t/small.mlir
// RUN: systile-run %t/small.mlir --input %t/a.npy --input %t/b.npy --input %t/c.npy --expect %t/d.npy --quiet | FileCheck %s --check-prefix=EXACT
// RUN: systile-run %s --input %t/a.npy --input %t/b.npy --input %t/c.npy --expect %t/d.npy --quiet | FileCheck %s --check-prefix=EXACT

// CHECK-LABEL: func.func @main
// CHECK-NOT: linalg.
// CHECK-NOT: tensor.
// CHECK-COUNT-3: systile.pack
// CHECK-NOT: systile.pack
// CHECK: systile.reduce <sum> {{.*}} dim = 1
// CHECK: systile.reduce <sum> {{.*}} dim = 0
// CHECK-COUNT-1: systile.unpack
// CHECK-NOT: systile.unpack
// CHECK-NOT: linalg.
// CHECK: return
// EXACT: expect: result #0 matches {{.*}}d.npy (0 of 1517 elements differ, max ulp 0)

func.func @main(%a: tensor<37x300xi8>, %b: tensor<300x41xi8>, %c: tensor<37x41xi32>) -> tensor<37x41xi32> {
  %za = arith.constant 3 : i32
  %zb = arith.constant -7 : i32
  %d = linalg.quantized_matmul ins(%a, %b, %za, %zb : tensor<37x300xi8>, tensor<300x41xi8>, i32, i32) outs(%c : tensor<37x41xi32>) -> tensor<37x41xi32>
  return %d : tensor<37x41xi32>
}
