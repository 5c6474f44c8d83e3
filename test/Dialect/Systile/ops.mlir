// RUN: systile-opt %s --verify-roundtrip | FileCheck %s
// RUN: systile-opt %s --mlir-print-op-generic | systile-opt | FileCheck %s

// Round trip of every systile op and of the tiled type with every element
// type, the default and a small geometry, and both pad kinds.

// CHECK-LABEL: func.func @types
// CHECK-SAME: !systile.tiled<3x5xf32>
// CHECK-SAME: !systile.tiled<3x5xbf16, #systile.geometry<2x4, mxu = 4>, pad = undef>
// CHECK-SAME: !systile.tiled<128x256xi8, pad = undef>
// CHECK-SAME: !systile.tiled<1x1xi32, #systile.geometry<8x16, mxu = 32>>
// CHECK-SAME: !systile.tiled<7x9xf32>
// CHECK-SAME: !systile.tiled<2x3x9xf64, #systile.geometry<2x4, mxu = 4>>
func.func @types(%a: !systile.tiled<3x5xf32>,
                 %b: !systile.tiled<3x5xbf16, #systile.geometry<2x4, mxu = 4>, pad = undef>,
                 %c: !systile.tiled<128x256xi8, pad = undef>,
                 %d: !systile.tiled<1x1xi32, #systile.geometry<8x16, mxu = 32>, pad = zero>,
                 // The default geometry spelled out prints in short form.
                 %e: !systile.tiled<7x9xf32, #systile.geometry<8x128, mxu = 128>>,
                 // f64: the element-wise ops and reductions around matmuls.
                 %f: !systile.tiled<2x3x9xf64, #systile.geometry<2x4, mxu = 4>>) {
  return
}

// Leading batch dimensions over the two tiled ones.
// CHECK-LABEL: func.func @batched_types
// CHECK-SAME: !systile.tiled<2x24x96xf32>
// CHECK-SAME: !systile.tiled<2x4x24x24xbf16, #systile.geometry<2x4, mxu = 4>, pad = undef>
// CHECK-SAME: !systile.tiled<1x1x1x1x1xi8>
func.func @batched_types(%a: !systile.tiled<2x24x96xf32>,
                         %b: !systile.tiled<2x4x24x24xbf16, #systile.geometry<2x4, mxu = 4>, pad = undef>,
                         %c: !systile.tiled<1x1x1x1x1xi8>) {
  return
}

// CHECK-LABEL: func.func @storage
func.func @storage(%t: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>,
                   %s: tensor<64xbf16>) -> (tensor<32xf32>, !systile.tiled<2x3x5xbf16, #systile.geometry<2x4, mxu = 4>, pad = undef>) {
  // CHECK: systile.to_storage %{{.*}} : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<32xf32>
  %0 = systile.to_storage %t : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<32xf32>
  // CHECK: systile.from_storage %{{.*}} : tensor<64xbf16> -> !systile.tiled<2x3x5xbf16, #systile.geometry<2x4, mxu = 4>, pad = undef>
  %1 = systile.from_storage %s : tensor<64xbf16> -> !systile.tiled<2x3x5xbf16, #systile.geometry<2x4, mxu = 4>, pad = undef>
  // CHECK: systile.from_storage %{{.*}} unique : tensor<64xbf16> -> !systile.tiled<2x3x5xbf16, #systile.geometry<2x4, mxu = 4>, pad = undef>
  %2 = systile.from_storage %s unique : tensor<64xbf16> -> !systile.tiled<2x3x5xbf16, #systile.geometry<2x4, mxu = 4>, pad = undef>
  return %0, %2 : tensor<32xf32>, !systile.tiled<2x3x5xbf16, #systile.geometry<2x4, mxu = 4>, pad = undef>
}

