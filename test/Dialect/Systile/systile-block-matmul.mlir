// RUN: systile-opt %s -split-input-file -verify-diagnostics --systile-block-matmul | FileCheck %s
// RUN: systile-opt %s -split-input-file --systile-block-matmul="max-blocks=3" 2>&1 | FileCheck %s --check-prefix=LIMIT

!A = !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>
!B = !systile.tiled<6x5xf32, #systile.geometry<2x4, mxu = 4>>
!C = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>

// K = 6 and N = 5 with mxu = 4: kb in {0, 1}, nb in {0, 1}; nb outer, kb
// inner, each load accumulating into the previous one.
// CHECK-LABEL: func.func @two_by_two
// CHECK-SAME: (%[[A:.*]]: !systile.tiled<3x6xf32, {{.*}}>, %[[B:.*]]: !systile.tiled<6x5xf32, {{.*}}>, %[[C:.*]]: !systile.tiled<3x5xf32, {{.*}}>)
// CHECK-NEXT: %[[R0:.*]] = systile.mxu_matmul %[[A]], %[[B]], %[[C]] [0, 0] precision = bf16
// CHECK-NEXT: %[[R1:.*]] = systile.mxu_matmul %[[A]], %[[B]], %[[R0]] [1, 0] precision = bf16
// CHECK-NEXT: %[[R2:.*]] = systile.mxu_matmul %[[A]], %[[B]], %[[R1]] [0, 1] precision = bf16
// CHECK-NEXT: %[[R3:.*]] = systile.mxu_matmul %[[A]], %[[B]], %[[R2]] [1, 1] precision = bf16
// CHECK-NEXT: return %[[R3]]
// LIMIT: remark: systile.matmul not blocked: it needs 2 x 2 weight loads, more than max-blocks = 3
func.func @two_by_two(%a: !A, %b: !B, %c: !C) -> !C {
  %d = systile.matmul %a, %b, %c precision = bf16 : !A, !B -> !C
  return %d : !C
}

// -----

