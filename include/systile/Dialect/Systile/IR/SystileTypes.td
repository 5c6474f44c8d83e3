//===- SystileTypes.td - the tiled-tensor type -------------*- tablegen -*-===//
//
// !systile.tiled: a matrix, or a batch of matrices, stored as the
// accelerator stores it.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_DIALECT_SYSTILE_IR_SYSTILETYPES_TD
#define SYSTILE_DIALECT_SYSTILE_IR_SYSTILETYPES_TD

include "systile/Dialect/Systile/IR/SystileAttrs.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

def Systile_TiledType : TypeDef<Systile_Dialect, "Tiled"> {
  let mnemonic = "tiled";
  let typeName = "systile.tiled";
  let summary = "matrix or batch of matrices in tiled hardware layout, with "
                "its mask";
  let description = [{
    A matrix of logical shape `R x C` stored as vector memory holds it: the
    padded shape is `ceil(R/S)*S x ceil(C/L)*L` for the geometry's `S x L`
    tiles, and the elements are kept in hardware order (tile by tile, each
    tile row-major):

    ```
    tiles_per_row = padded_cols / L
    tile_index    = (row / S) * tiles_per_row + (col / L)
    offset        = tile_index * (S * L) + (row % S) * L + (col % L)
    ```

    Slot `(r, c)` of the padded shape is *logical* iff `r < R && c < C`; the
    other slots are padding. The pad kind says what padding holds: `zero`
    (+0 or integer 0, the default) or `undef` (unspecified; every reader
    must mask). Because the type carries both, no reduction and no round trip
    has to trust padding by luck.

    *Batch dimensions.* A tiled value may have leading batch dimensions
    `B1 x ... x Bn` (n >= 0) over its two minor, tiled dimensions, as XLA's
    TPU layouts and Mosaic keep rank > 2: the leading dimensions are not
    tiled. The storage is batch-major: matrix `b` (the batch index
    linearised row-major over `B1 ... Bn`) starts at
    `b * padded_rows * padded_cols` and is laid out inside by the map above.
    The mask is the same for every matrix. Rank 2 is the case n = 0, with the
    same syntax and the same bits as without batch dimensions.

    Element types: `f32`, `bf16`, `i8`, `i32`, and `f64` (element-wise ops
    and reductions only: torch-mlir computes a LayerNorm's variance in
    f64). Every dimension must be
    static and at least 1, and the padded element count of the whole batch,
    and its size in bytes, must fit in a signed 64-bit integer.

    Grammar (the geometry is omitted when it is the default
    `#systile.geometry<8x128, mxu = 128>`, the pad kind when it is `zero`):

    ```
    tiled-type ::= `!systile.tiled<` (B `x`)* R `x` C `x` element-type
                   (`,` geometry-attr)? (`,` `pad` `=` (`zero` | `undef`))? `>`
    ```

    Example:

    ```mlir
    !systile.tiled<3x5xf32>
    !systile.tiled<3x5xbf16, #systile.geometry<2x4, mxu = 4>, pad = undef>
    !systile.tiled<128x256xi8, pad = undef>
    !systile.tiled<2x4x24x24xf32>       // 2 x 4 matrices of 24 x 24
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t", "logical shape">:$shape,
    "::mlir::Type":$elementType,
    "::systile::GeometryAttr":$geometry,
    "::systile::PadKind":$padKind);
  // TiledType::parse/print (SystileTypes.cpp) handle the `<...>` part; ops
  // print the full `!systile.tiled<...>` with `qualified(type($x))`.
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins
        "::llvm::ArrayRef<int64_t>":$shape, "::mlir::Type":$elementType,
        CArg<"::systile::GeometryAttr", "{}">:$geometry,
        CArg<"::systile::PadKind", "::systile::PadKind::Zero">:$padKind), [{
      if (!geometry)
        geometry = GeometryAttr::getDefault(elementType.getContext());
      return $_get(elementType.getContext(), shape, elementType, geometry,
                   padKind);
    }]>
  ];
  let extraClassDeclaration = [{
    /// The rank: the batch dimensions and the two matrix dimensions.
    int64_t getRank() const { return getShape().size(); }
    /// The rows and columns of each matrix (the two minor dimensions).
    int64_t getRows() const { return getShape()[getRank() - 2]; }
    int64_t getCols() const { return getShape()[getRank() - 1]; }
    /// The leading (untiled) batch dimensions; empty for a matrix.
    ::llvm::ArrayRef<int64_t> getBatchShape() const {
      return getShape().drop_back(2);
    }
    int64_t getNumBatchDims() const { return getRank() - 2; }
    bool isBatched() const { return getRank() > 2; }
    /// The number of matrices: the product of the batch dimensions (1 for
    /// a matrix).
    int64_t getNumMatrices() const;
    /// The type of one matrix of the batch (the same type for a matrix).
    TiledType getMatrixType() const;
    /// The same type with another logical shape (rank >= 2).
    TiledType withShape(::llvm::ArrayRef<int64_t> shape) const;
    int64_t getSublanes() const { return getGeometry().getSublanes(); }
    int64_t getLanes() const { return getGeometry().getLanes(); }
    int64_t getMxu() const { return getGeometry().getMxu(); }
    /// Rows and columns of the padded (hardware) shape of each matrix.
    int64_t getPaddedRows() const;
    int64_t getPaddedCols() const;
    /// The padded shape: the batch dimensions, then the padded rows and
    /// columns.
    ::llvm::SmallVector<int64_t, 4> getPaddedShape() const;
    /// Number of storage elements of one matrix (its padded shape).
    int64_t getNumMatrixStorageElements() const;
    /// Number of storage elements of the whole value (every matrix).
    int64_t getNumStorageElements() const;
    /// Number of logical elements (every matrix).
    int64_t getNumLogicalElements() const {
      return getNumMatrices() * getRows() * getCols();
    }
    /// Tiles along the rows and columns, and in all.
    int64_t getTileRows() const;
    int64_t getTileCols() const;
    int64_t getNumTiles() const { return getTileRows() * getTileCols(); }
    /// mxu x mxu blocks along the rows and columns (of the logical shape).
    int64_t getRowBlocks() const;
    int64_t getColBlocks() const;
    /// The mask: whether slot (row, col) of the padded shape is logical.
    bool isLogical(int64_t row, int64_t col) const;
    /// The storage offset of padded slot (row, col) of matrix `matrix` of
    /// the batch (RFC section 3; matrix 0 for a matrix).
    int64_t getStorageOffset(int64_t row, int64_t col) const {
      return getStorageOffset(0, row, col);
    }
    int64_t getStorageOffset(int64_t matrix, int64_t row, int64_t col) const;
    /// One matrix's shape on the geometry's tiles, for the tiling rules shared with
    /// the runtime (systile/Runtime/Tiling.h: address map, row runs,
    /// padding scan).
    ::systile::rt::TileGrid getTileGrid() const;
    /// The same type with another element type / pad kind.
    TiledType withElementType(::mlir::Type elementType) const;
    TiledType withPadKind(::systile::PadKind padKind) const;
    /// The dense tensor type of the logical shape (batch dimensions
    /// included).
    ::mlir::RankedTensorType getLogicalTensorType() const;
    /// True for the supported element types f32, bf16, f64, i8 and i32.
    static bool isSupportedElementType(::mlir::Type type);
  }];
}

// A tiled tensor whose element type is one of `allowed`.
class Systile_TiledOf<list<Type> allowed> : Type<
    And<[Systile_TiledType.predicate,
         SubstLeaves<"$_self",
                     "::llvm::cast<::systile::TiledType>($_self).getElementType()",
                     AnyTypeOf<allowed>.predicate>]>,
    "tiled tensor of " # AnyTypeOf<allowed>.summary, "::systile::TiledType">;

// A tiled value without batch dimensions, for the ops that take matrices
// only.
def Systile_TiledMatrixType : Type<
    And<[Systile_TiledType.predicate,
         CPred<"!::llvm::cast<::systile::TiledType>($_self).isBatched()">]>,
    "tiled matrix (rank 2, no batch dimensions)", "::systile::TiledType">;

// A tiled matrix whose element type is one of `allowed`.
class Systile_TiledMatrixOf<list<Type> allowed> : Type<
    And<[Systile_TiledMatrixType.predicate,
         SubstLeaves<"$_self",
                     "::llvm::cast<::systile::TiledType>($_self).getElementType()",
                     AnyTypeOf<allowed>.predicate>]>,
    "tiled matrix (rank 2) of " # AnyTypeOf<allowed>.summary,
    "::systile::TiledType">;

// `result` is `input` with element type `element` (same shape, geometry and
// pad kind): the type rule of the element conversions.
class Systile_SameTilingWithElement<string input, string result,
                                    string element, string elementName>
    : TypesMatchWith<"result has the input's shape, geometry and pad kind, "
                     "with element type " # elementName,
                     input, result,
                     "::llvm::cast<::systile::TiledType>($_self)"
                     ".withElementType(" # element # ")">;

#endif // SYSTILE_DIALECT_SYSTILE_IR_SYSTILETYPES_TD