// CHECK-LABEL: func.func @pack_unpack
func.func @pack_unpack(%t: tensor<3x5xf32>, %h: tensor<3x5xbf16>,
                       %q: tensor<3x5xi8>, %i: tensor<3x5xi32>)
    -> (tensor<3x5xf32>, tensor<3x5xbf16>, tensor<3x5xi8>, tensor<3x5xi32>) {
  // CHECK: systile.pack %{{.*}} : tensor<3x5xf32> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
  %0 = systile.pack %t : tensor<3x5xf32> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
  // CHECK: systile.unpack %{{.*}} : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<3x5xf32>
  %1 = systile.unpack %0 : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<3x5xf32>
  // CHECK: systile.pack %{{.*}} : tensor<3x5xbf16> -> !systile.tiled<3x5xbf16, pad = undef>
  %2 = systile.pack %h : tensor<3x5xbf16> -> !systile.tiled<3x5xbf16, pad = undef>
  %3 = systile.unpack %2 : !systile.tiled<3x5xbf16, pad = undef> -> tensor<3x5xbf16>
  // CHECK: systile.pack %{{.*}} : tensor<3x5xi8> -> !systile.tiled<3x5xi8>
  %4 = systile.pack %q : tensor<3x5xi8> -> !systile.tiled<3x5xi8>
  %5 = systile.unpack %4 : !systile.tiled<3x5xi8> -> tensor<3x5xi8>
  // CHECK: systile.pack %{{.*}} : tensor<3x5xi32> -> !systile.tiled<3x5xi32>
  %6 = systile.pack %i : tensor<3x5xi32> -> !systile.tiled<3x5xi32>
  %7 = systile.unpack %6 : !systile.tiled<3x5xi32> -> tensor<3x5xi32>
  return %1, %3, %5, %7 : tensor<3x5xf32>, tensor<3x5xbf16>, tensor<3x5xi8>, tensor<3x5xi32>
}

// CHECK-LABEL: func.func @pack_transpose
func.func @pack_transpose(%w: tensor<7x5xf32>, %q: tensor<3x5xi8>)
    -> (!systile.tiled<5x7xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<5x3xi8, pad = undef>) {
  // CHECK: systile.pack %{{.*}} transpose : tensor<7x5xf32> -> !systile.tiled<5x7xf32, #systile.geometry<2x4, mxu = 4>>
  %0 = systile.pack %w transpose : tensor<7x5xf32> -> !systile.tiled<5x7xf32, #systile.geometry<2x4, mxu = 4>>
  // CHECK: systile.pack %{{.*}} transpose : tensor<3x5xi8> -> !systile.tiled<5x3xi8, pad = undef>
  %1 = systile.pack %q transpose : tensor<3x5xi8> -> !systile.tiled<5x3xi8, pad = undef>
  return %0, %1 : !systile.tiled<5x7xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<5x3xi8, pad = undef>
}

// CHECK-LABEL: func.func @constants
func.func @constants() {
  // 3x5 on 2x4 tiles: padded 4x8, storage in tile order.
  // CHECK: systile.constant dense<[1, 2, 3, 4, 6, 7, 8, 9, 5, 0, 0, 0, 10, 0, 0, 0, 11, 12, 13, 14, 0, 0, 0, 0, 15, 0, 0, 0, 0, 0, 0, 0]> : tensor<32xi32> -> !systile.tiled<3x5xi32, #systile.geometry<2x4, mxu = 4>>
  %0 = systile.constant dense<[1, 2, 3, 4, 6, 7, 8, 9, 5, 0, 0, 0, 10, 0, 0, 0,
                               11, 12, 13, 14, 0, 0, 0, 0, 15, 0, 0, 0, 0, 0, 0, 0]>
      : tensor<32xi32> -> !systile.tiled<3x5xi32, #systile.geometry<2x4, mxu = 4>>
  // pad = undef admits any padding.
  // CHECK: systile.constant dense<7.000000e+00> : tensor<8xbf16> -> !systile.tiled<1x1xbf16, #systile.geometry<2x4, mxu = 4>, pad = undef>
  %1 = systile.constant dense<7.0> : tensor<8xbf16>
      -> !systile.tiled<1x1xbf16, #systile.geometry<2x4, mxu = 4>, pad = undef>
  // CHECK: systile.constant dense<0> : tensor<1024xi8> -> !systile.tiled<2x3xi8>
  %2 = systile.constant dense<0> : tensor<1024xi8> -> !systile.tiled<2x3xi8>
  // CHECK: systile.constant dense<5.000000e-01> : tensor<8xf32> -> !systile.tiled<2x4xf32, #systile.geometry<2x4, mxu = 4>>
  %3 = systile.constant dense<0.5> : tensor<8xf32> -> !systile.tiled<2x4xf32, #systile.geometry<2x4, mxu = 4>>
  return
}

