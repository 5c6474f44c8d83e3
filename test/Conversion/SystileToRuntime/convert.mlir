// convert-systile-to-runtime after One-Shot Bufferize: runtime ops become
// calls of the C interface (libsystile_runner_utils) with an info array and
// one-dimensional buffers; element-wise regions become loops over the
// logical slots; scalar f32 -> bf16 truncations become integer rounding.
//
// RUN: systile-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --convert-systile-to-runtime | FileCheck %s
// RUN: systile-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --convert-systile-to-runtime | FileCheck %s --check-prefix=NONE
// RUN: systile-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --convert-systile-to-runtime | FileCheck %s --check-prefix=WIN
// NONE-NOT: systile.
// NONE-NOT: tensor<
// NONE-NOT: !systile

!t = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
!w = !systile.tiled<5x5xf32, #systile.geometry<2x4, mxu = 4>>
!b = !systile.tiled<3x5xbf16, #systile.geometry<2x4, mxu = 4>>

// The declarations take the info array and memref<?xT> buffers, with the
// C interface (_mlir_ciface_systile_*).
// CHECK-DAG: func.func private @systile_pack_f32(memref<?xi64>, memref<?xf32>, memref<?xf32>) attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @systile_matmul_f32_f32(memref<?xi64>, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>) attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @systile_truncf(memref<?xi64>, memref<?xf32>, memref<?xbf16>) attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @systile_unpack_bf16(memref<?xi64>, memref<?xbf16>, memref<?xbf16>) attributes {llvm.emit_c_interface}
// The pack's info: the tiled type (rank 2, 3 x 5, 2 x 4 tiles, mxu 4, pad
// zero), then transpose = 0.
// CHECK-DAG: memref.global "private" constant @[[PACKINFO:__systile_info[_0-9]*]] : memref<8xi64> = dense<[2, 3, 5, 2, 4, 4, 0, 0]>
// The matmul's: precision bf16 (1), flag 4 (its accumulator is a splat of
// +0: not read), the whole matmul (-1, -1), then the types of lhs, rhs and
// acc.
// CHECK-DAG: memref.global "private" constant @{{__systile_info[_0-9]*}} : memref<25xi64> = dense<[1, 4, -1, -1, 2, 3, 5, 2, 4, 4, 0, 2, 5, 5, 2, 4, 4, 0, 2, 3, 5, 2, 4, 4, 0]>

// CHECK-LABEL: func.func @main(
// CHECK-SAME: %[[X:.*]]: memref<3x5xf32>, %[[Y:.*]]: memref<5x5xf32>) -> memref<3x5xbf16>
// CHECK: %[[S:.*]] = memref.alloc() {alignment = 64 : i64} : memref<32xf32>
// CHECK: %[[I:.*]] = memref.get_global @[[PACKINFO]] : memref<8xi64>
// CHECK: %[[IC:.*]] = memref.cast %[[I]] : memref<8xi64> to memref<?xi64>
// CHECK: %[[XF:.*]] = memref.collapse_shape %[[X]] {{\[\[}}0, 1]] : memref<3x5xf32> into memref<15xf32>
// CHECK: %[[XC:.*]] = memref.cast %[[XF]] : memref<15xf32> to memref<?xf32>
// CHECK: %[[SC:.*]] = memref.cast %[[S]] : memref<32xf32> to memref<?xf32>
// CHECK: call @systile_pack_f32(%[[IC]], %[[XC]], %[[SC]])
// CHECK: call @systile_matmul_f32_f32(
// The element-wise region: zero padding, then loops over matrices, rows
// and columns reading and writing storage offsets.
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : memref<32xf32>)
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: memref.load %{{.*}}[%{{.*}}] : memref<32xf32>
// CHECK: math.exp
// CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<32xf32>
// CHECK: call @systile_truncf(
// CHECK: call @systile_unpack_bf16(
func.func @main(%x: tensor<3x5xf32>, %y: tensor<5x5xf32>) -> tensor<3x5xbf16> {
  %a = systile.pack %x : tensor<3x5xf32> -> !t
  %b = systile.pack %y : tensor<5x5xf32> -> !w
  %zero = arith.constant 0.0 : f32
  %z = systile.splat %zero : !t
  %d = systile.matmul %a, %b, %z precision = bf16 : !t, !w -> !t
  %e = systile.elementwise ins(%d : !t) -> !t {
  ^bb0(%p: f32):
    %r = math.exp %p : f32
    systile.yield %r : f32
  }
  %h = systile.truncf %e : !t -> !b
  %u = systile.unpack %h : !b -> tensor<3x5xbf16>
  return %u : tensor<3x5xbf16>
}

// A scalar f32 -> bf16 truncation: RFC 6's integer rounding (NaN kept
// quiet with its sign; + 0x7fff + lsb, shifted), not the target's
// instruction.
// CHECK-LABEL: func.func @scalar_trunc(
// CHECK-NOT: arith.truncf
// CHECK: %[[U:.*]] = arith.bitcast %{{.*}} : f32 to i32
// CHECK: arith.shrui %[[U]], %{{.*}} : i32
// CHECK: arith.cmpf uno
// CHECK: arith.select
// CHECK: arith.trunci %{{.*}} : i32 to i16
// CHECK: arith.bitcast %{{.*}} : i16 to bf16
func.func @scalar_trunc(%v: f32) -> bf16 {
  %t = arith.truncf %v : f32 to bf16
  return %t : bf16
}

// Convolution windows are relayouts (kinds 8, im2col, and 9, window): after
// the two tiled types, the window (N, H, W, KH, KW, strides, dilations,
// padding), the pad value's bits (0xff800000 = -inf for a max pooling's
// window) and the window's tap.
// WIN-DAG: memref.global "private" constant @{{__systile_info[_0-9]*}} : memref<30xi64> = dense<[8, 0, 2, 25, 3, 8, 128, 128, 0, 2, 25, 27, 8, 128, 128, 0, 1, 5, 5, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1, 0]>
// WIN-DAG: memref.global "private" constant @{{__systile_info[_0-9]*}} : memref<32xi64> = dense<[9, 0, 2, 25, 3, 8, 128, 128, 0, 2, 9, 3, 8, 128, 128, 0, 1, 5, 5, 3, 3, 2, 2, 1, 1, 1, 1, 1, 1, 4286578688, 0, 2]>
// WIN-LABEL: func.func @windows(
// WIN: call @systile_relayout_f32(
// WIN: call @systile_relayout_f32(
func.func @windows(%x: tensor<25x3xf32>) -> (tensor<25x27xf32>, tensor<9x3xf32>) {
  %a = systile.pack %x : tensor<25x3xf32> -> !systile.tiled<25x3xf32>
  %b = systile.im2col %a image [1, 5, 5] kernel [3, 3] strides [1, 1]
      dilations [1, 1] padding [1, 1, 1, 1]
      : !systile.tiled<25x3xf32> -> !systile.tiled<25x27xf32>
  %c = systile.window %a tap [0, 2] image [1, 5, 5] kernel [3, 3]
      strides [2, 2] dilations [1, 1] padding [1, 1, 1, 1]
      {pad_value = 0xFF800000 : f32}
      : !systile.tiled<25x3xf32> -> !systile.tiled<9x3xf32>
  %u = systile.unpack %b : !systile.tiled<25x27xf32> -> tensor<25x27xf32>
  %v = systile.unpack %c : !systile.tiled<9x3xf32> -> tensor<9x3xf32>
  return %u, %v : tensor<25x27xf32>, tensor<9x3xf32>
}
