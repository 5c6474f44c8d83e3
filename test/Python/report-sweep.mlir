// python -m systile report: a 3-layer MLP (nn.Linear 100->200->300->10 at
// batch 16, exported by systile.torch: each op's location is the module
// path over the user's line; weights made splat constants) under two
// geometries and two precisions, side by side. Every figure is derived by
// hand from RFC section 8 (M = 16, so Mpad = 16):
//   loads  = ceil(K/mxu) * ceil(N/mxu), times 3 passes for bf16_3x
//   issued = loads * Mpad * mxu * mxu,  logical = M * K * N (once)
//   mxu 128: fc1 1*2 = 2 loads, 2*16*128*128 = 524288, 320000/524288 = 61.04%
//            fc2 2*3 = 6, 1572864, 960000/1572864 = 61.04%
//            head 3*1 = 3, 786432, 48000/786432 = 6.10%
//            total 11, 2883584, 1328000/2883584 = 46.05%
//   mxu 256: fc1 1*1 = 1, 16*256*256 = 1048576, 30.52%
//            fc2 1*2 = 2, 2097152, 45.78%;  head 2*1 = 2, 2097152, 2.29%
//            total 5, 5242880, 1328000/5242880 = 25.33%
//   bf16_3x: loads and issued x3, utilisation /3 (20.35%, 20.35%, 2.03%,
//            total 15.35%; 10.17%, 15.26%, 0.76%, total 8.44%)
//   layout: one pack of the 16x100 input padded to 16x128 f32 = 8192 bytes,
//           one unpack of the 16x10 result = 640 bytes.

// RUN: %python -m systile report %s --geometry 8x128x128 --geometry v6e \
// RUN:   --precision f32 --precision bf16_3x | FileCheck %s

// CHECK:      systile report: report-sweep.mlir (3 matmuls, 4 configurations)
// CHECK-NEXT: 8x128x128 f32 {{ *}}| {{ *}}8x128x128 bf16_3x {{ *}}| {{ *}}8x128x256 f32 {{ *}}| {{ *}}8x128x256 bf16_3x
// CHECK-NEXT: #  layer  location      M x K x N |   util  loads  issued MACs |
// CHECK:      1  fc1    model.py:17  16x100x200 | 61.04%      2       524288 | 20.35%      6      1572864 | 30.52%      1      1048576 | 10.17%      3      3145728
// CHECK-NEXT: 2  fc2    model.py:18  16x200x300 | 61.04%      6      1572864 | 20.35%     18      4718592 | 45.78%      2      2097152 | 15.26%      6      6291456
// CHECK-NEXT: 3  head   model.py:19   16x300x10 |  6.10%      3       786432 |  2.03%      9      2359296 |  2.29%      2      2097152 |  0.76%      6      6291456
// CHECK:      total {{ *}}| 46.05%     11      2883584 | 15.35%     33      8650752 | 25.33%      5      5242880 |  8.44%     15     15728640
// CHECK-NEXT: layout 8x128x128 f32: packs=1 unpacks=1 packed_bytes=8192 unpacked_bytes=640 relayouts=0 relayout_bytes=0
// CHECK-NEXT: layout 8x128x128 bf16_3x: packs=1 unpacks=1 packed_bytes=8192
// CHECK-NEXT: layout 8x128x256 f32: packs=1 unpacks=1 packed_bytes=8192
// CHECK-NEXT: layout 8x128x256 bf16_3x: packs=1 unpacks=1 packed_bytes=8192

// The CSV form: one row per layer and configuration, then the totals. A
// multi-pass matmul is blocked only when K <= mxu: head (K = 300) stays one
// systile.matmul.
// RUN: %python -m systile report %s --geometry v6e --precision bf16_3x \
// RUN:   --format csv | FileCheck %s --check-prefix=CSV
// CSV:      geometry,precision,index,layer,name,file,line,op,m,k,n,matrices,weight_loads,skipped_loads,logical_macs,issued_macs,padding_macs,halo_macs,utilization
// CSV-NEXT: 8x128x256,bf16_3x,1,fc1,fc1,model.py,17,systile.mxu_matmul,16,100,200,1,3,0,320000,3145728,2825728,,0.1017252
// CSV-NEXT: 8x128x256,bf16_3x,2,fc2,fc2,model.py,18,systile.mxu_matmul,16,200,300,1,6,0,960000,6291456,5331456,,0.152587
// CSV-NEXT: 8x128x256,bf16_3x,3,head,head,model.py,19,systile.matmul,16,300,10,1,6,0,48000,6291456,6243456,,0.00762939
// CSV-NEXT: 8x128x256,bf16_3x,,total,,,,,,,,,15,0,1328000,15728640,14400640,,0.08443196