!A = !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>
!B = !systile.tiled<6x5xf32, #systile.geometry<2x4, mxu = 4>>
!Bh = !systile.tiled<6x5xbf16, #systile.geometry<2x4, mxu = 4>, pad = undef>
!C = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>

// CHECK-LABEL: func.func @matmuls
func.func @matmuls(%a: !A, %b: !B, %bh: !Bh, %c: !C,
                   %qa: !systile.tiled<3x6xi8>, %qb: !systile.tiled<6x5xi8>,
                   %qc: !systile.tiled<3x5xi32>) -> (!C, !C, !systile.tiled<3x5xi32>) {
  // CHECK: systile.matmul %{{.*}}, %{{.*}}, %{{.*}} : !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<6x5xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
  %0 = systile.matmul %a, %b, %c : !A, !B -> !C
  // CHECK: systile.matmul %{{.*}}, %{{.*}}, %{{.*}} precision = bf16 : {{.*}}, !systile.tiled<6x5xbf16, #systile.geometry<2x4, mxu = 4>, pad = undef> -> {{.*}}
  %1 = systile.matmul %a, %bh, %0 precision = bf16 : !A, !Bh -> !C
  // precision = f32 is the default and is not printed.
  // CHECK: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 0] : !systile.tiled<3x6xf32
  %2 = systile.mxu_matmul %a, %b, %c [0, 0] precision = f32 : !A, !B -> !C
  // CHECK: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 1] precision = bf16 :
  %3 = systile.mxu_matmul %a, %b, %2 [1, 1] precision = bf16 : !A, !B -> !C
  // CHECK: systile.matmul %{{.*}}, %{{.*}}, %{{.*}} precision = bf16_3x : !systile.tiled<3x6xf32
  %m3 = systile.matmul %a, %b, %3 precision = bf16_3x : !A, !B -> !C
  // CHECK: systile.matmul %{{.*}}, %{{.*}}, %{{.*}} precision = bf16_6x flush_subnormals : !systile.tiled<3x6xf32
  %m6 = systile.matmul %a, %b, %m3 precision = bf16_6x flush_subnormals : !A, !B -> !C
  // CHECK: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 0] precision = bf16 flush_subnormals :
  %mt = systile.mxu_matmul %a, %b, %m6 [1, 0] precision = bf16 flush_subnormals : !A, !B -> !C
  // CHECK: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 1] precision = bf16_6x :
  %m7 = systile.mxu_matmul %a, %b, %mt [0, 1] precision = bf16_6x : !A, !B -> !C
  // CHECK: systile.matmul %{{.*}}, %{{.*}}, %{{.*}} : !systile.tiled<3x6xi8>, !systile.tiled<6x5xi8> -> !systile.tiled<3x5xi32>
  %4 = systile.matmul %qa, %qb, %qc : !systile.tiled<3x6xi8>, !systile.tiled<6x5xi8> -> !systile.tiled<3x5xi32>
  return %1, %m7, %4 : !C, !C, !systile.tiled<3x5xi32>
}

!BA = !systile.tiled<2x3x3x6xf32, #systile.geometry<2x4, mxu = 4>>
!BB = !systile.tiled<2x3x6x5xf32, #systile.geometry<2x4, mxu = 4>>
!BBt = !systile.tiled<2x3x5x6xbf16, #systile.geometry<2x4, mxu = 4>>
!BC = !systile.tiled<2x3x3x5xf32, #systile.geometry<2x4, mxu = 4>>

