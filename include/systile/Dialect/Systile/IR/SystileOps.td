//===- SystileOps.td - systile operations ------------------*- tablegen -*-===//
//
// Layout transforms, constants, systolic matmuls, conversions, reductions.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_DIALECT_SYSTILE_IR_SYSTILEOPS_TD
#define SYSTILE_DIALECT_SYSTILE_IR_SYSTILEOPS_TD

include "systile/Dialect/Systile/IR/SystileInterfaces.td"
include "systile/Dialect/Systile/IR/SystileTypes.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Operands and results of tiled type are `Systile_TiledType`
// (`Systile_TiledOf<[...]>`): every op takes batch dimensions
// (`Systile_TiledMatrixType` is the constraint for an op that takes
// matrices only); the op formats print them with
// `qualified(type($x))`, i.e. as the full `!systile.tiled<...>`.
def Systile_DenseTensor : RankedTensorOf<[F32, BF16, F64, I8, I32], [HasStaticShapePred,
    CPred<"::llvm::cast<::mlir::ShapedType>($_self).getRank() >= 2">],
    "static tensor of rank >= 2">;

// The value of a systile.constant: elements given inline (`dense<...>`) or
// a blob resource (`dense_resource<...>`), which bytecode input maps without
// a copy.
def Systile_StorageElementsAttr : ElementsAttrBase<
    CPred<"::llvm::isa<::mlir::DenseElementsAttr, "
          "::mlir::DenseResourceElementsAttr>($_self)">,
    "dense or dense_resource elements attribute"> {
  let storageType = "::mlir::ElementsAttr";
  let returnType = "::mlir::ElementsAttr";
  let convertFromStorage = "$_self";
}

//===----------------------------------------------------------------------===//
// Layout transforms and constants
//===----------------------------------------------------------------------===//

