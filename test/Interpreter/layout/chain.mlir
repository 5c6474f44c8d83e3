// Element-wise chains in frontend form (exp, sigmoid, a broadcast bias add
// then truncf, and exp(h) / rowsum(exp(h))) after a matmul. After
// systile-pipeline everything between the one pack and the unpacks is
// tiled, and the tiled program gives the bits of the dense one (RFC 6:
// moving an element-wise op into the tiled domain changes no bit; K = 4 =
// mxu with a zero accumulator, so the matmul orders coincide too). numpy's
// float64 values check that the dense program is the intended one.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/chain_ref.py %t
// RUN: systile-opt %s --systile-pipeline="sublanes=2 lanes=4 mxu=4" -o %t/lowered.mlir
// RUN: FileCheck %s --check-prefix=IR < %t/lowered.mlir
// RUN: systile-run %s --input %t/x.npy --output %t/d0.npy --output %t/d1.npy --output %t/d2.npy --output %t/d3.npy
// RUN: systile-run %t/lowered.mlir --input %t/x.npy --output %t/t0.npy --output %t/t1.npy --output %t/t2.npy --output %t/t3.npy --stats | FileCheck %s --check-prefix=STATS
// RUN: %python %S/Inputs/same_bits.py exp %t/t0.npy %t/d0.npy %t/ref0.npy | FileCheck %s --check-prefix=EXP
// RUN: %python %S/Inputs/same_bits.py sigmoid %t/t1.npy %t/d1.npy %t/ref1.npy | FileCheck %s --check-prefix=SIG
// RUN: %python %S/Inputs/same_bits.py bias_truncf %t/t2.npy %t/d2.npy %t/ref2.npy | FileCheck %s --check-prefix=BIAS
// RUN: %python %S/Inputs/same_bits.py softmax %t/t3.npy %t/d3.npy %t/ref3.npy | FileCheck %s --check-prefix=SOFTMAX

// IR-LABEL: func.func @main
// IR-NOT: linalg.
// IR: systile.pack %arg0
// IR-NOT: systile.pack
// IR-NOT: linalg.
// IR: %[[SUM:.*]] = systile.reduce <sum> {{.*}} dim = 1
// IR-NOT: systile.broadcast
// IR: systile.elementwise ins(%{{.*}}, %[[SUM]] : !systile.tiled<5x6xf32, {{.*}}>, !systile.tiled<5x1xf32, {{.*}}>)
// IR-NOT: linalg.
// IR: return

// One pack of x (5x4 pads to 6x4: 24 * 4 = 96 bytes); four unpacks of 5x6
// results: three f32 (120 bytes each) and one bf16 (60 bytes).
// STATS: layout: packs=1 unpacks=4 packed_bytes=96 unpacked_bytes=420

// EXP: exp: 0 of 30 differ in bits
// EXP-NEXT: exp: close to numpy: True
// SIG: sigmoid: 0 of 30 differ in bits
// SIG-NEXT: sigmoid: close to numpy: True
// BIAS: bias_truncf: 0 of 30 differ in bits
// BIAS-NEXT: bias_truncf: close to numpy: True
// SOFTMAX: softmax: 0 of 30 differ in bits
// SOFTMAX-NEXT: softmax: close to numpy: True

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
#col = affine_map<(d0, d1) -> (d0)>
func.func @main(%x: tensor<5x4xf32>) -> (tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xbf16>, tensor<5x6xf32>) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %w = arith.constant dense<[[0.5, -1.0, 0.25, 2.0, -0.5, 1.5],
                             [1.0, 0.5, -0.75, 0.0, 0.25, -1.0],
                             [-0.25, 1.25, 0.5, -1.5, 1.0, 0.5],
                             [0.75, -0.5, 1.0, 0.5, -1.25, 0.25]]> : tensor<4x6xf32>
  %bias = arith.constant dense<[0.1, -0.2, 0.3, -0.4, 0.5, -0.6]> : tensor<6xf32>
  %e = tensor.empty() : tensor<5x6xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<5x6xf32>) -> tensor<5x6xf32>
  %h = linalg.matmul ins(%x, %w : tensor<5x4xf32>, tensor<4x6xf32>) outs(%acc : tensor<5x6xf32>) -> tensor<5x6xf32>
  %exp = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%h : tensor<5x6xf32>) outs(%e : tensor<5x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<5x6xf32>
  %sig = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%h : tensor<5x6xf32>) outs(%e : tensor<5x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    %x0 = math.exp %n : f32
    %d = arith.addf %one, %x0 : f32
    %s = arith.divf %one, %d : f32
    linalg.yield %s : f32
  } -> tensor<5x6xf32>
  %b = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%h, %bias : tensor<5x6xf32>, tensor<6xf32>) outs(%e : tensor<5x6xf32>) {
  ^bb0(%in: f32, %c: f32, %out: f32):
    %0 = arith.addf %in, %c : f32
    linalg.yield %0 : f32
  } -> tensor<5x6xf32>
  %t = arith.truncf %b : tensor<5x6xf32> to tensor<5x6xbf16>
  %e1 = tensor.empty() : tensor<5xf32>
  %sacc = linalg.fill ins(%zero : f32) outs(%e1 : tensor<5xf32>) -> tensor<5xf32>
  %sum = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["parallel", "reduction"]}
      ins(%exp : tensor<5x6xf32>) outs(%sacc : tensor<5xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<5xf32>
  %sm = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%exp, %sum : tensor<5x6xf32>, tensor<5xf32>) outs(%e : tensor<5x6xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.divf %in, %s : f32
    linalg.yield %0 : f32
  } -> tensor<5x6xf32>
  return %exp, %sig, %t, %sm : tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xbf16>, tensor<5x6xf32>
}
