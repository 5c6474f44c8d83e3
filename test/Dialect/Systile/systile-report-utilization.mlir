// RUN: systile-opt %s -split-input-file -verify-diagnostics --systile-report-utilization -o /dev/null

// Figures worked out by hand from RFC section 8: per weight load (kb, nb),
// issued += Mpad * m * m and logical += M * k_len * n_len.

// Default geometry, 3x5 @ 5x7: one load; Mpad = 8, issued = 8*128*128 =
// 131072, logical = 3*5*7 = 105, padding = 130967, 105/131072 = 0.0801%.
// expected-remark @below {{total: logical_macs=105 issued_macs=131072 padding_macs=130967 weight_loads=1 skipped_loads=0 utilization=0.0801%}}
module {
  func.func @default_geometry(%a: !systile.tiled<3x5xf32>, %b: !systile.tiled<5x7xf32>, %c: !systile.tiled<3x7xf32>) -> !systile.tiled<3x7xf32> {
    // expected-remark @below {{utilization: logical_macs=105 issued_macs=131072 padding_macs=130967 weight_loads=1 skipped_loads=0 utilization=0.0801%}}
    %d = systile.matmul %a, %b, %c : !systile.tiled<3x5xf32>, !systile.tiled<5x7xf32> -> !systile.tiled<3x7xf32>
    return %d : !systile.tiled<3x7xf32>
  }
}

// -----

// (2, 4, 4), 5x9 @ 9x6, blocked: kb in {0,1,2} (k_len 4, 4, 1), nb in {0,1}
// (n_len 4, 2): 6 loads; Mpad = 6, issued = 6 * 6*4*4 = 576; logical =
// 5*9*6 = 270; padding = 306; 270/576 = 46.8750%.
// And an unblocked i8 1x1 @ 1x1 on the default geometry: issued 131072,
// logical 1, 1/131072 = 0.0008%.
// Total: logical 271, issued 131648, padding 131377, 7 loads,
// 271/131648 = 0.2059%.
!A = !systile.tiled<5x9xf32, #systile.geometry<2x4, mxu = 4>>
!B = !systile.tiled<9x6xf32, #systile.geometry<2x4, mxu = 4>>
!C = !systile.tiled<5x6xf32, #systile.geometry<2x4, mxu = 4>>
// expected-remark @below {{total: logical_macs=271 issued_macs=131648 padding_macs=131377 weight_loads=7 skipped_loads=0 utilization=0.2059%}}
module {
  func.func @blocked(%a: !A, %b: !B, %c: !C) -> !C {
    // expected-remark @below {{utilization: logical_macs=270 issued_macs=576 padding_macs=306 weight_loads=6 skipped_loads=0 utilization=46.8750%}}
    %0 = systile.mxu_matmul %a, %b, %c [0, 0] : !A, !B -> !C
    %1 = systile.mxu_matmul %a, %b, %0 [1, 0] : !A, !B -> !C
    %2 = systile.mxu_matmul %a, %b, %1 [2, 0] : !A, !B -> !C
    %3 = systile.mxu_matmul %a, %b, %2 [0, 1] : !A, !B -> !C
    %4 = systile.mxu_matmul %a, %b, %3 [1, 1] : !A, !B -> !C
    %5 = systile.mxu_matmul %a, %b, %4 [2, 1] : !A, !B -> !C
    return %5 : !C
  }
  func.func @int8(%a: !systile.tiled<1x1xi8>, %b: !systile.tiled<1x1xi8>, %c: !systile.tiled<1x1xi32>) -> !systile.tiled<1x1xi32> {
    // expected-remark @below {{utilization: logical_macs=1 issued_macs=131072 padding_macs=131071 weight_loads=1 skipped_loads=0 utilization=0.0008%}}
    %d = systile.matmul %a, %b, %c : !systile.tiled<1x1xi8>, !systile.tiled<1x1xi8> -> !systile.tiled<1x1xi32>
    return %d : !systile.tiled<1x1xi32>
  }
}

// -----

