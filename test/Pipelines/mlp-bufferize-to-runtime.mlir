// The frontend-form MLP (torch-mlir's nn.Linear + ReLU, as in
// test/Interpreter/frontends/mlp-bias-relu.mlir) through systile-pipeline,
// One-Shot Bufferize with function boundaries and
// convert-systile-to-runtime: what is left is upstream's memref, arith,
// scf, linalg and func ops and calls of the runtime's C interface, with no
// tensor and no tiled value, ready for upstream's conversion to LLVM.
// Then systile-lower-to-llvm takes the same program to the LLVM dialect.
//
// RUN: systile-opt %S/../Interpreter/frontends/mlp-bias-relu.mlir --systile-pipeline \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN:   --convert-systile-to-runtime -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: FileCheck %s --check-prefix=NONE < %t.mlir
// RUN: systile-opt %S/../Interpreter/frontends/mlp-bias-relu.mlir --systile-pipeline --systile-lower-to-llvm | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @main(
// CHECK-SAME: memref<8x64xf32>
// CHECK-SAME: -> memref<8x32xf32>
// The weights are arguments: each is packed at run time, transposed by
// the pack (nn.Linear's [out, in] weight), as is each bias row. Each
// layer: its matmul (an mxu_matmul chain of one weight load here), then
// the bias add and ReLU as one element-wise loop nest.
// CHECK: call @systile_pack_f32(
// CHECK: call @systile_pack_f32(
// CHECK: call @systile_matmul_f32_f32(
// CHECK: call @systile_pack_f32(
// CHECK: scf.for
// CHECK: arith.addf
// CHECK: call @systile_pack_f32(
// CHECK: call @systile_matmul_f32_f32(
// CHECK: call @systile_pack_f32(
// CHECK: scf.for
// CHECK: arith.addf
// CHECK: call @systile_unpack_f32(
// CHECK: return
// NONE-NOT: tensor<
// NONE-NOT: !systile.tiled
// NONE-NOT: systile.on_buffers
// NONE-NOT: bufferization.to_tensor

// Each runtime function is declared with its C interface: a wrapper
// passes the descriptors by pointer to _mlir_ciface_systile_*.
// LLVM-DAG: llvm.func @_mlir_ciface_systile_pack_f32(!llvm.ptr, !llvm.ptr, !llvm.ptr)
// LLVM-DAG: llvm.func @_mlir_ciface_systile_matmul_f32_f32(
// LLVM-DAG: llvm.func @_mlir_ciface_systile_unpack_f32(
// LLVM: llvm.func @main(
// LLVM: llvm.call @systile_pack_f32(
// LLVM: llvm.call @systile_matmul_f32_f32(
// LLVM: llvm.call @systile_unpack_f32(
// LLVM-NOT: memref<
// LLVM-NOT: systile.
