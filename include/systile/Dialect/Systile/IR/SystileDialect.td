//===- SystileDialect.td - systile dialect definition ------*- tablegen -*-===//
//
// The systile dialect: tiled tensors as a TPU-style accelerator stores them.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_DIALECT_SYSTILE_IR_SYSTILEDIALECT_TD
#define SYSTILE_DIALECT_SYSTILE_IR_SYSTILEDIALECT_TD

include "mlir/IR/OpBase.td"

def Systile_Dialect : Dialect {
  let name = "systile";
  let cppNamespace = "::systile";
  let summary = "Tiled tensors and mxu-blocked matmuls of systolic accelerators";
  let description = [{
    A TPU does not see a flat array. Its vector memory is a grid of
    `sublanes x lanes` tiles (8x128 by default) and its matrix unit is an
    `mxu x mxu` systolic array that holds one block of weights at a time.
    The `systile` dialect makes that visible in the IR:

    * `!systile.tiled<...>` carries the logical shape, the geometry (and so the
      padded hardware shape and the storage order) and the pad kind, so every
      reader knows which slots are logical and what the padding holds;
    * `systile.pack`/`systile.unpack` move between dense tensors and tiled
      storage; `systile.constant` is tiled data in hardware storage order;
    * `systile.reshape_batch`, `systile.merge_rows`/`split_rows`,
      `systile.split_heads`/`merge_heads` and `systile.transpose` are the
      layout changes a transformer makes on tiled values, each free (the
      same storage bits) or one counted copy;
    * `systile.matmul` and `systile.mxu_matmul` are matmuls with the defined
      systolic numerics of the systile RFC (section 6): partial sums per
      `mxu`-deep weight load, f32/i32 accumulation, no fused multiply-add;
    * `systile.truncf`, `systile.extf`, `systile.quantize`,
      `systile.dequantize`, `systile.reduce` and `systile.fill_padding` keep
      the tiling and respect the mask.

    Example:

    ```mlir
    func.func @mm(%a: tensor<3x5xf32>, %b: tensor<5x7xf32>, %c: tensor<3x7xf32>)
        -> tensor<3x7xf32> {
      %ta = systile.pack %a : tensor<3x5xf32> -> !systile.tiled<3x5xf32>
      %tb = systile.pack %b : tensor<5x7xf32> -> !systile.tiled<5x7xf32>
      %tc = systile.pack %c : tensor<3x7xf32> -> !systile.tiled<3x7xf32>
      %td = systile.matmul %ta, %tb, %tc precision = bf16
          : !systile.tiled<3x5xf32>, !systile.tiled<5x7xf32> -> !systile.tiled<3x7xf32>
      %d = systile.unpack %td : !systile.tiled<3x7xf32> -> tensor<3x7xf32>
      return %d : tensor<3x7xf32>
    }
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let extraClassDeclaration = [{
    void registerAttributes();
    void registerTypes();
    ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;
    void printType(::mlir::Type type,
                   ::mlir::DialectAsmPrinter &printer) const override;
  }];
  // The dialect hooks dispatch to the generated parser and printer and only
  // add a helpful message for an unknown type name.
  let useDefaultTypePrinterParser = 0;
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
}

class Systile_Op<string mnemonic, list<Trait> traits = []>
    : Op<Systile_Dialect, mnemonic, traits>;

#endif // SYSTILE_DIALECT_SYSTILE_IR_SYSTILEDIALECT_TD