// The same 5x9 @ 9x6 after folding loads (1, 0) and (0, 1): left are
// (0,0): 5*4*4 = 80, (2,0): 5*1*4 = 20, (1,1): 5*4*2 = 40, (2,1): 5*1*2 =
// 10; logical 150, issued 4 * 96 = 384, padding 234, 2 skipped,
// 150/384 = 39.0625%.
!A = !systile.tiled<5x9xf32, #systile.geometry<2x4, mxu = 4>>
!B = !systile.tiled<9x6xf32, #systile.geometry<2x4, mxu = 4>>
!C = !systile.tiled<5x6xf32, #systile.geometry<2x4, mxu = 4>>
// expected-remark @below {{total: logical_macs=150 issued_macs=384 padding_macs=234 weight_loads=4 skipped_loads=2 utilization=39.0625%}}
module {
  func.func @folded(%a: !A, %b: !B, %c: !C) -> !C {
    // expected-remark @below {{utilization: logical_macs=150 issued_macs=384 padding_macs=234 weight_loads=4 skipped_loads=2 utilization=39.0625%}}
    %0 = systile.mxu_matmul %a, %b, %c [0, 0] : !A, !B -> !C
    %1 = systile.mxu_matmul %a, %b, %0 [2, 0] : !A, !B -> !C
    %2 = systile.mxu_matmul %a, %b, %1 [1, 1] : !A, !B -> !C
    %3 = systile.mxu_matmul %a, %b, %2 [2, 1] : !A, !B -> !C
    return %3 : !C
  }
}

// -----

// Two matmuls on the same operands are two chains: each head starts one.
!A = !systile.tiled<2x4xf32, #systile.geometry<2x4, mxu = 4>>
!B = !systile.tiled<4x4xf32, #systile.geometry<2x4, mxu = 4>>
// 2x4 @ 4x4 on (2, 4, 4): one load, issued 2*16 = 32, logical 32: 100%.
// expected-remark @below {{total: logical_macs=64 issued_macs=64 padding_macs=0 weight_loads=2 skipped_loads=0 utilization=100.0000%}}
module {
  func.func @two_chains(%a: !A, %b: !B, %c: !A) -> (!A, !A) {
    // expected-remark @below {{utilization: logical_macs=32 issued_macs=32 padding_macs=0 weight_loads=1 skipped_loads=0 utilization=100.0000%}}
    %0 = systile.mxu_matmul %a, %b, %c [0, 0] : !A, !B -> !A
    // expected-remark @below {{utilization: logical_macs=32 issued_macs=32 padding_macs=0 weight_loads=1 skipped_loads=0 utilization=100.0000%}}
    %1 = systile.mxu_matmul %a, %b, %0 [0, 0] : !A, !B -> !A
    return %0, %1 : !A, !A
  }
}

// -----

// No matmul: the total is all zero.
// expected-remark @below {{total: logical_macs=0 issued_macs=0 padding_macs=0 weight_loads=0 skipped_loads=0 utilization=0.0000%}}
module {
  func.func @none() {
    return
  }
}

// -----

// Huge but valid: 10^6 x 10^6 x 10^6 on geometry (1, 1, 1) is 10^12 loads,
// reported in closed form: issued = 10^6 * 1 * 10^12 = 10^18, logical =
// 10^18, 100%.
!G = !systile.tiled<1000000x1000000xf32, #systile.geometry<1x1, mxu = 1>>
// expected-remark @below {{total: logical_macs=1000000000000000000 issued_macs=1000000000000000000 padding_macs=0 weight_loads=1000000000000 skipped_loads=0 utilization=100.0000%}}
module {
  func.func @huge(%a: !G, %b: !G, %c: !G) -> !G {
    // expected-remark @below {{utilization: logical_macs=1000000000000000000 issued_macs=1000000000000000000 padding_macs=0 weight_loads=1000000000000 skipped_loads=0 utilization=100.0000%}}
    %d = systile.matmul %a, %b, %c : !G, !G -> !G
    return %d : !G
  }
}

// -----

// mxu = 3 * 10^9: one load issues 8 * 9 * 10^18 MACs, more than 2^63-1.
!A = !systile.tiled<3x5xf32, #systile.geometry<8x128, mxu = 3000000000>>
!B = !systile.tiled<5x7xf32, #systile.geometry<8x128, mxu = 3000000000>>
!C = !systile.tiled<3x7xf32, #systile.geometry<8x128, mxu = 3000000000>>
// expected-remark @below {{total: logical_macs=0 issued_macs=0 padding_macs=0 weight_loads=0 skipped_loads=0 utilization=0.0000%}}
module {
  func.func @overflow(%a: !A, %b: !B, %c: !C) -> !C {
    // expected-warning @below {{utilization figures of this matmul exceed 2^63-1; not reported, nor counted in the total}}
    %d = systile.matmul %a, %b, %c : !A, !B -> !C
    return %d : !C
  }
}

// -----

