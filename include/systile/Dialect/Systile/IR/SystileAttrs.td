//===- SystileAttrs.td - systile attributes and enums -------*- tablegen -*-===//
//
// The hardware geometry attribute and the enums (pad kind, matmul precision,
// reduction kind) used by the systile type and ops.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_DIALECT_SYSTILE_IR_SYSTILEATTRS_TD
#define SYSTILE_DIALECT_SYSTILE_IR_SYSTILEATTRS_TD

include "systile/Dialect/Systile/IR/SystileDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

class Systile_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Systile_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def Systile_GeometryAttr : Systile_Attr<"Geometry", "geometry"> {
  let summary = "Hardware geometry: vector-memory tile and systolic array size";
  let description = [{
    `#systile.geometry<S x L, mxu = M>` describes the accelerator a tiled
    tensor is laid out for: vector memory is a grid of `S x L`
    (sublanes x lanes) tiles, and the matrix unit is an `M x M` systolic
    array, so one weight load holds an `M x M` block of the right-hand
    operand. All three values must be positive. The default, used when a
    `!systile.tiled` type names no geometry, is `8x128, mxu = 128`.

    Grammar:

    ```
    geometry ::= `#systile.geometry<` integer `x` integer `,` `mxu` `=` integer `>`
    ```

    Example:

    ```mlir
    #systile.geometry<8x128, mxu = 128>   // the default (TPU v2-v5 style)
    #systile.geometry<2x4, mxu = 4>       // small, for readable tests
    ```
  }];
  let parameters = (ins "int64_t":$sublanes, "int64_t":$lanes,
                        "int64_t":$mxu);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The default geometry (8, 128, 128).
    static GeometryAttr getDefault(::mlir::MLIRContext *context);
    /// True for (8, 128, 128).
    bool isDefault() const;
  }];
}

// The pad kind is a parameter of !systile.tiled (`pad = zero|undef`), not an
// attribute of its own: the enum alone (C++ enum, symbolize/stringify) is
// what the type needs, so there is no #systile.pad_kind attribute.
def Systile_PadKind : I32Enum<"PadKind", "what the padding slots of a tiled tensor hold", [
    I32EnumCase<"Zero", 0, "zero">,
    I32EnumCase<"Undef", 1, "undef">]> {
  let cppNamespace = "::systile";
}
def Systile_Precision : I32Enum<"Precision", "matmul input precision", [
    I32EnumCase<"F32", 0, "f32">,
    I32EnumCase<"BF16", 1, "bf16">,
    I32EnumCase<"BF16_3X", 2, "bf16_3x">,
    I32EnumCase<"BF16_6X", 3, "bf16_6x">]> {
  let cppNamespace = "::systile";
}
def Systile_PrecisionAttr : EnumAttr<Systile_Dialect, Systile_Precision, "precision"> {
  let assemblyFormat = "`<` $value `>`";
  let summary = "The precision matmul inputs are fed to the systolic array in";
  let description = [{
    `f32`: the inputs as they are, each product rounded once to f32.
    `bf16`: each input rounded to bf16 (round to nearest even) first, so every
    product is exact in f32; this models the TPU default for f32 inputs
    (JAX's `precision=DEFAULT`). For bf16 inputs both are the same.
    `bf16_3x` and `bf16_6x` (JAX's `HIGH` and `HIGHEST`, XLA's
    `ALG_DOT_BF16_BF16_F32_X3` / `_X6`): each input is split into two or
    three bf16 parts (`p0 = bf16(x)`, `p1 = bf16(x - p0)`, ...) and the
    products of the parts go through the array in three or six bf16
    passes, summed in RFC 6's multi-pass order; each pass is a weight load
    in RFC 8's figures. Integer matmuls take `f32` only.

    Example:

    ```mlir
    #systile.precision<bf16>
    #systile.precision<bf16_6x>
    ```
  }];
}

def Systile_ReduceKind : I32Enum<"ReduceKind", "reduction kind", [
    I32EnumCase<"Sum", 0, "sum">,
    I32EnumCase<"Max", 1, "max">,
    I32EnumCase<"Min", 2, "min">]> {
  let cppNamespace = "::systile";
}
def Systile_ReduceKindAttr : EnumAttr<Systile_Dialect, Systile_ReduceKind, "reduce_kind"> {
  let assemblyFormat = "`<` $value `>`";
  let summary = "The combining function of `systile.reduce`";
  let description = [{
    `sum` accumulates from +0 in increasing index order; `max` and `min`
    start at the first logical element and propagate NaN.

    Example:

    ```mlir
    #systile.reduce_kind<max>
    ```
  }];
}

#endif // SYSTILE_DIALECT_SYSTILE_IR_SYSTILEATTRS_TD
