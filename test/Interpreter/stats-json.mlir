// systile-run --stats-json: the figures --stats prints, as JSON, per
// executed matmul (its op, location and name), the total and the layout
// cost (the lowered file printed with its locations, --mlir-print-debuginfo);
// the same figures as systile-report-utilization's json on the same
// lowered program. Written only when the run succeeds: a failing run (a
// wrong input shape) leaves an old file as it was.
//
// Layout by hand: two packs, 3x5 and 5x7 f32 each padded to one 8x128
// tile (4096 bytes each; the zero accumulator is a splat), one unpack of
// 3x7 f32 (84 bytes).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/a.npy', np.ones((3, 5), np.float32)); np.save('%t/b.npy', np.ones((5, 7), np.float32)); np.save('%t/bad.npy', np.ones((5, 5), np.float32))"
// RUN: systile-opt %s --systile-pipeline --mlir-print-debuginfo -o %t/lowered.mlir
// RUN: systile-run %t/lowered.mlir --input %t/a.npy --input %t/b.npy --stats --stats-json %t/run.json | FileCheck %s --check-prefix=TEXT
// RUN: %python %S/../Dialect/Systile/Inputs/check_report_json.py %t/run.json | FileCheck %s
// RUN: systile-opt %t/lowered.mlir --systile-report-utilization="json=%t/report.json" -o /dev/null 2>/dev/null
// RUN: %python %S/../Dialect/Systile/Inputs/check_report_json.py %t/report.json | FileCheck %s --check-prefix=REPORT
// RUN: echo old > %t/old.json
// RUN: not systile-run %t/lowered.mlir --input %t/a.npy --input %t/bad.npy --stats-json %t/old.json 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: cat %t/old.json | FileCheck %s --check-prefix=OLD

// TEXT: utilization: logical_macs=105 issued_macs=131072 padding_macs=130967 weight_loads=1 skipped_loads=0 utilization=0.0801%
// CHECK: matmul 0: systile.mxu_matmul at model.py:42:7 name layers.0.fc logical=105 issued=131072 padding=130967 loads=1 skipped=0
// CHECK: matmul 1: systile.mxu_matmul at {{.*}}stats-json.mlir:[[# @LINE + 13]]:8 logical=105 issued=131072 padding=130967 loads=1 skipped=0
// CHECK: total: logical=210 issued=262144 padding=261934 loads=2 skipped=0
// CHECK: layout: packed_bytes=8192 packs=2 relayout_bytes=0 relayouts=0 unpacked_bytes=84 unpacks=1
// REPORT: matmul 0: systile.mxu_matmul at model.py:42:7 name layers.0.fc m=3 k=5 n=7
// REPORT: total: logical=210 issued=262144 padding=261934 loads=2 skipped=0
// BAD: error: --input #2
// OLD: old

func.func @main(%a: tensor<3x5xf32>, %b: tensor<5x7xf32>) -> tensor<3x7xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x7xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<3x7xf32>) -> tensor<3x7xf32>
  %d = linalg.matmul ins(%a, %b : tensor<3x5xf32>, tensor<5x7xf32>) outs(%c : tensor<3x7xf32>) -> tensor<3x7xf32> loc(fused["layers.0.fc", "model.py":42:7])
  %f = linalg.matmul ins(%a, %b : tensor<3x5xf32>, tensor<5x7xf32>) outs(%d : tensor<3x7xf32>) -> tensor<3x7xf32>
  return %f : tensor<3x7xf32>
}