// Batched forms: one weight matrix per batch matrix, one shared weight
// matrix, and a transposed rhs ([.., N, K]), for matmul and mxu_matmul.
// CHECK-LABEL: func.func @batched_matmuls
func.func @batched_matmuls(%a: !BA, %b: !BB, %bt: !BBt, %w: !B,
                           %wt: !systile.tiled<5x6xf32, #systile.geometry<2x4, mxu = 4>>,
                           %c: !BC) -> (!BC, !BC, !BC, !BC) {
  // CHECK: systile.matmul %{{.*}}, %{{.*}}, %{{.*}} : !systile.tiled<2x3x3x6xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<2x3x6x5xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<2x3x3x5xf32, #systile.geometry<2x4, mxu = 4>>
  %0 = systile.matmul %a, %b, %c : !BA, !BB -> !BC
  // CHECK: systile.matmul %{{.*}}, %{{.*}}, %{{.*}} : !systile.tiled<2x3x3x6xf32, {{.*}}>, !systile.tiled<6x5xf32, {{.*}}> -> !systile.tiled<2x3x3x5xf32
  %1 = systile.matmul %a, %w, %0 : !BA, !B -> !BC
  // CHECK: systile.matmul %{{.*}}, %{{.*}}, %{{.*}} rhs_transposed precision = bf16 : !systile.tiled<2x3x3x6xf32, {{.*}}>, !systile.tiled<2x3x5x6xbf16, {{.*}}> -> !systile.tiled<2x3x3x5xf32
  %2 = systile.matmul %a, %bt, %1 rhs_transposed precision = bf16 : !BA, !BBt -> !BC
  // CHECK: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 0] : !systile.tiled<2x3x3x6xf32, {{.*}}>, !systile.tiled<2x3x6x5xf32
  %3 = systile.mxu_matmul %a, %b, %c [1, 0] : !BA, !BB -> !BC
  // CHECK: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 1] : !systile.tiled<2x3x3x6xf32, {{.*}}>, !systile.tiled<6x5xf32
  %4 = systile.mxu_matmul %a, %w, %3 [0, 1] : !BA, !B -> !BC
  // The transposed rhs is 5x6 (N x K): K = 6 gives kb < 2, N = 5 nb < 2.
  // CHECK: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 1] rhs_transposed : !systile.tiled<2x3x3x6xf32, {{.*}}>, !systile.tiled<2x3x5x6xbf16
  %5 = systile.mxu_matmul %a, %bt, %4 [1, 1] rhs_transposed : !BA, !BBt -> !BC
  // A shared rhs may be transposed too (a rank-2 5x6 weight, N x K).
  // CHECK: systile.matmul %{{.*}}, %{{.*}}, %{{.*}} rhs_transposed : !systile.tiled<2x3x3x6xf32, {{.*}}>, !systile.tiled<5x6xf32
  %6 = systile.matmul %a, %wt, %5 rhs_transposed : !BA, !systile.tiled<5x6xf32, #systile.geometry<2x4, mxu = 4>> -> !BC
  return %2, %4, %5, %6 : !BC, !BC, !BC, !BC
}

// CHECK-LABEL: func.func @conversions
func.func @conversions(%x: !systile.tiled<3x5xf32, pad = undef>) {
  // CHECK: systile.truncf %{{.*}} : !systile.tiled<3x5xf32, pad = undef> -> !systile.tiled<3x5xbf16, pad = undef>
  %0 = systile.truncf %x : !systile.tiled<3x5xf32, pad = undef> -> !systile.tiled<3x5xbf16, pad = undef>
  // CHECK: systile.extf %{{.*}} : !systile.tiled<3x5xbf16, pad = undef> -> !systile.tiled<3x5xf32, pad = undef>
  %1 = systile.extf %0 : !systile.tiled<3x5xbf16, pad = undef> -> !systile.tiled<3x5xf32, pad = undef>
  // CHECK: systile.quantize %{{.*}} {scale = 5.000000e-01 : f32, zero_point = -3 : i32} : !systile.tiled<3x5xf32, pad = undef> -> !systile.tiled<3x5xi8, pad = undef>
  %2 = systile.quantize %1 {scale = 0.5 : f32, zero_point = -3 : i32}
      : !systile.tiled<3x5xf32, pad = undef> -> !systile.tiled<3x5xi8, pad = undef>
  // CHECK: systile.dequantize %{{.*}} {scale = 2.500000e-01 : f32, zero_point = 127 : i32} : !systile.tiled<3x5xi8, pad = undef> -> !systile.tiled<3x5xf32, pad = undef>
  %3 = systile.dequantize %2 {scale = 0.25 : f32, zero_point = 127 : i32}
      : !systile.tiled<3x5xi8, pad = undef> -> !systile.tiled<3x5xf32, pad = undef>
  return
}

