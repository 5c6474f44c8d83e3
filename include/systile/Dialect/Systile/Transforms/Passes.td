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

    A batched matmul becomes the same sequence on the batched operands:
    each `systile.mxu_matmul` is the load of block `(kb, nb)` for every
    matrix of the batch (one load of the shared weight when rhs has no
    batch dimensions). A `rhs_transposed` matmul gives `rhs_transposed`
    loads, so the weight is never relaid out.

    A matmul that would need more than `max-blocks` weight loads is left
    unchanged with a remark saying so (the IR would grow by one op per load).
    So is a multi-pass matmul (`precision = bf16_3x | bf16_6x`) with more
    than one k block: each of its passes sums over all of K before the next
    one starts (RFC section 6), which a sequence of single-block loads
    cannot reproduce. With one k block the loads carry the precision (and
    `flush_subnormals`) and reproduce it.

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

    On a batch with one weight matrix per batch matrix, a load is erased
    only when its block is all-zero in every weight matrix of the batch
    (the one op stands for all their loads); a shared rhs is one matrix.
    With `rhs_transposed`, weight block `(kb, nb)` is read from the stored
    `N x K` rhs, as the op reads it.

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

    On a batch of `Mb` lhs matrices, each load counts `Mb` times its MACs,
    and `Mb` weight loads for one weight matrix per batch matrix or 1 for a
    shared rhs (skipped loads likewise). K and N are the op's: a
    `rhs_transposed` rhs is `N x K`.

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

    With `json=FILE` (`-` for standard output) the same figures are also
    written as one JSON document, written only when the pass succeeds and
    never over a file it would clobber half-written (systile's OutputFile:
    staged and renamed, a device or FIFO written through):

    ```
    {"matmuls": [
       {"op": "systile.matmul",
        "location": {"file": "m.mlir", "line": 3, "column": 8},
        "name": "layers.0.fc", "m": 3, "k": 5, "n": 7, "matrices": 1,
        "shared_rhs": false, "precision": "f32",
        "geometry": {"sublanes": 8, "lanes": 128, "mxu": 128},
        "logical_macs": 105, "issued_macs": 131072,
        "padding_macs": 130967, "weight_loads": 1, "skipped_loads": 0,
        "utilization": 0.000801 (the double logical / issued)}
     ],
     "total": {"logical_macs": ..., "utilization": ...}
    }
    ```

    `location` is the first file location found in the op's location
    (through call sites, fused and named locations), or null; `name` the
    first named location's name (torch-mlir's and JAX's module paths), or
    absent. `utilization` is the fraction logical / issued (a double), the
    text line's percentage divided by 100. A matmul whose figures overflow
    is left out, as from the total.
  }];
  let options = [
    Option<"jsonPath", "json", "std::string", /*default=*/"\"\"",
           "Also write the figures as JSON to this file (- for stdout)">
  ];
}