// K = 9, N = 3 with mxu = 4: three contraction blocks, one column block.
// CHECK-LABEL: func.func @three_by_one
// CHECK-COUNT-3: systile.mxu_matmul
// CHECK-SAME: [2, 0] : !systile.tiled<2x9xi8, {{.*}}>, !systile.tiled<9x3xi8, {{.*}}> -> !systile.tiled<2x3xi32, {{.*}}>
// CHECK-NOT: systile.mxu_matmul
// CHECK-NOT: systile.matmul
// LIMIT-LABEL: func.func @three_by_one
// LIMIT-COUNT-3: systile.mxu_matmul
func.func @three_by_one(%a: !systile.tiled<2x9xi8, #systile.geometry<2x4, mxu = 4>>,
                        %b: !systile.tiled<9x3xi8, #systile.geometry<2x4, mxu = 4>>,
                        %c: !systile.tiled<2x3xi32, #systile.geometry<2x4, mxu = 4>>)
    -> !systile.tiled<2x3xi32, #systile.geometry<2x4, mxu = 4>> {
  %d = systile.matmul %a, %b, %c
      : !systile.tiled<2x9xi8, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<9x3xi8, #systile.geometry<2x4, mxu = 4>>
      -> !systile.tiled<2x3xi32, #systile.geometry<2x4, mxu = 4>>
  return %d : !systile.tiled<2x3xi32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// The default geometry: a 3x5 @ 5x7 matmul is one weight load.
// CHECK-LABEL: func.func @default_geometry
// CHECK-NEXT: %[[R:.*]] = systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 0] : !systile.tiled<3x5xf32>, !systile.tiled<5x7xbf16> -> !systile.tiled<3x7xf32, pad = undef>
// CHECK-NEXT: return %[[R]]
func.func @default_geometry(%a: !systile.tiled<3x5xf32>, %b: !systile.tiled<5x7xbf16>, %c: !systile.tiled<3x7xf32, pad = undef>) -> !systile.tiled<3x7xf32, pad = undef> {
  %d = systile.matmul %a, %b, %c : !systile.tiled<3x5xf32>, !systile.tiled<5x7xbf16> -> !systile.tiled<3x7xf32, pad = undef>
  return %d : !systile.tiled<3x7xf32, pad = undef>
}

// -----

// 300 x 260 on the default geometry: ceil(300/128) = 3 by ceil(260/128) = 3.
// CHECK-LABEL: func.func @multi_block_default
// CHECK-COUNT-9: systile.mxu_matmul
// CHECK-NOT: systile.mxu_matmul
func.func @multi_block_default(%a: !systile.tiled<2x300xf32>, %b: !systile.tiled<300x260xf32>, %c: !systile.tiled<2x260xf32>) -> !systile.tiled<2x260xf32> {
  %d = systile.matmul %a, %b, %c : !systile.tiled<2x300xf32>, !systile.tiled<300x260xf32> -> !systile.tiled<2x260xf32>
  return %d : !systile.tiled<2x260xf32>
}

// -----

// A batch of 2 matrices, one weight matrix each: the sequence of the
// rank-2 matmul, on the batched operands (each op loads block (kb, nb) of
// both weight matrices).
// CHECK-LABEL: func.func @batched
// CHECK-SAME: (%[[A:.*]]: !systile.tiled<2x3x6xf32, {{.*}}>, %[[B:.*]]: !systile.tiled<2x6x5xf32, {{.*}}>, %[[C:.*]]: !systile.tiled<2x3x5xf32, {{.*}}>)
// CHECK-NEXT: %[[R0:.*]] = systile.mxu_matmul %[[A]], %[[B]], %[[C]] [0, 0] : !systile.tiled<2x3x6xf32, {{.*}}>, !systile.tiled<2x6x5xf32, {{.*}}> -> !systile.tiled<2x3x5xf32, {{.*}}>
// CHECK-NEXT: %[[R1:.*]] = systile.mxu_matmul %[[A]], %[[B]], %[[R0]] [1, 0] :
// CHECK-NEXT: %[[R2:.*]] = systile.mxu_matmul %[[A]], %[[B]], %[[R1]] [0, 1] :
// CHECK-NEXT: %[[R3:.*]] = systile.mxu_matmul %[[A]], %[[B]], %[[R2]] [1, 1] :
// CHECK-NEXT: return %[[R3]]
func.func @batched(%a: !systile.tiled<2x3x6xf32, #systile.geometry<2x4, mxu = 4>>,
                   %b: !systile.tiled<2x6x5xf32, #systile.geometry<2x4, mxu = 4>>,
                   %c: !systile.tiled<2x3x5xf32, #systile.geometry<2x4, mxu = 4>>)
    -> !systile.tiled<2x3x5xf32, #systile.geometry<2x4, mxu = 4>> {
  %d = systile.matmul %a, %b, %c
      : !systile.tiled<2x3x6xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<2x6x5xf32, #systile.geometry<2x4, mxu = 4>>
      -> !systile.tiled<2x3x5xf32, #systile.geometry<2x4, mxu = 4>>
  return %d : !systile.tiled<2x3x5xf32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// One 6x5 weight shared by a 2x2 batch: the same four loads of the shared
// rhs, each streaming the rows of all four matrices.
// CHECK-LABEL: func.func @shared_rhs
// CHECK-SAME: (%[[A:.*]]: !systile.tiled<2x2x3x6xi8, {{.*}}>, %[[W:.*]]: !systile.tiled<6x5xi8, {{.*}}>, %[[C:.*]]: !systile.tiled<2x2x3x5xi32, {{.*}}>)
// CHECK-NEXT: %[[R0:.*]] = systile.mxu_matmul %[[A]], %[[W]], %[[C]] [0, 0] : !systile.tiled<2x2x3x6xi8, {{.*}}>, !systile.tiled<6x5xi8, {{.*}}> -> !systile.tiled<2x2x3x5xi32, {{.*}}>
// CHECK-NEXT: %[[R1:.*]] = systile.mxu_matmul %[[A]], %[[W]], %[[R0]] [1, 0] :
// CHECK-NEXT: %[[R2:.*]] = systile.mxu_matmul %[[A]], %[[W]], %[[R1]] [0, 1] :
// CHECK-NEXT: %[[R3:.*]] = systile.mxu_matmul %[[A]], %[[W]], %[[R2]] [1, 1] :
// CHECK-NEXT: return %[[R3]]
func.func @shared_rhs(%a: !systile.tiled<2x2x3x6xi8, #systile.geometry<2x4, mxu = 4>>,
                      %w: !systile.tiled<6x5xi8, #systile.geometry<2x4, mxu = 4>>,
                      %c: !systile.tiled<2x2x3x5xi32, #systile.geometry<2x4, mxu = 4>>)
    -> !systile.tiled<2x2x3x5xi32, #systile.geometry<2x4, mxu = 4>> {
  %d = systile.matmul %a, %w, %c
      : !systile.tiled<2x2x3x6xi8, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<6x5xi8, #systile.geometry<2x4, mxu = 4>>
      -> !systile.tiled<2x2x3x5xi32, #systile.geometry<2x4, mxu = 4>>
  return %d : !systile.tiled<2x2x3x5xi32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// q @ k^T: k is 2 x (N = 9) x (K = 6), read transposed. K = 6 gives kb in
// {0, 1} and N = 9 nb in {0, 1, 2} (counted from rhs's rows, not its
// columns); every load stays rhs_transposed.
// CHECK-LABEL: func.func @transposed_rhs
// CHECK-NEXT: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 0] rhs_transposed precision = bf16
// CHECK-NEXT: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 0] rhs_transposed precision = bf16
// CHECK-NEXT: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 1] rhs_transposed precision = bf16
// CHECK-NEXT: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 1] rhs_transposed precision = bf16
// CHECK-NEXT: systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 2] rhs_transposed precision = bf16
// CHECK-NEXT: %[[R:.*]] = systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 2] rhs_transposed precision = bf16
// CHECK-NEXT: return %[[R]]
func.func @transposed_rhs(%q: !systile.tiled<2x3x6xf32, #systile.geometry<2x4, mxu = 4>>,
                          %k: !systile.tiled<2x9x6xf32, #systile.geometry<2x4, mxu = 4>>,
                          %c: !systile.tiled<2x3x9xf32, #systile.geometry<2x4, mxu = 4>>)
    -> !systile.tiled<2x3x9xf32, #systile.geometry<2x4, mxu = 4>> {
  %d = systile.matmul %q, %k, %c rhs_transposed precision = bf16
      : !systile.tiled<2x3x6xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<2x9x6xf32, #systile.geometry<2x4, mxu = 4>>
      -> !systile.tiled<2x3x9xf32, #systile.geometry<2x4, mxu = 4>>
  return %d : !systile.tiled<2x3x9xf32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// Multi-pass: with one k block (K = 4 = mxu) the loads carry the precision
// and flush_subnormals; with two k blocks the matmul stays whole (each pass
// sums over all of K), with a remark.
// CHECK-LABEL: func.func @multi_pass
// CHECK-NEXT: %[[L0:.*]] = systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [0, 0] precision = bf16_6x flush_subnormals
// CHECK-NEXT: %[[L1:.*]] = systile.mxu_matmul %{{.*}}, %{{.*}}, %[[L0]] [0, 1] precision = bf16_6x flush_subnormals
// CHECK-NEXT: %[[D:.*]] = systile.matmul %{{.*}}, %{{.*}}, %{{.*}} precision = bf16_3x
// CHECK-NEXT: return %[[L1]], %[[D]]
func.func @multi_pass(%a: !systile.tiled<3x4xf32, #systile.geometry<2x4, mxu = 4>>,
                      %b: !systile.tiled<4x6xf32, #systile.geometry<2x4, mxu = 4>>,
                      %c: !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>,
                      %x: !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>,
                      %y: !systile.tiled<6x5xf32, #systile.geometry<2x4, mxu = 4>>,
                      %z: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>)
    -> (!systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>) {
  %0 = systile.matmul %a, %b, %c precision = bf16_6x flush_subnormals
      : !systile.tiled<3x4xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<4x6xf32, #systile.geometry<2x4, mxu = 4>>
      -> !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>
  // expected-remark @below {{systile.matmul not blocked: precision = bf16_3x sums each of its passes over all 2 k blocks before the next pass, which single-block loads cannot reproduce; only K <= mxu = 4 is blocked}}
  %1 = systile.matmul %x, %y, %z precision = bf16_3x
      : !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<6x5xf32, #systile.geometry<2x4, mxu = 4>>
      -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
  return %0, %1 : !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
}