// CHECK-LABEL: func.func @reductions_and_padding
func.func @reductions_and_padding(%x: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>, pad = undef>,
                                  %i: !systile.tiled<3x5xi32>) {
  // CHECK: systile.reduce <sum> %{{.*}} dim = 1 : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>, pad = undef> -> !systile.tiled<3x1xf32, #systile.geometry<2x4, mxu = 4>>
  %0 = systile.reduce <sum> %x dim = 1
      : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>, pad = undef>
      -> !systile.tiled<3x1xf32, #systile.geometry<2x4, mxu = 4>>
  // CHECK: systile.reduce <max> %{{.*}} dim = 0 : {{.*}} -> !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>>
  %1 = systile.reduce <max> %x dim = 0
      : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>, pad = undef>
      -> !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>>
  // CHECK: systile.reduce <min> %{{.*}} dim = 0 : !systile.tiled<3x5xi32> -> !systile.tiled<1x5xi32>
  %2 = systile.reduce <min> %i dim = 0 : !systile.tiled<3x5xi32> -> !systile.tiled<1x5xi32>
  // CHECK: systile.fill_padding %{{.*}}, 0.000000e+00 : f32 : {{.*}} -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
  %3 = systile.fill_padding %x, 0.0 : f32
      : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>, pad = undef>
      -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
  // CHECK: systile.fill_padding %{{.*}}, 0xFF800000 : f32 : {{.*}} -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>, pad = undef>
  %4 = systile.fill_padding %3, 0xFF800000 : f32
      : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
      -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>, pad = undef>
  // CHECK: systile.fill_padding %{{.*}}, 0 : i32 : !systile.tiled<3x5xi32> -> !systile.tiled<3x5xi32>
  %5 = systile.fill_padding %i, 0 : i32 : !systile.tiled<3x5xi32> -> !systile.tiled<3x5xi32>
  return
}

