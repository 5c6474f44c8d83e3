//===- Passes.td - conversions into systile ----------------*- tablegen -*-===//
//
// Conversions from upstream dialects into systile.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_CONVERSION_PASSES_TD
#define SYSTILE_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertLinalgToSystile : Pass<"convert-linalg-to-systile",
                                  "::mlir::func::FuncOp"> {
  let summary = "Lower linalg contractions on static tensors to systile matmuls";
  let description = [{
    Recognises contractions by their structure, not by op name: every linalg
    op that is a contraction (`isaContractionOpInterface`: two inputs, one
    output, projected-permutation maps, a multiply-accumulate body) whose
    loop dimensions `linalg::inferContractionDims` classifies as at most one
    N, exactly one K and any number of batch dimensions (or, with no batch
    dimension, several M dimensions: all but the innermost are the batch of
    a weight shared by every matrix), or as batch_reduce_matmul's two
    reductions, plus
    `linalg.quantized_matmul` and `linalg.quantized_batch_matmul`. That
    covers:

    * `linalg.matmul` with any permutation `indexing_maps` (a transposed lhs
      and/or rhs, e.g. nn.Linear's `[out, in]` weight). The transposition
      happens in the pack (`systile.pack ... transpose`), so a constant
      weight folds to one storage-order `systile.constant`. An output
      stored `(n, m)` is computed as `rhs^T x lhs^T`.
    * a `linalg.transpose` (on tensors) producing an operand: it is looked
      through and becomes part of the transposing pack; once every user is
      lowered it is erased, so nothing is transposed at run time.
    * `linalg.matvec`, `linalg.vecmat`, `linalg.dot`: matmuls with M = 1 or
      N = 1 (a `tensor.expand_shape` adds the unit dimension, a
      `tensor.collapse_shape` removes it from the result). Their
      `systile-report-utilization` line shows what such a shape costs on a
      systolic array.
    * contractions with parallel batch dimensions: `linalg.batch_matmul`
      (any `indexing_maps`), `batch_matvec`, and the rank-4
      and rank-5 `linalg.generic`s that `jnp.einsum('bhqd,bhkd->bhqk')` or
      `torch.matmul` legalise to, become ONE batched `systile.matmul`: a
      pack of each operand (`!systile.tiled<B.. x M x K>` etc.), an unpack
      of the result. Every operand stores the batch dimensions first, in
      the output's order; a rhs with none of them (`einsum('bmk,kn->bmn')`,
      a Linear layer on a 3-D activation) is one shared weight (a rank-2
      tiled rhs). A batched rhs stored `[.., N, K]` is packed as it is and
      read `rhs_transposed` (a transposed lhs is packed transposed). A
      batch dimension of 1 is reshaped away (`tensor.collapse_shape` /
      `tensor.expand_shape`): `tosa.matmul` on `1xMxK` is a 2-D matmul.
      Refused, with a remark: a weight shared along some batch dimensions
      only, an lhs shared by every matrix, batch dimensions stored in
      another order or after a matrix dimension.
    * `linalg.batch_reduce_matmul` (the batch a reduction): the matmuls
      accumulate, in increasing batch order, into one tiled accumulator.
      Up to `unroll-batch-limit` batches (default 8) are unrolled, one
      `tensor.extract_slice` per operand and batch; more become one
      `scf.for` over the slices (the tiled accumulator is the loop's
      `iter_args`). The same holds for `quantized_batch_matmul`'s batch
      (its zero points are applied per 2-D result), with the output
      carried instead.
    * `linalg.quantized_matmul` (and `quantized_batch_matmul`, per batch,
      with one batch dimension) by
      zero-point decomposition:
      `sum_k (a - za)(b - zb) = A.B - zb rowsum(A) - za colsum(B) + K za zb`
      with the i8 x i8 -> i32 matmul (and the accumulator) on the mxu and
      the correction as `linalg.generic` ops (row and column sums, then one
      elementwise update) in i32. Every step wraps mod 2^32, so the result
      is bit-exact with upstream's definition. A zero point that is a
      constant 0 drops its terms (symmetric quantization is just the i8
      matmul).
    * matmul-shaped `linalg.generic`: the body must be exactly
      `out + a * b` (`arith.addf`/`arith.mulf`, or `arith.addi`/`arith.muli`),
      with only a bf16 -> f32 `arith.extf` or an i8 -> i32 `arith.extsi` on
      the inputs (what frontends emit for a bf16 matmul with an f32
      accumulator). `isaContractionOpInterface` alone would also accept an
      `exp` or a negation on the way, which systile.matmul does not do.

    Element types `(f32 | bf16) x (f32 | bf16) -> f32` or `i8 x i8 -> i32`
    (sign-extended); static shapes, every dimension >= 1, no encoding.
    Every contraction the pass leaves gets a remark saying why (dynamic
    dimensions, memref operands, other element types, `cast_unsigned`, a
    body that is not a multiply-accumulate, several M/N/batch dimensions, a
    broadcast operand, storage that would overflow) and is counted in
    `matmuls-left`.

    Numerics. linalg accumulates sequentially over k into `C`;
    `systile.matmul` accumulates per `mxu`-deep block (RFC section 6). The
    two agree exactly when `K <= mxu` and the accumulator is zero, and
    always for integers. With `precision=bf16` the float inputs are rounded
    to bf16 first (the TPU default for f32 inputs); `precision=bf16_3x` and
    `bf16_6x` split them into two or three bf16 parts and make three or six
    bf16 passes (JAX's `HIGH` and `HIGHEST`); `precision=f32`, the default,
    keeps them as they are. Integer matmuls ignore `precision`.
    `flush-subnormals` gives every float matmul `flush_subnormals`: its bf16
    conversions flush subnormal results to +-0, as TPUs do (an error with
    `precision=f32`, which converts nothing; `systile.truncf` and other ops
    are not affected).

    Convolutions: `linalg.conv_2d_nhwc_hwcf`, `conv_2d_nhwc_fhwc`,
    `conv_2d_nchw_fchw`, `conv_1d_nwc_wcf` and `conv_1d_ncw_fcw`, with any
    strides and dilations, become matmuls on tiled values (this pass is
    where a convolution becomes a matmul; nothing rewrites it before). The
    activation is packed once as an `N*H*W x C` matrix, channels on the
    lanes (an NCHW activation is packed transposed, `[N, C, H*W] -> [N,
    H*W, C]`, then its rows merged); the output init is the accumulator,
    packed the same way, and the result is unpacked back (an NCHW result
    through a `systile.transpose`). A `tensor.pad` of the input by a
    constant on the spatial dimensions (SAME or explicit padding, as
    frontends emit it) is folded into the window: its value is read for
    the taps that fall outside the image. `conv-strategy` chooses the
    matmuls (RFC 6 gives each one's order):

    * `im2col` (the default): `systile.im2col` builds the `N*OH*OW x
      KH*KW*C` matrix, K ordered `(kh, kw, c)`, `c` fastest, and ONE
      `systile.matmul` multiplies it by the `KH*KW*C x F` filter. The
      default because it fills the array's K rows whenever `C` is not a
      multiple of `mxu` (a 3-channel stem conv: 1 weight load of 27 rows
      instead of 9 of 3), and issues the same loads when it is.
    * `taps`: for each tap `(kh, kw)` in row-major order, `systile.window`
      reads its `N*OH*OW x C` window and a `systile.matmul` with the tap's
      `C x F` filter accumulates into the last (the TPU's way: no im2col
      buffer on a chip, which reads the shifted window in place).

    Grouped convolutions (`linalg.conv_2d_ngchw_gfchw`, `conv_2d_ngchw_fgchw`,
    `conv_2d_nhwgc_gfhwc`; torch-mlir's `groups`) and depthwise ones
    (`linalg.depthwise_conv_2d_nhwc_hwc`, `depthwise_conv_2d_nchw_chw`,
    `depthwise_conv_2d_nhwc_hwcm`, `depthwise_conv_1d_nwc_wc`,
    `depthwise_conv_1d_ncw_cw`, `depthwise_conv_1d_nwc_wcm`: one group per
    channel) split the packed channels into one matrix per group
    (`systile.split_heads`) and issue the same steps as batched matmuls,
    one `K x F/G` filter per group: a depthwise convolution is `C`
    contractions with `K = KH*KW`, and reports that utilisation.

    Poolings (`linalg.pooling_nhwc_max`, `_min`, `_sum`, `_max_unsigned`,
    `_min_unsigned`, `pooling_nchw_max`, `_sum`, and their 1-D `nwc` /
    `ncw` forms) become one `systile.window` per tap of the packed
    activation (a folded `tensor.pad`'s value, e.g. torch's `-inf`, is the
    window's `pad_value`), each combined into the packed output init by the
    op's own payload cloned into a `systile.elementwise`, in row-major tap
    order: upstream's order, so the lowered pooling gives the unlowered
    one's bits (`systile-fuse-elementwise` then makes it one op).

    A constant filter becomes dense `K x F` constants here, which the packs
    fold into storage-order `systile.constant`s; another filter is
    rearranged by a `linalg.transpose` and tensor reshapes first.
    `systile-report-utilization` reports each of the matmuls with `M =
    N*OH*OW` and the MACs of halo reads apart (`halo_macs=`). Refused, with
    a remark: dynamic shapes, other element types, an output image smaller
    than the window gives, a pooling of more than 256 taps.

    Counters (`systile-opt --mlir-pass-statistics`): `matmuls-lowered`,
    `matmuls-left` (left unchanged, with a remark), `convs-lowered`,
    `convs-left`.

    Example, with `sublanes=2 lanes=4 mxu=4` (`#g` is
    `#systile.geometry<2x4, mxu = 4>`), a matmul whose rhs is an `[N, K]`
    weight:

    ```mlir
    %d = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                        affine_map<(m, n, k) -> (n, k)>,
                                        affine_map<(m, n, k) -> (m, n)>]
        ins(%a, %w : tensor<3x5xf32>, tensor<7x5xf32>)
        outs(%c : tensor<3x7xf32>) -> tensor<3x7xf32>
    // becomes
    %0 = systile.pack %a : tensor<3x5xf32> -> !systile.tiled<3x5xf32, #g>
    %1 = systile.pack %w transpose : tensor<7x5xf32> -> !systile.tiled<5x7xf32, #g>
    %2 = systile.pack %c : tensor<3x7xf32> -> !systile.tiled<3x7xf32, #g>
    %3 = systile.matmul %0, %1, %2 : ... -> !systile.tiled<3x7xf32, #g>
    %d = systile.unpack %3 : !systile.tiled<3x7xf32, #g> -> tensor<3x7xf32>
    ```
  }];
  let dependentDialects = ["::systile::SystileDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect"];
  let options = [
    Option<"sublanes", "sublanes", "int64_t",
           /*default=*/"::systile::rt::kDefaultSublanes",
           "Rows of a vector-memory tile">,
    Option<"lanes", "lanes", "int64_t",
           /*default=*/"::systile::rt::kDefaultLanes",
           "Columns of a vector-memory tile">,
    Option<"mxu", "mxu", "int64_t", /*default=*/"::systile::rt::kDefaultMxu",
           "Size of the square systolic array (one weight block)">,
    Option<"precision", "precision", "::systile::Precision",
           /*default=*/"::systile::Precision::F32",
           "Input precision of float matmuls",
           [{::llvm::cl::values(
               clEnumValN(::systile::Precision::F32, "f32",
                          "inputs as they are (faithful to linalg)"),
               clEnumValN(::systile::Precision::BF16, "bf16",
                          "inputs rounded to bf16 first (TPU default)"),
               clEnumValN(::systile::Precision::BF16_3X, "bf16_3x",
                          "inputs split in two bf16 parts, three passes "
                          "(JAX HIGH)"),
               clEnumValN(::systile::Precision::BF16_6X, "bf16_6x",
                          "inputs split in three bf16 parts, six passes "
                          "(JAX HIGHEST)"))}]>,
    Option<"flushSubnormals", "flush-subnormals", "bool", /*default=*/"false",
           "Float matmuls flush subnormal results of their bf16 conversions "
           "to +-0, as TPUs do (flush_subnormals; not with precision=f32)">,
    Option<"unrollBatchLimit", "unroll-batch-limit", "int64_t",
           /*default=*/"8",
           "batch_reduce_matmul and quantized_batch_matmul batches up to "
           "this count are unrolled; more become an scf.for over tensor "
           "slices (parallel batches are one batched systile.matmul)">,
    Option<"convStrategy", "conv-strategy", "::systile::ConvStrategy",
           /*default=*/"::systile::ConvStrategy::Im2col",
           "How a convolution becomes matmuls",
           [{::llvm::cl::values(
               clEnumValN(::systile::ConvStrategy::Im2col, "im2col",
                          "one matmul over the im2col matrix, K = KH*KW*C "
                          "ordered (kh, kw, c) (default)"),
               clEnumValN(::systile::ConvStrategy::Taps, "taps",
                          "one matmul per filter tap, K = C, accumulated in "
                          "row-major tap order"))}]>
  ];
}

def ConvertSystileToRuntime : Pass<"convert-systile-to-runtime",
                                   "::mlir::ModuleOp"> {
  let summary = "Lower buffer-level systile ops to calls of the runtime's C "
                "interface";
  let description = [{
    Runs after One-Shot Bufferize, which turns every systile op into a
    `systile.on_buffers` op (the op on the storage buffers of its operands
    and results; a tiled value's buffer is its padded storage,
    `memref<N x T>`). This pass replaces each of them:

    * `systile.elementwise` and `systile.splat` become loops (`scf.for`)
      over matrices, rows, column tiles and the run of at most `lanes`
      logical slots of one tile row (contiguous in every operand's
      storage), the region's scalar ops inlined, padding set to zero first
      when the result's pad kind is `zero`. They then compile like any
      other scalar code. An f32 `math.tanh` cuts the region: the run's
      tanh inputs go to a buffer and `systile_tanh_f32` computes them at
      once with the interpreter's vector tanh (the bits of the C library's
      `tanhf`); the rest of the region reads its results, and the earlier
      values it needs, from buffers.
    * A whole `matmul` whose accumulator is known +0 (a zero constant, or
      a splat of +0 no op writes before it) gets flag 4: the runtime does
      not read it.
    * `pack`, `unpack`, `matmul`, `mxu_matmul`, `truncf`, `extf`,
      `quantize`, `dequantize`, `reduce`, `broadcast` and `fill_padding`
      become calls of `libsystile_runner_utils`
      (`include/systile/Runtime/RunnerUtils.h`): each call passes an
      `info` array of the op's static facts (its tiled types, attributes)
      and its buffers as one-dimensional memrefs, declared with
      `llvm.emit_c_interface`. The runtime computes what the interpreter
      computes, so the compiled program gives the interpreter's bits
      (RFC section 6).
    * Every scalar `arith.truncf` from f32 (or f64, rounded to f32 first,
      as LLVM's lowering and the interpreter do) to bf16 in the module
      becomes RFC 6's integer rounding (nearest, ties to even, NaN kept quiet with
      its sign), never the target's conversion instruction, whose handling
      of subnormals and NaN varies. An explicit `to_nearest_even` is that
      default rounding.
    * Every scalar `arith.truncf` with another rounding mode (`downward`,
      `upward`, `toward_zero`, `to_nearest_away`), from f64 or f32 to f32,
      bf16 or f16, becomes a call of the runtime's
      `systile_truncf_<from>_<to>(x, mode)`, which rounds the exact value
      once in that mode, as the interpreter does. Upstream's lowering
      would make it a constrained `fptrunc`, which takes the mode to be the
      floating-point environment's and, on a default environment, rounds
      to nearest even. Any other such truncf (on vectors) is an error.

    * The relayouts (`reshape_batch`, `merge_rows`, `split_rows`,
      `split_heads`, `merge_heads`, `reshape`, `slice`, `transpose`) and
      the convolution windows (`im2col`, `window`) become calls too; a
      window is materialized, and the matmul that reads it gives the bits
      of the interpreter's fused window matmul (RFC section 6).

    After this pass only upstream dialects remain; upstream's passes take
    the program to LLVM (the `systile-lower-to-llvm` pipeline lists them),
    and `mlir-runner -shared-libs=libsystile_runner_utils.so,...` or
    `systile-run --compile` run it.

    Example:

    ```mlir
    // before
    systile.on_buffers ins(%a : memref<3x6xf32>) outs(%s : memref<32xf32>) {
    ^bb0(%t: tensor<3x6xf32>):
      %p = systile.pack %t : tensor<3x6xf32> -> !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>
      systile.on_buffers_yield %p : !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>
    }
    // after
    %info = memref.get_global @__systile_info : memref<9xi64>
    ...
    func.call @systile_pack_f32(%i, %d, %o) : (memref<?xi64>, memref<?xf32>, memref<?xf32>) -> ()
    ```
  }];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::linalg::LinalgDialect"];
}

def SystileExpandUnloweredOps : Pass<"systile-expand-unlowered-ops"> {
  let summary = "Rewrite the ops upstream cannot bufferize or lower to LLVM "
                "as ops it can, with the same results";
  let description = [{
    Programs systile runs use a few ops for which upstream's path to LLVM
    has a gap. This pass rewrites each as ops that path lowers, with the
    same result for every input (the interpreter's):

    * `tensor.bitcast`: One-Shot Bufferize has no model for it ("op was
      not bufferized"). Between ranked tensors of the same shape it is the
      element-wise `arith.bitcast` of the tensor, which
      `convert-elementwise-to-linalg` turns into a `linalg.generic`. Where
      the static sizes of the two types differ (`tensor<?xi32>` to
      `tensor<4xf32>`), a `tensor.cast` to the result's shape comes first,
      so a size that does not match is refused at run time
      (`generate-runtime-verification`), as the interpreter refuses it.
      Bitcasts of unranked tensors are left alone.
    * `math.isinf` and `math.isnormal`: `convert-math-to-llvm` lowers
      `isnan` and `isfinite` only. They become comparisons of the
      magnitude, `|x| == inf` and `smallest normal <= |x| < inf` (ordered,
      so false for NaN), element-wise on tensors as on scalars.
    * Splat constants of 64 MiB or more: LLVM spells out every element of
      a global (compiling a 256 MiB splat weight took 1.5 GB and 4.9 s; a
      16 GiB one ran LLVM out of memory). A splat `arith.constant` of a
      static tensor becomes `linalg.fill` of a `tensor.empty`, and a splat
      `systile.constant` the `systile.splat` of its value where the two
      have the same storage (the value is zero, the pad kind `undef`, or
      the shape has no padding; `systile.splat`'s folder in reverse). The
      buffer is then an allocation of the run, which `systile-run
      --compile` holds to its `--max-memory` budget like the
      interpreter's values.

    * An `scf.for`, `scf.while`, `scf.if` or `scf.index_switch` that
      carries a tiled value (an iter_arg, a result, a value passed through
      `scf.condition`): MLIR 22's bufferization of scf ops takes builtin
      tensors only, and given a tiled value it rebuilds the op endlessly.
      The op carries the value's storage instead, a `tensor<N x T>` of the
      type's `N` storage slots, with `systile.to_storage` where the value
      enters it and `systile.from_storage` where it is read (upstream's
      structural type conversion of scf ops). Inside a loop, the
      `from_storage` of the carried value is marked `unique` when every
      other use of that value passes it on through its block's
      terminator, so both ops bufferize to the tiled value's own buffer
      and the loop copies nothing of its own; a value still read after a
      loop that starts from it is copied once, before the loop (upstream's
      `scf.for` treats its initial buffers as updated), and the tiled
      value read from a carrier's result is a copy.

    * An `scf.execute_region` that yields a tiled value is inlined into
      its parent (upstream's canonicalization patterns: one block in
      place, several as `cf` branches where the parent may hold blocks).

    Any other op with regions that carries a tiled value (an
    `scf.execute_region` of several blocks in a single-block region such
    as a loop body, an op of another dialect) has no path, and the pass
    refuses it with an error at the op. Such a program
    carries the dense tensor instead (`systile.unpack` before the op,
    `systile.pack` inside it), or runs interpreted. (The systile ops'
    bufferization models also refuse to bufferize next to any carrier, so
    that One-Shot Bufferize run on its own, without this pass, fails with
    the same error instead of running away.)

    Runs first in `systile-lower-to-llvm`'s tensor stage, before
    `convert-elementwise-to-linalg`. (`math.clampf`, which has no LLVM
    lowering either, is expanded by upstream's
    `math-expand-ops{ops=clampf}` later in the pipeline.)
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::tensor::TensorDialect",
                           "::systile::SystileDialect"];
}

def SystileCountLoopSteps : Pass<"systile-count-loop-steps",
                                 "::mlir::ModuleOp"> {
  let summary = "Count the iterations of the program's loops against the "
                "run's budget, and bound its recursion, so that an endless "
                "loop or unbounded recursion is an error naming it";
  let description = [{
    The interpreter bounds the loop iterations of a run (`systile-run
    --max-steps`, default 10,000,000) and refuses an endless loop with an
    error naming it. This pass gives compiled code the same bound: each
    iteration of every `scf.for`, `scf.while` (its `before` region) and
    `scf.forall` of the program starts with a call of the runtime's
    `systile_loop_step` (`include/systile/Runtime/RunnerUtils.h`) with
    the loop's name and location as a `memref<?xi8>` of a constant
    global, e.g. `'scf.while' at model.mlir:12:8`. The runtime counts the
    iterations of the run (`systile_set_max_steps` sets the limit; 0 for
    none; `systile_reset_stats` starts a new run) and, past the limit,
    reports `<loop> ran out of steps: the run has executed N loop
    iterations, its limit (...)` as a failed check (`systile_check_failed`),
    which does not return.

    Recursion gets the interpreter's bound the same way. Every `func.call`
    that can recur (its callee reaches, through the module's calls, the
    function holding the call) is bracketed by calls of
    `systile_call_enter` and `systile_call_leave` naming it, e.g.
    `'func.call' of @even at model.mlir:9:10`. The runtime keeps the depth
    of such calls on the calling thread; past 256 (the interpreter's
    limit) the next one reports `<call>: call depth exceeds 256 (unbounded
    recursion?)` as a failed check, instead of a stack overflow, or a hang
    once LLVM has turned a tail call into a loop. (The interpreter counts
    every frame and the compiled code the recurring calls only, so near
    the limit the two may differ by the frames of the calls that cannot
    recur.) A `func.call_indirect` may call any function whose address a
    `func.constant` takes; it is bracketed when one of those reaches the
    function holding it.

    A loop whose step is not positive never ends (upstream folds such an
    `scf.for` away, leaving its results unset), and the interpreter
    refuses it. So before each `scf.for` and `scf.forall` whose step is
    not a positive constant the pass puts a `cf.assert` that it is
    positive, `'scf.for' at model.mlir:7:8: its step is not positive; the
    loop would not terminate`, which `systile-insert-runtime-checks` makes
    a check.

    It runs first in `systile-lower-to-llvm`, on the program as written,
    so the loops it counts are the ones the interpreter counts, not the
    loops the lowering of linalg and systile ops makes. A program that
    defines `@systile_loop_step`, `@systile_call_enter` or
    `@systile_call_leave` with another type is an error.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::cf::ControlFlowDialect"];
}

def SystileFreeAfterLastUse : Pass<"systile-free-after-last-use",
                                   "::mlir::func::FuncOp"> {
  let summary = "Free each buffer after its last use, where every alias of "
                "every buffer of the function is known";
  let description = [{
    Upstream's `buffer-deallocation-pipeline` frees a buffer at the end of
    the block that allocates it, so a straight-line function holds every
    buffer it allocates until it returns: each is fresh memory, none
    reuses the memory (or the cache lines) of one already dead. Upstream's
    `optimize-allocation-liveness` moves each `memref.dealloc` to right
    after the last use of the buffer or of any alias of it, as
    `BufferViewFlowAnalysis` finds the aliases: views
    (`ViewLikeOpInterface`), ops with a `BufferViewFlowOpInterface` model,
    region control flow and calls. An op that makes a memref from a memref
    and is none of these (e.g. `memref.transpose`, which MLIR 22 does not
    model, or an `unrealized_conversion_cast`) is taken for a fresh buffer
    by that analysis, and a dealloc moved before a use of it would free
    memory still read.

    This pass runs `optimize-allocation-liveness` on a function only when
    no op of the function does that, nor turns a memref into an address
    (`memref.extract_aligned_pointer_as_index`, a result of LLVM pointer
    type); other functions keep their deallocs where the deallocation
    pipeline put them. Everything `convert-systile-to-runtime` writes is
    of the known kinds: its runtime calls take `memref.cast`s of the
    buffers, and a free relayout, an in-place matmul and the storage casts
    use their operand's buffer itself. It runs in `systile-lower-to-llvm`
    right after `buffer-deallocation-pipeline`; on the GPT-2 block of
    `bench/models` it took the compiled process's peak memory from 376 to
    255 MB.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def SystileInsertRuntimeChecks : Pass<"systile-insert-runtime-checks",
                                      "::mlir::ModuleOp"> {
  let summary = "Check at run time what upstream's lowering leaves undefined, "
                "and report failed assertions through the runtime";
  let description = [{
    Compiled code must refuse what the interpreter refuses: a scalar op
    whose result upstream defines as poison (or whose LLVM instruction is
    undefined behaviour) for some operands, and a failed `cf.assert`.
    Upstream's lowering computes the first silently (a division by zero
    folds to an arbitrary value or traps) and aborts the process on the
    second. This pass runs on scalar code (after `convert-linalg-to-loops`
    and `convert-systile-to-runtime`, before `arith-expand`):

    * before each scalar op below, a `cf.assert` of the condition under
      which its result is defined, with the message the op's name, its
      location and the reason, e.g. `'arith.divsi' at model.mlir:12:8:
      division by zero (the result would be poison)`:
      - `divsi`, `remsi`, `ceildivsi`, `floordivsi`: a zero divisor, or
        the minimum integer divided by -1;
      - `divui`, `remui`, `ceildivui`: a zero divisor;
      - `shli`, `shrsi`, `shrui`: a shift amount not less than the bit
        width;
      - `addi`, `subi`, `muli`, `shli`, `trunci` with `overflow<nsw>` or
        `overflow<nuw>`: a result that is not the exact one in the
        flagged sense;
      - `fptosi`, `fptoui`: NaN, or a value whose truncation is out of the
        result's range;
      - `math.ipowi`: zero to a negative power.

      A check whose operands are constants that make the op defined is
      not emitted;
    * every `cf.assert` (the program's own and the checks above) becomes
      an `scf.if` on its negated condition that calls
      `systile_check_failed` of the runtime's C interface
      (`include/systile/Runtime/RunnerUtils.h`) with the message, as a
      `memref<?xi8>` of a constant global. That function reports the
      message and does not return (by default it prints it and exits with
      status 1; `systile-run --compile` prints it as its error).
    * before each `memref.alloc`, a call of the runtime's
      `systile_alloc_site` with the text `a buffer allocated at
      FILE:LINE:COL`, so that a host bounding the program's memory
      (`systile-run --compile --max-memory`) names the site of an
      allocation it refuses.

    The same conditions and the same op set as the interpreter's poison
    errors (docs/Interpreter.md), so a program the interpreter refuses is
    refused compiled too, at the same op.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::cf::ControlFlowDialect",
                           "::mlir::LLVM::LLVMDialect"];
}

#endif // SYSTILE_CONVERSION_PASSES_TD
