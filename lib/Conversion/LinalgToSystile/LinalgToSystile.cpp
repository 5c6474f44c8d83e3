//===- LinalgToSystile.cpp - linalg contractions to systile ---------------===//
//
// convert-linalg-to-systile: every linalg contraction that is a 2-D matmul
// up to operand transposition, unit dimensions and one batch dimension
// (see Contraction.h) becomes systile.pack + systile.matmul +
// systile.unpack. What cannot be lowered stays as it is, with a remark
// saying why.
//
//===----------------------------------------------------------------------===//

#include "Contraction.h"
#include "Convolution.h"

#include "systile/Conversion/Passes.h"
#include "systile/Support/PassStatistics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Diagnostics.h"

namespace systile {
#define GEN_PASS_DEF_CONVERTLINALGTOSYSTILE
#include "systile/Conversion/Passes.h.inc"
} // namespace systile

using namespace mlir;
using namespace systile;

namespace {

struct ConvertLinalgToSystile
    : public systile::impl::ConvertLinalgToSystileBase<ConvertLinalgToSystile> {
  using Base::Base;

  PassCounter numMatmulsLowered{"convert-linalg-to-systile", "matmuls-lowered",
                                "linalg contractions lowered to systile"};
  PassCounter numMatmulsLeft{
      "convert-linalg-to-systile", "matmuls-left",
      "linalg contractions left as they are (see remarks)"};
  PassCounter numConvsLowered{"convert-linalg-to-systile", "convs-lowered",
                              "linalg convolutions and poolings lowered to systile"};
  PassCounter numConvsLeft{
      "convert-linalg-to-systile", "convs-left",
      "linalg convolutions and poolings left as they are (see remarks)"};

  LogicalResult initialize(MLIRContext *context) override {
    if (sublanes <= 0 || lanes <= 0 || mxu <= 0)
      return emitError(UnknownLoc::get(context))
             << "convert-linalg-to-systile: sublanes, lanes and mxu must be "
                "positive, got sublanes="
             << int64_t(sublanes) << " lanes=" << int64_t(lanes)
             << " mxu=" << int64_t(mxu);
    if (flushSubnormals && precision == Precision::F32)
      return emitError(UnknownLoc::get(context))
             << "convert-linalg-to-systile: flush-subnormals has no effect "
                "with precision=f32 (no input is converted to bf16); use "
                "precision=bf16, bf16_3x or bf16_6x";
    // The remaining rules of #systile.geometry (sizes that overflow).
    return GeometryAttr::verify(
        [&] {
          return emitError(UnknownLoc::get(context))
                 << "convert-linalg-to-systile: ";
        },
        int64_t(sublanes), int64_t(lanes), int64_t(mxu));
  }

  void runOnOperation() override {
    lowering::LoweringOptions options;
    options.geometry = GeometryAttr::get(&getContext(), int64_t(sublanes),
                                         int64_t(lanes), int64_t(mxu));
    options.floatPrecision = Precision(precision);
    options.flushSubnormals = flushSubnormals;
    options.unrollBatchLimit = unrollBatchLimit;
    SmallVector<linalg::LinalgOp> contractions, convolutions;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (lowering::isContractionCandidate(op))
        contractions.push_back(op);
      else if (lowering::isConvolutionCandidate(op))
        convolutions.push_back(op);
    });
    for (linalg::LinalgOp op : convolutions) {
      std::string why;
      if (lowering::lowerConvolution(op, options, ConvStrategy(convStrategy),
                                     why)) {
        ++numConvsLowered;
        continue;
      }
      op->emitRemark() << op->getName() << " not lowered to systile: " << why;
      ++numConvsLeft;
    }
    for (linalg::LinalgOp op : contractions) {
      std::string why;
      std::optional<lowering::Contraction> contraction =
          lowering::analyzeContraction(op, options.geometry, why);
      if (!contraction) {
        op->emitRemark() << op->getName() << " not lowered to systile: " << why;
        ++numMatmulsLeft;
        continue;
      }
      lowering::lowerContraction(*contraction, options);
      ++numMatmulsLowered;
    }
  }
};

} // namespace
