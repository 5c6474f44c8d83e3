// --timing names the kernel paths that ran: the dense contraction for a
// linalg.matmul the interpreter runs itself, the matmul simulator for a
// systile.matmul, "none" for a family that did not run.
//
// RUN: systile-run %s --entry linalg_matmul --timing 2>&1 >/dev/null | FileCheck %s --check-prefix=LINALG
// RUN: systile-opt %s --systile-pipeline="sublanes=2 lanes=4 mxu=4" -o %t.lowered.mlir
// RUN: systile-run %t.lowered.mlir --entry linalg_matmul --timing 2>&1 >/dev/null | FileCheck %s --check-prefix=SYSTILE
// RUN: systile-run %s --entry add --timing 2>&1 >/dev/null | FileCheck %s --check-prefix=NONE

// LINALG: timing: {{.*}} matmul-kernel=none contraction-kernel={{avx512|avx2|portable}}{{$}}
// SYSTILE: timing: {{.*}} matmul-kernel={{avx512-vnni|avx512|avx2|portable}} contraction-kernel=none{{$}}
// NONE: timing: {{.*}} matmul-kernel=none contraction-kernel=none{{$}}

func.func @linalg_matmul() -> tensor<3x5xf32> {
  %a = arith.constant dense<1.0> : tensor<3x6xf32>
  %b = arith.constant dense<2.0> : tensor<6x5xf32>
  %c = arith.constant dense<0.0> : tensor<3x5xf32>
  %d = linalg.matmul ins(%a, %b : tensor<3x6xf32>, tensor<6x5xf32>)
                     outs(%c : tensor<3x5xf32>) -> tensor<3x5xf32>
  return %d : tensor<3x5xf32>
}

func.func @add() -> tensor<2xf32> {
  %a = arith.constant dense<1.0> : tensor<2xf32>
  %b = arith.addf %a, %a : tensor<2xf32>
  return %b : tensor<2xf32>
}
