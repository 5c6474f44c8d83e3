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

#include "llvm/Support/CheckedArithmetic.h"

namespace systile {
#define GEN_PASS_DEF_SYSTILEREPORTUTILIZATION
#include "systile/Dialect/Systile/Transforms/Passes.h.inc"
} // namespace systile

using namespace mlir;
using namespace systile;

namespace {

PassCounter numMatmulsReported("systile-report-utilization", "matmuls-reported",
                               "matmuls reported");

/// Adds `count` weight loads of lhs x rhs to `stats` (RFC 8): each issues
/// Mpad * m * m MACs; `kn` is the sum of their k_len * n_len, so they do
/// M * kn logical MACs. False when a figure would overflow int64.
bool addLoads(rt::MatmulStats &stats, TiledType lhs, int64_t count,
              int64_t kn) {
  int64_t m = lhs.getMxu(); // m * m is exact: the geometry verifier says so.
  std::optional<int64_t> issued =
      llvm::checkedMul(lhs.getPaddedRows(), m * m);
  if (issued)
    issued = llvm::checkedMul(*issued, count);
  std::optional<int64_t> logical = llvm::checkedMul(lhs.getRows(), kn);
  if (!issued || !logical)
    return false;
  std::optional<int64_t> totalIssued =
      llvm::checkedAdd(stats.issuedMacs, *issued);
  std::optional<int64_t> totalLogical =
      llvm::checkedAdd(stats.logicalMacs, *logical);
  std::optional<int64_t> loads = llvm::checkedAdd(stats.weightLoads, count);
  if (!totalIssued || !totalLogical || !loads)
    return false;
  stats.issuedMacs = *totalIssued;
  stats.logicalMacs = *totalLogical;
  stats.weightLoads = *loads;
  stats.paddingMacs = stats.issuedMacs - stats.logicalMacs;
  return true;
}

/// k_len * n_len of load (kb, nb) of a K x N rhs (at most m * m).
int64_t blockArea(TiledType rhs, int64_t kb, int64_t nb) {
  int64_t m = rhs.getMxu();
  return std::min(m, rhs.getRows() - kb * m) *
         std::min(m, rhs.getCols() - nb * m);
}

/// The next weight load of the same matmul: the one user of `op`'s result
/// that is an mxu_matmul on the same operands accumulating into it, with a
/// later (nb, kb) in the blocked order (nb outer, kb inner). A load at or
/// before `op` in that order starts another matmul accumulating into this
/// one (e.g. after CSE of `A x B + (A x B + C)`).
MxuMatmulOp nextInChain(MxuMatmulOp op) {
  if (!op.getResult().hasOneUse())
    return {};
  auto next = dyn_cast<MxuMatmulOp>(*op.getResult().getUsers().begin());
  if (!next || next.getAcc() != op.getResult() ||
      next.getLhs() != op.getLhs() || next.getRhs() != op.getRhs() ||
      next.getPrecision() != op.getPrecision())
    return {};
  auto order = [](MxuMatmulOp o) {
    return std::make_pair(o.getNbAttr().getInt(), o.getKbAttr().getInt());
  };
  return order(op) < order(next) ? next : MxuMatmulOp();
}

bool isChainHead(MxuMatmulOp op) {
  auto previous = op.getAcc().getDefiningOp<MxuMatmulOp>();
  return !previous || nextInChain(previous) != op;
}

/// RFC 8's figures of the matmul `op` stands for (an unblocked matmul, or
/// the chain `op` heads), or nullopt on int64 overflow.
std::optional<rt::MatmulStats> matmulStats(Operation *op) {
  rt::MatmulStats stats;
  if (auto matmul = dyn_cast<MatmulOp>(op)) {
    // All ceil(K/m) * ceil(N/m) loads, in closed form: their k_len * n_len
    // add up to K * N (a loop over blocks would be unbounded).
    TiledType lhs = matmul.getLhs().getType(), rhs = matmul.getRhs().getType();
    std::optional<int64_t> loads =
        llvm::checkedMul(rhs.getRowBlocks(), rhs.getColBlocks());
    if (!loads || !addLoads(stats, lhs, *loads, rhs.getRows() * rhs.getCols()))
      return std::nullopt;
    return stats;
  }
  auto head = cast<MxuMatmulOp>(op);
  TiledType lhs = head.getLhs().getType(), rhs = head.getRhs().getType();
  for (MxuMatmulOp it = head; it; it = nextInChain(it))
    if (!addLoads(stats, lhs, 1,
                  blockArea(rhs, it.getKbAttr().getInt(),
                            it.getNbAttr().getInt())))
      return std::nullopt;
  // Loads of the matmul not in the IR were folded away (skipped).
  std::optional<int64_t> all =
      llvm::checkedMul(rhs.getRowBlocks(), rhs.getColBlocks());
  if (!all)
    return std::nullopt;
  stats.skippedLoads = *all - stats.weightLoads;
  return stats;
}

bool addTo(rt::MatmulStats &total, const rt::MatmulStats &stats) {
  for (auto [sum, value] :
       {std::pair{&total.logicalMacs, stats.logicalMacs},
        std::pair{&total.issuedMacs, stats.issuedMacs},
        std::pair{&total.weightLoads, stats.weightLoads},
        std::pair{&total.skippedLoads, stats.skippedLoads}}) {
    std::optional<int64_t> result = llvm::checkedAdd(*sum, value);
    if (!result)
      return false;
    *sum = *result;
  }
  total.paddingMacs = total.issuedMacs - total.logicalMacs;
  return true;
}

struct SystileReportUtilization
    : public systile::impl::SystileReportUtilizationBase<
          SystileReportUtilization> {
  void runOnOperation() override {
    rt::MatmulStats total;
    bool totalOverflow = false;
    getOperation().walk([&](Operation *op) {
      auto block = dyn_cast<MxuMatmulOp>(op);
      if (!isa<MatmulOp>(op) && !(block && isChainHead(block)))
        return;
      ++numMatmulsReported;
      // Remarks go to the op's location without the op attached, so that
      // MLIR does not print the op (or, for the total, the whole module).
      std::optional<rt::MatmulStats> stats = matmulStats(op);
      if (!stats) {
        emitWarning(op->getLoc())
            << "utilization figures of this matmul exceed 2^63-1; not "
               "reported, nor counted in the total";
        return;
      }
      emitRemark(op->getLoc()) << stats->format("utilization");
      totalOverflow |= !addTo(total, *stats);
    });
    if (totalOverflow) {
      emitWarning(getOperation().getLoc())
          << "the module's total utilization figures exceed 2^63-1";
      return;
    }
    emitRemark(getOperation().getLoc()) << total.format("total");
  }
};

} // namespace
