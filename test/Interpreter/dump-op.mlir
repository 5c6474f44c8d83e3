// systile-run --dump-op / --dump-dir: the operands and results of every
// execution of the named ops as .npy files plus manifest.jsonl, checked
// with numpy (Inputs/check_dump.py derives the values from the data), and
// the option's diagnostics (each exits 1).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/npy_tool.py %t/a.npy f32 3x6 1,1,1,1,1,1,2,2,2,2,2,2,3,3,3,3,3,3
// RUN: %python %S/Inputs/npy_tool.py %t/c.npy f32 3x5 0,0,0,0,0,100,100,100,100,100,200,200,200,200,200
//
// A fused mxu_matmul chain (the default), and its packs; a stale file of an
// earlier dump is removed, other files stay.
// RUN: mkdir -p %t/chain && touch %t/chain/000099.systile.pack.result0.npy %t/chain/keep.txt
// RUN: systile-run %s --input %t/a.npy --input %t/c.npy --dump-op=systile.mxu_matmul,systile.pack --dump-dir=%t/chain | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/chain/manifest.jsonl
// RUN: %python %S/Inputs/check_dump.py chain %t/chain | FileCheck %s --check-prefix=CHAIN
// RUN: ls %t/chain | FileCheck %s --check-prefix=FILES
//
// Unfused: every op's result is materialised. --dump-op may repeat.
// RUN: systile-run %s --input %t/a.npy --input %t/c.npy --fuse-mxu-chains=false --dump-op=systile.mxu_matmul --dump-op=systile.unpack --dump-dir=%t/unfused --quiet
// RUN: %python %S/Inputs/check_dump.py unfused %t/unfused | FileCheck %s --check-prefix=UNFUSED
//
// RUN: systile-run %s --entry whole --input %t/a.npy --input %t/c.npy --dump-op=systile.matmul --dump-dir=%t/whole --quiet
// RUN: %python %S/Inputs/check_dump.py whole %t/whole | FileCheck %s --check-prefix=WHOLE
// RUN: systile-run %s --entry dense --input %t/a.npy --input %t/c.npy --dump-op=linalg.matmul,arith.addf --dump-dir=%t/dense --quiet
// RUN: %python %S/Inputs/check_dump.py dense %t/dense | FileCheck %s --check-prefix=DENSE
// RUN: systile-run %s --entry bf16 --dump-op=systile.pack --dump-dir=%t/bf16 --quiet
// RUN: %python %S/Inputs/check_dump.py bf16 %t/bf16 | FileCheck %s --check-prefix=BF16
//
// A failing op leaves its operands and a "failed" line behind.
// RUN: %python %S/Inputs/expect_exit.py 1 systile-run %s --entry fails --dump-op=arith.divsi --dump-dir=%t/fails | FileCheck %s --check-prefix=FAILS
// RUN: %python %S/Inputs/check_dump.py failed %t/fails | FileCheck %s --check-prefix=FAILED
//
// Diagnostics.
// RUN: touch %t/file
// RUN: %python %S/Inputs/expect_exit.py 1 systile-run %s --entry bf16 --dump-op=systile.pack --dump-dir=%t/file/sub | FileCheck %s --check-prefix=NODIR
// RUN: %python %S/Inputs/expect_exit.py 1 systile-run %s --entry bf16 --dump-op=systile.pack --dump-dir=%t/file | FileCheck %s --check-prefix=NOTDIR
// RUN: mkdir -p %t/stale/000001.systile.pack.result0.npy && touch %t/stale/000001.systile.pack.result0.npy/x
// RUN: %python %S/Inputs/expect_exit.py 1 systile-run %s --entry bf16 --dump-op=systile.pack --dump-dir=%t/stale | FileCheck %s --check-prefix=STALE
// RUN: %python %S/Inputs/expect_exit.py 1 systile-run %s --entry bf16 --dump-op=systile.pack | FileCheck %s --check-prefix=NEEDDIR
// RUN: %python %S/Inputs/expect_exit.py 1 systile-run %s --entry bf16 --dump-dir=%t/x | FileCheck %s --check-prefix=NEEDOP
// RUN: %python %S/Inputs/expect_exit.py 1 systile-run %s --entry bf16 --dump-op=systile.packk --dump-dir=%t/x | FileCheck %s --check-prefix=NOOP
// RUN: %python %S/Inputs/expect_exit.py 1 systile-run %s --entry bf16 --dump-op=nodialect.op --dump-dir=%t/x | FileCheck %s --check-prefix=NOOP2
// RUN: %python %S/Inputs/expect_exit.py 1 systile-run %s --entry bf16 --dump-op=pack --dump-dir=%t/x | FileCheck %s --check-prefix=NOOP3

