// RUN: systile-opt %s -split-input-file -verify-diagnostics --convert-linalg-to-systile | FileCheck %s --check-prefix=DEFAULT
// RUN: systile-opt %s -split-input-file -verify-diagnostics --convert-linalg-to-systile="sublanes=2 lanes=4 mxu=4 precision=bf16" | FileCheck %s --check-prefix=SMALL
// RUN: systile-opt %s -split-input-file -verify-diagnostics --convert-linalg-to-systile="precision=bf16_6x flush-subnormals=true" | FileCheck %s --check-prefix=HIGHEST
// RUN: systile-opt %s -split-input-file -verify-diagnostics --systile-pipeline="precision=bf16_3x" | FileCheck %s --check-prefix=HIGH

// DEFAULT-LABEL: func.func @f32
// DEFAULT-SAME: (%[[A:.*]]: tensor<3x5xf32>, %[[B:.*]]: tensor<5x7xf32>, %[[C:.*]]: tensor<3x7xf32>)
// DEFAULT: %[[TA:.*]] = systile.pack %[[A]] : tensor<3x5xf32> -> !systile.tiled<3x5xf32>
// DEFAULT: %[[TB:.*]] = systile.pack %[[B]] : tensor<5x7xf32> -> !systile.tiled<5x7xf32>
// DEFAULT: %[[TC:.*]] = systile.pack %[[C]] : tensor<3x7xf32> -> !systile.tiled<3x7xf32>
// DEFAULT: %[[TD:.*]] = systile.matmul %[[TA]], %[[TB]], %[[TC]] : !systile.tiled<3x5xf32>, !systile.tiled<5x7xf32> -> !systile.tiled<3x7xf32>
// DEFAULT: %[[D:.*]] = systile.unpack %[[TD]] : !systile.tiled<3x7xf32> -> tensor<3x7xf32>
// DEFAULT: return %[[D]]
// DEFAULT-NOT: linalg.matmul
// SMALL-LABEL: func.func @f32
// SMALL: systile.pack %{{.*}} : tensor<3x5xf32> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
// SMALL: systile.matmul %{{.*}}, %{{.*}}, %{{.*}} precision = bf16 : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<5x7xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<3x7xf32, #systile.geometry<2x4, mxu = 4>>
// HIGHEST-LABEL: func.func @f32
// HIGHEST: systile.matmul %{{.*}}, %{{.*}}, %{{.*}} precision = bf16_6x flush_subnormals : !systile.tiled<3x5xf32>
// HIGH-LABEL: func.func @f32
// HIGH: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 0] precision = bf16_3x : !systile.tiled<3x5xf32>
func.func @f32(%a: tensor<3x5xf32>, %b: tensor<5x7xf32>, %c: tensor<3x7xf32>) -> tensor<3x7xf32> {
  %d = linalg.matmul ins(%a, %b : tensor<3x5xf32>, tensor<5x7xf32>) outs(%c : tensor<3x7xf32>) -> tensor<3x7xf32>
  return %d : tensor<3x7xf32>
}

// -----

// DEFAULT-LABEL: func.func @bf16_inputs
// DEFAULT: systile.matmul %{{.*}}, %{{.*}}, %{{.*}} : !systile.tiled<4x8xbf16>, !systile.tiled<8x2xf32> -> !systile.tiled<4x2xf32>
// SMALL-LABEL: func.func @bf16_inputs
// SMALL: precision = bf16 : !systile.tiled<4x8xbf16, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<8x2xf32, #systile.geometry<2x4, mxu = 4>>
func.func @bf16_inputs(%a: tensor<4x8xbf16>, %b: tensor<8x2xf32>, %c: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %d = linalg.matmul ins(%a, %b : tensor<4x8xbf16>, tensor<8x2xf32>) outs(%c : tensor<4x2xf32>) -> tensor<4x2xf32>
  return %d : tensor<4x2xf32>
}

// -----

// Integer matmuls ignore the precision option.
// DEFAULT-LABEL: func.func @i8
// DEFAULT: systile.matmul %{{.*}}, %{{.*}}, %{{.*}} : !systile.tiled<2x3xi8>, !systile.tiled<3x4xi8> -> !systile.tiled<2x4xi32>
// SMALL-LABEL: func.func @i8
// SMALL: systile.matmul %{{.*}}, %{{.*}}, %{{.*}} : !systile.tiled<2x3xi8, #systile.geometry<2x4, mxu = 4>>
// SMALL-NOT: precision
// SMALL: return
// HIGHEST-LABEL: func.func @i8
// HIGHEST: systile.matmul %{{.*}}, %{{.*}}, %{{.*}} : !systile.tiled<2x3xi8>
// HIGHEST-NOT: precision
// HIGHEST-NOT: flush_subnormals
// HIGHEST: return
func.func @i8(%a: tensor<2x3xi8>, %b: tensor<3x4xi8>, %c: tensor<2x4xi32>) -> tensor<2x4xi32> {
  %d = linalg.matmul ins(%a, %b : tensor<2x3xi8>, tensor<3x4xi8>) outs(%c : tensor<2x4xi32>) -> tensor<2x4xi32>
  return %d : tensor<2x4xi32>
}

// -----

