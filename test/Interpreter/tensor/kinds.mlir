// Every element kind through concat, a strided rank-keeping extract_slice,
// pad and extract. Each kind's [[a0, a1, a2], [a3, a4, a5]] is concatenated
// with itself (rows r0 r1 r0 r1), sliced to rows 1, 3 and columns 1, 2
// ([[a4, a5], [a4, a5]]), padded with p above; (0, 0), (1, 0), (2, 1) are
// [p, a4, a5], converted to i32 / f32 for printing (i1 zero-extends;
// 5000000000 truncated to i32 is 705032704; f64 0.1 and 1e300 round to
// f32 0.1 and inf; f16 0.099975586 is exact).
//
// RUN: systile-run %s --entry i1 | FileCheck %s --check-prefix=I1
// RUN: systile-run %s --entry i16 | FileCheck %s --check-prefix=I16
// RUN: systile-run %s --entry i64 | FileCheck %s --check-prefix=I64
// RUN: systile-run %s --entry index | FileCheck %s --check-prefix=INDEX
// RUN: systile-run %s --entry f16 | FileCheck %s --check-prefix=F16
// RUN: systile-run %s --entry f64 | FileCheck %s --check-prefix=F64

// I1: result #0: tensor<3xi32> = [1, 1, 0]
func.func @i1() -> tensor<3xi32> {
  %a = arith.constant dense<[[true, false, true], [false, true, false]]> : tensor<2x3xi1>
  %cat = tensor.concat dim(0) %a, %a : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<4x3xi1>
  %s = tensor.extract_slice %cat[1, 1] [2, 2] [2, 1] : tensor<4x3xi1> to tensor<2x2xi1>
  %p = arith.constant true
  %padded = tensor.pad %s low[1, 0] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %p : i1
  } : tensor<2x2xi1> to tensor<3x2xi1>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %e0 = tensor.extract %padded[%c0, %c0] : tensor<3x2xi1>
  %e1 = tensor.extract %padded[%c1, %c0] : tensor<3x2xi1>
  %e2 = tensor.extract %padded[%c2, %c1] : tensor<3x2xi1>
  %v0 = arith.extui %e0 : i1 to i32
  %v1 = arith.extui %e1 : i1 to i32
  %v2 = arith.extui %e2 : i1 to i32
  %r = tensor.from_elements %v0, %v1, %v2 : tensor<3xi32>
  return %r : tensor<3xi32>
}

// I16: result #0: tensor<3xi32> = [-7, 30000, -30000]
func.func @i16() -> tensor<3xi32> {
  %a = arith.constant dense<[[1, -2, 3], [-4, 30000, -30000]]> : tensor<2x3xi16>
  %cat = tensor.concat dim(0) %a, %a : (tensor<2x3xi16>, tensor<2x3xi16>) -> tensor<4x3xi16>
  %s = tensor.extract_slice %cat[1, 1] [2, 2] [2, 1] : tensor<4x3xi16> to tensor<2x2xi16>
  %p = arith.constant -7 : i16
  %padded = tensor.pad %s low[1, 0] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %p : i16
  } : tensor<2x2xi16> to tensor<3x2xi16>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %e0 = tensor.extract %padded[%c0, %c0] : tensor<3x2xi16>
  %e1 = tensor.extract %padded[%c1, %c0] : tensor<3x2xi16>
  %e2 = tensor.extract %padded[%c2, %c1] : tensor<3x2xi16>
  %v0 = arith.extsi %e0 : i16 to i32
  %v1 = arith.extsi %e1 : i16 to i32
  %v2 = arith.extsi %e2 : i16 to i32
  %r = tensor.from_elements %v0, %v1, %v2 : tensor<3xi32>
  return %r : tensor<3xi32>
}

// I64: result #0: tensor<3xi32> = [9, 705032704, -6]
func.func @i64() -> tensor<3xi32> {
  %a = arith.constant dense<[[1, -2, 3], [-4, 5000000000, -6]]> : tensor<2x3xi64>
  %cat = tensor.concat dim(0) %a, %a : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<4x3xi64>
  %s = tensor.extract_slice %cat[1, 1] [2, 2] [2, 1] : tensor<4x3xi64> to tensor<2x2xi64>
  %p = arith.constant 9 : i64
  %padded = tensor.pad %s low[1, 0] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %p : i64
  } : tensor<2x2xi64> to tensor<3x2xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %e0 = tensor.extract %padded[%c0, %c0] : tensor<3x2xi64>
  %e1 = tensor.extract %padded[%c1, %c0] : tensor<3x2xi64>
  %e2 = tensor.extract %padded[%c2, %c1] : tensor<3x2xi64>
  %v0 = arith.trunci %e0 : i64 to i32
  %v1 = arith.trunci %e1 : i64 to i32
  %v2 = arith.trunci %e2 : i64 to i32
  %r = tensor.from_elements %v0, %v1, %v2 : tensor<3xi32>
  return %r : tensor<3xi32>
}

