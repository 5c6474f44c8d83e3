// RUN: systile-opt %s -split-input-file --systile-fold-zero-tiles | FileCheck %s
// RUN: systile-opt %s -split-input-file --systile-fold-zero-tiles="require-finite-lhs" | FileCheck %s --check-prefix=FINITE

!A = !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>
!B = !systile.tiled<6x5xf32, #systile.geometry<2x4, mxu = 4>>
!C = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>

// B is 6x5 on mxu = 4: blocks (kb, nb) are rows {0-3, 4-5} x cols {0-3, 4}.
// Non-zero: B[0][0] = 1 in block (0, 0) and B[5][4] = 2 in block (1, 1);
// B[4][0] = -0.0 leaves block (1, 0) all-zero. Blocks (1, 0) and (0, 1)
// are folded; the chain keeps (0, 0) then (1, 1).
// CHECK-LABEL: func.func @pack_of_constant
// CHECK-SAME: (%[[A:.*]]: !systile.tiled<3x6xf32, {{.*}}>, %[[C:.*]]: !systile.tiled<3x5xf32, {{.*}}>)
// CHECK: %[[B:.*]] = systile.pack
// CHECK-NEXT: %[[R0:.*]] = systile.mxu_matmul %[[A]], %[[B]], %[[C]] [0, 0]
// CHECK-NEXT: %[[R1:.*]] = systile.mxu_matmul %[[A]], %[[B]], %[[R0]] [1, 1]
// CHECK-NEXT: return %[[R1]]
// Not provably finite lhs: nothing folded under require-finite-lhs.
// FINITE-LABEL: func.func @pack_of_constant
// FINITE-COUNT-4: systile.mxu_matmul
func.func @pack_of_constant(%a: !A, %c: !C) -> !C {
  %cst = arith.constant dense<[[1.0, 0.0, 0.0, 0.0, 0.0],
                               [0.0, 0.0, 0.0, 0.0, 0.0],
                               [0.0, 0.0, 0.0, 0.0, 0.0],
                               [0.0, 0.0, 0.0, 0.0, 0.0],
                               [-0.0, 0.0, 0.0, 0.0, 0.0],
                               [0.0, 0.0, 0.0, 0.0, 2.0]]> : tensor<6x5xf32>
  %b = systile.pack %cst : tensor<6x5xf32> -> !B
  %0 = systile.mxu_matmul %a, %b, %c [0, 0] : !A, !B -> !C
  %1 = systile.mxu_matmul %a, %b, %0 [1, 0] : !A, !B -> !C
  %2 = systile.mxu_matmul %a, %b, %1 [0, 1] : !A, !B -> !C
  %3 = systile.mxu_matmul %a, %b, %2 [1, 1] : !A, !B -> !C
  return %3 : !C
}

// -----