// D1 = A x B + C and D2 = A x B + D1 blocked and CSE'd form one use-chain
// of 8 loads; the restart of the (nb, kb) order at [0, 0] separates them.
// Each: 3x6 @ 6x5 on (2, 4, 4), 4 loads, Mpad = 4, issued 256, logical 90.
!A = !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>
!B = !systile.tiled<6x5xf32, #systile.geometry<2x4, mxu = 4>>
!C = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
// expected-remark @below {{total: logical_macs=180 issued_macs=512 padding_macs=332 weight_loads=8 skipped_loads=0 utilization=35.1562%}}
module {
  func.func @two_matmuls_one_chain(%a: !A, %b: !B, %c: !C) -> !C {
    // expected-remark @below {{utilization: logical_macs=90 issued_macs=256 padding_macs=166 weight_loads=4 skipped_loads=0 utilization=35.1562%}}
    %0 = systile.mxu_matmul %a, %b, %c [0, 0] : !A, !B -> !C
    %1 = systile.mxu_matmul %a, %b, %0 [1, 0] : !A, !B -> !C
    %2 = systile.mxu_matmul %a, %b, %1 [0, 1] : !A, !B -> !C
    %3 = systile.mxu_matmul %a, %b, %2 [1, 1] : !A, !B -> !C
    // expected-remark @below {{utilization: logical_macs=90 issued_macs=256 padding_macs=166 weight_loads=4 skipped_loads=0 utilization=35.1562%}}
    %4 = systile.mxu_matmul %a, %b, %3 [0, 0] : !A, !B -> !C
    %5 = systile.mxu_matmul %a, %b, %4 [1, 0] : !A, !B -> !C
    %6 = systile.mxu_matmul %a, %b, %5 [0, 1] : !A, !B -> !C
    %7 = systile.mxu_matmul %a, %b, %6 [1, 1] : !A, !B -> !C
    return %7 : !C
  }
}

// -----

// One matmul is a chain within one block: a load in a nested region (here
// only run when %p holds) starts a matmul of its own, even though it
// accumulates into the load before it. (2, 4, 4), 3x6 @ 6x5: Mpad = 4, each
// load issues 4*4*4 = 64; 2 x 2 = 4 loads per matmul, 1 present in each.
// [0, 0]: logical 3*4*4 = 48, 48/64 = 75%; [1, 0]: 3*2*4 = 24, 37.5%.
// Total: 72 of 128 = 56.25%, 2 loads, 6 skipped.
!A = !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>
!B = !systile.tiled<6x5xf32, #systile.geometry<2x4, mxu = 4>>
!C = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
// expected-remark @below {{total: logical_macs=72 issued_macs=128 padding_macs=56 weight_loads=2 skipped_loads=6 utilization=56.2500%}}
module {
  func.func @chain_stays_in_its_block(%a: !A, %b: !B, %c: !C, %p: i1) -> !C {
    // expected-remark @below {{utilization: logical_macs=48 issued_macs=64 padding_macs=16 weight_loads=1 skipped_loads=3 utilization=75.0000%}}
    %0 = systile.mxu_matmul %a, %b, %c [0, 0] : !A, !B -> !C
    %1 = scf.if %p -> (!C) {
      // expected-remark @below {{utilization: logical_macs=24 issued_macs=64 padding_macs=40 weight_loads=1 skipped_loads=3 utilization=37.5000%}}
      %2 = systile.mxu_matmul %a, %b, %0 [1, 0] : !A, !B -> !C
      scf.yield %2 : !C
    } else {
      scf.yield %c : !C
    }
    return %1 : !C
  }
}

// -----

// Batched matmuls, default geometry (Mb = number of lhs matrices; the MACs
// count Mb times, the loads Mb times for one weight matrix per batch
// matrix and once for a shared rhs):
// 2x3x5 @ 2x5x7: 1 load per matrix; issued = 2 * 8*128*128 = 262144,
// logical = 2 * 3*5*7 = 210, padding = 261934, 2 loads, 210/262144 =
// 0.0801%.
// 2x3x5 @ shared 5x7: the same MACs, 1 load.
// Total: logical 420, issued 524288, padding 523868, 3 loads, 0.0801%.
// expected-remark @below {{total: logical_macs=420 issued_macs=524288 padding_macs=523868 weight_loads=3 skipped_loads=0 utilization=0.0801%}}
module {
  func.func @batched_default(%a: !systile.tiled<2x3x5xf32>, %b: !systile.tiled<2x5x7xf32>,
                             %w: !systile.tiled<5x7xf32>, %c: !systile.tiled<2x3x7xf32>)
      -> (!systile.tiled<2x3x7xf32>, !systile.tiled<2x3x7xf32>) {
    // expected-remark @below {{utilization: logical_macs=210 issued_macs=262144 padding_macs=261934 weight_loads=2 skipped_loads=0 utilization=0.0801%}}
    %0 = systile.matmul %a, %b, %c : !systile.tiled<2x3x5xf32>, !systile.tiled<2x5x7xf32> -> !systile.tiled<2x3x7xf32>
    // expected-remark @below {{utilization: logical_macs=210 issued_macs=262144 padding_macs=261934 weight_loads=1 skipped_loads=0 utilization=0.0801%}}
    %1 = systile.matmul %a, %w, %c : !systile.tiled<2x3x5xf32>, !systile.tiled<5x7xf32> -> !systile.tiled<2x3x7xf32>
    return %0, %1 : !systile.tiled<2x3x7xf32>, !systile.tiled<2x3x7xf32>
  }
}