def SystileNormalizeViews : Pass<"systile-normalize-views",
                                 "::mlir::func::FuncOp"> {
  let summary = "Make dense relayout chains canonical and move row "
                "permutations past row-wise ops";
  let description = [{
    A dense-tensor pass that runs before `convert-linalg-to-systile`, so
    that layout propagation meets each data movement in one form.

    **View chains.** A chain of `tensor.expand_shape`,
    `tensor.collapse_shape`, `linalg.transpose` and unit-stride,
    rank-keeping `tensor.extract_slice` ops on static shapes, containing a
    transpose, reads its source as a strided view: each result dimension is
    a mixed-radix number of (size, stride) atoms, the layout algebra of
    XLA's layouts and CuTe. The chain is replaced by its canonical form
    from the same source: a slice of each source dimension, an
    `expand_shape` into the atoms, a transpose that keeps the leading atoms
    in source order and the last result dimension's atoms last, a
    `collapse_shape`, then a transpose of leading dimensions only, and the
    reshape to the result's dimensions. A view that is not such a slice,
    split and permutation of its source (an atom straddling two source
    dimensions) is left alone. torch's sequence-first multi-head attention
    splits its fused qkv projection with nine such ops per tensor; the
    canonical chain is a slice of the lanes, a head split and a transpose,
    which layout propagation turns into `systile.slice` and
    `systile.split_heads`.

    **Row permutations.** A transpose that keeps the last dimension in
    place (rows move, each row stays whole) moves below the row-wise ops
    that read it:
    - an element-wise `linalg.generic` reading it with the identity map
      runs in the untransposed order (every indexing map composed with the
      permutation) and its results are transposed;
    - `linalg.batch_matmul` whose rhs is one 2-D weight broadcast to every
      batch (a `linalg.generic` yielding its input) becomes a contraction
      with one weight for every row (the weight is not copied per batch),
      on the untransposed lhs when it was transposed;
    - `linalg.matmul` on a `collapse_shape` of such a transpose becomes the
      contraction on the untransposed value, transposed and collapsed;
    - an element-wise 2-D generic on such a collapse (with other inputs
      collapsed alike or read along the last dimension only) runs at the
      uncollapsed rank.
    Two transposes compose; the inverse permutations that meet fold away.
    The sequence-first transposes `[B,S,E] <-> [S,B,E]` around an attention
    thus vanish.

    Numerics: every element is computed from the same elements by the same
    scalar ops in the same order (a contraction's body is cloned from the
    matmul's), so no bit changes.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def SystilePropagateLayout : Pass<"systile-propagate-layout",
                                  "::mlir::func::FuncOp"> {
  let summary = "Keep values tiled between matmuls: pay the layout once";
  let description = [{
    Moves `systile.unpack` down to the function's results and `systile.pack`
    up to its arguments through element-wise computations, turning each into
    its tiled form, so that a model pays one pack per input and one unpack
    per output instead of a pack/unpack pair around every matmul. The
    anchor is upstream's data-layout propagation for `linalg.pack` (push an
    unpack down through a generic that consumes it; bubble a pack up
    through a generic whose only users are packs). The difference is the
    mask: upstream cannot move a pack that has a padding value through a
    generic, since the generic would compute on padding; a
    `systile.elementwise` computes logical slots only and defines its
    result's padding as zero, so every element-wise computation can move,
    whatever it maps 0 to (`exp(0) = 1` never reaches padding).

    Rewrites, each only when an operand comes out of a `systile.unpack` or
    every user of the result is a `systile.pack` (so nothing is packed that
    was not packed before):

    * an element-wise `linalg` op of any rank N >= 2, generic or named
      (`linalg.add`, `linalg.max`, `linalg.map`, `linalg.elementwise`,
      ...: parallel loops only, an identity output that the payload does
      not read), becomes a `systile.elementwise` with the payload as its
      region. Each input map reads output dimensions in increasing order
      (no transposition; a unit dimension may be read at 0), and the
      input becomes the tiled value of the dimensions it reads, with 1 for
      the others, from the lowest one it reads (at most N-2) on: at rank 2
      a bias `(d0, d1) -> (d1)` is a `1xN` row and `(d0, d1) -> (d0)` an
      `Mx1` column; at rank 3 a LayerNorm weight `(d0, d1, d2) -> (d2)` is
      one `1xD` row shared by every matrix and a per-row statistic
      `(d0, d1, d2) -> (d0, d1)` a `BxSx1` column; at rank 4 a causal mask
      `(d0, d1, d2, d3) -> (d2, d3)` is one `SxS` matrix. The op
      broadcasts unit and absent dimensions itself (nothing of the
      result's size is built). A scalar becomes a `1x1` `systile.splat`;
      an `i1` constant (the mask of an `arith.select`) is packed once as
      an `i8` constant that the region truncates back to `i1`, and a
      mask computed from `linalg.index` and integer constants alone (an
      all-parallel generic of an integer result of at most 65536
      elements whose inputs are integer constants of at most as many:
      torch's `triu` is an `i64` arange, the difference of its row and
      column broadcasts, a comparison and an `and` with a constant) that
      reaches such an op, directly or through reshapes and other such
      generics, is folded to its constant first, step by step. The payload
      must not use `linalg.index` or `tensor.extract`, and may use values
      from above only if they are constants (cloned into the region);
    * a dense value is seen through `tensor.expand_shape` /
      `collapse_shape` ops that only add or remove unit dimensions (they
      keep the element order): a `[B, S]` value that is the collapse of an
      unpacked `[B, S, 1]` column is read as that column, and an
      element-wise op on it computes on the column;
    * an element-wise `arith`/`math` op on tensors of rank >= 2 becomes a
      `systile.elementwise` with its scalar form; `arith.truncf` f32 ->
      bf16 (default rounding) and `arith.extf` bf16 -> f32 become
      `systile.truncf` and `systile.extf`;
    * `systile.pack` of a `linalg.fill` becomes `systile.splat` of the fill
      value (a splat `systile.constant` once folded, for +0): a zero
      accumulator needs no dense tensor and no pack;
    * with `reductions` (on by default), a reduction of an unpacked tensor,
      or of any tensor of rank >= 2 when its result is only packed (seen
      through unit-dimension reshapes: a LayerNorm's statistic of a model
      input, the input then packed once),
      along any one dimension (`linalg.reduce` or a reduction generic into
      an init that drops the dimension or reads it at 0, a keep-dim
      `[B, S, 1]`) whose payload is one `op(%in, %acc)` (or `op(%acc,
      %in)`, the same value: which NaN payload survives where two meet is
      unspecified for arith, docs/Rationale.md) becomes
      `systile.reduce` along that dimension: `arith.addf`/`addi` from a +0
      init (`<sum>`), `arith.maximumf`/`maxsi` and `minimumf`/`minsi` from
      any splat init (`<max>`, `<min>`, the init then folded in by one
      `systile.elementwise`: torch-mlir's `-3.40282347E+38` gives its
      bits). The dense result is the unpack, reshaped to the init's shape,
      which later element-wise ops read tiled;
    * a reshape or transpose of an unpacked value that a relayout op
      expresses becomes that op, and the unpack moves past it:
      `tensor.collapse_shape`/`expand_shape` regrouping batch dimensions
      only -> `systile.reshape_batch`; the collapse `[.., B, R, C] ->
      [.., B*R, C]` -> `systile.merge_rows` and the inverse expand ->
      `systile.split_rows`; `tensor.expand_shape` `[.., S, H*D] ->
      [.., S, H, D]` followed by the transpose to `[.., H, S, D]` ->
      `systile.split_heads` (the transpose to `[.., H, D, S]`, the key's
      heads split and transposed at once -> `systile.split_heads` then
      `systile.transpose`), and the transpose `[.., H, S, D] ->
      [.., S, H, D]` followed by the collapse to `[.., S, H*D]` ->
      `systile.merge_heads` (a collapse that merges other dimensions too,
      `[B, S, H, D] -> [B*S, H*D]` -> `systile.merge_heads` then the rest
      of the collapse); `tensor.extract_slice` with static offsets and
      sizes, unit strides and the rank kept -> `systile.slice`; a
      transpose of the two minor dimensions -> `systile.transpose`. A transpose is a `linalg.transpose` or a
      `linalg.generic` whose only job is the permutation (one input,
      permutation maps, a body that yields the input).

    The folds of the ops involved run with the patterns:
    `pack(unpack(%x))` -> `%x`, `pack` of a constant -> `systile.constant`,
    so weights become storage-order constants.

    Convolution images: upstream's fold-reshapes-by-collapsing patterns
    (`linalg::populateFoldReshapeOpsByCollapsingPatterns`) run on the
    `tensor.expand_shape` of an unpacked value and on a
    `tensor.collapse_shape` whose users are packs: an element-wise generic
    on the `[N, H, W, C]` (or `[N, C, H, W]`) image that
    `convert-linalg-to-systile` unpacks after a convolution or a pooling is
    rewritten to the unpacked rank (a per-channel bias read along one
    dimension stays a broadcast), tiles, and the reshapes fold, so the next
    convolution reads it tiled. Dense code elsewhere keeps its shapes.

    Numerics: a `systile.elementwise` evaluates the payload's scalar ops on
    the same values, and `systile.reduce` steps `acc = op(element, acc)` in
    the dense loop's order, so no bit changes (RFC section 6).

    Counters (`systile-opt --mlir-pass-statistics`): `ops-tiled`,
    `fills-splat`, `masks-folded`, `reductions-tiled`, `relayouts-tiled`.

    Example, with `!t = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>`:

    ```mlir
    %u = systile.unpack %m : !t -> tensor<3x5xf32>
    %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%u : tensor<3x5xf32>) outs(%e : tensor<3x5xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.maximumf %in, %zero : f32
      linalg.yield %0 : f32
    } -> tensor<3x5xf32>
    %p = systile.pack %r : tensor<3x5xf32> -> !t
    // becomes
    %p = systile.elementwise ins(%m : !t) -> !t {
    ^bb0(%in: f32):
      %zero = arith.constant 0.000000e+00 : f32
      %0 = arith.maximumf %in, %zero : f32
      systile.yield %0 : f32
    }
    ```
  }];
  let dependentDialects = ["::systile::SystileDialect",
                           "::mlir::tensor::TensorDialect"];
  let options = [
    Option<"reductions", "reductions", "bool", /*default=*/"true",
           "Turn sum, max and min reductions of tiled values along any "
           "dimension into systile.reduce">
  ];
}

def SystileFuseElementwise : Pass<"systile-fuse-elementwise"> {
  let summary = "Fuse producer systile.elementwise ops into their consumers";
  let description = [{
    Merges a `systile.elementwise` producer into the `systile.elementwise`
    that consumes it, when the consumer is the producer's only user and the
    two have one logical shape: the fused op takes the consumer's inputs,
    with the producer's inputs in place of the producer's result (each
    value once, in upstream's order), and its region is
    the producer's region followed by the consumer's, the consumer's block
    argument for the producer replaced by the value the producer yielded.
    The intermediate tiled value is never built, so a bias add followed by
    a ReLU reads the activation once and writes it once.

    The anchor is upstream's element-wise fusion of `linalg.generic` ops
    (`-linalg-fuse-elementwise-ops`, `populateElementwiseOpsFusionPatterns`):
    a pass, not a canonicalisation, because fusing trades one op per value
    for larger regions, which a user may not want everywhere. It differs
    in that a producer with several users is not fused (upstream may
    duplicate it), so no computation is ever repeated, and that a producer
    whose result the consumer broadcasts (a `1 x N` row) is not fused
    either, since its region would then run once per row.

    Numerics: the fused region applies the same scalar ops to the same
    values in the same order, so no bit changes. Padding is not involved:
    regions see logical slots only.

    The patterns also fold a `systile.broadcast` that feeds an input
    (`systile.elementwise` canonicalisation), so a broadcast bias ends up
    as a `1 x N` input of the fused op.

    Counter (`systile-opt --mlir-pass-statistics`): `ops-fused`.

    Example, with `!t = !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>`
    and `!r = !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>>`:

    ```mlir
    %s = systile.elementwise ins(%x, %b : !t, !r) -> !t {
    ^bb0(%a: f32, %c: f32):
      %0 = arith.addf %a, %c : f32
      systile.yield %0 : f32
    }
    %y = systile.elementwise ins(%s : !t) -> !t {
    ^bb0(%a: f32):
      %zero = arith.constant 0.000000e+00 : f32
      %0 = arith.maximumf %a, %zero : f32
      systile.yield %0 : f32
    }
    // becomes
    %y = systile.elementwise ins(%x, %b : !t, !r) -> !t {
    ^bb0(%a: f32, %c: f32):
      %0 = arith.addf %a, %c : f32
      %zero = arith.constant 0.000000e+00 : f32
      %1 = arith.maximumf %0, %zero : f32
      systile.yield %1 : f32
    }
    ```
  }];
  let dependentDialects = ["::systile::SystileDialect"];
}

def SystileDynamicBatch : Pass<"systile-dynamic-batch", "::mlir::func::FuncOp"> {
  let summary = "Run a dynamic batch as a loop over chunks of static rows";
  let description = [{
    `!systile.tiled` has static shapes; frontends export models whose batch
    is dynamic (ONNX's symbolic dimensions, `torch.export` with
    `dynamic_shapes`, `jax.export` with symbolic shapes): `tensor<?x784xf32>`
    in, `tensor<?x10xf32>` out. This pass rewrites such a function, on
    linalg before `convert-linalg-to-systile`, as an `scf.for` over chunks
    of `rows` rows whose body is static, so it lowers to systile and the
    lowered file runs at any batch size.

    It applies to a function whose arguments and results are tensors with
    a dynamic leading dimension and static others (results all of them,
    arguments any number; other arguments static), all of one batch, and
    whose every op keeps batch rows independent:

    * a `linalg` op on tensors whose batch operands and results all read
      their leading dimension by one loop, a parallel one, which no static
      operand and no other dimension reads, whose outputs are all of the
      batch, and whose body reads neither that loop's index nor a dynamic
      value from above;
    * `tensor.dim` of a batch value's leading dimension, used only as the
      size of a `tensor.empty` or the batch size of a `tensor.expand_shape`;
    * `tensor.expand_shape`/`collapse_shape` keeping the batch dimension a
      group of its own, and `tensor.cast` between batch types;
    * any other op free of side effects that sees no dynamic value (it
      is copied into every chunk).

    Anything else leaves the function as it is, with a remark naming the
    op and the reason (a reduction over the batch, the batch size used as
    a value, another dynamic dimension, a side effect). The rewrite, for a batch of `B`
    rows:

    ```
    chunk i in [0, ceil(B / rows)): start = min(i * rows, max(B - rows, 0)),
                                    size = min(rows, B)
      each batch argument: rows [start, start + size), padded to `rows`
                           rows with copies of its first row when B < rows
      a copy of the body on the chunk (static after canonicalisation)
      each result: the chunk's first `size` rows inserted at `start`
    ```

    The last chunk overlaps the one before it instead of being padded
    (its rows are computed twice, to the same bits), so padding rows are
    computed only when the whole batch is smaller than a chunk, and they
    repeat a row of the input, so they compute nothing the original does
    not. Since each row's result depends on that row alone, the results are
    those of the function at any `B`, bit for bit. Batch arguments of
    different sizes (which linalg requires equal) fail a `cf.assert`. The pass then
    canonicalises the function, which makes the chunk's ops static.

    `rows` trades padding for weight loads: every chunk loads each weight
    block once, for `rows` rows. The default, 128, is a whole MXU of rows.

    Counter: `functions-chunked`.
  }];
  let options = [
    Option<"rows", "rows", "int64_t", /*default=*/"128",
           "Rows of one chunk of the batch">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::cf::ControlFlowDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect"];
}

def SystileFoldBatchNorm : Pass<"systile-fold-batchnorm", "::mlir::func::FuncOp"> {
  let summary = "Fold constant per-channel affine ops (inference BatchNorm) "
                "into the convolution before them";
  let description = [{
    An inference BatchNorm after a convolution computes, per output channel
    `f`, `y = (x - mean[f]) * rsqrt(var[f] + eps) * gamma[f] + beta[f]`: an
    affine map `y = a[f] * x + b[f]` whose parameters are constants. This
    pass folds such maps into the convolution: the filter becomes
    `w'[..f..] = w[..f..] * a[f]` and the bias (the convolution's init)
    `b[f]`, with the convolution's own bias composed in; the element-wise
    ops disappear. It runs on linalg, before `convert-linalg-to-systile`;
    `systile-pipeline{fold-batchnorm}` runs it first. It is opt-in because
    it changes bits (below).

    A convolution is folded when:
    - it is a named float convolution (`linalg.conv_*`,
      `linalg.depthwise_conv_*`; not the quantized `_q` forms, not
      pooling) of static shapes, in f32, with one output-channel loop
      (the loop indexing both the filter and the output: `f`, or a
      depthwise convolution's `c`; grouped convolutions and channel
      multipliers are left);
    - its filter is a constant (dense or `dense_resource`);
    - its init is a `linalg.fill` of a constant, a splat constant, or a
      broadcast of a `[C]` constant (`linalg.broadcast`, torch-mlir's bias);
    - its result's only user is an element-wise `linalg.generic` of the
      same type that reads it by the identity map and whose body is a
      sequence of `arith.addf`, `subf`, `mulf`, `divf` (by a parameter) and
      `negf`, each on the chain's value and a per-channel parameter or a
      scalar constant. A parameter is read by a map whose results are
      constants or the channel loop (torch-mlir's `[C, 1, 1]` read by
      `(d1, 0, 0)`); it is a constant, or computed from constants by
      element-wise generics (`rsqrt(var + eps)` on `[C]`), reshapes and
      broadcasts. Such generics are folded one after the other while the
      previous result has one user; the first that is not one (the ReLU)
      ends the chain.

    Numerics. The parameters, and any element-wise generic computing them,
    are evaluated in f32 with systile-run's scalar semantics (`rsqrt` is
    `1 / sqrt`). The chain is composed channel by channel in f32, starting
    from `a = 1`, `b = bias`, in the order of the ops: `x + c` gives
    `b + c`; `x - c`: `b - c`; `c - x`: `a = -a`, `b = c - b`; `x * c` (or
    `c * x`): `a * c`, `b * c`; `x / c`: `a / c`, `b / c`; `-x`: `-a`, `-b`.
    Then `w' = w * a[f]` in f32. The folded program computes
    `conv(x, w') + b` (the convolution's own accumulation order, RFC 6),
    the unfolded one `((conv(x, w) + bias - mean) * s) * gamma + beta`: the
    two differ by a few ulps of the activations, as they do in any
    framework that folds BatchNorm (PyTorch's `fuse_conv_bn_eval`,
    TensorFlow Lite, XLA's `batchnorm_expander` with folding). Both are
    deterministic; examples/cnn checks the folded bits against a numpy
    model of exactly this arithmetic.

    Counters (`systile-opt --mlir-pass-statistics`): `convs-folded`,
    `ops-folded`.

    Example, a 1x1 convolution of one input channel, filter `[2, -1]`, bias
    `[0.5, 1]`, then `x - [1.5, 2]`, `* rsqrt([3, 0] + 1)`, `* [3, 2]`,
    `+ [1, -1]`: `a = [1.5, 2]`, `b = [-0.5, -3]`, so the filter becomes
    `[3, -2]` and the bias `[-0.5, -3]` (test/Dialect/Systile/fold-batchnorm.mlir).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def SystileReportLayout : Pass<"systile-report-layout",
                               "::mlir::ModuleOp"> {
  let summary = "Report the layout-transform cost of every function";
  let description = [{
    Emits one remark per function with the layout cost of RFC section 8,
    counted over the ops in the IR (static): each `systile.pack` adds the
    padded storage bytes of its result to `packed_bytes`, each
    `systile.unpack` the logical bytes of its result to `unpacked_bytes`,
    and each relayout op that copies (`RelayoutOpInterface`, not free) the
    padded storage bytes of its result to `relayout_bytes`; a free
    relayout counts nothing. The line has the form `systile-run --stats`
    prints for the ops it executes (dynamic: a pack in a loop counts once
    per iteration there, once here):

    ```
    layout: packs=N unpacks=N packed_bytes=N unpacked_bytes=N relayouts=N relayout_bytes=N
    ```

    Sums are never wrapped: a function whose figures would exceed 2^64-1
    bytes gives a warning instead of the remark, and a pack or unpack of a
    type the runtime has no layout for (its padded element count at 8
    bytes each exceeds 2^63-1) a warning at the op, and is not counted.

    Counter (`systile-opt --mlir-pass-statistics`): `functions-reported`.

    Example, default geometry: packing a `3x5xf32` (padded 8x128, 4096
    bytes) and unpacking a `3x7xf32` (84 bytes):

    ```
    remark: layout: packs=1 unpacks=1 packed_bytes=4096 unpacked_bytes=84 relayouts=0 relayout_bytes=0
    ```

    With `json=FILE` (`-` for standard output) the same figures are also
    written as one JSON document, written only when the pass succeeds and
    never over a file it would clobber half-written (as
    `systile-report-utilization`'s `json`), with the member names of
    `systile-run --stats-json`'s `layout`:

    ```
    {"functions": [
       {"function": "main",
        "location": {"file": "m.mlir", "line": 2, "column": 3},
        "packs": 1, "unpacks": 1, "packed_bytes": 4096,
        "unpacked_bytes": 84, "relayouts": 0, "relayout_bytes": 0}
     ],
     "total": {"packs": 1, ...}}
    ```

    `location` and `name` are found as for `systile-report-utilization`. A
    function whose figures overflow is left out, as from the total.
  }];
  let options = [
    Option<"jsonPath", "json", "std::string", /*default=*/"\"\"",
           "Also write the figures as JSON to this file (- for stdout)">
  ];
}

#endif // SYSTILE_DIALECT_SYSTILE_TRANSFORMS_PASSES_TD
