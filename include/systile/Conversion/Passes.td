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
  let summary = "Lower linalg.matmul on static tensors to systile ops";
  let description = [{
    Rewrites each eligible `linalg.matmul` into `systile.pack` of its three
    operands (lhs, rhs and the `outs` accumulator) on the geometry given by
    the options, a `systile.matmul`, and a `systile.unpack` of the result.

    Eligible: tensor operands with static shapes (all dimensions >= 1),
    the default indexing maps (no transposition or broadcast), element types
    `(f32 | bf16) x (f32 | bf16) -> f32` or `i8 x i8 -> i32`, and the default
    `cast_signed` for integers (i8 operands are sign-extended, as systile's
    i8 matmul does). Anything else is left unchanged with a remark saying
    why: dynamic dimensions, user-defined indexing maps, `cast_unsigned` on
    integers, memref operands, other element types.

    Numerics. `linalg.matmul` accumulates sequentially over k into `C`;
    `systile.matmul` accumulates per `mxu`-deep block (RFC section 6). The
    two agree exactly when `K <= mxu` and the accumulator is zero, and
    always for integers. With `precision=bf16` the float inputs are rounded
    to bf16 first (the TPU default for f32 inputs); `precision=f32`, the
    default, keeps them as they are. Integer matmuls ignore `precision`.

    Counters (`systile-opt --mlir-pass-statistics`): `matmuls-lowered`,
    `matmuls-left` (left unchanged, with a remark).

    Example, with `sublanes=2 lanes=4 mxu=4`:

    ```mlir
    %d = linalg.matmul ins(%a, %b : tensor<3x5xf32>, tensor<5x7xf32>)
                       outs(%c : tensor<3x7xf32>) -> tensor<3x7xf32>
    // becomes
    %0 = systile.pack %a : tensor<3x5xf32> -> !systile.tiled<3x5xf32, #systile.geometry<2x4, mxu = 4>>
    %1 = systile.pack %b : tensor<5x7xf32> -> !systile.tiled<5x7xf32, #systile.geometry<2x4, mxu = 4>>
    %2 = systile.pack %c : tensor<3x7xf32> -> !systile.tiled<3x7xf32, #systile.geometry<2x4, mxu = 4>>
    %3 = systile.matmul %0, %1, %2 : ... -> !systile.tiled<3x7xf32, #systile.geometry<2x4, mxu = 4>>
    %d = systile.unpack %3 : !systile.tiled<3x7xf32, #systile.geometry<2x4, mxu = 4>> -> tensor<3x7xf32>
    ```
  }];
  let dependentDialects = ["::systile::SystileDialect"];
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
                          "inputs rounded to bf16 first (TPU default)"))}]>
  ];
}

#endif // SYSTILE_CONVERSION_PASSES_TD