// The ops that apply per matrix take batch dimensions (2 x 3 matrices of
// 5x7 on 2x4 tiles: 6 x 48 storage slots).
// CHECK-LABEL: func.func @batched
func.func @batched(%d: tensor<2x3x5x7xf32>, %dt: tensor<2x3x7x5xf32>,
                   %q: !systile.tiled<2x3x5x7xi8, #systile.geometry<2x4, mxu = 4>>) {
  // CHECK: systile.pack %{{.*}} : tensor<2x3x5x7xf32> -> !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>>
  %t = systile.pack %d : tensor<2x3x5x7xf32>
      -> !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>>
  // CHECK: systile.pack %{{.*}} transpose : tensor<2x3x7x5xf32> -> !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>, pad = undef>
  %tt = systile.pack %dt transpose : tensor<2x3x7x5xf32>
      -> !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>, pad = undef>
  // CHECK: systile.unpack %{{.*}} : !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<2x3x5x7xf32>
  %u = systile.unpack %t : !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>>
      -> tensor<2x3x5x7xf32>
  // CHECK: systile.constant dense<[1, 2, 3, 0, 0, 0, 0, 0, 4, 5, 6, 0, 0, 0, 0, 0]> : tensor<16xi32> -> !systile.tiled<2x1x3xi32, #systile.geometry<2x4, mxu = 4>>
  %c = systile.constant dense<[1, 2, 3, 0, 0, 0, 0, 0, 4, 5, 6, 0, 0, 0, 0, 0]>
      : tensor<16xi32> -> !systile.tiled<2x1x3xi32, #systile.geometry<2x4, mxu = 4>>
  %zero = arith.constant 0.0 : f32
  // CHECK: systile.splat %{{.*}} : !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>>
  %s = systile.splat %zero : !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>>
  // CHECK: systile.fill_padding %{{.*}}, 1.000000e+00 : f32 : {{.*}} -> !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>, pad = undef>
  %f = systile.fill_padding %t, 1.0 : f32
      : !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>>
      -> !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>, pad = undef>
  // CHECK: systile.elementwise ins(%{{.*}}, %{{.*}} : !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<2x3x1x7xf32, #systile.geometry<2x4, mxu = 4>>) -> !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>>
  %row = systile.splat %zero : !systile.tiled<2x3x1x7xf32, #systile.geometry<2x4, mxu = 4>>
  %e = systile.elementwise ins(%t, %row : !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>>,
                                         !systile.tiled<2x3x1x7xf32, #systile.geometry<2x4, mxu = 4>>)
      -> !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>> {
  ^bb0(%a: f32, %b: f32):
    %r = arith.addf %a, %b : f32
    systile.yield %r : f32
  }
  // Inputs broadcast along unit or absent batch dimensions: a 1x7 row
  // shared by every matrix, a 5x7 matrix shared by the batch.
  // CHECK: systile.elementwise ins(%{{.*}}, %{{.*}}, %{{.*}} : !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<1x7xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<1x5x7xf32, #systile.geometry<2x4, mxu = 4>>) -> !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>>
  %bias = systile.splat %zero : !systile.tiled<1x7xf32, #systile.geometry<2x4, mxu = 4>>
  %mask = systile.splat %zero : !systile.tiled<1x5x7xf32, #systile.geometry<2x4, mxu = 4>>
  %eb = systile.elementwise ins(%t, %bias, %mask : !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>>,
                                                  !systile.tiled<1x7xf32, #systile.geometry<2x4, mxu = 4>>,
                                                  !systile.tiled<1x5x7xf32, #systile.geometry<2x4, mxu = 4>>)
      -> !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>> {
  ^bb0(%a: f32, %b: f32, %m: f32):
    %r = arith.addf %a, %b : f32
    %r2 = arith.addf %r, %m : f32
    systile.yield %r2 : f32
  }
  // CHECK: systile.reduce <sum> %{{.*}} dim = 3 : {{.*}} -> !systile.tiled<2x3x5x1xf32, #systile.geometry<2x4, mxu = 4>>
  %rs = systile.reduce <sum> %t dim = 3 : !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>>
      -> !systile.tiled<2x3x5x1xf32, #systile.geometry<2x4, mxu = 4>>
  // CHECK: systile.reduce <max> %{{.*}} dim = 1 : {{.*}} -> !systile.tiled<2x1x5x7xf32, #systile.geometry<2x4, mxu = 4>>
  %rb = systile.reduce <max> %t dim = 1 : !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>>
      -> !systile.tiled<2x1x5x7xf32, #systile.geometry<2x4, mxu = 4>>
  // CHECK: systile.broadcast %{{.*}} dim = 1 : {{.*}} -> !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>>
  %bb = systile.broadcast %rb dim = 1 : !systile.tiled<2x1x5x7xf32, #systile.geometry<2x4, mxu = 4>>
      -> !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>>
  // CHECK: systile.broadcast %{{.*}} dim = 3 : {{.*}} -> !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>>
  %bc = systile.broadcast %rs dim = 3 : !systile.tiled<2x3x5x1xf32, #systile.geometry<2x4, mxu = 4>>
      -> !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>>
  // CHECK: systile.truncf %{{.*}} -> !systile.tiled<2x3x5x7xbf16, #systile.geometry<2x4, mxu = 4>>
  %h = systile.truncf %t : !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>>
      -> !systile.tiled<2x3x5x7xbf16, #systile.geometry<2x4, mxu = 4>>
  // CHECK: systile.extf %{{.*}} -> !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>>
  %x = systile.extf %h : !systile.tiled<2x3x5x7xbf16, #systile.geometry<2x4, mxu = 4>>
      -> !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>>
  // CHECK: systile.quantize %{{.*}} {scale = 5.000000e-01 : f32, zero_point = -3 : i32} : {{.*}} -> !systile.tiled<2x3x5x7xi8, #systile.geometry<2x4, mxu = 4>>
  %qq = systile.quantize %t {scale = 0.5 : f32, zero_point = -3 : i32}
      : !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>>
      -> !systile.tiled<2x3x5x7xi8, #systile.geometry<2x4, mxu = 4>>
  // CHECK: systile.dequantize %{{.*}} {scale = 2.500000e-01 : f32, zero_point = 1 : i32} : {{.*}} -> !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>>
  %dq = systile.dequantize %q {scale = 0.25 : f32, zero_point = 1 : i32}
      : !systile.tiled<2x3x5x7xi8, #systile.geometry<2x4, mxu = 4>>
      -> !systile.tiled<2x3x5x7xf32, #systile.geometry<2x4, mxu = 4>>
  return
}

// CHECK-LABEL: func.func @relayouts
func.func @relayouts(%x: !systile.tiled<2x4x24x96xf32>,
                     %r: !systile.tiled<12x5xbf16, #systile.geometry<2x4, mxu = 4>, pad = undef>,
                     %s: !systile.tiled<2x24x96xi8>) {
  // CHECK: systile.reshape_batch %{{.*}} : !systile.tiled<2x4x24x96xf32> -> !systile.tiled<8x24x96xf32>
  %0 = systile.reshape_batch %x : !systile.tiled<2x4x24x96xf32> -> !systile.tiled<8x24x96xf32>
  // CHECK: systile.merge_rows %{{.*}} : !systile.tiled<2x4x24x96xf32> -> !systile.tiled<2x96x96xf32>
  %1 = systile.merge_rows %x : !systile.tiled<2x4x24x96xf32> -> !systile.tiled<2x96x96xf32>
  // CHECK: systile.split_rows %{{.*}} -> !systile.tiled<4x3x5xbf16, #systile.geometry<2x4, mxu = 4>, pad = undef>
  %2 = systile.split_rows %r : !systile.tiled<12x5xbf16, #systile.geometry<2x4, mxu = 4>, pad = undef>
      -> !systile.tiled<4x3x5xbf16, #systile.geometry<2x4, mxu = 4>, pad = undef>
  // CHECK: systile.split_heads %{{.*}} : !systile.tiled<2x24x96xi8> -> !systile.tiled<2x4x24x24xi8>
  %3 = systile.split_heads %s : !systile.tiled<2x24x96xi8> -> !systile.tiled<2x4x24x24xi8>
  // CHECK: systile.merge_heads %{{.*}} : !systile.tiled<2x4x24x24xi8> -> !systile.tiled<2x24x96xi8>
  %4 = systile.merge_heads %3 : !systile.tiled<2x4x24x24xi8> -> !systile.tiled<2x24x96xi8>
  // CHECK: systile.transpose %{{.*}} : !systile.tiled<2x4x24x96xf32> -> !systile.tiled<2x4x96x24xf32>
  %5 = systile.transpose %x : !systile.tiled<2x4x24x96xf32> -> !systile.tiled<2x4x96x24xf32>
  // CHECK: systile.slice %{{.*}} offsets [0, 1, 8, 32] : !systile.tiled<2x4x24x96xf32> -> !systile.tiled<2x3x16x64xf32>
  %6 = systile.slice %x offsets [0, 1, 8, 32] : !systile.tiled<2x4x24x96xf32> -> !systile.tiled<2x3x16x64xf32>
  // CHECK: systile.slice %{{.*}} offsets [1, 2] : !systile.tiled<12x5xbf16, #systile.geometry<2x4, mxu = 4>, pad = undef> -> !systile.tiled<3x3xbf16, #systile.geometry<2x4, mxu = 4>, pad = undef>
  %7 = systile.slice %r offsets [1, 2] : !systile.tiled<12x5xbf16, #systile.geometry<2x4, mxu = 4>, pad = undef>
      -> !systile.tiled<3x3xbf16, #systile.geometry<2x4, mxu = 4>, pad = undef>
  return
}

// CHECK-LABEL: func.func @reshape
func.func @reshape(%x: !systile.tiled<162x5xf32>) -> (!systile.tiled<2x405xf32>, !systile.tiled<2x81x5xf32>) {
  // CHECK: systile.reshape %{{.*}} : !systile.tiled<162x5xf32> -> !systile.tiled<2x405xf32>
  %0 = systile.reshape %x : !systile.tiled<162x5xf32> -> !systile.tiled<2x405xf32>
  // CHECK: systile.reshape %{{.*}} : !systile.tiled<162x5xf32> -> !systile.tiled<2x81x5xf32>
  %1 = systile.reshape %x : !systile.tiled<162x5xf32> -> !systile.tiled<2x81x5xf32>
  return %0, %1 : !systile.tiled<2x405xf32>, !systile.tiled<2x81x5xf32>
}

// The convolution windows: im2col (a 3x3 SAME window of one 5x5 image of 3
// channels) and one tap of a strided, dilated window with a pad value.
// CHECK-LABEL: func.func @conv_windows
// CHECK: systile.im2col %{{.*}} image [1, 5, 5] kernel [3, 3] strides [1, 1] dilations [1, 1] padding [1, 1, 1, 1] : !systile.tiled<25x3xf32> -> !systile.tiled<25x27xf32>
// CHECK: systile.window %{{.*}} tap [1, 0] image [2, 6, 7] kernel [2, 3] strides [2, 1] dilations [1, 2] padding [0, 1, 1, 0] {pad_value = 0xFF800000 : f32} : !systile.tiled<84x4xf32> -> !systile.tiled<24x4xf32>
// CHECK: systile.window %{{.*}} tap [0, 0] image [1, 4, 4] kernel [1, 1] {{.*}} : !systile.tiled<16x8xi8, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<16x8xi8, #systile.geometry<2x4, mxu = 4>>
func.func @conv_windows(%x: !systile.tiled<25x3xf32>, %y: !systile.tiled<84x4xf32>,
                        %z: !systile.tiled<16x8xi8, #systile.geometry<2x4, mxu = 4>>) {
  %0 = systile.im2col %x image [1, 5, 5] kernel [3, 3] strides [1, 1] dilations [1, 1] padding [1, 1, 1, 1]
      : !systile.tiled<25x3xf32> -> !systile.tiled<25x27xf32>
  %1 = systile.window %y tap [1, 0] image [2, 6, 7] kernel [2, 3] strides [2, 1] dilations [1, 2] padding [0, 1, 1, 0]
      {pad_value = 0xFF800000 : f32} : !systile.tiled<84x4xf32> -> !systile.tiled<24x4xf32>
  %2 = systile.window %z tap [0, 0] image [1, 4, 4] kernel [1, 1] strides [1, 1] dilations [1, 1] padding [0, 0, 0, 0]
      : !systile.tiled<16x8xi8, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<16x8xi8, #systile.geometry<2x4, mxu = 4>>
  return
}

// Batched windows: every matrix one image (the groups of a grouped
// convolution).
// CHECK-LABEL: func.func @grouped_windows
// CHECK: systile.im2col %{{.*}} : !systile.tiled<4x25x2xf32> -> !systile.tiled<4x25x18xf32>
// CHECK: systile.window %{{.*}} tap [2, 2] {{.*}} : !systile.tiled<4x25x2xf32> -> !systile.tiled<4x25x2xf32>
func.func @grouped_windows(%x: !systile.tiled<4x25x2xf32>) {
  %0 = systile.im2col %x image [1, 5, 5] kernel [3, 3] strides [1, 1] dilations [1, 1] padding [1, 1, 1, 1]
      : !systile.tiled<4x25x2xf32> -> !systile.tiled<4x25x18xf32>
  %1 = systile.window %x tap [2, 2] image [1, 5, 5] kernel [3, 3] strides [1, 1] dilations [1, 1] padding [1, 1, 1, 1]
      : !systile.tiled<4x25x2xf32> -> !systile.tiled<4x25x2xf32>
  return
}
