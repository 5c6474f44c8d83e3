// Upstream's own runner on a compiled systile program: systile-pipeline
// (2 x 4 tiles, mxu 4, bf16 inputs), systile-lower-to-llvm, then
// `mlir-runner -shared-libs=libsystile_runner_utils.so,...`. The same
// functions interpreted print the same values; all are worked out by hand
// below, integers or exact bf16 roundings, so every order gives them.
//
// Not in the sanitizer build: its libsystile_runner_utils.so is
// instrumented, and upstream's mlir-runner is not, so the library cannot
// load there (interpreted-vs-compiled.test covers the compiled path).
// UNSUPPORTED: sanitizer
//
// RUN: systile-opt %s --systile-pipeline="sublanes=2 lanes=4 mxu=4 precision=bf16" -o %t.lowered.mlir
// RUN: systile-opt %t.lowered.mlir --systile-lower-to-llvm \
// RUN:   | mlir-runner -e entry -entry-point-result=void \
// RUN:       -shared-libs=%systile_runner_utils,%mlir_runner_utils,%mlir_c_runner_utils \
// RUN:   | FileCheck %s
// RUN: systile-run %t.lowered.mlir --entry matmul | FileCheck %s --check-prefix=INTERP
// RUN: systile-run %t.lowered.mlir --entry bias_relu | FileCheck %s --check-prefix=INTERP-RELU
// RUN: systile-run %t.lowered.mlir --entry matmul --compile | FileCheck %s --check-prefix=INTERP
// RUN: systile-run %t.lowered.mlir --entry bias_relu --compile | FileCheck %s --check-prefix=INTERP-RELU
// The whole printing entry also runs under systile-run --compile
// (test/Compiled/upstream-runner-utils.mlir: which programs load
// upstream's runner utilities).
// RUN: systile-run %t.lowered.mlir --entry entry --compile | FileCheck %s

// A is 3x6 with row i all (i + 1), B[k][j] = k + j, C[i][j] = 100 i, so
// D[i][j] = (i + 1) (15 + 6 j) + 100 i; K = 6 and N = 5 are 2 x 2 weight
// loads, M = 3 pads to 4 rows.
// CHECK: data =
// CHECK-NEXT: {{\[\[}}15,   21,   27,   33,   39],
// CHECK-NEXT: [130,   142,   154,   166,   178],
// CHECK-NEXT: [245,   263,   281,   299,   317]]
// INTERP: result #0: tensor<3x5xf32> = {{\[\[}}15, 21, 27, 33, 39], [130, 142, 154, 166, 178], [245, 263, 281, 299, 317]]
func.func @matmul() -> tensor<3x5xf32> {
  %a = arith.constant dense<[[1., 1., 1., 1., 1., 1.], [2., 2., 2., 2., 2., 2.],
                             [3., 3., 3., 3., 3., 3.]]> : tensor<3x6xf32>
  %b = arith.constant dense<[[0., 1., 2., 3., 4.], [1., 2., 3., 4., 5.],
                             [2., 3., 4., 5., 6.], [3., 4., 5., 6., 7.],
                             [4., 5., 6., 7., 8.], [5., 6., 7., 8., 9.]]> : tensor<6x5xf32>
  %c = arith.constant dense<[[0., 0., 0., 0., 0.], [100., 100., 100., 100., 100.],
                             [200., 200., 200., 200., 200.]]> : tensor<3x5xf32>
  %d = linalg.matmul ins(%a, %b : tensor<3x6xf32>, tensor<6x5xf32>)
                     outs(%c : tensor<3x5xf32>) -> tensor<3x5xf32>
  return %d : tensor<3x5xf32>
}

// x [[1, -2], [3, 4]] times w [[1, 2], [3, 4]]: [[-5, -6], [15, 22]]; plus
// the bias [0.5, 0.5] and ReLU: [[0, 0], [15.5, 22.5]]; 1.00390625 ties
// to 1 in bf16 (RFC 6's integer rounding, also compiled).
// CHECK: data =
// CHECK-NEXT: {{\[\[}}0,   0],
// CHECK-NEXT: [15.5,   22.5]]
// CHECK: data =
// CHECK-NEXT: [1,  1.01562]
// INTERP-RELU: result #0: tensor<2x2xf32> = {{\[\[}}0, 0], [15.5, 22.5]]
// INTERP-RELU: result #1: tensor<2xf32> = [1, 1.015625]
func.func @bias_relu() -> (tensor<2x2xf32>, tensor<2xf32>) {
  %x = arith.constant dense<[[1., -2.], [3., 4.]]> : tensor<2x2xf32>
  %w = arith.constant dense<[[1., 2.], [3., 4.]]> : tensor<2x2xf32>
  %bias = arith.constant dense<[0.5, 0.5]> : tensor<2xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x2xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %m = linalg.matmul ins(%x, %w : tensor<2x2xf32>, tensor<2x2xf32>)
                     outs(%acc : tensor<2x2xf32>) -> tensor<2x2xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                                        affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%m, %bias : tensor<2x2xf32>, tensor<2xf32>) outs(%e : tensor<2x2xf32>) {
  ^bb0(%v: f32, %b: f32, %o: f32):
    %s = arith.addf %v, %b : f32
    %y = arith.maximumf %s, %zero : f32
    linalg.yield %y : f32
  } -> tensor<2x2xf32>
  %t = arith.constant dense<[1.00390625, 1.01171875]> : tensor<2xf32>
  %h = arith.truncf %t : tensor<2xf32> to tensor<2xbf16>
  %hx = arith.extf %h : tensor<2xbf16> to tensor<2xf32>
  return %r, %hx : tensor<2x2xf32>, tensor<2xf32>
}

func.func @entry() {
  %d = call @matmul() : () -> tensor<3x5xf32>
  %du = tensor.cast %d : tensor<3x5xf32> to tensor<*xf32>
  call @printMemrefF32(%du) : (tensor<*xf32>) -> ()
  %r, %h = call @bias_relu() : () -> (tensor<2x2xf32>, tensor<2xf32>)
  %ru = tensor.cast %r : tensor<2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%ru) : (tensor<*xf32>) -> ()
  %hu = tensor.cast %h : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%hu) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>) attributes {llvm.emit_c_interface}