// The JSON file, and a run on an input: the layout is then the run's.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.ones((16, 100), np.float32))"
// RUN: %python -m systile report %s --input %t/x.npy --json %t/r.json \
// RUN:   | FileCheck %s --check-prefix=EXEC
// RUN: %python -c "import json; d = json.load(open('%t/r.json')); c = d['configurations'][0]; print(c['precision'], c['geometry'], [(m['name'], m['location']['line'], m['weight_loads']) for m in c['matmuls']], c['total']['issued_macs'], c['layout']['packs'])" \
// RUN:   | FileCheck %s --check-prefix=JSON
// EXEC:     layout 8x128x128 f32: packs=1 unpacks=1 packed_bytes=8192 unpacked_bytes=640
// EXEC-NOT: agreement
// JSON: f32 {'lanes': 128, 'mxu': 128, 'sublanes': 8} [('fc1', 17, 2), ('fc2', 18, 6), ('head', 19, 3)] 2883584 1

// Errors: one line, exit 1 (2 for a bad command line), no traceback.
// RUN: not %python -m systile report %s --geometry 8x128 2>&1 | FileCheck %s --check-prefix=GEO
// GEO: systile: error: bad geometry '8x128': expected SUBLANESxLANESxMXU such as 8x128x128, or one of v5e, v6e
// RUN: not %python -m systile report %s --precision fp8 2>&1 | FileCheck %s --check-prefix=PREC
// PREC: systile: error: bad precision 'fp8': expected one of f32, bf16, bf16_3x, bf16_6x
// RUN: not %python -m systile report %t/none.mlir 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: systile: error: no such file: {{.*}}none.mlir
// RUN: not %python -m systile report %s --bin %t 2>&1 | FileCheck %s --check-prefix=NOTOOL
// NOTOOL: systile: error: systile-opt not found in {{.*}}: build the project (scripts/setup.sh) or set SYSTILE_BIN
// RUN: echo 'func.func @f(' > %t/bad.mlir
// RUN: not %python -m systile report %t/bad.mlir 2>&1 | FileCheck %s --check-prefix=LOWER
// LOWER: systile: error: lowering bad.mlir for 8x128x128 f32 failed (exit 1):
// LOWER-NEXT: bad.mlir:1:14: error: expected non-function type
// RUN: not %python -m systile report 2>&1 | FileCheck %s --check-prefix=NOMODEL
// NOMODEL: systile: error: give exactly one model: FILE.mlir, --torch or --jax
// A bad command line exits 2, a failure 1.
// RUN: %python -c "import subprocess, sys; print(*(subprocess.run([sys.executable, '-m', 'systile', 'report', *a], capture_output=True).returncode for a in ([], ['--geometry'], ['%t/none.mlir'])))" \
// RUN:   | FileCheck %s --check-prefix=STATUS
// STATUS: 2 2 1
// Writing every output or none: a CSV that cannot be written leaves no
// JSON, and stdout closed early is no traceback.
// RUN: not %python -m systile report %s --json %t/all.json --csv %t/no/such/x.csv 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: systile: error: cannot write '{{.*}}x.csv': No such file or directory
// RUN: not ls %t/all.json
// RUN: %python -m systile report %s > /dev/full 2> %t/full.txt; FileCheck %s --check-prefix=FULL < %t/full.txt
// FULL: systile: error: cannot write standard output: No space left on device

