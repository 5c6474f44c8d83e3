// systile-report-utilization json=FILE: the same figures as the remarks,
// as one JSON document, each matmul with its op, its frontend location
// (the file location inside a fused or call-site location) and name (a
// NameLoc, as torch-mlir and JAX carry module paths), its shape,
// precision and geometry. Figures by hand, default geometry (8x128, mxu
// 128), RFC 8:
//  * 3x5 @ 5x7: one load, issued 8 * 128 * 128 = 131072, logical 105;
//  * 20x300 @ 300x130, bf16_3x (left unblocked: a multi-pass matmul of
//    several k blocks stays whole): ceil(300/128) * ceil(130/128) = 3 * 2 = 6
//    loads per pass, 18 in all; issued 18 * 24 * 128 * 128 = 7077888;
//    logical 20 * 300 * 130 = 780000 (once);
//  * total: 19 loads, issued 7208960, logical 780105.
// A json path that cannot be written is an error and nothing is left
// behind; `-` writes to stdout.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: systile-opt %s --systile-pipeline --systile-report-utilization="json=%t/report.json" -o /dev/null 2>/dev/null
// RUN: %python %S/Inputs/check_report_json.py %t/report.json | FileCheck %s
// RUN: systile-opt %s --systile-report-utilization="json=-" -o /dev/null 2>/dev/null | %python %S/Inputs/check_report_json.py - | FileCheck %s --check-prefix=UNBLOCKED
// RUN: not systile-opt %s --systile-report-utilization="json=%t/no/such/dir/r.json" -o %t/out.mlir 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not ls %t/out.mlir

// CHECK: matmul 0: systile.mxu_matmul at model.py:42:7 name layers.0.fc m=3 k=5 n=7 matrices=1 f32 geometry 8x128/128 logical=105 issued=131072 padding=130967 loads=1 skipped=0 utilization=0.000801086
// CHECK: matmul 1: systile.matmul at {{.*}}systile-report-utilization-json.mlir:[[# @LINE + 15]]:8 m=20 k=300 n=130 matrices=1 bf16_3x geometry 8x128/128 logical=780000 issued=7077888 padding=6297888 loads=18 skipped=0 utilization=0.110202
// CHECK: total: logical=780105 issued=7208960 padding=6428855 loads=19 skipped=0 utilization=0.108213
// UNBLOCKED: matmul 0: systile.matmul at model.py:42:7 name layers.0.fc
// UNBLOCKED: total: logical=780105 issued=7208960
// BAD: error: systile-report-utilization: cannot write json='{{.*}}r.json'

func.func @mlp(%a: tensor<3x5xf32>, %b: tensor<5x7xf32>, %c: tensor<3x7xf32>, %x: tensor<20x300xf32>, %w: tensor<300x130xf32>, %y: tensor<20x130xf32>) -> (tensor<3x7xf32>, tensor<20x130xf32>) {
  %pa = systile.pack %a : tensor<3x5xf32> -> !systile.tiled<3x5xf32>
  %pb = systile.pack %b : tensor<5x7xf32> -> !systile.tiled<5x7xf32>
  %pc = systile.pack %c : tensor<3x7xf32> -> !systile.tiled<3x7xf32>
  %d = systile.matmul %pa, %pb, %pc : !systile.tiled<3x5xf32>, !systile.tiled<5x7xf32> -> !systile.tiled<3x7xf32> loc(fused["layers.0.fc", "model.py":42:7])
  %ud = systile.unpack %d : !systile.tiled<3x7xf32> -> tensor<3x7xf32>
  %px = systile.pack %x : tensor<20x300xf32> -> !systile.tiled<20x300xf32>
  %pw = systile.pack %w : tensor<300x130xf32> -> !systile.tiled<300x130xf32>
  %py = systile.pack %y : tensor<20x130xf32> -> !systile.tiled<20x130xf32>
  %e = systile.matmul %px, %pw, %py precision = bf16_3x : !systile.tiled<20x300xf32>, !systile.tiled<300x130xf32> -> !systile.tiled<20x130xf32>
  %ue = systile.unpack %e : !systile.tiled<20x130xf32> -> tensor<20x130xf32>
  return %ud, %ue : tensor<3x7xf32>, tensor<20x130xf32>
}