// A systile.constant in storage order: rhs 2x5 i8 on 2x4 tiles is padded to
// 2x8, tile (0,0) = cols 0-3, tile (0,1) = cols 4-7. Its only non-zero, 3,
// is logical (0, 4) at storage offset 8, in block (0, 1): block (0, 0) is
// folded, block (0, 1) with its single non-zero is kept.
// CHECK-LABEL: func.func @storage_constant
// CHECK-SAME: (%[[A:.*]]: !systile.tiled<3x2xi8, {{.*}}>, %[[C:.*]]: !systile.tiled<3x5xi32, {{.*}}>)
// CHECK: %[[B:.*]] = systile.constant
// CHECK-NEXT: %[[R:.*]] = systile.mxu_matmul %[[A]], %[[B]], %[[C]] [0, 1]
// CHECK-NEXT: return %[[R]]
// Integers are always finite: require-finite-lhs folds the same.
// FINITE-LABEL: func.func @storage_constant
// FINITE: systile.mxu_matmul {{.*}} [0, 1]
// FINITE-NEXT: return
func.func @storage_constant(%a: !systile.tiled<3x2xi8, #systile.geometry<2x4, mxu = 4>>,
                            %c: !systile.tiled<3x5xi32, #systile.geometry<2x4, mxu = 4>>)
    -> !systile.tiled<3x5xi32, #systile.geometry<2x4, mxu = 4>> {
  %b = systile.constant dense<[0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0]>
      : tensor<16xi8> -> !systile.tiled<2x5xi8, #systile.geometry<2x4, mxu = 4>>
  %0 = systile.mxu_matmul %a, %b, %c [0, 0]
      : !systile.tiled<3x2xi8, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<2x5xi8, #systile.geometry<2x4, mxu = 4>>
      -> !systile.tiled<3x5xi32, #systile.geometry<2x4, mxu = 4>>
  %1 = systile.mxu_matmul %a, %b, %0 [0, 1]
      : !systile.tiled<3x2xi8, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<2x5xi8, #systile.geometry<2x4, mxu = 4>>
      -> !systile.tiled<3x5xi32, #systile.geometry<2x4, mxu = 4>>
  return %1 : !systile.tiled<3x5xi32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// Garbage in undef padding is not data: only logical elements count. The
// 1x1 rhs on 2x4 tiles has logical value 0 and padding 5.
// CHECK-LABEL: func.func @padding_ignored
// CHECK-NOT: systile.mxu_matmul
// CHECK: return %arg1
func.func @padding_ignored(%a: !systile.tiled<1x1xbf16, #systile.geometry<2x4, mxu = 4>>,
                           %c: !systile.tiled<1x1xf32, #systile.geometry<2x4, mxu = 4>>)
    -> !systile.tiled<1x1xf32, #systile.geometry<2x4, mxu = 4>> {
  %b = systile.constant dense<[0.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0]>
      : tensor<8xbf16> -> !systile.tiled<1x1xbf16, #systile.geometry<2x4, mxu = 4>, pad = undef>
  %0 = systile.mxu_matmul %a, %b, %c [0, 0]
      : !systile.tiled<1x1xbf16, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<1x1xbf16, #systile.geometry<2x4, mxu = 4>, pad = undef>
      -> !systile.tiled<1x1xf32, #systile.geometry<2x4, mxu = 4>>
  return %0 : !systile.tiled<1x1xf32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// Negative cases: a non-constant rhs, and a constant without zero blocks.
// CHECK-LABEL: func.func @not_foldable
// CHECK-COUNT-4: systile.mxu_matmul
// CHECK: return
func.func @not_foldable(%a: !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>,
                        %b: !systile.tiled<6x5xf32, #systile.geometry<2x4, mxu = 4>>,
                        %c: !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>)
    -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> {
  %0 = systile.mxu_matmul %a, %b, %c [0, 0] : !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<6x5xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
  %ones = arith.constant dense<1.0> : tensor<6x5xf32>
  %k = systile.pack %ones : tensor<6x5xf32> -> !systile.tiled<6x5xf32, #systile.geometry<2x4, mxu = 4>>
  %1 = systile.mxu_matmul %a, %k, %0 [0, 0] : !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<6x5xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
  %2 = systile.mxu_matmul %a, %k, %1 [1, 0] : !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<6x5xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
  %3 = systile.mxu_matmul %a, %k, %2 [1, 1] : !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<6x5xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
  return %3 : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// A whole-zero rhs: the unblocked matmul becomes its accumulator.
// CHECK-LABEL: func.func @whole_rhs_zero
// CHECK-SAME: %[[C:[a-z0-9]+]]: !systile.tiled<3x7xf32>)
// CHECK-NOT: systile.matmul
// CHECK: return %[[C]]
func.func @whole_rhs_zero(%a: !systile.tiled<3x5xf32>, %c: !systile.tiled<3x7xf32>) -> !systile.tiled<3x7xf32> {
  %z = arith.constant dense<0.0> : tensor<5x7xf32>
  %b = systile.pack %z : tensor<5x7xf32> -> !systile.tiled<5x7xf32>
  %d = systile.matmul %a, %b, %c : !systile.tiled<3x5xf32>, !systile.tiled<5x7xf32> -> !systile.tiled<3x7xf32>
  return %d : !systile.tiled<3x7xf32>
}

// -----

// require-finite-lhs: with a constant lhs, column block kb = 0 (cols 0-3)
// is finite and kb = 1 (cols 4-5) holds an inf. Both rhs blocks are zero:
// the default folds both; FINITE folds only (0, 0) and keeps (1, 0).
// CHECK-LABEL: func.func @finite_lhs
// CHECK-NOT: systile.mxu_matmul
// CHECK: return %arg0
// FINITE-LABEL: func.func @finite_lhs
// FINITE: %[[R:.*]] = systile.mxu_matmul %{{.*}}, %{{.*}}, %arg0 [1, 0]
// FINITE-NEXT: return %[[R]]
func.func @finite_lhs(%c: !systile.tiled<1x4xf32, #systile.geometry<2x4, mxu = 4>>) -> !systile.tiled<1x4xf32, #systile.geometry<2x4, mxu = 4>> {
  %la = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 0x7F800000, 5.0]]> : tensor<1x6xf32>
  %a = systile.pack %la : tensor<1x6xf32> -> !systile.tiled<1x6xf32, #systile.geometry<2x4, mxu = 4>>
  %z = arith.constant dense<0.0> : tensor<6x4xf32>
  %b = systile.pack %z : tensor<6x4xf32> -> !systile.tiled<6x4xf32, #systile.geometry<2x4, mxu = 4>>
  %0 = systile.mxu_matmul %a, %b, %c [0, 0] : !systile.tiled<1x6xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<6x4xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<1x4xf32, #systile.geometry<2x4, mxu = 4>>
  %1 = systile.mxu_matmul %a, %b, %0 [1, 0] : !systile.tiled<1x6xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<6x4xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<1x4xf32, #systile.geometry<2x4, mxu = 4>>
  return %1 : !systile.tiled<1x4xf32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// Splat rhs with 65537 x 65535 weight blocks on geometry (1, 1, 1): the
// decision is per splat, with no per-block bitmap. All ones: nothing folds.
// CHECK-LABEL: func.func @huge_splat_ones
// CHECK: systile.matmul
// CHECK: systile.mxu_matmul {{.*}} [65536, 65534]
!H = !systile.tiled<65537x65535xf32, #systile.geometry<1x1, mxu = 1>>
!HA = !systile.tiled<1x65537xf32, #systile.geometry<1x1, mxu = 1>>
!HC = !systile.tiled<1x65535xf32, #systile.geometry<1x1, mxu = 1>>
func.func @huge_splat_ones(%a: !HA, %c: !HC) -> (!HC, !HC) {
  %ones = arith.constant dense<1.0> : tensor<65537x65535xf32>
  %b = systile.pack %ones : tensor<65537x65535xf32> -> !H
  %0 = systile.matmul %a, %b, %c : !HA, !H -> !HC
  %1 = systile.mxu_matmul %a, %b, %c [65536, 65534] : !HA, !H -> !HC
  return %0, %1 : !HC, !HC
}

// -----

// The same shape with an all-zero splat: both fold to the accumulator.
// CHECK-LABEL: func.func @huge_splat_zero
// CHECK-NOT: systile.matmul
// CHECK-NOT: systile.mxu_matmul
// CHECK: return %arg1, %arg1
!H = !systile.tiled<65537x65535xf32, #systile.geometry<1x1, mxu = 1>>
!HA = !systile.tiled<1x65537xf32, #systile.geometry<1x1, mxu = 1>>
!HC = !systile.tiled<1x65535xf32, #systile.geometry<1x1, mxu = 1>>
func.func @huge_splat_zero(%a: !HA, %c: !HC) -> (!HC, !HC) {
  %zeros = arith.constant dense<0.0> : tensor<65537x65535xf32>
  %b = systile.pack %zeros : tensor<65537x65535xf32> -> !H
  %0 = systile.matmul %a, %b, %c : !HA, !H -> !HC
  %1 = systile.mxu_matmul %a, %b, %c [65536, 65534] : !HA, !H -> !HC
  return %0, %1 : !HC, !HC
}

// -----

// K = 2^40 with a splat lhs and an all-zero splat rhs. The lhs is
// one finite splat, so require-finite-lhs answers once for it (not once per
// each of the 2^40 column blocks): the matmul and the load both fold.
// CHECK-LABEL: func.func @huge_k_finite_splat_lhs
// CHECK-NOT: systile.matmul
// CHECK-NOT: systile.mxu_matmul
// CHECK: return %arg0, %arg0
// FINITE-LABEL: func.func @huge_k_finite_splat_lhs
// FINITE-NOT: systile.matmul
// FINITE-NOT: systile.mxu_matmul
// FINITE: return %arg0, %arg0
!KA = !systile.tiled<1x1099511627776xf32, #systile.geometry<1x1, mxu = 1>>
!KB = !systile.tiled<1099511627776x1xf32, #systile.geometry<1x1, mxu = 1>>
!KC = !systile.tiled<1x1xf32, #systile.geometry<1x1, mxu = 1>>
func.func @huge_k_finite_splat_lhs(%c: !KC) -> (!KC, !KC) {
  %ones = arith.constant dense<1.0> : tensor<1x1099511627776xf32>
  %zeros = arith.constant dense<0.0> : tensor<1099511627776x1xf32>
  %a = systile.pack %ones : tensor<1x1099511627776xf32> -> !KA
  %b = systile.pack %zeros : tensor<1099511627776x1xf32> -> !KB
  %0 = systile.matmul %a, %b, %c : !KA, !KB -> !KC
  %1 = systile.mxu_matmul %a, %b, %c [1099511627775, 0] : !KA, !KB -> !KC
  return %0, %1 : !KC, !KC
}

// -----

// The same with an infinite splat lhs: inf * 0 is NaN, so nothing folds
// under require-finite-lhs (again one test for the splat).
// FINITE-LABEL: func.func @huge_k_infinite_splat_lhs
// FINITE: systile.matmul
// FINITE: systile.mxu_matmul
!KA = !systile.tiled<1x1099511627776xf32, #systile.geometry<1x1, mxu = 1>>
!KB = !systile.tiled<1099511627776x1xf32, #systile.geometry<1x1, mxu = 1>>
!KC = !systile.tiled<1x1xf32, #systile.geometry<1x1, mxu = 1>>
func.func @huge_k_infinite_splat_lhs(%c: !KC) -> (!KC, !KC) {
  %inf = arith.constant dense<0x7F800000> : tensor<1x1099511627776xf32>
  %zeros = arith.constant dense<0.0> : tensor<1099511627776x1xf32>
  %a = systile.pack %inf : tensor<1x1099511627776xf32> -> !KA
  %b = systile.pack %zeros : tensor<1099511627776x1xf32> -> !KB
  %0 = systile.matmul %a, %b, %c : !KA, !KB -> !KC
  %1 = systile.mxu_matmul %a, %b, %c [1099511627775, 0] : !KA, !KB -> !KC
  return %0, %1 : !KC, !KC
}

// -----

// A constant rhs shared by a batch of 2 x 2 lhs matrices: one weight
// matrix, so its zero blocks are zero for every matrix of the batch. The
// 6x5 weight has non-zeros in blocks (0, 0) and (1, 1) only (as in
// @pack_of_constant); blocks (1, 0) and (0, 1) are folded.
// CHECK-LABEL: func.func @shared_constant_rhs
// CHECK-SAME: (%[[A:.*]]: !systile.tiled<2x2x3x6xf32, {{.*}}>, %[[C:.*]]: !systile.tiled<2x2x3x5xf32, {{.*}}>)
// CHECK: %[[B:.*]] = systile.pack
// CHECK-NEXT: %[[R0:.*]] = systile.mxu_matmul %[[A]], %[[B]], %[[C]] [0, 0]
// CHECK-NEXT: %[[R1:.*]] = systile.mxu_matmul %[[A]], %[[B]], %[[R0]] [1, 1]
// CHECK-NEXT: return %[[R1]]
func.func @shared_constant_rhs(%a: !systile.tiled<2x2x3x6xf32, #systile.geometry<2x4, mxu = 4>>,
                               %c: !systile.tiled<2x2x3x5xf32, #systile.geometry<2x4, mxu = 4>>)
    -> !systile.tiled<2x2x3x5xf32, #systile.geometry<2x4, mxu = 4>> {
  %cst = arith.constant dense<[[1.0, 0.0, 0.0, 0.0, 0.0],
                               [0.0, 0.0, 0.0, 0.0, 0.0],
                               [0.0, 0.0, 0.0, 0.0, 0.0],
                               [0.0, 0.0, 0.0, 0.0, 0.0],
                               [0.0, 0.0, 0.0, 0.0, 0.0],
                               [0.0, 0.0, 0.0, 0.0, 2.0]]> : tensor<6x5xf32>
  %b = systile.pack %cst : tensor<6x5xf32> -> !systile.tiled<6x5xf32, #systile.geometry<2x4, mxu = 4>>
  %0 = systile.mxu_matmul %a, %b, %c [0, 0]
      : !systile.tiled<2x2x3x6xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<6x5xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<2x2x3x5xf32, #systile.geometry<2x4, mxu = 4>>
  %1 = systile.mxu_matmul %a, %b, %0 [1, 0]
      : !systile.tiled<2x2x3x6xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<6x5xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<2x2x3x5xf32, #systile.geometry<2x4, mxu = 4>>
  %2 = systile.mxu_matmul %a, %b, %1 [0, 1]
      : !systile.tiled<2x2x3x6xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<6x5xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<2x2x3x5xf32, #systile.geometry<2x4, mxu = 4>>
  %3 = systile.mxu_matmul %a, %b, %2 [1, 1]
      : !systile.tiled<2x2x3x6xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<6x5xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<2x2x3x5xf32, #systile.geometry<2x4, mxu = 4>>
  return %3 : !systile.tiled<2x2x3x5xf32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// rhs_transposed: the stored rhs S is 5x6 (N x K) and weight element
// (k, n) is S[n][k]. Its only non-zero, S[0][4] = 3, is weight (4, 0), in
// weight block (kb, nb) = (1, 0) (stored block (0, 1)): every load but
// [1, 0] is folded. Reading S's blocks untransposed would keep [0, 1].
// CHECK-LABEL: func.func @transposed_constant_rhs
// CHECK: systile.pack
// CHECK-NEXT: %[[R:.*]] = systile.mxu_matmul %{{.*}}, %{{.*}}, %{{.*}} [1, 0] rhs_transposed
// CHECK-NEXT: return %[[R]]
func.func @transposed_constant_rhs(%a: !systile.tiled<2x3x6xf32, #systile.geometry<2x4, mxu = 4>>,
                                   %c: !systile.tiled<2x3x5xf32, #systile.geometry<2x4, mxu = 4>>)
    -> !systile.tiled<2x3x5xf32, #systile.geometry<2x4, mxu = 4>> {
  %cst = arith.constant dense<[[0.0, 0.0, 0.0, 0.0, 3.0, 0.0],
                               [0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
                               [0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
                               [0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
                               [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]]> : tensor<5x6xf32>
  %s = systile.pack %cst : tensor<5x6xf32> -> !systile.tiled<5x6xf32, #systile.geometry<2x4, mxu = 4>>
  %0 = systile.mxu_matmul %a, %s, %c [0, 0] rhs_transposed
      : !systile.tiled<2x3x6xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<5x6xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<2x3x5xf32, #systile.geometry<2x4, mxu = 4>>
  %1 = systile.mxu_matmul %a, %s, %0 [1, 0] rhs_transposed
      : !systile.tiled<2x3x6xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<5x6xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<2x3x5xf32, #systile.geometry<2x4, mxu = 4>>
  %2 = systile.mxu_matmul %a, %s, %1 [0, 1] rhs_transposed
      : !systile.tiled<2x3x6xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<5x6xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<2x3x5xf32, #systile.geometry<2x4, mxu = 4>>
  %3 = systile.mxu_matmul %a, %s, %2 [1, 1] rhs_transposed
      : !systile.tiled<2x3x6xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<5x6xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<2x3x5xf32, #systile.geometry<2x4, mxu = 4>>
  return %3 : !systile.tiled<2x3x5xf32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// A whole-zero shared rhs: the batched matmul becomes its accumulator.
// CHECK-LABEL: func.func @shared_zero_rhs
// CHECK-SAME: %[[C:[^:]*]]: !systile.tiled<2x3x5xf32
// CHECK-NOT: systile.matmul
// CHECK: return %[[C]]
func.func @shared_zero_rhs(%a: !systile.tiled<2x3x6xf32, #systile.geometry<2x4, mxu = 4>>,
                           %c: !systile.tiled<2x3x5xf32, #systile.geometry<2x4, mxu = 4>>)
    -> !systile.tiled<2x3x5xf32, #systile.geometry<2x4, mxu = 4>> {
  %cst = arith.constant dense<0.0> : tensor<6x5xf32>
  %b = systile.pack %cst : tensor<6x5xf32> -> !systile.tiled<6x5xf32, #systile.geometry<2x4, mxu = 4>>
  %d = systile.matmul %a, %b, %c
      : !systile.tiled<2x3x6xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<6x5xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<2x3x5xf32, #systile.geometry<2x4, mxu = 4>>
  return %d : !systile.tiled<2x3x5xf32, #systile.geometry<2x4, mxu = 4>>
}

// -----

// A multi-pass load of an all-zero block: every part of a zero is zero, so
// every pass adds +0 (for a finite lhs) and the load folds like any other;
// the remaining load keeps its precision and flush_subnormals.
// CHECK-LABEL: func.func @multi_pass
// CHECK: %[[B:.*]] = systile.pack
// CHECK-NEXT: %[[R:.*]] = systile.mxu_matmul %{{.*}}, %[[B]], %{{.*}} [0, 0] precision = bf16_6x flush_subnormals
// CHECK-NEXT: return %[[R]]
func.func @multi_pass(%a: !systile.tiled<3x4xf32, #systile.geometry<2x4, mxu = 4>>,
                      %c: !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>)
    -> !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>> {
  %cst = arith.constant dense<[[1.0, 0.0, 0.0, 0.0, 0.0, 0.0],
                               [0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
                               [0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
                               [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]]> : tensor<4x6xf32>
  %b = systile.pack %cst : tensor<4x6xf32> -> !systile.tiled<4x6xf32, #systile.geometry<2x4, mxu = 4>>
  %0 = systile.mxu_matmul %a, %b, %c [0, 0] precision = bf16_6x flush_subnormals
      : !systile.tiled<3x4xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<4x6xf32, #systile.geometry<2x4, mxu = 4>>
      -> !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>
  %1 = systile.mxu_matmul %a, %b, %0 [0, 1] precision = bf16_6x flush_subnormals
      : !systile.tiled<3x4xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<4x6xf32, #systile.geometry<2x4, mxu = 4>>
      -> !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>
  return %1 : !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>
}
