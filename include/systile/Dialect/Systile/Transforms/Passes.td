//===- Passes.td - systile transformation passes -----------*- tablegen -*-===//
//
// Blocking of matmuls into weight loads, static zero-tile folding and the
// utilisation report.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_DIALECT_SYSTILE_TRANSFORMS_PASSES_TD
#define SYSTILE_DIALECT_SYSTILE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def SystileBlockMatmul : Pass<"systile-block-matmul", "::mlir::func::FuncOp"> {
  let summary = "Split systile.matmul into one systile.mxu_matmul per weight load";
  let description = [{
    Replaces each `systile.matmul` by the sequence of `systile.mxu_matmul`
    ops that is the hardware schedule: one op per `mxu x mxu` weight block
    `(kb, nb)` of the right-hand operand, with `nb` outer and `kb` inner, both
    increasing, each op accumulating into the result of the previous one.
    Because every block's partial sums start at +0 and are added to the
    accumulator in increasing `kb`, the sequence computes exactly what
    `systile.matmul` computes (RFC section 6), bit for bit.

    A matmul that would need more than `max-blocks` weight loads is left
    unchanged with a remark saying so (the IR would grow by one op per load).

    Counters (`systile-opt --mlir-pass-statistics`): `matmuls-blocked`,
    `blocks-emitted`.

    Example, `3x6 @ 6x5` on `#systile.geometry<2x4, mxu = 4>`: K = 6 and
    N = 5 give 2 x 2 weight loads.

    ```mlir
    %d = systile.matmul %a, %b, %c : !A, !B -> !C
    // becomes
    %0 = systile.mxu_matmul %a, %b, %c [0, 0] : !A, !B -> !C
    %1 = systile.mxu_matmul %a, %b, %0 [1, 0] : !A, !B -> !C
    %2 = systile.mxu_matmul %a, %b, %1 [0, 1] : !A, !B -> !C
    %d = systile.mxu_matmul %a, %b, %2 [1, 1] : !A, !B -> !C
    ```
  }];
  let options = [
    Option<"maxBlocks", "max-blocks", "int64_t", /*default=*/"65536",
           "Leave a matmul unblocked (with a remark) when it needs more "
           "weight loads than this">
  ];
}

def SystileFoldZeroTiles : Pass<"systile-fold-zero-tiles", "::mlir::func::FuncOp"> {
  let summary = "Erase weight loads whose rhs block is provably all zero";
  let description = [{
    A weight block `(kb, nb)` of the right-hand operand is *all-zero* when
    every logical element in it is +0 or -0 (integer 0). When the rhs is a
    constant (`systile.constant`, or `systile.pack` of a constant), this pass
    finds its all-zero blocks and

    * erases each `systile.mxu_matmul` whose block is all-zero (its result is
      replaced by its accumulator), and
    * replaces a `systile.matmul` whose whole rhs is all-zero by its
      accumulator.

    Semantics (RFC section 7). Skipping an all-zero block changes no result
    for finite inputs **except, possibly, the sign of a zero result**: the
    skipped load would have added a partial sum of +0 or -0 to the
    accumulator, and `-0 + +0 = +0`, so an accumulator holding -0 may come
    out as -0 instead of +0. If the matching lhs block holds an infinity or a
    NaN, the unskipped result is NaN (`inf * 0 = NaN`), while the skipped one
    is not. With `require-finite-lhs`, a block is only erased when the lhs is
    also a constant whose matching column block is all finite, so folding
    never changes a non-zero or NaN result.

    Counters (`systile-opt --mlir-pass-statistics`): `blocks-folded`,
    `matmuls-folded`.

    Example, with `%b` a constant whose block (1, 0) is all zero:

    ```mlir
    %0 = systile.mxu_matmul %a, %b, %c [0, 0] : !A, !B -> !C
    %1 = systile.mxu_matmul %a, %b, %0 [1, 0] : !A, !B -> !C
    // becomes
    %0 = systile.mxu_matmul %a, %b, %c [0, 0] : !A, !B -> !C
    // (uses of %1 now use %0)
    ```
  }];
  let options = [
    Option<"requireFiniteLhs", "require-finite-lhs", "bool",
           /*default=*/"false",
           "Only fold a block when the lhs is a constant whose matching "
           "column block is all finite (keeps NaN from inf * 0)">
  ];
}

def SystileReportUtilization : Pass<"systile-report-utilization",
                                    "::mlir::ModuleOp"> {
  let summary = "Report padding MACs and utilisation of every matmul";
  let description = [{
    Emits one remark per original matmul and one for the module, with the
    figures of RFC section 8 in one machine-parsable form:

    ```
    utilization: logical_macs=N issued_macs=N padding_macs=N weight_loads=N skipped_loads=N utilization=P%
    total: logical_macs=N issued_macs=N padding_macs=N weight_loads=N skipped_loads=N utilization=P%
    ```

    For each weight load `(kb, nb)` left in the IR, of a matmul with logical
    shape `M x K x N` and geometry `(s, l, m)`, `Mpad = ceil(M/s)*s`:

    ```
    k_len = min(m, K - kb*m);  n_len = min(m, N - nb*m)
    issued_macs  += Mpad * m * m
    logical_macs += M * k_len * n_len
    ```

    `padding_macs = issued - logical`, `utilization = logical / issued`
    (printed as a percentage with 4 decimals; 0 when nothing is issued).
    An unblocked `systile.matmul` issues all `ceil(K/m) * ceil(N/m)` loads.
    A blocked matmul is the chain of `systile.mxu_matmul` ops in one block on
    the same operands, each accumulating into the previous one, in increasing
    `(nb, kb)` order (a load at or before the previous one in that order
    starts the next matmul, e.g. `A x B + (A x B + C)` after CSE); its loads
    erased by `systile-fold-zero-tiles` are counted as `skipped_loads` (they
    count neither issued nor logical MACs). A matmul folded away entirely has
    no op left and so no remark. The module line starts with `total:` and is
    attached to the module. Figures that would exceed 2^63-1 give a warning
    instead of a line.

    Counter (`systile-opt --mlir-pass-statistics`): `matmuls-reported`.

    Example, default geometry, `3x5 @ 5x7`:

    ```
    remark: utilization: logical_macs=105 issued_macs=131072 padding_macs=130967 weight_loads=1 skipped_loads=0 utilization=0.0801%
    ```
  }];
}

#endif // SYSTILE_DIALECT_SYSTILE_TRANSFORMS_PASSES_TD
