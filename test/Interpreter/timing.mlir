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
//
// Compiled, --timing also gives the JIT's time and, per run, the time
// inside the runtime's functions and the part of it in matmuls: the
// systile program spends some in matmuls; the add calls no runtime
// function.
// RUN: systile-run %t.lowered.mlir --entry linalg_matmul --compile --repeat=2 --timing 2>&1 >/dev/null | FileCheck %s --check-prefix=COMPILED
// RUN: systile-run %s --entry add --compile --repeat=2 --timing 2>&1 >/dev/null | FileCheck %s --check-prefix=COMPILED-NONE
// COMPILED: timing: compile={{[0-9.]+}}ms (lowering and JIT, part of execute)
// COMPILED-NEXT: timing: runtime-calls={{[0-9.]+}},{{[0-9.]+}} matmul-calls={{[0-9.]+}},{{[0-9.]+}} (ms per run, inside libsystile_runner_utils)
// COMPILED-NEXT: timing: runs={{[0-9.]+}},{{[0-9.]+}} (ms, --repeat)
// COMPILED-NONE: timing: runtime-calls=0.00,0.00 matmul-calls=0.00,0.00 (ms per run

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