// OUT: result #0: tensor<3x5xf32> = {{\[\[}}15, 21, 27, 33, 39], [130, 142, 154, 166, 178], [245, 263, 281, 299, 317]]
// OUT-NEXT: dump: 7 execution(s) of systile.mxu_matmul, systile.pack in {{.*}}chain{{/|\\}}manifest.jsonl (4 .npy files, 312 bytes)

// The manifest: one line per execution, in order; pack operands are
// dense, tiled values carry their geometry; unmaterialised values are null
// with a "from" link to the execution that defined them.
// MANIFEST: {"attrs":{},"loc":"{{.*}}dump-op.mlir:[[@LINE+37]]:9","op":"systile.pack","operands":[{"dtype":"<f4","file":"000000.systile.pack.operand0.npy","shape":[3,6],"type":"tensor<3x6xf32>"}],"results":[{"dtype":"<f4","file":"000000.systile.pack.operand0.npy","shape":[3,6],"tiled":{"lanes":4,"mxu":4,"sublanes":2},"type":"!systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>"}],"seq":0}
// MANIFEST-NEXT: "seq":1}
// MANIFEST-NEXT: "seq":2}
// MANIFEST-NEXT: {"attrs":{"kb":0,"nb":0,"precision":"#systile.precision<f32>"},"loc":"{{.*}}dump-op.mlir:[[@LINE+37]]:8","op":"systile.mxu_matmul","operands":[{"dtype":"<f4","file":"000000.systile.pack.operand0.npy","from":[0,0]
// MANIFEST-SAME: "results":[{"file":null,"type":"!systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>"}],"seq":3}
// MANIFEST-NEXT: {"attrs":{"kb":1,"nb":0,{{.*}}{"file":null,"from":[3,0],"type":
// MANIFEST-NEXT: "seq":5}
// MANIFEST-NEXT: {"attrs":{"kb":1,"nb":1,{{.*}}"results":[{"dtype":"<f4","file":"000006.systile.mxu_matmul.result0.npy","shape":[3,5],{{.*}}"seq":6}
// MANIFEST-NOT: seq

// CHAIN: ok: 4 systile.mxu_matmul executions
// CHAIN: ok: lhs and rhs written once, named by every execution
// CHAIN: ok: systile.pack: dense operand and tiled result dumped as A
// CHAIN: ok: chain head: acc is C, from the third pack
// CHAIN: ok: fused chain: the first three results are not materialised
// CHAIN: ok: last result = A x B + C
// CHAIN-NOT: FAIL

// The earlier dump's file is gone, the user's file stays.
// FILES-NOT: 000099
// FILES: keep.txt
// FILES-NOT: 000099

// UNFUSED: ok: unfused: every result = previous acc + its weight load
// WHOLE: ok: systile.matmul precision bf16
// WHOLE: ok: systile.matmul result = A x B + C
// DENSE: ok: linalg.matmul: operands A, B, C; result A x B + C
// DENSE: ok: arith.addf: scalars 1.5 + 2.25 = 3.75 as 0-d arrays
// BF16: ok: bf16 values dumped as '<u2' bit patterns
// BF16: ok: the tiled bf16 result likewise

#g = #systile.geometry<2x4, mxu = 4>

func.func @main(%a: tensor<3x6xf32>, %c: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %b = arith.constant dense<[[0., 1., 2., 3., 4.], [1., 2., 3., 4., 5.],
                             [2., 3., 4., 5., 6.], [3., 4., 5., 6., 7.],
                             [4., 5., 6., 7., 8.], [5., 6., 7., 8., 9.]]> : tensor<6x5xf32>
  %ta = systile.pack %a : tensor<3x6xf32> -> !systile.tiled<3x6xf32, #g>
  %tb = systile.pack %b : tensor<6x5xf32> -> !systile.tiled<6x5xf32, #g>
  %tc = systile.pack %c : tensor<3x5xf32> -> !systile.tiled<3x5xf32, #g>
  %0 = systile.mxu_matmul %ta, %tb, %tc [0, 0]
      : !systile.tiled<3x6xf32, #g>, !systile.tiled<6x5xf32, #g> -> !systile.tiled<3x5xf32, #g>
  %1 = systile.mxu_matmul %ta, %tb, %0 [1, 0]
      : !systile.tiled<3x6xf32, #g>, !systile.tiled<6x5xf32, #g> -> !systile.tiled<3x5xf32, #g>
  %2 = systile.mxu_matmul %ta, %tb, %1 [0, 1]
      : !systile.tiled<3x6xf32, #g>, !systile.tiled<6x5xf32, #g> -> !systile.tiled<3x5xf32, #g>
  %3 = systile.mxu_matmul %ta, %tb, %2 [1, 1]
      : !systile.tiled<3x6xf32, #g>, !systile.tiled<6x5xf32, #g> -> !systile.tiled<3x5xf32, #g>
  %d = systile.unpack %3 : !systile.tiled<3x5xf32, #g> -> tensor<3x5xf32>
  return %d : tensor<3x5xf32>
}