#loc1 = loc("model.py":17:0)
#loc2 = loc("model.py":19:0)
#loc3 = loc("model.py":18:0)
#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#loc4 = loc("fc1"(#loc1))
#loc5 = loc("head"(#loc2))
#loc6 = loc("fc2"(#loc3))
module {
  func.func @main(%arg0: tensor<16x100xf32> loc("fc1"(#loc1))) -> tensor<16x10xf32> {
    %cst = arith.constant 0.000000e+00 : f32 loc(#loc)
    %cst_0 = arith.constant dense<0.5> : tensor<10xf32> loc(#loc5)
    %cst_1 = arith.constant dense<0.25> : tensor<10x300xf32> loc(#loc5)
    %cst_2 = arith.constant dense<0.5> : tensor<300xf32> loc(#loc6)
    %cst_3 = arith.constant dense<0.25> : tensor<300x200xf32> loc(#loc6)
    %cst_4 = arith.constant dense<0.5> : tensor<200xf32> loc(#loc4)
    %cst_5 = arith.constant dense<0.25> : tensor<200x100xf32> loc(#loc4)
    %0 = tensor.empty() : tensor<100x200xf32> loc(#loc4)
    %transposed = linalg.transpose ins(%cst_5 : tensor<200x100xf32>) outs(%0 : tensor<100x200xf32>) permutation = [1, 0]  loc(#loc4)
    %1 = tensor.empty() : tensor<16x200xf32> loc(#loc4)
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<16x200xf32>) -> tensor<16x200xf32> loc(#loc4)
    %3 = linalg.matmul ins(%arg0, %transposed : tensor<16x100xf32>, tensor<100x200xf32>) outs(%2 : tensor<16x200xf32>) -> tensor<16x200xf32> loc(#loc4)
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_4 : tensor<200xf32>) outs(%1 : tensor<16x200xf32>) {
    ^bb0(%in: f32 loc("fc1"(#loc1)), %out: f32 loc("fc1"(#loc1))):
      linalg.yield %in : f32 loc(#loc4)
    } -> tensor<16x200xf32> loc(#loc4)
    %5 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%3, %4 : tensor<16x200xf32>, tensor<16x200xf32>) outs(%1 : tensor<16x200xf32>) {
    ^bb0(%in: f32 loc("fc1"(#loc1)), %in_8: f32 loc("fc1"(#loc1)), %out: f32 loc("fc1"(#loc1))):
      %20 = arith.addf %in, %in_8 : f32 loc(#loc4)
      linalg.yield %20 : f32 loc(#loc4)
    } -> tensor<16x200xf32> loc(#loc4)
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<16x200xf32>) outs(%1 : tensor<16x200xf32>) {
    ^bb0(%in: f32 loc("fc1"(#loc1)), %out: f32 loc("model.py":17:0)):
      %20 = arith.cmpf ugt, %in, %cst : f32 loc(#loc1)
      %21 = arith.select %20, %in, %cst : f32 loc(#loc1)
      linalg.yield %21 : f32 loc(#loc1)
    } -> tensor<16x200xf32> loc(#loc1)
    %7 = tensor.empty() : tensor<200x300xf32> loc(#loc6)
    %transposed_6 = linalg.transpose ins(%cst_3 : tensor<300x200xf32>) outs(%7 : tensor<200x300xf32>) permutation = [1, 0]  loc(#loc6)
    %8 = tensor.empty() : tensor<16x300xf32> loc(#loc6)
    %9 = linalg.fill ins(%cst : f32) outs(%8 : tensor<16x300xf32>) -> tensor<16x300xf32> loc(#loc6)
    %10 = linalg.matmul ins(%6, %transposed_6 : tensor<16x200xf32>, tensor<200x300xf32>) outs(%9 : tensor<16x300xf32>) -> tensor<16x300xf32> loc(#loc6)
    %11 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_2 : tensor<300xf32>) outs(%8 : tensor<16x300xf32>) {
    ^bb0(%in: f32 loc("fc2"(#loc3)), %out: f32 loc("fc2"(#loc3))):
      linalg.yield %in : f32 loc(#loc6)
    } -> tensor<16x300xf32> loc(#loc6)
    %12 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%10, %11 : tensor<16x300xf32>, tensor<16x300xf32>) outs(%8 : tensor<16x300xf32>) {
    ^bb0(%in: f32 loc("fc2"(#loc3)), %in_8: f32 loc("fc2"(#loc3)), %out: f32 loc("fc2"(#loc3))):
      %20 = arith.addf %in, %in_8 : f32 loc(#loc6)
      linalg.yield %20 : f32 loc(#loc6)
    } -> tensor<16x300xf32> loc(#loc6)
    %13 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%12 : tensor<16x300xf32>) outs(%8 : tensor<16x300xf32>) {
    ^bb0(%in: f32 loc("fc2"(#loc3)), %out: f32 loc("model.py":18:0)):
      %20 = arith.cmpf ugt, %in, %cst : f32 loc(#loc3)
      %21 = arith.select %20, %in, %cst : f32 loc(#loc3)
      linalg.yield %21 : f32 loc(#loc3)
    } -> tensor<16x300xf32> loc(#loc3)
    %14 = tensor.empty() : tensor<300x10xf32> loc(#loc5)
    %transposed_7 = linalg.transpose ins(%cst_1 : tensor<10x300xf32>) outs(%14 : tensor<300x10xf32>) permutation = [1, 0]  loc(#loc5)
    %15 = tensor.empty() : tensor<16x10xf32> loc(#loc5)
    %16 = linalg.fill ins(%cst : f32) outs(%15 : tensor<16x10xf32>) -> tensor<16x10xf32> loc(#loc5)
    %17 = linalg.matmul ins(%13, %transposed_7 : tensor<16x300xf32>, tensor<300x10xf32>) outs(%16 : tensor<16x10xf32>) -> tensor<16x10xf32> loc(#loc5)
    %18 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%cst_0 : tensor<10xf32>) outs(%15 : tensor<16x10xf32>) {
    ^bb0(%in: f32 loc("head"(#loc2)), %out: f32 loc("head"(#loc2))):
      linalg.yield %in : f32 loc(#loc5)
    } -> tensor<16x10xf32> loc(#loc5)
    %19 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%17, %18 : tensor<16x10xf32>, tensor<16x10xf32>) outs(%15 : tensor<16x10xf32>) {
    ^bb0(%in: f32 loc("head"(#loc2)), %in_8: f32 loc("head"(#loc2)), %out: f32 loc("head"(#loc2))):
      %20 = arith.addf %in, %in_8 : f32 loc(#loc5)
      linalg.yield %20 : f32 loc(#loc5)
    } -> tensor<16x10xf32> loc(#loc5)
    return %19 : tensor<16x10xf32> loc(#loc5)
  } loc(#loc4)
} loc(#loc)
#loc = loc(unknown)