// INDEX: result #0: tensor<3xi32> = [8, 77, -6]
func.func @index() -> tensor<3xi32> {
  %a = arith.constant dense<[[1, -2, 3], [-4, 77, -6]]> : tensor<2x3xindex>
  %cat = tensor.concat dim(0) %a, %a : (tensor<2x3xindex>, tensor<2x3xindex>) -> tensor<4x3xindex>
  %s = tensor.extract_slice %cat[1, 1] [2, 2] [2, 1] : tensor<4x3xindex> to tensor<2x2xindex>
  %p = arith.constant 8 : index
  %padded = tensor.pad %s low[1, 0] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %p : index
  } : tensor<2x2xindex> to tensor<3x2xindex>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %e0 = tensor.extract %padded[%c0, %c0] : tensor<3x2xindex>
  %e1 = tensor.extract %padded[%c1, %c0] : tensor<3x2xindex>
  %e2 = tensor.extract %padded[%c2, %c1] : tensor<3x2xindex>
  %v0 = arith.index_cast %e0 : index to i32
  %v1 = arith.index_cast %e1 : index to i32
  %v2 = arith.index_cast %e2 : index to i32
  %r = tensor.from_elements %v0, %v1, %v2 : tensor<3xi32>
  return %r : tensor<3xi32>
}

// F16: result #0: tensor<3xf32> = [0.5, 0.099975586, -65504]
func.func @f16() -> tensor<3xf32> {
  %a = arith.constant dense<[[1.0, -2.0, 3.0], [-4.0, 0.099975586, -65504.0]]> : tensor<2x3xf16>
  %cat = tensor.concat dim(0) %a, %a : (tensor<2x3xf16>, tensor<2x3xf16>) -> tensor<4x3xf16>
  %s = tensor.extract_slice %cat[1, 1] [2, 2] [2, 1] : tensor<4x3xf16> to tensor<2x2xf16>
  %p = arith.constant 0.5 : f16
  %padded = tensor.pad %s low[1, 0] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %p : f16
  } : tensor<2x2xf16> to tensor<3x2xf16>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %e0 = tensor.extract %padded[%c0, %c0] : tensor<3x2xf16>
  %e1 = tensor.extract %padded[%c1, %c0] : tensor<3x2xf16>
  %e2 = tensor.extract %padded[%c2, %c1] : tensor<3x2xf16>
  %v0 = arith.extf %e0 : f16 to f32
  %v1 = arith.extf %e1 : f16 to f32
  %v2 = arith.extf %e2 : f16 to f32
  %r = tensor.from_elements %v0, %v1, %v2 : tensor<3xf32>
  return %r : tensor<3xf32>
}

// F64: result #0: tensor<3xf32> = [-0.25, 0.1, inf]
func.func @f64() -> tensor<3xf32> {
  %a = arith.constant dense<[[1.0, -2.0, 3.0], [-4.0, 0.1, 1.0e300]]> : tensor<2x3xf64>
  %cat = tensor.concat dim(0) %a, %a : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<4x3xf64>
  %s = tensor.extract_slice %cat[1, 1] [2, 2] [2, 1] : tensor<4x3xf64> to tensor<2x2xf64>
  %p = arith.constant -0.25 : f64
  %padded = tensor.pad %s low[1, 0] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %p : f64
  } : tensor<2x2xf64> to tensor<3x2xf64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %e0 = tensor.extract %padded[%c0, %c0] : tensor<3x2xf64>
  %e1 = tensor.extract %padded[%c1, %c0] : tensor<3x2xf64>
  %e2 = tensor.extract %padded[%c2, %c1] : tensor<3x2xf64>
  %v0 = arith.truncf %e0 : f64 to f32
  %v1 = arith.truncf %e1 : f64 to f32
  %v2 = arith.truncf %e2 : f64 to f32
  %r = tensor.from_elements %v0, %v1, %v2 : tensor<3xf32>
  return %r : tensor<3xf32>
}