// -----

// Batched matmuls on (2, 4, 4): M = 3 pads to Mpad = 4; K = 5 gives kb in
// {0, 1} (k_len 4, 1), N = 7 nb in {0, 1} (n_len 4, 3): 4 loads per
// matrix, each issuing 4*4*4 = 64 MACs.
// 2x3x5 @ 2x5x7: issued = 2 * 4*64 = 512, logical = 2 * 3*5*7 = 210,
// padding 302, 2 * 4 = 8 loads, 210/512 = 41.0156%.
// 2x3x5 @ shared 5x7: the same MACs, 4 loads.
// 2x3x5 @ 2x7x5 rhs_transposed: K = 5 and N = 7 as the first: 8 loads.
// A blocked 2x3x5 @ 2x5x7 with loads [0, 0] and [1, 0] left (2 folded):
// logical = 2 * (3*4*4 + 3*1*4) = 120, issued = 2 * 2*64 = 256, padding
// 136, 2 * 2 = 4 loads, 2 * 2 = 4 skipped, 120/256 = 46.8750%.
// The same chain on a shared 5x7 rhs: the same MACs, 2 loads, 2 skipped.
// Total: logical 3*210 + 2*120 = 870, issued 3*512 + 2*256 = 2048,
// padding 1178, 8+4+8+4+2 = 26 loads, 6 skipped, 870/2048 = 42.4805%.
!A = !systile.tiled<2x3x5xf32, #systile.geometry<2x4, mxu = 4>>
!B = !systile.tiled<2x5x7xf32, #systile.geometry<2x4, mxu = 4>>
!Bt = !systile.tiled<2x7x5xf32, #systile.geometry<2x4, mxu = 4>>
!W = !systile.tiled<5x7xf32, #systile.geometry<2x4, mxu = 4>>
!C = !systile.tiled<2x3x7xf32, #systile.geometry<2x4, mxu = 4>>
// expected-remark @below {{total: logical_macs=870 issued_macs=2048 padding_macs=1178 weight_loads=26 skipped_loads=6 utilization=42.4805%}}
module {
  func.func @batched_small(%a: !A, %b: !B, %bt: !Bt, %w: !W, %c: !C) -> (!C, !C, !C, !C, !C) {
    // expected-remark @below {{utilization: logical_macs=210 issued_macs=512 padding_macs=302 weight_loads=8 skipped_loads=0 utilization=41.0156%}}
    %0 = systile.matmul %a, %b, %c : !A, !B -> !C
    // expected-remark @below {{utilization: logical_macs=210 issued_macs=512 padding_macs=302 weight_loads=4 skipped_loads=0 utilization=41.0156%}}
    %1 = systile.matmul %a, %w, %c : !A, !W -> !C
    // expected-remark @below {{utilization: logical_macs=210 issued_macs=512 padding_macs=302 weight_loads=8 skipped_loads=0 utilization=41.0156%}}
    %2 = systile.matmul %a, %bt, %c rhs_transposed : !A, !Bt -> !C
    // expected-remark @below {{utilization: logical_macs=120 issued_macs=256 padding_macs=136 weight_loads=4 skipped_loads=4 utilization=46.8750%}}
    %3 = systile.mxu_matmul %a, %b, %c [0, 0] : !A, !B -> !C
    %4 = systile.mxu_matmul %a, %b, %3 [1, 0] : !A, !B -> !C
    // expected-remark @below {{utilization: logical_macs=120 issued_macs=256 padding_macs=136 weight_loads=2 skipped_loads=2 utilization=46.8750%}}
    %5 = systile.mxu_matmul %a, %w, %c [0, 0] : !A, !W -> !C
    %6 = systile.mxu_matmul %a, %w, %5 [1, 0] : !A, !W -> !C
    return %0, %1, %2, %4, %6 : !C, !C, !C, !C, !C
  }
}

