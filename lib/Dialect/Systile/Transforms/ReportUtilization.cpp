//===- ReportUtilization.cpp - padding MACs and utilisation ---------------===//
//
// systile-report-utilization: one remark per original matmul (an unblocked
// systile.matmul, or a chain of systile.mxu_matmul ops on the same operands)
// and one for the module, with RFC section 8's figures computed and printed
// by the accounting library (systile/Runtime/Utilization.h, which neither
// needs nor links the simulator), in the format systile-run --stats prints.
//
//===----------------------------------------------------------------------===//

#include "systile/Dialect/Systile/Analysis/MatmulChains.h"
#include "systile/Dialect/Systile/Analysis/ReportJson.h"
#include "systile/Dialect/Systile/IR/SystileOps.h"
#include "systile/Dialect/Systile/IR/SystileRuntimeBridge.h"
#include "systile/Dialect/Systile/Transforms/Passes.h"
#include "systile/Runtime/Utilization.h"
#include "systile/Support/OutputFile.h"
#include "systile/Support/PassStatistics.h"

#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/JSON.h"

namespace systile {
#define GEN_PASS_DEF_SYSTILEREPORTUTILIZATION
#include "systile/Dialect/Systile/Transforms/Passes.h.inc"
} // namespace systile

using namespace mlir;
using namespace systile;

namespace {

/// The K x N weight of each matrix of `op`'s product (rhs is N x K when
/// transposed).
template <typename OpTy> rt::Shape weightShape(OpTy op) {
  return {op.getDepth(), op.getWidth()};
}

/// Scales the figures of one pass over one matrix of `op`'s batch to every
/// pass of its precision and the whole batch, or nullopt on int64
/// overflow.
template <typename OpTy>
std::optional<rt::MatmulStats> overBatch(OpTy op,
                                         rt::Expected<rt::MatmulStats> one) {
  if (!one)
    return std::nullopt;
  rt::Expected<rt::MatmulStats> passes =
      rt::multiPassStats(*one, passCount(op.getPrecision()));
  if (!passes)
    return std::nullopt;
  rt::Expected<rt::MatmulStats> all = rt::batchStats(
      *passes, op.getLhs().getType().getNumMatrices(), op.hasSharedRhs());
  return all ? std::optional(*all) : std::nullopt;
}

/// RFC 8's figures of the matmul `op` stands for (an unblocked matmul, or
/// the chain `op` heads), computed by the runtime per matrix of the batch
/// and scaled to the batch, or nullopt on int64 overflow (the verified
/// types leave no other error).
std::optional<rt::MatmulStats> matmulStats(Operation *op) {
  if (auto matmul = dyn_cast<MatmulOp>(op)) {
    TiledType lhs = matmul.getLhs().getType().getMatrixType();
    std::optional<rt::MatmulStats> stats =
        overBatch(matmul, rt::matmulStats(shapeOf(lhs), weightShape(matmul),
                                          geometryOf(lhs)));
    if (!stats || !addHaloMacs(*stats, matmul.getLhs(), matmul.getDepth(),
                               matmul.getWidth(), lhs.getMxu()))
      return std::nullopt;
    return stats;
  }
  auto head = cast<MxuMatmulOp>(op);
  TiledType lhs = head.getLhs().getType().getMatrixType();
  rt::UtilizationTotals chain;
  SmallVector<std::pair<int64_t, int64_t>> loads;
  for (MxuMatmulOp it : collectChain(head)) {
    rt::Expected<rt::MatmulStats> load = rt::weightLoadStats(
        shapeOf(lhs), weightShape(head), geometryOf(lhs),
        it.getKbAttr().getInt(), it.getNbAttr().getInt());
    if (!load)
      return std::nullopt;
    chain.add(*load);
    loads.emplace_back(it.getKbAttr().getInt(), it.getNbAttr().getInt());
  }
  // Loads of the matmul not in the IR were folded away (skipped).
  std::optional<int64_t> all =
      llvm::checkedMul(head.getDepthBlocks(), head.getWidthBlocks());
  rt::Expected<rt::MatmulStats> stats = chain.stats();
  if (!all || !stats)
    return std::nullopt;
  stats->skippedLoads = *all - stats->weightLoads;
  std::optional<rt::MatmulStats> batch = overBatch(head, std::move(stats));
  if (!batch || !addHaloMacs(*batch, head.getLhs(), head.getDepth(),
                             head.getWidth(), lhs.getMxu(),
                             ArrayRef<std::pair<int64_t, int64_t>>(loads)))
    return std::nullopt;
  return batch;
}

/// One matmul's JSON object: what it is, where, and its figures.
template <typename OpTy>
llvm::json::Object matmulJson(OpTy op, const rt::MatmulStats &stats) {
  TiledType lhs = op.getLhs().getType().getMatrixType();
  rt::Geometry g = geometryOf(lhs);
  llvm::json::Object o = utilizationJson(stats);
  o["op"] = op->getName().getStringRef().str();
  addLocationJson(o, op->getLoc());
  o["m"] = lhs.getShape().front();
  o["k"] = op.getDepth();
  o["n"] = op.getWidth();
  o["matrices"] = op.getLhs().getType().getNumMatrices();
  o["shared_rhs"] = op.hasSharedRhs();
  o["precision"] = stringifyPrecision(op.getPrecision()).str();
  o["geometry"] = llvm::json::Object{
      {"sublanes", g.sublanes}, {"lanes", g.lanes}, {"mxu", g.mxu}};
  return o;
}

struct SystileReportUtilization
    : public systile::impl::SystileReportUtilizationBase<
          SystileReportUtilization> {
  using SystileReportUtilizationBase::SystileReportUtilizationBase;

  PassCounter numMatmulsReported{"systile-report-utilization",
                                 "matmuls-reported", "matmuls reported"};

  void runOnOperation() override {
    rt::UtilizationTotals total;
    llvm::json::Array matmuls;
    getOperation().walk([&](Operation *op) {
      if (!isMatmulHead(op))
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
      total.add(*stats);
      if (!jsonPath.empty()) {
        if (auto matmul = dyn_cast<MatmulOp>(op))
          matmuls.push_back(matmulJson(matmul, *stats));
        else
          matmuls.push_back(matmulJson(cast<MxuMatmulOp>(op), *stats));
      }
    });
    rt::Expected<rt::MatmulStats> sum = total.stats();
    if (!sum) {
      emitWarning(getOperation().getLoc())
          << "the module's total utilization figures exceed 2^63-1";
      return;
    }
    emitRemark(getOperation().getLoc()) << sum->format("total");
    if (!jsonPath.empty())
      writeJson(std::move(matmuls), *sum);
  }

  void writeJson(llvm::json::Array matmuls, const rt::MatmulStats &sum) {
    llvm::json::Value doc = llvm::json::Object{
        {"matmuls", std::move(matmuls)}, {"total", utilizationJson(sum)}};
    if (llvm::Error e = writeJsonFile(jsonPath, doc)) {
      emitError(getOperation().getLoc())
          << "systile-report-utilization: cannot write json='" << jsonPath
          << "': " << llvm::toString(std::move(e));
      signalPassFailure();
    }
  }
};

} // namespace
