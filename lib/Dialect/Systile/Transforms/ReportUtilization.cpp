//===- ReportUtilization.cpp - padding MACs and utilisation ---------------===//
//
// systile-report-utilization: one remark per original matmul (an unblocked
// systile.matmul, or a chain of systile.mxu_matmul ops on the same operands)
// and one for the module, with RFC section 8's figures in the runtime's
// machine-parsable format (rt::MatmulStats::format), the same that
// systile-run --stats prints.
//
//===----------------------------------------------------------------------===//

#include "systile/Dialect/Systile/IR/SystileOps.h"
#include "systile/Dialect/Systile/Transforms/Passes.h"
#include "systile/Runtime/Matmul.h"
#include "systile/Support/PassStatistics.h"

namespace systile {
#define GEN_PASS_DEF_SYSTILEREPORTUTILIZATION
#include "systile/Dialect/Systile/Transforms/Passes.h.inc"
} // namespace systile

using namespace mlir;
using namespace systile;

namespace {

PassCounter numMatmulsReported("systile-report-utilization", "matmuls-reported",
                               "matmuls reported");

/// RFC 8's figures of the one weight load (kb, nb) of lhs x rhs.
void addLoad(rt::MatmulStats &stats, TiledType lhs, TiledType rhs, int64_t kb,
             int64_t nb) {
  int64_t m = lhs.getMxu(), rows = lhs.getRows();
  int64_t kLen = std::min(m, rhs.getRows() - kb * m);
  int64_t nLen = std::min(m, rhs.getCols() - nb * m);
  stats.issuedMacs += lhs.getPaddedRows() * m * m;
  stats.logicalMacs += rows * kLen * nLen;
  stats.paddingMacs = stats.issuedMacs - stats.logicalMacs;
  ++stats.weightLoads;
}

/// The next weight load of the same matmul: the one user of `op`'s result
/// that is an mxu_matmul on the same operands accumulating into it.
MxuMatmulOp nextInChain(MxuMatmulOp op) {
  if (!op.getResult().hasOneUse())
    return {};
  auto next = dyn_cast<MxuMatmulOp>(*op.getResult().getUsers().begin());
  if (!next || next.getAcc() != op.getResult() ||
      next.getLhs() != op.getLhs() || next.getRhs() != op.getRhs())
    return {};
  return next;
}

bool isChainHead(MxuMatmulOp op) {
  auto previous = op.getAcc().getDefiningOp<MxuMatmulOp>();
  return !previous || nextInChain(previous) != op;
}

struct SystileReportUtilization
    : public systile::impl::SystileReportUtilizationBase<SystileReportUtilization> {
  void runOnOperation() override {
    rt::MatmulStats total;
    getOperation().walk([&](Operation *op) {
      rt::MatmulStats stats;
      TiledType lhs, rhs;
      if (auto matmul = dyn_cast<MatmulOp>(op)) {
        lhs = matmul.getLhs().getType();
        rhs = matmul.getRhs().getType();
        for (int64_t nb = 0; nb < rhs.getColBlocks(); ++nb)
          for (int64_t kb = 0; kb < rhs.getRowBlocks(); ++kb)
            addLoad(stats, lhs, rhs, kb, nb);
      } else if (auto block = dyn_cast<MxuMatmulOp>(op)) {
        if (!isChainHead(block))
          return;
        lhs = block.getLhs().getType();
        rhs = block.getRhs().getType();
        for (MxuMatmulOp it = block; it; it = nextInChain(it))
          addLoad(stats, lhs, rhs, it.getKbAttr().getInt(),
                  it.getNbAttr().getInt());
        // Loads of the matmul not in the IR were folded away (skipped).
        int64_t all = rhs.getRowBlocks() * rhs.getColBlocks();
        stats.skippedLoads = std::max<int64_t>(0, all - stats.weightLoads);
      } else {
        return;
      }
      op->emitRemark(stats.format("utilization"));
      total += stats;
      ++numMatmulsReported;
    });
    getOperation().emitRemark(total.format("total"));
  }
};

} // namespace