def Systile_PackOp : Systile_Op<"pack", [Pure]> {
  let summary = "Lays a dense tensor out in tiled hardware order";
  let description = [{
    Copies a dense `R x C` tensor into tiled storage: element `(r, c)` goes
    to the storage offset of slot `(r, c)` (see `!systile.tiled`) and every
    padding slot is set to zero. The result has the same logical shape and
    element type as the input. A tensor of rank > 2 (`B1 x ... x Bn x R x
    C`) is packed matrix by matrix into the batch-major storage of a tiled
    value of the same shape: element `(b..., r, c)` goes to slot `(r, c)` of
    matrix `b...`. Its pad kind may be `zero` (what pack
    guarantees) or `undef` (a weaker claim that lets later ops leave padding
    as it is).

    With `transpose`, the input is the transpose of the result: a dense
    `C x R` tensor becomes a tiled `R x C` one, element `(c, r)` of the input
    going to slot `(r, c)`, in the same single copy. Only the two minor
    dimensions are swapped: `B x C x R` becomes `B x R x C`. A weight stored
    `[out, in]` (nn.Linear), or any operand a contraction reads transposed,
    is thus laid out once and never transposed at run time.

    Folds: `pack(unpack(%x))` is `%x` when the types agree (same pad kind)
    and the pack does not transpose, and the pack of a constant (transposed
    or not) becomes a `systile.constant` holding the padded data in storage
    order (unless that storage would exceed 256 MiB; such a pack stays and
    is done at run time). Canonicalization: `pack(unpack(%x)) transpose` is
    `systile.transpose %x` (one copy in the tiled domain instead of a dense
    round trip), when the types agree.

    Example:

    ```mlir
    %t = systile.pack %a : tensor<3x5xf32>
        -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
    // %w is a 7x5 [out, in] weight; %wt is its 5x7 transpose, tiled.
    %wt = systile.pack %w transpose : tensor<7x5xf32>
        -> !systile.tiled<5x7xf32, #systile.geometry<2x4, mxu = 4>>
    // Two 3x5 matrices, batch-major.
    %b = systile.pack %a2 : tensor<2x3x5xf32>
        -> !systile.tiled<2x3x5xf32, #systile.geometry<2x4, mxu = 4>>
    ```
  }];
  let arguments = (ins Systile_DenseTensor:$input, UnitAttr:$transpose);
  let results = (outs Systile_TiledType:$result);
  let assemblyFormat = [{
    $input (`transpose` $transpose^)? attr-dict `:` qualified(type($input))
    `->` qualified(type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Systile_UnpackOp : Systile_Op<"unpack", [Pure]> {
  let summary = "Copies the logical elements of a tiled tensor to a dense one";
  let description = [{
    The inverse of `systile.pack`: element `(r, c)` of the result is the
    logical slot `(r, c)` of the input (element `(b..., r, c)` is slot
    `(r, c)` of matrix `b...` of a batched input). Padding is never read, whatever the
    pad kind, so a round trip is exact.

    Folds: `unpack(pack(%t))` is `%t` (not for `pack ... transpose`, whose
    unpack is the transpose of `%t`); the unpack of a `systile.constant` is
    a dense constant.

    Example:

    ```mlir
    %d = systile.unpack %t : !systile.tiled<3x5xf32> -> tensor<3x5xf32>
    ```
  }];
  let arguments = (ins Systile_TiledType:$input);
  let results = (outs Systile_DenseTensor:$result);
  let assemblyFormat = "$input attr-dict `:` qualified(type($input)) `->` qualified(type($result))";
  let hasVerifier = 1;
  let hasFolder = 1;
}

// The storage of a tiled value as a one-dimensional builtin tensor.
def Systile_StorageTensor : RankedTensorOf<[F32, BF16, F64, I8, I32], [HasStaticShapePred,
    CPred<"::llvm::cast<::mlir::ShapedType>($_self).getRank() == 1">],
    "static one-dimensional tensor">;

def Systile_ToStorageOp : Systile_Op<"to_storage", [Pure]> {
  let summary = "The padded storage of a tiled tensor, as a 1-D tensor";
  let description = [{
    The result holds every storage slot of the input, logical and padding,
    in storage order (the layout of `!systile.tiled`; batch-major for a
    batched type): `tensor<N x T>` for `N` storage slots of elements `T`.
    No element is moved: it is the tiled value's storage seen as a builtin
    tensor, which is what the value bufferizes to (`memref<N x T>`), so
    bufferization gives the result the input's buffer, with no copy. A
    write to the result in place copies it first, unless the tiled value
    is a fresh result of a systile op in the same block with no other use.

    It lets ops that take builtin tensors only carry a tiled value:
    `systile-expand-unlowered-ops` rewrites an `scf.for`, `scf.while`,
    `scf.if` or `scf.index_switch` that carries a tiled value to carry its
    storage, with `systile.from_storage` where the tiled value is used.

    Folds: `to_storage(from_storage(%s))` is `%s`; the storage of a
    `systile.constant` with a `dense<...>` value is that value.

    Example:

    ```mlir
    // A 3x5 matrix on 2x4 tiles: padded 4x8, 32 storage slots.
    %s = systile.to_storage %t
        : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<32xf32>
    ```
  }];
  let arguments = (ins Systile_TiledType:$input);
  let results = (outs Systile_StorageTensor:$result);
  let assemblyFormat = "$input attr-dict `:` qualified(type($input)) `->` qualified(type($result))";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Systile_FromStorageOp : Systile_Op<"from_storage", [Pure]> {
  let summary = "A tiled tensor whose padded storage is a 1-D tensor";
  let description = [{
    The inverse of `systile.to_storage`: the result is the tiled value of
    its type whose storage slots, in storage order, are the elements of
    the input, `tensor<N x T>` for the type's `N` storage slots of elements
    `T`.

    Bufferization gives the result a copy of the input's buffer, unless
    the op is marked `unique`: then the result is the input's buffer
    itself, no copy. `unique` is a promise, as `restrict` is on
    `bufferization.to_tensor`, which One-Shot Analysis cannot check,
    since it does not follow tiled values: nothing writes the input's
    buffer (through the input or any value that shares it) while the
    result is read. `systile-expand-unlowered-ops` marks the ops it creates
    where that holds by construction (every other use of the input passes
    it on through the terminator of its block).

    Where the result's pad kind is `zero`, the input's padding slots must
    hold zero (all-zero bits), as `systile.constant`'s must: the interpreter
    refuses other storage with an error naming the slot; compiled code
    does not check it, and a later op that relies on the zero padding
    reads what is there. `pad = undef` takes any storage. A storage that
    came from `systile.to_storage` of the same type is always valid.

    Folds: `from_storage(to_storage(%t))` is `%t` when the types agree.

    Example:

    ```mlir
    %t = systile.from_storage %s
        : tensor<32xf32> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
    %u = systile.from_storage %s unique
        : tensor<32xf32> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
    ```
  }];
  let arguments = (ins Systile_StorageTensor:$input, UnitAttr:$unique);
  let results = (outs Systile_TiledType:$result);
  let assemblyFormat = "$input (`unique` $unique^)? attr-dict `:` qualified(type($input)) `->` qualified(type($result))";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Systile_ConstantOp : Systile_Op<"constant", [ConstantLike, Pure]> {
  let summary = "A tiled constant in hardware storage order";
  let description = [{
    A tiled tensor whose storage is given by `value`: a one-dimensional
    dense attribute with one element per slot of the padded shape, in
    storage order (the layout of `!systile.tiled`), so the data is
    copy-ready for the device. For a batched type that is the storage of
    every matrix, batch-major: `B x padded_rows x padded_cols` elements for
    `B` matrices. Its element type is the tiled type's. When
    the result's pad kind is `zero`, every padding slot of `value` must be
    zero. Canonicalisation produces it from `systile.pack` of a constant.

    `value` is either a `dense<...>` attribute or a `dense_resource<...>`
    blob. A blob holds exactly the storage bytes (little-endian elements;
    bf16 as its 16-bit pattern); its padding is checked like a dense
    value's, by reading the blob in place. A `dense_resource` whose blob is
    not present (e.g. elided when printing) verifies, as upstream ops do,
    but cannot be executed. Weights of any size belong in a blob in a
    bytecode file: `systile-run` then maps the file and executes the
    constant straight from the mapped blob, with no copy (blobs aligned to
    at least their element size; 64 is best).

    Example (a 3x5 matrix on 2x4 tiles: padded 4x8, two tiles per row, so
    storage is tile (0,0), tile (0,1), tile (1,0), tile (1,1), each 2x4
    row-major):

    ```mlir
    %c = systile.constant dense<[1, 2, 3, 4, 6, 7, 8, 9, 5, 0, 0, 0, 10, 0, 0, 0,
                                 11, 12, 13, 14, 0, 0, 0, 0, 15, 0, 0, 0, 0, 0, 0, 0]>
        : tensor<32xi32> -> !systile.tiled<3x5xi32, #systile.geometry<2x4, mxu = 4>>
    ```

    Two 1x3 rows on 2x4 tiles (8 storage slots each, matrix 1 from slot 8):

    ```mlir
    %r = systile.constant dense<[1, 2, 3, 0, 0, 0, 0, 0, 4, 5, 6, 0, 0, 0, 0, 0]>
        : tensor<16xi32> -> !systile.tiled<2x1x3xi32, #systile.geometry<2x4, mxu = 4>>
    ```

    The same 1x3 f32 row on 2x4 tiles (8 storage slots) from a blob (its
    first four bytes, `0x40000000`, are the blob's alignment, 64):

    ```mlir
    %w = systile.constant dense_resource<w> : tensor<8xf32>
        -> !systile.tiled<1x3xf32, #systile.geometry<2x4, mxu = 4>>
    {-#
      dialect_resources: {
        builtin: {
          w: "0x400000000000803F00000040000040400000000000000000000000000000000000000000"
        }
      }
    #-}
    ```
  }];
  let arguments = (ins Systile_StorageElementsAttr:$value);
  let results = (outs Systile_TiledType:$result);
  let assemblyFormat = "$value attr-dict `->` qualified(type($result))";
  let hasVerifier = 1;
  let hasFolder = 1;
  let extraClassDeclaration = [{
    /// The bytes of `value` in storage order, read in place (no copy): a
    /// dense attribute's raw data (one element when it is a splat) or a
    /// dense_resource's blob. std::nullopt for a dense_resource without a
    /// blob (elided or never loaded). The verifier checks a blob's size.
    std::optional<StorageBytes> getStorageBytes();
  }];
}

//===----------------------------------------------------------------------===//
// Relayouts
//===----------------------------------------------------------------------===//

// A layout change of one tiled value: the logical elements move to other
// slots, the geometry, element type and pad kind stay (the verifier checks
// them and the op's shape rule).
class Systile_RelayoutOp<string mnemonic> : Systile_Op<mnemonic, [Pure,
    DeclareOpInterfaceMethods<Systile_RelayoutOpInterface>]> {
  let arguments = (ins Systile_TiledType:$input);
  let results = (outs Systile_TiledType:$result);
  let assemblyFormat =
      "$input attr-dict `:` qualified(type($input)) `->` qualified(type($result))";
  let hasVerifier = 1;
  let hasFolder = 1;
  code commonRelayoutDescription = [{

    The result has the input's geometry, element type and pad kind. A copy
    writes every logical element to its new slot and zero to every padding
    slot; a free relayout keeps the input's storage, padding included, so
    the pad kind carries over either way. Counted by `systile-report-layout`
    and `systile-run --stats` as one relayout of the result's padded
    storage bytes when it copies, and not at all when it is free (RFC 8).
  }];
}

def Systile_ReshapeBatchOp : Systile_RelayoutOp<"reshape_batch"> {
  let summary = "Reshapes the batch dimensions; free";
  let description = !strconcat([{
    Any reshape of the batch dimensions that keeps the number of matrices:
    matrix `b` (row-major over the batch dimensions) of the input is matrix
    `b` of the result, and the matrices keep their shape. The storage is
    batch-major, so the result's storage is the input's bit for bit: the op
    is **free** (the interpreter reuses the storage). This is
    `tensor.collapse_shape` / `expand_shape` on the batch dimensions only.

    Folds: a reshape to the input's own type is the input; a reshape of a
    reshape is one reshape; the reshape of a `systile.constant` is a
    constant of the same storage.
  }], commonRelayoutDescription, [{

    Example:

    ```mlir
    %r = systile.reshape_batch %x : !systile.tiled<2x4x24x96xf32>
        -> !systile.tiled<8x24x96xf32>
    ```
  }]);
}

def Systile_MergeRowsOp : Systile_RelayoutOp<"merge_rows"> {
  let summary = "Merges the innermost batch dimension into the rows";
  let description = !strconcat([{
    `[.., B, R, C] -> [.., B * R, C]`: the `B` matrices of `R` rows along
    the innermost batch dimension are stacked into one matrix of `B * R`
    rows; element `(.., b, r, c)` is element `(.., b * R + r, c)` of the
    result (the dense row-major elements do not move). This is
    `tensor.collapse_shape` of the last three dimensions' first two.

    **Free** when `R` is a multiple of the geometry's sublane count (or
    `B = 1`): each matrix is then whole tile rows, and the stacked matrix
    has the same tiles in the same order, so the result's storage is the
    input's bit for bit. Otherwise it is a copy (the input's padding rows
    between the matrices are squeezed out).

    Folds: `merge_rows(split_rows(%x))` is `%x` when the types agree; the
    merge of a `systile.constant` is a constant (the same storage when
    free).
  }], commonRelayoutDescription, [{

    Example (24 rows are 3 tile rows of 8: free):

    ```mlir
    %m = systile.merge_rows %x : !systile.tiled<2x4x24x96xf32>
        -> !systile.tiled<2x96x96xf32>
    ```
  }]);
}

def Systile_SplitRowsOp : Systile_RelayoutOp<"split_rows"> {
  let summary = "Splits the rows into a new innermost batch dimension";
  let description = !strconcat([{
    `[.., B * R, C] -> [.., B, R, C]`, the inverse of `systile.merge_rows`;
    the result type gives `R` (its rows), which must divide the input's.
    Element `(.., b * R + r, c)` is element `(.., b, r, c)` of the result.
    This is `tensor.expand_shape` of the rows into two dimensions.

    **Free** when `R` is a multiple of the geometry's sublane count (or
    `B = 1`); otherwise a copy, which gives each matrix its own padding
    rows.

    Folds: `split_rows(merge_rows(%x))` is `%x` when the types agree; the
    split of a `systile.constant` is a constant.
  }], commonRelayoutDescription, [{

    Example (3 rows are not whole 8-row tiles: a copy):

    ```mlir
    %s = systile.split_rows %x : !systile.tiled<12x5xf32>
        -> !systile.tiled<4x3x5xf32>
    ```
  }]);
}

def Systile_SplitHeadsOp : Systile_RelayoutOp<"split_heads"> {
  let summary = "[.., S, H*D] -> [.., H, S, D]: attention heads out of the lanes";
  let description = !strconcat([{
    Element `(.., s, h * D + d)` of the input is element `(.., h, s, d)` of
    the result: the columns are cut into `H` heads of `D`, and the heads
    become a new innermost batch dimension (`tensor.expand_shape` to
    `[.., S, H, D]` then the transpose to `[.., H, S, D]`, as multi-head
    attention does). The result type gives `H` (its innermost batch
    dimension), which must divide the input's columns; any number of
    leading batch dimensions stays. Elements move across lanes: always a
    copy.

    Folds: `split_heads(merge_heads(%x))` is `%x` when the types agree;
    the split of a `systile.constant` of at most 256 MiB is a constant.
  }], commonRelayoutDescription, [{

    Example:

    ```mlir
    %h = systile.split_heads %x : !systile.tiled<2x24x96xf32>
        -> !systile.tiled<2x4x24x24xf32>
    ```
  }]);
}

def Systile_MergeHeadsOp : Systile_RelayoutOp<"merge_heads"> {
  let summary = "[.., H, S, D] -> [.., S, H*D]: attention heads into the lanes";
  let description = !strconcat([{
    The inverse of `systile.split_heads`: element `(.., h, s, d)` of the
    input is element `(.., s, h * D + d)` of the result; the innermost
    batch dimension `H` is consumed (the transpose to `[.., S, H, D]` then
    `tensor.collapse_shape` of the last two). Always a copy.

    Folds: `merge_heads(split_heads(%x))` is `%x` when the types agree;
    the merge of a `systile.constant` of at most 256 MiB is a constant.
  }], commonRelayoutDescription, [{

    Example:

    ```mlir
    %m = systile.merge_heads %h : !systile.tiled<2x4x24x24xf32>
        -> !systile.tiled<2x24x96xf32>
    ```
  }]);
}

def Systile_TransposeOp : Systile_RelayoutOp<"transpose"> {
  let summary = "Transposes every matrix: [.., R, C] -> [.., C, R]";
  let hasCanonicalizer = 1;
  let description = !strconcat([{
    Element `(.., r, c)` of the input is element `(.., c, r)` of the
    result; the batch dimensions stay. Always a copy (a transposed operand
    of a matmul needs none: `systile.matmul ... rhs_transposed` reads it in
    place, and a dense weight is packed transposed once with
    `systile.pack ... transpose`).

    Folds: `transpose(transpose(%x))` is `%x`; the transpose of a
    `systile.constant` of at most 256 MiB is a constant. Canonicalization:
    the transpose of a `systile.elementwise` of constants that has no other
    user is the element-wise op of the transposed constants (which fold).
  }], commonRelayoutDescription, [{

    Example:

    ```mlir
    %t = systile.transpose %x : !systile.tiled<2x3x5xf32>
        -> !systile.tiled<2x5x3xf32>
    ```
  }]);
}

def Systile_ReshapeOp : Systile_RelayoutOp<"reshape"> {
  let summary = "Any reshape that keeps the row-major element order";
  let description = !strconcat([{
    The result's dense (row-major logical) elements are the input's, in
    the same order, under any shape of the same element count, batch and
    matrix dimensions alike: `tensor.collapse_shape` / `expand_shape` of
    the whole logical shape. This is the reshape the other relayouts do not
    express, such as a flatten of an image before a classifier
    (`[N*H*W, C] -> [N, H*W*C]`: rows move into the lanes) or of a pooled
    `[N, C, 1]` into `[N, C]`.

    **Free** when the matrices keep their shape (a reshape of the batch
    dimensions only, as `systile.reshape_batch`); otherwise a copy.

    Folds: a reshape to the input's own type is the input; a reshape of a
    reshape is one reshape; the reshape of a `systile.constant` of at most
    256 MiB is a constant. `systile.pack` of `tensor` reshapes of
    `systile.unpack %x` canonicalizes to `systile.reshape %x` (one copy
    instead of two).
  }], commonRelayoutDescription, [{

    Example:

    ```mlir
    %f = systile.reshape %x : !systile.tiled<162x5xf32>
        -> !systile.tiled<2x405xf32>
    ```
  }]);
}

def Systile_SliceOp : Systile_RelayoutOp<"slice"> {
  let summary = "A box of the logical elements, at static offsets";
  let description = !strconcat([{
    Element `(i_1, .., i_n)` of the result is element `(i_1 + o_1, ..,
    i_n + o_n)` of the input, where `offsets = [o_1, .., o_n]` has one
    entry per dimension (batch dimensions, rows, columns) and the result
    type gives the sizes; the box must lie inside the input's shape. This
    is `tensor.extract_slice` with static offsets and sizes, unit strides
    and the rank kept, such as the split of a fused qkv projection's
    columns into the query, key and value.

    **Free** when the matrices are kept whole (row and column offsets 0,
    the input's rows and columns) and the matrices taken are consecutive in
    the batch-major order: the result's storage is then a range of the
    input's, bit for bit. Any other slice is a copy; a column offset that
    is not a multiple of the lane count moves elements across lanes.

    Folds: a slice of the input's own shape is the input; a slice of a
    slice is one slice at the summed offsets.
  }], commonRelayoutDescription, [{

    Example (the key's columns of a fused qkv projection):

    ```mlir
    %k = systile.slice %qkv offsets [0, 0, 96]
        : !systile.tiled<2x24x288xf32> -> !systile.tiled<2x24x96xf32>
    ```
  }]);
  let arguments = (ins Systile_TiledType:$input, DenseI64ArrayAttr:$offsets);
  let results = (outs Systile_TiledType:$result);
  let assemblyFormat = [{
    $input `offsets` $offsets attr-dict `:`
    qualified(type($input)) `->` qualified(type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Convolution windows
//===----------------------------------------------------------------------===//

// The lhs of a convolution's matmuls, read from an activation in the tiled
// form a convolution keeps (RFC 5): an `N x H x W` image of `C` channels is
// one `N*H*W x C` matrix, row `(n*H + h)*W + w`, channels on the lanes.
class Systile_ConvWindowOp<string mnemonic> : Systile_RelayoutOp<mnemonic> {
  code commonWindowDescription = [{

    `image = [N, H, W]` names the input's rows (`N*H*W` of them);
    `kernel = [KH, KW]`, `strides`, `dilations` and `padding = [top, left,
    bottom, right]` are the convolution's. The output image is `OH x OW`
    with `OH = (H + top + bottom - (KH-1)*dh - 1) / sh + 1` (and `OW` the
    same way), and output position `(n, oh, ow)`, row `(n*OH + oh)*OW + ow`,
    of tap `(kh, kw)` reads input row `(n*H + ih)*W + iw` for

    ```
    ih = oh*sh + kh*dh - top,   iw = ow*sw + kw*dw - left
    ```

    or, where `(ih, iw)` is outside the image (a *halo* read), the value
    `pad_value` in every channel (+0 when absent; a pooling's identity such
    as `-inf` otherwise). The padding slots of the result are zero under
    either pad kind's rules. `systile-report-utilization` counts the MACs
    a matmul spends on halo reads of its lhs as `halo_macs` (RFC 8).

    1-D convolutions use `H = KH = 1`. Leading batch dimensions of the
    input are kept: every matrix of the batch is one such image (the groups
    of a grouped or depthwise convolution, split out of the channels by
    `systile.split_heads`). The geometry, element type and pad kind carry
    over.
  }];
  let extraClassDeclaration = [{
    /// The window rule of the op's attributes (systile/Runtime/ConvWindow.h).
    ::systile::rt::ConvWindow getWindow();
  }];
}

def Systile_Im2colOp : Systile_ConvWindowOp<"im2col"> {
  let summary = "The im2col matrix of a convolution: every tap of every "
                "output position";
  let description = !strconcat([{
    `[.., N*H*W, C] -> [.., N*OH*OW, KH*KW*C]`: column `(kh*KW + kw)*C + c` of
    output row `r` is channel `c` of what tap `(kh, kw)` reads for `r`, so
    the contraction dimension is ordered `(kh, kw, c)`, `c` fastest. One
    `systile.matmul` of this matrix with the `KH*KW*C x F` filter is the
    convolution of the `im2col` strategy (RFC 6). Always a copy, of
    `KH*KW` times the input's rows when the strides are 1 (a buffer a real
    chip would write too).
  }], commonWindowDescription, commonRelayoutDescription, [{

    Example (a 3x3 SAME convolution of one 5x5 image of 3 channels):

    ```mlir
    %cols = systile.im2col %x image [1, 5, 5] kernel [3, 3] strides [1, 1]
        dilations [1, 1] padding [1, 1, 1, 1]
        : !systile.tiled<25x3xf32> -> !systile.tiled<25x27xf32>
    ```
  }]);
  let arguments = (ins Systile_TiledType:$input,
                       DenseI64ArrayAttr:$image, DenseI64ArrayAttr:$kernel,
                       DenseI64ArrayAttr:$strides, DenseI64ArrayAttr:$dilations,
                       DenseI64ArrayAttr:$padding,
                       OptionalAttr<TypedAttrInterface>:$pad_value);
  let results = (outs Systile_TiledType:$result);
  let assemblyFormat = [{
    $input `image` $image `kernel` $kernel `strides` $strides
    `dilations` $dilations `padding` $padding attr-dict `:`
    qualified(type($input)) `->` qualified(type($result))
  }];
  let hasFolder = 0;
}

def Systile_WindowOp : Systile_ConvWindowOp<"window"> {
  let summary = "One tap's window of a convolution's input";
  let description = !strconcat([{
    `[.., N*H*W, C] -> [.., N*OH*OW, C]`: row `r` is what tap `tap = [kh, kw]` reads
    for output row `r`. The `taps` strategy (RFC 6) issues one
    `systile.matmul` of this window with the tap's `C x F` filter per tap,
    in row-major tap order, each accumulating into the last; a pooling
    combines the taps' windows element by element. **Free** for a 1x1
    window with unit strides and no padding (the input itself), a copy
    otherwise (a chip reads the window in place with shifted addresses; the
    reference copies, and counts what it copies).
  }], commonWindowDescription, commonRelayoutDescription, [{

    Example (the centre tap of a 3x3 SAME convolution):

    ```mlir
    %w = systile.window %x tap [1, 1] image [1, 5, 5] kernel [3, 3]
        strides [1, 1] dilations [1, 1] padding [1, 1, 1, 1]
        : !systile.tiled<25x3xf32> -> !systile.tiled<25x3xf32>
    ```
  }]);
  let arguments = (ins Systile_TiledType:$input,
                       DenseI64ArrayAttr:$tap,
                       DenseI64ArrayAttr:$image, DenseI64ArrayAttr:$kernel,
                       DenseI64ArrayAttr:$strides, DenseI64ArrayAttr:$dilations,
                       DenseI64ArrayAttr:$padding,
                       OptionalAttr<TypedAttrInterface>:$pad_value);
  let results = (outs Systile_TiledType:$result);
  let assemblyFormat = [{
    $input `tap` $tap `image` $image `kernel` $kernel `strides` $strides
    `dilations` $dilations `padding` $padding attr-dict `:`
    qualified(type($input)) `->` qualified(type($result))
  }];
  let hasFolder = 0;
}

//===----------------------------------------------------------------------===//
// Matmuls
//===----------------------------------------------------------------------===//

class Systile_MatmulBase<string mnemonic> : Systile_Op<mnemonic,
    [Pure, AllTypesMatch<["acc", "result"]>]> {
  let hasCanonicalizer = 1;
  code commonDescription = [{
    Operands: `lhs` is `[B.., M, K]`, `acc` and the result are
    `[B.., M, N]` with the batch dimensions `B..` of `lhs` (none for a
    matrix), all of one geometry. `rhs` is either `[B.., K, N]`, one weight
    matrix per matrix of the batch, or `[K, N]` without batch dimensions,
    one weight matrix shared by every matrix of the batch (`nn.Linear` on
    3-d activations). With `rhs_transposed`, `rhs` is `[.., N, K]` and is
    read as the `K x N` weight in place, without a relayout (`q @ k^T`).
    Canonicalization: a `rhs` that is a `systile.transpose` (under a
    `systile.reshape_batch` or not) is read the other way round in place:
    the transpose's input becomes `rhs` and `rhs_transposed` flips.
    Element types: `f32` or `bf16` inputs (in any combination) with an
    `f32` accumulator, or `i8 x i8` with an `i32` accumulator. Padding
    slots never enter the computation, whatever they hold; the result's
    padding is zero.

    Numerics (RFC section 6), for every matrix `b` of the batch with
    `A = lhs[b]`, `B` its weight matrix (`rhs[b]`, or the shared `rhs`),
    `C = acc[b]` and `m = mxu`, for each `(i, j)`:

    ```
    acc = C[i, j]
    for kb in 0 .. ceil(K/m)-1:            # one weight load per (kb, nb)
      p = +0.0
      for k in kb*m .. min(K, (kb+1)*m)-1: # increasing k
        p = fl32(p + fl32(a(i,k) * b(k,j)))  # no fused multiply-add
      acc = fl32(acc + p)
    ```

    where `b(k, j)` is `B[k, j]`, or `B[j, k]` with `rhs_transposed`. With
    `precision = bf16` the float inputs are rounded to bf16 (nearest, ties
    to even) first. Integer products and sums are i32 with two's-complement
    wrap-around.

    `precision = bf16_3x | bf16_6x` (multi-pass): with `split(x)` giving
    `p0 = bf16(x)`, `p1 = bf16(fl32(x - p0))`, `p2 = bf16(fl32(x - p0 - p1))`
    (parts `ah, am, al` and `bh, bm, bl`; two parts `ah, al` for 3x) and
    `dot(x, y, R)` the order above on bf16 values with accumulator `R`:

    ```
    bf16_3x: R = dot(al, bh, 0); R = dot(ah, bl, R)
    bf16_6x: R = dot(am, bm, 0); R = dot(al, bh, R); R = dot(ah, bl, R)
             R = dot(am, bh, R); R = dot(ah, bm, R)
    both:    R = zeroNonFinite(R)      # |R| < inf ? R : +0
             R = dot(ah, bh, R); result = fl32(acc + R)
    ```

    `flush_subnormals` (precision other than `f32`): every bf16 conversion
    above (the rounding of an input, each split part) turns a subnormal
    result into a zero of its sign, as TPUs do; f32 products and sums are
    not flushed.
  }];
  code extraMatmulDeclaration = [{
    /// K and N of each matrix of the product (read from lhs and acc, which
    /// the verifier checks against rhs).
    int64_t getDepth() { return getLhs().getType().getCols(); }
    int64_t getWidth() { return getAcc().getType().getCols(); }
    /// The mxu x mxu weight blocks along K and N of each weight matrix.
    int64_t getDepthBlocks() {
      return ::systile::rt::ceilDiv(getDepth(), getLhs().getType().getMxu());
    }
    int64_t getWidthBlocks() {
      return ::systile::rt::ceilDiv(getWidth(), getLhs().getType().getMxu());
    }
    /// Whether one rhs matrix (no batch dimensions) serves every matrix
    /// of a batched lhs.
    bool hasSharedRhs() {
      return getLhs().getType().isBatched() && !getRhs().getType().isBatched();
    }
  }];
}

def Systile_MatmulOp : Systile_MatmulBase<"matmul"> {
  let summary = "acc + lhs x rhs with systolic-array numerics";
  let description = !strconcat([{
    Computes `acc + lhs x rhs` as a systolic array does: the contraction dim
    is cut into `mxu`-deep blocks, each block's partial sum starts at +0, and
    the partial sums are added to the accumulator in increasing block order.
  }], commonDescription, [{

    Example:

    ```mlir
    %d = systile.matmul %a, %b, %c precision = bf16
        : !systile.tiled<3x5xf32>, !systile.tiled<5x7xf32> -> !systile.tiled<3x7xf32>
    // JAX's precision=HIGHEST on a TPU: six bf16 passes, subnormals flushed.
    %h = systile.matmul %a, %b, %c precision = bf16_6x flush_subnormals
        : !systile.tiled<3x5xf32>, !systile.tiled<5x7xf32> -> !systile.tiled<3x7xf32>
    // A batch of 2 matrices, each with its own weight matrix.
    %e = systile.matmul %x, %y, %z
        : !systile.tiled<2x3x5xf32>, !systile.tiled<2x5x7xf32> -> !systile.tiled<2x3x7xf32>
    // One weight matrix shared by the batch.
    %f = systile.matmul %x, %w, %z
        : !systile.tiled<2x3x5xf32>, !systile.tiled<5x7xf32> -> !systile.tiled<2x3x7xf32>
    // q @ k^T: k is [B, N, K], read as the K x N weight in place.
    %s = systile.matmul %q, %k, %z rhs_transposed
        : !systile.tiled<2x3x5xf32>, !systile.tiled<2x7x5xf32> -> !systile.tiled<2x3x7xf32>
    ```
  }]);
  let arguments = (ins Systile_TiledType:$lhs, Systile_TiledType:$rhs,
                       Systile_TiledType:$acc, UnitAttr:$rhs_transposed,
                       DefaultValuedAttr<Systile_PrecisionAttr,
                                         "::systile::Precision::F32">:$precision,
                       UnitAttr:$flush_subnormals);
  let results = (outs Systile_TiledType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc (`rhs_transposed` $rhs_transposed^)?
    `` custom<Precision>($precision)
    (`flush_subnormals` $flush_subnormals^)? attr-dict
    `:` qualified(type($lhs)) `,` qualified(type($rhs)) `->` qualified(type($result))
  }];
  let extraClassDeclaration = extraMatmulDeclaration;
  let hasVerifier = 1;
}

def Systile_MxuMatmulOp : Systile_MatmulBase<"mxu_matmul"> {
  let summary = "One weight load of the systolic array";
  let description = !strconcat([{
    One weight load: the `mxu x mxu` block `(kb, nb)` of `rhs` (rows
    `kb*mxu ..`, columns `nb*mxu ..`, clipped to the logical shape) is held
    in the array while lhs column block `kb` streams through it, for all
    rows. The block's partial sums `p` start at +0 and are added to the
    accumulator's column block `nb`; every other column of `acc` passes
    through unchanged. This is one `kb` step of `systile.matmul`, so the
    sequence over increasing `kb` for each `nb` reproduces `systile.matmul`
    bit for bit. `kb` must be in `[0, ceil(K/mxu))` and `nb` in
    `[0, ceil(N/mxu))`.

    At a multi-pass precision the op is that precision's definition (below)
    on k block `kb` alone: `R` over the block's passes from +0, then
    `acc + R` in column block `nb`; it counts one weight load per pass. So
    the sequence reproduces `systile.matmul` when `K <= mxu` (one k block);
    for a deeper K, `systile-block-matmul` leaves a multi-pass matmul whole.

    On a batch: with one weight matrix per batch matrix, the op is the
    load of block `(kb, nb)` of every batch matrix's rhs (one load per
    matrix of the batch); with a shared rhs, it is ONE load of block
    `(kb, nb)` through which the rows of every batch matrix stream. With
    `rhs_transposed` the block is read from the `N x K` rhs in place.
  }], commonDescription, [{

    Example:

    ```mlir
    %0 = systile.mxu_matmul %a, %b, %c [1, 0] precision = bf16
        : !systile.tiled<3x6xf32, #systile.geometry<2x4, mxu = 4>>,
          !systile.tiled<6x5xf32, #systile.geometry<2x4, mxu = 4>>
        -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
    // One load of block (0, 1) of the shared weight, streaming the rows of
    // both batch matrices.
    %1 = systile.mxu_matmul %x, %w, %z [0, 1]
        : !systile.tiled<2x3x6xf32, #systile.geometry<2x4, mxu = 4>>,
          !systile.tiled<6x5xf32, #systile.geometry<2x4, mxu = 4>>
        -> !systile.tiled<2x3x5xf32, #systile.geometry<2x4, mxu = 4>>
    ```
  }]);
  let arguments = (ins Systile_TiledType:$lhs, Systile_TiledType:$rhs,
                       Systile_TiledType:$acc, I64Attr:$kb, I64Attr:$nb,
                       UnitAttr:$rhs_transposed,
                       DefaultValuedAttr<Systile_PrecisionAttr,
                                         "::systile::Precision::F32">:$precision,
                       UnitAttr:$flush_subnormals);
  let results = (outs Systile_TiledType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc ` ` `[` $kb `,` $nb `]`
    (`rhs_transposed` $rhs_transposed^)? `` custom<Precision>($precision)
    (`flush_subnormals` $flush_subnormals^)? attr-dict `:` qualified(type($lhs)) `,` qualified(type($rhs)) `->` qualified(type($result))
  }];
  let extraClassDeclaration = extraMatmulDeclaration;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Element conversions
//===----------------------------------------------------------------------===//

// An element conversion from `From` to `To` elements: the element types are
// operand and result constraints, the rest of the type (batch dimensions
// included: the conversion applies to every matrix) passes through.
class Systile_ConversionOp<string mnemonic, Type From, Type To,
                           string toBuilder, string toName,
                           list<Trait> traits = []>
    : Systile_Op<mnemonic, !listconcat([Pure,
        Systile_SameTilingWithElement<"input", "result", toBuilder, toName>],
        traits)> {
  let arguments = (ins Systile_TiledOf<[From]>:$input);
  let results = (outs Systile_TiledOf<[To]>:$result);
  let assemblyFormat =
      "$input attr-dict `:` qualified(type($input)) `->` qualified(type($result))";
}

defvar Systile_BF16Builder = "::mlir::BFloat16Type::get($_self.getContext())";
defvar Systile_F32Builder = "::mlir::Float32Type::get($_self.getContext())";
defvar Systile_I8Builder = "::mlir::IntegerType::get($_self.getContext(), 8)";

def Systile_TruncFOp : Systile_ConversionOp<"truncf", F32, BF16,
                                            Systile_BF16Builder, "bf16"> {
  let summary = "f32 to bf16, tiling kept";
  let description = [{
    Rounds each logical element to bf16: to nearest, ties to even; overflow
    to +-inf by that rounding; NaN stays a quiet NaN with its sign;
    subnormals are kept (IEEE). The result has the input's shape, geometry
    and pad kind; padding that was zero stays zero.

    Example:

    ```mlir
    %h = systile.truncf %x : !systile.tiled<3x5xf32> -> !systile.tiled<3x5xbf16>
    ```
  }];
}

def Systile_ExtFOp : Systile_ConversionOp<"extf", BF16, F32,
                                          Systile_F32Builder, "f32"> {
  let summary = "bf16 to f32, tiling kept";
  let description = [{
    Widens each logical element exactly. The result has the input's shape,
    geometry and pad kind.

    Example:

    ```mlir
    %x = systile.extf %h : !systile.tiled<3x5xbf16> -> !systile.tiled<3x5xf32>
    ```
  }];
}

def Systile_QuantizeOp : Systile_ConversionOp<"quantize", F32, I8,
                                              Systile_I8Builder, "i8"> {
  let summary = "f32 to i8 with a scale and zero point, tiling kept";
  let description = [{
    For each logical element, `q = clamp(roundeven(x / scale) + zero_point,
    -128, 127)` with the division in f32; NaN gives `zero_point`. `scale`
    must be finite and positive, `zero_point` in `[-128, 127]`. The result
    has the input's shape, geometry and pad kind; with pad kind `zero` its
    padding is 0 (not `zero_point`), since padding is never a value.

    Example:

    ```mlir
    %q = systile.quantize %x {scale = 5.000000e-01 : f32, zero_point = -3 : i32}
        : !systile.tiled<3x5xf32> -> !systile.tiled<3x5xi8>
    ```
  }];
  let arguments = (ins Systile_TiledOf<[F32]>:$input, F32Attr:$scale,
                       I32Attr:$zero_point);
  let hasVerifier = 1;
}

def Systile_DequantizeOp : Systile_ConversionOp<"dequantize", I8, F32,
                                                Systile_F32Builder, "f32"> {
  let summary = "i8 to f32 with a scale and zero point, tiling kept";
  let description = [{
    For each logical element, `x = fl32(float(q - zero_point) * scale)`.
    `scale` must be finite and positive, `zero_point` in `[-128, 127]`. The
    result has the input's shape, geometry and pad kind; with pad kind
    `zero` its padding is +0.

    Example:

    ```mlir
    %x = systile.dequantize %q {scale = 5.000000e-01 : f32, zero_point = -3 : i32}
        : !systile.tiled<3x5xi8> -> !systile.tiled<3x5xf32>
    ```
  }];
  let arguments = (ins Systile_TiledOf<[I8]>:$input, F32Attr:$scale,
                       I32Attr:$zero_point);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Reductions and padding
//===----------------------------------------------------------------------===//

def Systile_ReduceOp : Systile_Op<"reduce", [Pure]> {
  let summary = "Mask-aware sum, max or min along one dimension";
  let description = [{
    Reduces the logical elements along `dim` in increasing index order; the
    result is the input's shape with size 1 in `dim` (the dimension is kept).
    On the two matrix dimensions, `dim` is `rank - 2` (down the columns,
    giving `1 x C` per matrix) or `rank - 1` (along the rows, giving
    `R x 1`); on a batch dimension (`dim < rank - 2`) each logical slot of a
    result matrix folds that slot of the matrices along `dim`, in
    increasing index order.

    Each step is `acc = op(element, acc)`, the arith op of a frontend's
    reduction payload: `sum` starts at +0 and adds (`arith.addf` on f32 and f64,
    `arith.addi` with wrap-around on i32); `max` and `min` start at the
    first element and then step with `arith.maximumf` / `arith.minimumf`
    on f32 and f64 (NaN propagates, quieted; `-0 < +0`) and `arith.maxsi` /
    `arith.minsi` on i32. Padding is never read. The result keeps the
    element type and geometry; its padding is zero.

    Example:

    ```mlir
    %s = systile.reduce <sum> %x dim = 1
        : !systile.tiled<3x5xf32, pad = undef> -> !systile.tiled<3x1xf32>
    // The softmax maximum of every row of a batch of 2x4 attention scores.
    %m = systile.reduce <max> %scores dim = 3
        : !systile.tiled<2x4x8x8xf32> -> !systile.tiled<2x4x8x1xf32>
    ```
  }];
  let arguments = (ins Systile_ReduceKindAttr:$kind, Systile_TiledType:$input,
                       I64Attr:$dim);
  let results = (outs Systile_TiledType:$result);
  let assemblyFormat = [{
    $kind $input `dim` `=` $dim attr-dict `:` qualified(type($input)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Systile_FillPaddingOp : Systile_Op<"fill_padding", [Pure]> {
  let summary = "Sets every padding slot to a value";
  let description = [{
    Returns the input with every padding slot (of every matrix of a batch)
    set to `value`, whose type is the element type. The result type records what padding now holds: pad
    kind `zero` when `value` is +0 (integer 0), `undef` otherwise (the type
    has no way to name another value, so readers still mask). Logical slots
    are unchanged.

    Example:

    ```mlir
    %z = systile.fill_padding %x, 0.000000e+00 : f32
        : !systile.tiled<3x5xf32, pad = undef> -> !systile.tiled<3x5xf32>
    ```
  }];
  let arguments = (ins Systile_TiledType:$input, TypedAttrInterface:$value);
  let results = (outs Systile_TiledType:$result);
  let assemblyFormat = [{
    $input `,` $value attr-dict `:` qualified(type($input)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Element-wise ops on tiled values
//===----------------------------------------------------------------------===//

def Systile_SplatOp : Systile_Op<"splat", [Pure,
    TypesMatchWith<"value type is the result's element type", "result",
                   "value",
                   "::llvm::cast<::systile::TiledType>($_self).getElementType()">]> {
  let summary = "A tiled tensor with one value in every logical slot";
  let description = [{
    Every logical slot of the result (of every matrix of a batch) holds
    `value`; every padding slot holds
    +0 (integer 0) under pad kind `zero`, and is unspecified under `undef`.
    A zero accumulator is a `systile.splat` of +0 (or the splat
    `systile.constant` it folds to): no dense tensor is built and nothing
    is packed.

    Folds: the splat of a constant becomes a splat `systile.constant` when
    its storage is that splat, i.e. when the value is +0 (integer 0), the
    pad kind is `undef`, or the shape has no padding. Otherwise it stays (a
    constant would have to spell out every slot of the padded storage).

    Example:

    ```mlir
    %zero = arith.constant 0.000000e+00 : f32
    %acc = systile.splat %zero : !systile.tiled<3x7xf32, #systile.geometry<2x4, mxu = 4>>
    ```
  }];
  let arguments = (ins AnyTypeOf<[F32, BF16, F64, I8, I32]>:$value);
  let results = (outs Systile_TiledType:$result);
  let assemblyFormat = "$value attr-dict `:` qualified(type($result))";
  let hasFolder = 1;
}

def Systile_BroadcastOp : Systile_Op<"broadcast", [Pure]> {
  let summary = "Repeats a unit dimension over the logical slots";
  let description = [{
    The input has size 1 in `dim`, which the result repeats; every other
    dimension, the element type and the geometry are the input's. On the
    matrix dimensions, `dim = rank - 2` repeats a `1 x N` row down the `M`
    rows (`result(.., r, c) = input(.., 0, c)`: a bias added to every row)
    and `dim = rank - 1` an `M x 1` column along the `N` columns
    (`result(.., r, c) = input(.., r, 0)`: a per-row statistic such as a
    softmax maximum). On a batch dimension (`dim < rank - 2`) every matrix
    along `dim` is the input's one matrix there. Only logical slots of the
    input are read, and the result's padding is zero (under either pad
    kind).

    Folds: a broadcast to the input's own shape is the input (same type).
    A broadcast that feeds `systile.elementwise` is folded into it by
    canonicalisation (the elementwise op broadcasts unit dimensions
    itself), so it is built only for other users.

    Example:

    ```mlir
    %b = systile.broadcast %bias dim = 0
        : !systile.tiled<1x7xf32> -> !systile.tiled<3x7xf32>
    %h = systile.broadcast %mask dim = 1
        : !systile.tiled<2x1x8x8xf32> -> !systile.tiled<2x4x8x8xf32>
    ```
  }];
  let arguments = (ins Systile_TiledType:$input, I64Attr:$dim);
  let results = (outs Systile_TiledType:$result);
  let assemblyFormat = [{
    $input `dim` `=` $dim attr-dict `:` qualified(type($input)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Systile_ElementwiseOp : Systile_Op<"elementwise", [
    RecursiveMemoryEffects, SingleBlock, IsolatedFromAbove]> {
  let summary = "A scalar region applied to every logical slot";
  let description = [{
    Applies the scalar region to every **logical** slot `(r, c)` of the
    result: block argument `i` is the element of input `i` at `(r, c)`, and
    the value the region yields with `systile.yield` is element `(r, c)` of
    the result. The block argument types are the inputs' element types and
    the yielded type is the result's element type. All inputs and the
    result have one geometry. The inputs' pad kinds do not matter: padding
    is never read.

    A batched result applies the region to every matrix of the batch.
    Inputs broadcast as in numpy, shapes aligned on the right: an input's
    batch dimensions are the result's last ones (leading ones may be
    absent), each the result's or 1, and a unit or absent batch dimension
    is repeated (a `1 x D` LayerNorm weight serves every matrix of a
    `B x S x D` result, an `S x S` causal mask every matrix of
    `B x H x S x S`). Each of the two minor dimensions of an input's
    logical shape is the result's or 1, and a dimension of size 1 is
    repeated. So an `M x N` result takes `M x N` inputs, `1 x N` rows
    (element `(0, c)` is read at `(r, c)`: a bias), `M x 1` columns
    (element `(r, 0)`: a per-row statistic such as a softmax maximum) and
    `1 x 1` scalars. A broadcast operand is read where it lies; nothing of
    the result's size is built for it (canonicalisation folds a
    `systile.broadcast` feeding an input into this form).

    Padding is defined: under pad kind `zero` every padding slot of the
    result is +0 (integer 0) whatever the region would give for a padding
    input (`exp(0) = 1` never leaks into padding; the mask is what tells
    the two apart). Under `undef` it is unspecified. The region is never
    evaluated for a padding slot, so an integer division there cannot
    trap.

    The region evaluates the same scalar ops on the same values as the
    dense op it came from (a `linalg.generic` payload), so moving an
    element-wise computation into the tiled domain changes no bit (RFC
    section 6). It is isolated from above: constants it needs are defined
    inside it.

    Folds: when every input is a `systile.constant` and the storage has at
    most 4096 slots, the region is folded slot by slot (each op's own
    folder) into a `systile.constant`; the result's padding is zero.
    Canonicalisation: an input produced by `systile.broadcast` is replaced
    by the broadcast's own input. `systile-fuse-elementwise` merges a
    single-use producer `systile.elementwise` into its consumer.

    Example (bias add and ReLU on 2x4 tiles; the bias is a `1x5` row):

    ```mlir
    %y = systile.elementwise ins(%x, %b : !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>,
                                          !systile.tiled<1x5xf32, #systile.geometry<2x4, mxu = 4>>)
        -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>> {
    ^bb0(%a: f32, %c: f32):
      %zero = arith.constant 0.000000e+00 : f32
      %s = arith.addf %a, %c : f32
      %r = arith.maximumf %s, %zero : f32
      systile.yield %r : f32
    }
    ```
  }];
  let arguments = (ins Variadic<Systile_TiledType>:$inputs);
  let results = (outs Systile_TiledType:$result);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    `ins` `(` $inputs `:` qualified(type($inputs)) `)` `->` qualified(type($result))
    attr-dict-with-keyword $body
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Systile_YieldOp : Systile_Op<"yield", [Pure, Terminator,
    HasParent<"ElementwiseOp">]> {
  let summary = "Yields the element of a systile.elementwise region";
  let description = [{
    Terminates the region of `systile.elementwise` with the result's
    element for the current logical slot; its type is the result's element
    type.

    Example:

    ```mlir
    systile.yield %r : f32
    ```
  }];
  let arguments = (ins AnyType:$value);
  let assemblyFormat = "$value attr-dict `:` type($value)";
}

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

def Systile_OnBuffersOp : Systile_Op<"on_buffers", [
    SingleBlock, IsolatedFromAbove,
    AttrSizedOperandSegments]> {
  let summary = "A tiled op run on the storage buffers of its operands";
  let description = [{
    The buffer form of a systile op, which bufferization produces: the op
    in the region reads its tiled operands from the `ins` buffers and its
    tiled results are written into the `outs` buffers. A tiled value's
    buffer is its padded storage, one-dimensional, in the type's storage
    order (`memref<N x T>` for `N` storage slots of elements `T`, identity
    layout), so the tiled type, which the block arguments and the inner
    op's results keep, is what tells how to read it.

    `ins` are the inner op's operands in order: a tiled operand is its
    storage buffer (and block argument `i` of the region names it with its
    tiled type); a dense operand (of `systile.pack`) is its buffer as
    bufferization gives it, a `memref` of the tensor's shape, and the block
    argument is the tensor; a scalar operand (of `systile.splat`) is passed
    as it is. `outs` are the destinations of the op's results
    in order, likewise. A destination may be one of the `ins` (a matmul
    accumulated in place): the op then reads that operand before it writes.

    The region holds exactly the one op and the terminator, which yields
    the op's results. `convert-systile-to-runtime` turns it into calls of
    the runtime's C interface (or, for `systile.elementwise`, into loops).

    Example (a matmul accumulated in place into the accumulator's buffer):

    ```mlir
    systile.on_buffers ins(%a, %b, %c : memref<16xf32>, memref<16xf32>, memref<16xf32>)
                       outs(%c : memref<16xf32>) {
    ^bb0(%x: !systile.tiled<2x4xf32, #systile.geometry<2x4, mxu = 4>>,
         %y: !systile.tiled<4x4xf32, #systile.geometry<2x4, mxu = 4>>,
         %z: !systile.tiled<2x4xf32, #systile.geometry<2x4, mxu = 4>>):
      %r = systile.matmul %x, %y, %z
          : !systile.tiled<2x4xf32, #systile.geometry<2x4, mxu = 4>>,
            !systile.tiled<4x4xf32, #systile.geometry<2x4, mxu = 4>>
          -> !systile.tiled<2x4xf32, #systile.geometry<2x4, mxu = 4>>
      systile.on_buffers_yield %r : !systile.tiled<2x4xf32, #systile.geometry<2x4, mxu = 4>>
    }
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$inputs,
                       Variadic<AnyMemRef>:$outputs);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    (`ins` `(` $inputs^ `:` type($inputs) `)`)?
    `outs` `(` $outputs `:` type($outputs) `)` attr-dict-with-keyword $body
  }];
  let extraClassDeclaration = [{
    /// The op the region runs.
    ::mlir::Operation *getInnerOp() { return &getBody().front().front(); }
    /// The buffer of `operand` of the inner op (an `ins` buffer).
    ::mlir::Value getInputBuffer(unsigned operand) {
      return getInputs()[operand];
    }
  }];
  let hasRegionVerifier = 1;
}

def Systile_OnBuffersYieldOp : Systile_Op<"on_buffers_yield", [Pure,
    Terminator, HasParent<"OnBuffersOp">]> {
  let summary = "Yields the results of a systile.on_buffers region's op";
  let description = [{
    Terminates the region of `systile.on_buffers` with the inner op's
    results, one per `outs` buffer, in order.

    Example:

    ```mlir
    systile.on_buffers_yield %r : !systile.tiled<2x4xf32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
}

#endif // SYSTILE_DIALECT_SYSTILE_IR_SYSTILEOPS_TD
