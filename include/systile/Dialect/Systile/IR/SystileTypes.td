//===- SystileTypes.td - the tiled-tensor type -------------*- tablegen -*-===//
//
// !systile.tiled: a rank-2 tensor stored as the accelerator stores it.
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
  let summary = "rank-2 tensor in tiled hardware layout, with its mask";
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

    Element types: `f32`, `bf16`, `i8`, `i32`. Both dimensions must be static
    and at least 1, and the padded element count must fit in a signed 64-bit
    integer.

    Grammar (the geometry is omitted when it is the default
    `#systile.geometry<8x128, mxu = 128>`, the pad kind when it is `zero`):

    ```
    tiled-type ::= `!systile.tiled<` R `x` C `x` element-type
                   (`,` geometry-attr)? (`,` `pad` `=` (`zero` | `undef`))? `>`
    ```

    Example:

    ```mlir
    !systile.tiled<3x5xf32>
    !systile.tiled<3x5xbf16, #systile.geometry<2x4, mxu = 4>, pad = undef>
    !systile.tiled<128x256xi8, pad = undef>
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
    int64_t getRows() const { return getShape()[0]; }
    int64_t getCols() const { return getShape()[1]; }
    int64_t getSublanes() const { return getGeometry().getSublanes(); }
    int64_t getLanes() const { return getGeometry().getLanes(); }
    int64_t getMxu() const { return getGeometry().getMxu(); }
    /// Rows and columns of the padded (hardware) shape.
    int64_t getPaddedRows() const;
    int64_t getPaddedCols() const;
    ::llvm::SmallVector<int64_t, 2> getPaddedShape() const;
    /// Number of elements of the padded shape, i.e. of the storage.
    int64_t getNumStorageElements() const;
    /// Number of logical elements, R * C.
    int64_t getNumLogicalElements() const { return getRows() * getCols(); }
    /// Tiles along the rows and columns, and in all.
    int64_t getTileRows() const;
    int64_t getTileCols() const;
    int64_t getNumTiles() const { return getTileRows() * getTileCols(); }
    /// mxu x mxu blocks along the rows and columns (of the logical shape).
    int64_t getRowBlocks() const;
    int64_t getColBlocks() const;
    /// The mask: whether slot (row, col) of the padded shape is logical.
    bool isLogical(int64_t row, int64_t col) const;
    /// The storage offset of padded slot (row, col) (RFC section 3).
    int64_t getStorageOffset(int64_t row, int64_t col) const;
    /// The shape on the geometry's tiles, for the tiling rules shared with
    /// the runtime (systile/Runtime/Tiling.h: address map, row runs,
    /// padding scan).
    ::systile::rt::TileGrid getTileGrid() const;
    /// The same type with another element type / pad kind.
    TiledType withElementType(::mlir::Type elementType) const;
    TiledType withPadKind(::systile::PadKind padKind) const;
    /// The dense tensor type of the logical shape.
    ::mlir::RankedTensorType getLogicalTensorType() const;
    /// True for the supported element types f32, bf16, i8 and i32.
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
