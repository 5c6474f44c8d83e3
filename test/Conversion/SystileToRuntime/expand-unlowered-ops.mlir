// RUN: systile-opt %s --systile-expand-unlowered-ops --split-input-file | FileCheck %s

// tensor.bitcast: the element-wise arith.bitcast of the same shape.
// CHECK-LABEL: func.func @bitcast
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT: %[[B:.*]] = arith.bitcast %[[X]] : tensor<2x3xf32> to tensor<2x3xi32>
// CHECK-NEXT: return %[[B]]
func.func @bitcast(%x: tensor<2x3xf32>) -> tensor<2x3xi32> {
  %b = tensor.bitcast %x : tensor<2x3xf32> to tensor<2x3xi32>
  return %b : tensor<2x3xi32>
}

// -----

// Static sizes that differ: a tensor.cast to the result's shape first.
// CHECK-LABEL: func.func @bitcast_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xi32>)
// CHECK-NEXT: %[[C:.*]] = tensor.cast %[[X]] : tensor<?x3xi32> to tensor<4x3xi32>
// CHECK-NEXT: %[[B:.*]] = arith.bitcast %[[C]] : tensor<4x3xi32> to tensor<4x3xf32>
// CHECK-NEXT: return %[[B]]
func.func @bitcast_dynamic(%x: tensor<?x3xi32>) -> tensor<4x3xf32> {
  %b = tensor.bitcast %x : tensor<?x3xi32> to tensor<4x3xf32>
  return %b : tensor<4x3xf32>
}

// -----

// Unranked tensors are left alone.
// CHECK-LABEL: func.func @unranked
// CHECK: tensor.bitcast
func.func @unranked(%x: tensor<*xf32>) -> tensor<*xi32> {
  %b = tensor.bitcast %x : tensor<*xf32> to tensor<*xi32>
  return %b : tensor<*xi32>
}

// -----

// isinf: |x| == inf; isnormal: smallest normal <= |x| < inf, both
// ordered (false for NaN), on tensors as on scalars.
// CHECK-LABEL: func.func @classify
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[S:.*]]: bf16)
// CHECK: %[[A:.*]] = math.absf %[[X]] : tensor<4xf32>
// CHECK: %[[INF:.*]] = arith.constant dense<0x7F800000> : tensor<4xf32>
// CHECK: %[[I:.*]] = arith.cmpf oeq, %[[A]], %[[INF]] : tensor<4xf32>
// CHECK: %[[SA:.*]] = math.absf %[[S]] : bf16
// CHECK: %[[SINF:.*]] = arith.constant 0x7F80 : bf16
// CHECK: %[[MIN:.*]] = arith.constant 1.175{{.*}}e-38 : bf16
// CHECK: %[[GE:.*]] = arith.cmpf oge, %[[SA]], %[[MIN]] : bf16
// CHECK: %[[LT:.*]] = arith.cmpf olt, %[[SA]], %[[SINF]] : bf16
// CHECK: %[[N:.*]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK: return %[[I]], %[[N]]
// CHECK-NOT: math.is
func.func @classify(%x: tensor<4xf32>, %s: bf16) -> (tensor<4xi1>, i1) {
  %i = math.isinf %x : tensor<4xf32>
  %n = math.isnormal %s : bf16
  return %i, %n : tensor<4xi1>, i1
}

// -----

// Inside a linalg.generic's body; isnan and isfinite, which
// convert-math-to-llvm lowers, stay.
// CHECK-LABEL: func.func @in_body
// CHECK: ^bb0(%[[IN:.*]]: f64, %{{.*}}: i1):
// CHECK: %[[A:.*]] = math.absf %[[IN]] : f64
// CHECK: arith.cmpf oeq, %[[A]], %{{.*}} : f64
// CHECK: math.isnan %[[IN]] : f64
// CHECK-NOT: math.isinf
func.func @in_body(%x: tensor<4xf64>) -> tensor<4xi1> {
  %e = tensor.empty() : tensor<4xi1>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x : tensor<4xf64>) outs(%e : tensor<4xi1>) {
  ^bb0(%in: f64, %out: i1):
    %a = math.isinf %in : f64
    %b = math.isnan %in : f64
    %c = arith.ori %a, %b : i1
    linalg.yield %c : i1
  } -> tensor<4xi1>
  return %r : tensor<4xi1>
}
