//===- ReportLayout.cpp - RFC 8 layout cost per function ------------------===//
//
// systile-report-layout: one remark per function (and with json=FILE one
// JSON document) with the static layout
// figures of RFC section 8 (each systile.pack in the IR counts its padded
// storage bytes, each systile.unpack its logical bytes, each relayout op
// that is not free the padded storage bytes of its result), in the format
// of rt::LayoutCost::format, which systile-run --stats prints for the ops
// it executes.
//
//===----------------------------------------------------------------------===//

#include "systile/Dialect/Systile/Analysis/ReportJson.h"
#include "systile/Dialect/Systile/IR/SystileOps.h"
#include "systile/Dialect/Systile/Transforms/Passes.h"
#include "systile/Runtime/LayoutCost.h"
#include "systile/Support/PassStatistics.h"

#include "llvm/Support/JSON.h"

namespace systile {
#define GEN_PASS_DEF_SYSTILEREPORTLAYOUT
#include "systile/Dialect/Systile/Transforms/Passes.h.inc"
} // namespace systile

using namespace mlir;
using namespace systile;

namespace {

/// Adds the pack, unpack or relayout `op` (of a tiled `type`, every matrix
/// of its batch) to `cost`, or warns at `op` when the runtime has no layout
/// for the type.
void count(Operation *op, TiledType type, rt::LayoutCost &cost) {
  rt::Expected<rt::Layout> layout = layoutOf(type);
  if (!layout) {
    emitWarning(op->getLoc())
        << layout.error() << "; not counted in the layout figures";
    return;
  }
  if (isa<PackOp>(op))
    cost.addPack(*layout, elementBytes(type), type.getNumMatrices());
  else if (auto relayout = dyn_cast<RelayoutOpInterface>(op))
    cost.addRelayout(*layout, elementBytes(type), type.getNumMatrices(),
                     relayout.isFree());
  else
    cost.addUnpack(*layout, elementBytes(type), type.getNumMatrices());
}

/// The layout cost of the packs, unpacks and relayouts nested in `root`.
rt::LayoutCost layoutCost(Operation *root) {
  rt::LayoutCost cost;
  root->walk([&](Operation *op) {
    if (auto pack = dyn_cast<PackOp>(op))
      count(op, pack.getType(), cost);
    else if (auto unpack = dyn_cast<UnpackOp>(op))
      count(op, unpack.getInput().getType(), cost);
    else if (isa<RelayoutOpInterface>(op))
      count(op, cast<TiledType>(op->getResult(0).getType()), cost);
  });
  return cost;
}

struct SystileReportLayout
    : public systile::impl::SystileReportLayoutBase<SystileReportLayout> {
  using SystileReportLayoutBase::SystileReportLayoutBase;

  PassCounter numFunctionsReported{"systile-report-layout",
                                 "functions-reported",
                                 "functions with a layout remark"};

  void runOnOperation() override {
    llvm::json::Array functions;
    rt::LayoutCost total;
    bool totalOverflowed = false;
    getOperation().walk([&](func::FuncOp function) {
      rt::LayoutCost cost = layoutCost(function);
      // At the function's location, without the op attached (MLIR would
      // print the whole function).
      if (cost.overflowed()) {
        emitWarning(function.getLoc())
            << "the function's layout figures exceed 2^64-1 bytes; not "
               "reported";
        return;
      }
      ++numFunctionsReported;
      emitRemark(function.getLoc()) << cost.format();
      if (jsonPath.empty())
        return;
      llvm::json::Object entry = layoutJson(cost);
      entry["function"] = function.getSymName().str();
      addLocationJson(entry, function.getLoc());
      functions.push_back(std::move(entry));
      totalOverflowed |= !total.merge(cost);
    });
    if (jsonPath.empty())
      return;
    if (totalOverflowed) {
      emitError(getOperation().getLoc())
          << "systile-report-layout: the module's total layout figures "
             "exceed 2^64-1 bytes; json='" << jsonPath << "' not written";
      return signalPassFailure();
    }
    llvm::json::Value doc = llvm::json::Object{
        {"functions", std::move(functions)}, {"total", layoutJson(total)}};
    if (llvm::Error e = writeJsonFile(jsonPath, doc)) {
      emitError(getOperation().getLoc())
          << "systile-report-layout: cannot write json='" << jsonPath
          << "': " << llvm::toString(std::move(e));
      signalPassFailure();
    }
  }
};

} // namespace
