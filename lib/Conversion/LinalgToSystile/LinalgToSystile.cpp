//===- LinalgToSystile.cpp - linalg.matmul to systile ---------------------===//
//
// convert-linalg-to-systile: linalg.matmul on static tensors becomes
// systile.pack x3 + systile.matmul + systile.unpack. What cannot be lowered
// stays as it is, with a remark saying why.
//
//===----------------------------------------------------------------------===//

#include "systile/Conversion/Passes.h"
#include "systile/Support/PassStatistics.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/FormatVariadic.h"

namespace systile {
#define GEN_PASS_DEF_CONVERTLINALGTOSYSTILE
#include "systile/Conversion/Passes.h.inc"
} // namespace systile

using namespace mlir;
using namespace systile;

namespace {

bool isFloatInput(Type t) { return t.isF32() || t.isBF16(); }

/// Why `matmul` cannot be lowered, or an empty string when it can.
std::string whyNotLowerable(linalg::MatmulOp matmul, GeometryAttr geometry) {
  if (!matmul.hasPureTensorSemantics())
    return "it has memref operands; only tensors are lowered (bufferize "
           "after this pass)";
  if (matmul.hasUserDefinedMaps())
    return "it has non-default indexing_maps (a transposed or broadcast "
           "operand); only the plain MxK x KxN -> MxN form is lowered";
  if (matmul.getInputs().size() != 2 || matmul.getOutputs().size() != 1)
    return "it does not have two inputs and one output";
  SmallVector<RankedTensorType, 3> types;
  for (Value v : matmul->getOperands()) {
    auto type = dyn_cast<RankedTensorType>(v.getType());
    if (!type || type.getRank() != 2)
      return "an operand is not a rank-2 ranked tensor";
    if (type.getEncoding())
      return "an operand has a tensor encoding (" +
             llvm::formatv("{0}", type).str() +
             "); only plain dense tensors are lowered";
    if (!type.hasStaticShape())
      return "an operand has dynamic dimensions (" +
             llvm::formatv("{0}", type).str() +
             "); !systile.tiled needs static shapes";
    if (llvm::is_contained(type.getShape(), 0))
      return "an operand has a zero-sized dimension (" +
             llvm::formatv("{0}", type).str() + ")";
    types.push_back(type);
  }
  Type a = types[0].getElementType(), b = types[1].getElementType(),
       c = types[2].getElementType();
  bool floats = isFloatInput(a) && isFloatInput(b) && c.isF32();
  bool ints = a.isSignlessInteger(8) && b.isSignlessInteger(8) &&
              c.isSignlessInteger(32);
  if (!floats && !ints)
    return llvm::formatv("its element types {0} x {1} -> {2} are not "
                         "(f32|bf16) x (f32|bf16) -> f32 or i8 x i8 -> i32",
                         a, b, c)
        .str();
  if (ints && matmul.getCast() != linalg::TypeFn::cast_signed)
    return "it zero-extends its i8 operands (cast_unsigned); systile's i8 "
           "matmul sign-extends";
  // Sizes whose padded storage would overflow int64.
  for (RankedTensorType type : types) {
    std::string message;
    ScopedDiagnosticHandler capture(
        type.getContext(), [&](Diagnostic &diag) {
          message = diag.str();
          return success();
        });
    if (failed(TiledType::verify(
            [&] { return emitError(matmul.getLoc()); }, type.getShape(),
            type.getElementType(), geometry, PadKind::Zero)))
      return message;
  }
  return "";
}

struct ConvertLinalgToSystile
    : public systile::impl::ConvertLinalgToSystileBase<ConvertLinalgToSystile> {
  using Base::Base;

  PassCounter numMatmulsLowered{"convert-linalg-to-systile", "matmuls-lowered",
                                "linalg.matmul ops lowered to systile"};
  PassCounter numMatmulsLeft{
      "convert-linalg-to-systile", "matmuls-left",
      "linalg.matmul ops left as they are (see remarks)"};

  LogicalResult initialize(MLIRContext *context) override {
    if (sublanes <= 0 || lanes <= 0 || mxu <= 0)
      return emitError(UnknownLoc::get(context))
             << "convert-linalg-to-systile: sublanes, lanes and mxu must be "
                "positive, got sublanes="
             << int64_t(sublanes) << " lanes=" << int64_t(lanes)
             << " mxu=" << int64_t(mxu);
    // The remaining rules of #systile.geometry (sizes that overflow).
    return GeometryAttr::verify(
        [&] {
          return emitError(UnknownLoc::get(context))
                 << "convert-linalg-to-systile: ";
        },
        int64_t(sublanes), int64_t(lanes), int64_t(mxu));
  }

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    auto geometry = GeometryAttr::get(context, int64_t(sublanes),
                                      int64_t(lanes), int64_t(mxu));
    SmallVector<linalg::MatmulOp> matmuls;
    getOperation().walk([&](linalg::MatmulOp op) { matmuls.push_back(op); });
    for (linalg::MatmulOp matmul : matmuls) {
      std::string why = whyNotLowerable(matmul, geometry);
      if (!why.empty()) {
        matmul.emitRemark("linalg.matmul not lowered to systile: ") << why;
        ++numMatmulsLeft;
        continue;
      }
      lower(matmul, geometry);
      ++numMatmulsLowered;
    }
  }

  void lower(linalg::MatmulOp matmul, GeometryAttr geometry) {
    OpBuilder builder(matmul);
    Location loc = matmul.getLoc();
    auto pack = [&](Value dense) -> Value {
      auto type = cast<RankedTensorType>(dense.getType());
      auto tiled = TiledType::get(type.getShape(), type.getElementType(),
                                  geometry, PadKind::Zero);
      return PackOp::create(builder, loc, tiled, dense);
    };
    Value lhs = pack(matmul.getInputs()[0]);
    Value rhs = pack(matmul.getInputs()[1]);
    Value acc = pack(matmul.getOutputs()[0]);
    bool isFloat = isFloatInput(
        cast<TiledType>(lhs.getType()).getElementType());
    Precision p = isFloat ? Precision(precision) : Precision::F32;
    Value result =
        MatmulOp::create(builder, loc, acc.getType(), lhs, rhs, acc,
                         PrecisionAttr::get(builder.getContext(), p));
    Value dense = UnpackOp::create(builder, loc,
                                   matmul.getResult(0).getType(), result);
    matmul.getResult(0).replaceAllUsesWith(dense);
    matmul.erase();
  }
};

} // namespace