// -----

// Multi-pass precisions: every pass is a weight load with its issued MACs;
// the logical MACs are the matmul's, once. Default geometry, 3x5 @ 5x7
// (one load per pass, 131072 issued, 105 logical): bf16_3x makes 3 passes,
// issued 3*131072 = 393216, padding 393111, 105/393216 = 0.0267%; bf16_6x
// makes 6, issued 786432, padding 786327, 105/786432 = 0.0134%.
// Total: 2 * 105 = 210 logical, 1179648 issued, 9 loads, 0.0178%.
// expected-remark @below {{total: logical_macs=210 issued_macs=1179648 padding_macs=1179438 weight_loads=9 skipped_loads=0 utilization=0.0178%}}
module {
  func.func @multi_pass(%a: !systile.tiled<3x5xf32>, %b: !systile.tiled<5x7xf32>, %c: !systile.tiled<3x7xf32>) -> !systile.tiled<3x7xf32> {
    // expected-remark @below {{utilization: logical_macs=105 issued_macs=393216 padding_macs=393111 weight_loads=3 skipped_loads=0 utilization=0.0267%}}
    %d = systile.matmul %a, %b, %c precision = bf16_3x : !systile.tiled<3x5xf32>, !systile.tiled<5x7xf32> -> !systile.tiled<3x7xf32>
    // expected-remark @below {{utilization: logical_macs=105 issued_macs=786432 padding_macs=786327 weight_loads=6 skipped_loads=0 utilization=0.0134%}}
    %e = systile.matmul %a, %b, %d precision = bf16_6x flush_subnormals : !systile.tiled<3x5xf32>, !systile.tiled<5x7xf32> -> !systile.tiled<3x7xf32>
    return %e : !systile.tiled<3x7xf32>
  }
}

// -----

// (2, 4, 4), 3x4 @ 4x6 at bf16_6x, blocked (K = mxu: one k block) with
// load (0, 1) folded away: per pass, load (0, 0) has Mpad = 4, issued
// 4*4*4 = 64, logical 3*4*4 = 48; load (0, 1) would have n_len 2 (logical
// 24). Six passes of the one load: 6 loads, issued 384, logical 48 (once),
// padding 336, 12.5%; the folded load is skipped in every pass: 6.
// expected-remark @below {{total: logical_macs=48 issued_macs=384 padding_macs=336 weight_loads=6 skipped_loads=6 utilization=12.5000%}}
module {
  func.func @multi_pass_chain(%a: !systile.tiled<3x4xf32, #systile.geometry<2x4, mxu = 4>>, %b: !systile.tiled<4x6xf32, #systile.geometry<2x4, mxu = 4>>, %c: !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>) -> !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>> {
    // expected-remark @below {{utilization: logical_macs=48 issued_macs=384 padding_macs=336 weight_loads=6 skipped_loads=6 utilization=12.5000%}}
    %0 = systile.mxu_matmul %a, %b, %c [0, 0] precision = bf16_6x : !systile.tiled<3x4xf32, #systile.geometry<2x4, mxu = 4>>, !systile.tiled<4x6xf32, #systile.geometry<2x4, mxu = 4>> -> !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>
    return %0 : !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>
  }
}

// -----

// A batch of 2 with a shared 5x7 weight at bf16_3x: one load per pass
// streams both matrices' rows, so 3 loads; issued 3 * 2 * 131072 = 786432,
// logical 2 * 105 = 210 (once), padding 786222, 0.0267%.
// expected-remark @below {{total: logical_macs=210 issued_macs=786432 padding_macs=786222 weight_loads=3 skipped_loads=0 utilization=0.0267%}}
module {
  func.func @multi_pass_shared(%a: !systile.tiled<2x3x5xf32>, %b: !systile.tiled<5x7xf32>, %c: !systile.tiled<2x3x7xf32>) -> !systile.tiled<2x3x7xf32> {
    // expected-remark @below {{utilization: logical_macs=210 issued_macs=786432 padding_macs=786222 weight_loads=3 skipped_loads=0 utilization=0.0267%}}
    %d = systile.matmul %a, %b, %c precision = bf16_3x : !systile.tiled<2x3x5xf32>, !systile.tiled<5x7xf32> -> !systile.tiled<2x3x7xf32>
    return %d : !systile.tiled<2x3x7xf32>
  }
}
