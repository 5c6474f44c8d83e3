// --repeat=N runs the entry function N times on the same inputs: the
// results are the last run's (equal to a single run's), --timing lists
// each run, and a count below 1 is an error.
//
// RUN: systile-opt %s --systile-pipeline="sublanes=2 lanes=4 mxu=4" -o %t.lowered.mlir
// RUN: systile-run %t.lowered.mlir --repeat=3 --timing --stats 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=TIMING < %t.err
// RUN: systile-run %t.lowered.mlir --timing 2>&1 >/dev/null | FileCheck %s --check-prefix=ONCE
// RUN: not systile-run %t.lowered.mlir --repeat=0 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not systile-run %t.lowered.mlir --repeat=4294967295 2>&1 | FileCheck %s --check-prefix=MANY
// RUN: systile-run %t.lowered.mlir --repeat=2 --dump-op=systile.mxu_matmul --dump-dir=%t.dump --fuse-mxu-chains=false | FileCheck %s --check-prefix=DUMP

// (3x6 ones) x (6x5 twos) + 1: every element 13; stats are one run's.
// CHECK: result #0: tensor<3x5xf32> = {{\[}}[13, 13, 13, 13, 13], [13, 13, 13, 13, 13], [13, 13, 13, 13, 13]]
// CHECK-NEXT: utilization: logical_macs=90 issued_macs=256 padding_macs=166 weight_loads=4
// CHECK-NEXT: total: logical_macs=90 issued_macs=256 padding_macs=166 weight_loads=4
// CHECK-NEXT: layout: packs=0 unpacks=1 packed_bytes=0 unpacked_bytes=60

// TIMING: timing: parse={{.*}} execute=
// TIMING-NEXT: timing: runs={{[0-9.]+}},{{[0-9.]+}},{{[0-9.]+}} (ms, --repeat){{$}}

// ONCE: timing: parse=
// ONCE-NOT: runs=

// ZERO: systile-run: error: --repeat must be in [1, 100000], got 0
// MANY: systile-run: error: --repeat must be in [1, 100000], got 4294967295

// Four weight loads (K=6 over mxu=4: 2, N=5 over 4: 2), dumped once.
// DUMP: dump: 4 execution(s) of systile.mxu_matmul

func.func @main() -> tensor<3x5xf32> {
  %a = arith.constant dense<1.0> : tensor<3x6xf32>
  %b = arith.constant dense<2.0> : tensor<6x5xf32>
  %c = arith.constant dense<1.0> : tensor<3x5xf32>
  %d = linalg.matmul ins(%a, %b : tensor<3x6xf32>, tensor<6x5xf32>)
                     outs(%c : tensor<3x5xf32>) -> tensor<3x5xf32>
  return %d : tensor<3x5xf32>
}
