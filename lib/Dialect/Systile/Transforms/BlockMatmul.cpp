//===- BlockMatmul.cpp - systile.matmul to weight loads -------------------===//
//
// systile-block-matmul: each systile.matmul becomes its sequence of
// systile.mxu_matmul ops, nb outer and kb inner, increasing: the hardware
// schedule, in RFC section 6's accumulation order. A batched matmul gives
// the same sequence (each op covers every matrix of the batch), and a
// transposed rhs stays transposed. A multi-pass precision is blocked only
// when K fits one k block: its passes each run over all of K, which a
// sequence of single-block loads cannot reproduce.
//
//===----------------------------------------------------------------------===//

#include "systile/Dialect/Systile/IR/SystileOps.h"
#include "systile/Dialect/Systile/IR/SystileRuntimeBridge.h"
#include "systile/Dialect/Systile/Transforms/Passes.h"
#include "systile/Support/PassStatistics.h"

#include "mlir/IR/Builders.h"

namespace systile {
#define GEN_PASS_DEF_SYSTILEBLOCKMATMUL
#include "systile/Dialect/Systile/Transforms/Passes.h.inc"
} // namespace systile

using namespace mlir;
using namespace systile;

namespace {

struct SystileBlockMatmul
    : public systile::impl::SystileBlockMatmulBase<SystileBlockMatmul> {
  using Base::Base;
  PassCounter numMatmulsBlocked{"systile-block-matmul", "matmuls-blocked",
                                "systile.matmul ops blocked"};
  PassCounter numBlocksEmitted{"systile-block-matmul", "blocks-emitted",
                               "systile.mxu_matmul ops emitted"};

  /// Rejects a negative max-blocks once, before any function is visited
  /// (whether the option came from a pipeline string or from C++).
  LogicalResult initialize(MLIRContext *context) override {
    if (maxBlocks >= 0)
      return success();
    return emitError(UnknownLoc::get(context))
           << "systile-block-matmul: max-blocks = " << int64_t(maxBlocks)
           << " is negative; it must be >= 0 (the most weight loads a "
              "matmul may be blocked into)";
  }

  void runOnOperation() override {
    SmallVector<MatmulOp> matmuls;
    getOperation().walk([&](MatmulOp op) { matmuls.push_back(op); });
    for (MatmulOp matmul : matmuls) {
      int64_t kBlocks = matmul.getDepthBlocks();
      int64_t nBlocks = matmul.getWidthBlocks();
      // kBlocks * nBlocks cannot overflow: both are at most 2^63 / mxu.
      if (kBlocks > maxBlocks / nBlocks) {
        matmul.emitRemark("systile.matmul not blocked: it needs ")
            << kBlocks << " x " << nBlocks
            << " weight loads, more than max-blocks = " << int64_t(maxBlocks);
        continue;
      }
      if (passCount(matmul.getPrecision()) > 1 && kBlocks > 1) {
        matmul.emitRemark("systile.matmul not blocked: precision = ")
            << stringifyPrecision(matmul.getPrecision()) << " sums each of "
            << "its passes over all " << kBlocks << " k blocks before the "
            << "next pass, which single-block loads cannot reproduce; only "
            << "K <= mxu = " << matmul.getLhs().getType().getMxu()
            << " is blocked";
        continue;
      }
      OpBuilder builder(matmul);
      Value acc = matmul.getAcc();
      for (int64_t nb = 0; nb < nBlocks; ++nb)
        for (int64_t kb = 0; kb < kBlocks; ++kb)
          acc = MxuMatmulOp::create(
              builder, matmul.getLoc(), acc.getType(), matmul.getLhs(),
              matmul.getRhs(), acc, builder.getI64IntegerAttr(kb),
              builder.getI64IntegerAttr(nb), matmul.getRhsTransposedAttr(),
              matmul.getPrecisionAttr(), matmul.getFlushSubnormalsAttr());
      matmul.getResult().replaceAllUsesWith(acc);
      matmul.erase();
      ++numMatmulsBlocked;
      numBlocksEmitted += kBlocks * nBlocks;
    }
  }
};
} // namespace