// DEFAULT-LABEL: func.func @dynamic
// DEFAULT: linalg.matmul
// DEFAULT-NOT: systile
func.func @dynamic(%a: tensor<3x?xf32>, %b: tensor<?x?xf32>, %c: tensor<3x7xf32>) -> tensor<3x7xf32> {
  // expected-remark @below {{linalg.matmul not lowered to systile: an operand has dynamic dimensions (tensor<3x?xf32>); !systile.tiled needs static shapes}}
  %d = linalg.matmul ins(%a, %b : tensor<3x?xf32>, tensor<?x?xf32>) outs(%c : tensor<3x7xf32>) -> tensor<3x7xf32>
  return %d : tensor<3x7xf32>
}

// -----

// DEFAULT-LABEL: func.func @unsigned
// DEFAULT: linalg.matmul
func.func @unsigned(%a: tensor<2x3xi8>, %b: tensor<3x4xi8>, %c: tensor<2x4xi32>) -> tensor<2x4xi32> {
  // expected-remark @below {{linalg.matmul not lowered to systile: it zero-extends its i8 operands (arith.extui, e.g. cast_unsigned); systile's i8 matmul sign-extends}}
  %d = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<2x3xi8>, tensor<3x4xi8>) outs(%c : tensor<2x4xi32>) -> tensor<2x4xi32>
  return %d : tensor<2x4xi32>
}

// -----

// DEFAULT-LABEL: func.func @memref
// DEFAULT: linalg.matmul
func.func @memref(%a: memref<3x5xf32>, %b: memref<5x7xf32>, %c: memref<3x7xf32>) {
  // expected-remark @below {{linalg.matmul not lowered to systile: it has memref operands; only tensors are lowered (bufferize after this pass)}}
  linalg.matmul ins(%a, %b : memref<3x5xf32>, memref<5x7xf32>) outs(%c : memref<3x7xf32>)
  return
}

// -----

// DEFAULT-LABEL: func.func @f16
// DEFAULT: linalg.matmul
func.func @f16(%a: tensor<3x5xf16>, %b: tensor<5x7xf16>, %c: tensor<3x7xf32>) -> tensor<3x7xf32> {
  // expected-remark @below {{linalg.matmul not lowered to systile: its element types f16 x f16 -> f32 are not (f32|bf16) x (f32|bf16) -> f32 or i8 x i8 -> i32}}
  %d = linalg.matmul ins(%a, %b : tensor<3x5xf16>, tensor<5x7xf16>) outs(%c : tensor<3x7xf32>) -> tensor<3x7xf32>
  return %d : tensor<3x7xf32>
}

// -----

// DEFAULT-LABEL: func.func @i8_to_f32
// DEFAULT: linalg.matmul
func.func @i8_to_f32(%a: tensor<3x5xi8>, %b: tensor<5x7xi8>, %c: tensor<3x7xf32>) -> tensor<3x7xf32> {
  // expected-remark @below {{its element types i8 x i8 -> f32 are not}}
  %d = linalg.matmul ins(%a, %b : tensor<3x5xi8>, tensor<5x7xi8>) outs(%c : tensor<3x7xf32>) -> tensor<3x7xf32>
  return %d : tensor<3x7xf32>
}

// -----

// DEFAULT-LABEL: func.func @empty
// DEFAULT: linalg.matmul
func.func @empty(%a: tensor<0x5xf32>, %b: tensor<5x7xf32>, %c: tensor<0x7xf32>) -> tensor<0x7xf32> {
  // expected-remark @below {{linalg.matmul not lowered to systile: an operand has a zero-sized dimension (tensor<0x5xf32>)}}
  %d = linalg.matmul ins(%a, %b : tensor<0x5xf32>, tensor<5x7xf32>) outs(%c : tensor<0x7xf32>) -> tensor<0x7xf32>
  return %d : tensor<0x7xf32>
}

// -----

// DEFAULT-LABEL: func.func @too_big
// DEFAULT: linalg.matmul
func.func @too_big(%a: tensor<4611686018427387904x1xf32>, %b: tensor<1x1xf32>, %c: tensor<4611686018427387904x1xf32>) -> tensor<4611686018427387904x1xf32> {
  // expected-remark @below {{linalg.matmul not lowered to systile: !systile.tiled<4611686018427387904x1> padded to}}
  %d = linalg.matmul ins(%a, %b : tensor<4611686018427387904x1xf32>, tensor<1x1xf32>) outs(%c : tensor<4611686018427387904x1xf32>) -> tensor<4611686018427387904x1xf32>
  return %d : tensor<4611686018427387904x1xf32>
}

// -----

#enc = #linalg.type_fn<cast_signed>
// DEFAULT-LABEL: func.func @encoding
// DEFAULT: linalg.matmul
func.func @encoding(%a: tensor<3x5xf32, #enc>, %b: tensor<5x7xf32>, %c: tensor<3x7xf32>) -> tensor<3x7xf32> {
  // expected-remark @below {{linalg.matmul not lowered to systile: an operand has a tensor encoding (tensor<3x5xf32, #linalg.type_fn<cast_signed>>); only plain dense tensors are lowered}}
  %d = linalg.matmul ins(%a, %b : tensor<3x5xf32, #enc>, tensor<5x7xf32>) outs(%c : tensor<3x7xf32>) -> tensor<3x7xf32>
  return %d : tensor<3x7xf32>
}