func.func @whole(%a: tensor<3x6xf32>, %c: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %b = arith.constant dense<[[0., 1., 2., 3., 4.], [1., 2., 3., 4., 5.],
                             [2., 3., 4., 5., 6.], [3., 4., 5., 6., 7.],
                             [4., 5., 6., 7., 8.], [5., 6., 7., 8., 9.]]> : tensor<6x5xf32>
  %ta = systile.pack %a : tensor<3x6xf32> -> !systile.tiled<3x6xf32, #g>
  %tb = systile.pack %b : tensor<6x5xf32> -> !systile.tiled<6x5xf32, #g>
  %tc = systile.pack %c : tensor<3x5xf32> -> !systile.tiled<3x5xf32, #g>
  %0 = systile.matmul %ta, %tb, %tc precision = bf16
      : !systile.tiled<3x6xf32, #g>, !systile.tiled<6x5xf32, #g> -> !systile.tiled<3x5xf32, #g>
  %d = systile.unpack %0 : !systile.tiled<3x5xf32, #g> -> tensor<3x5xf32>
  return %d : tensor<3x5xf32>
}

func.func @dense(%a: tensor<3x6xf32>, %c: tensor<3x5xf32>) -> (tensor<3x5xf32>, f32) {
  %b = arith.constant dense<[[0., 1., 2., 3., 4.], [1., 2., 3., 4., 5.],
                             [2., 3., 4., 5., 6.], [3., 4., 5., 6., 7.],
                             [4., 5., 6., 7., 8.], [5., 6., 7., 8., 9.]]> : tensor<6x5xf32>
  %d = linalg.matmul ins(%a, %b : tensor<3x6xf32>, tensor<6x5xf32>)
                     outs(%c : tensor<3x5xf32>) -> tensor<3x5xf32>
  %x = arith.constant 1.5 : f32
  %y = arith.constant 2.25 : f32
  %s = arith.addf %x, %y : f32
  return %d, %s : tensor<3x5xf32>, f32
}

func.func @bf16() -> tensor<2x3xbf16> {
  %x = arith.constant dense<[[1.0, 2.0, 3.0], [0.5, -2.0, 0.0]]> : tensor<2x3xbf16>
  %t = systile.pack %x : tensor<2x3xbf16> -> !systile.tiled<2x3xbf16, #g>
  %d = systile.unpack %t : !systile.tiled<2x3xbf16, #g> -> tensor<2x3xbf16>
  return %d : tensor<2x3xbf16>
}

// FAILS: error: 'arith.divsi': division by zero (7 / 0)
// FAILS: systile-run: error: executing @fails of
// FAILED: ok: the failed execution is marked, without results
// FAILED: ok: its operands 7 and 0 were written before it ran
func.func @fails() -> i32 {
  %a = arith.constant 7 : i32
  %z = arith.constant 0 : i32
  %q = arith.divsi %a, %z : i32
  return %q : i32
}

// NODIR: systile-run: error: --dump-dir: cannot create the dump directory '{{.*}}file{{/|\\}}sub': {{.*}}
// NOTDIR: systile-run: error: --dump-dir: '{{.*}}file' is not a directory
// STALE: systile-run: error: --dump-dir: cannot remove '{{.*}}000001.systile.pack.result0.npy' of an earlier dump: {{.*}}
// NEEDDIR: systile-run: error: --dump-op needs --dump-dir (where to write)
// NEEDOP: systile-run: error: --dump-dir needs --dump-op (the ops to dump)
// NOOP: systile-run: error: --dump-op=systile.packk: no such operation (expected a registered op name such as systile.matmul)
// NOOP2: systile-run: error: --dump-op=nodialect.op: no such operation
// NOOP3: systile-run: error: --dump-op=pack: no such operation
