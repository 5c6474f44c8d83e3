//===- ReportLayout.cpp - RFC 8 layout cost per function ------------------===//
//
// systile-report-layout: one remark per function with the static layout
// figures of RFC section 8 (each systile.pack in the IR counts its padded
// storage bytes, each systile.unpack its logical bytes), in the line format
// of rt::LayoutCost::format, which systile-run --stats prints for the ops
// it executes.
//
//===----------------------------------------------------------------------===//

#include "systile/Dialect/Systile/IR/SystileOps.h"
#include "systile/Dialect/Systile/Transforms/Passes.h"
#include "systile/Runtime/LayoutCost.h"
#include "systile/Support/PassStatistics.h"

namespace systile {
#define GEN_PASS_DEF_SYSTILEREPORTLAYOUT
#include "systile/Dialect/Systile/Transforms/Passes.h.inc"
} // namespace systile

using namespace mlir;
using namespace systile;

namespace {

PassCounter numFunctionsReported("systile-report-layout", "functions-reported",
                                 "functions with a layout remark");

/// The runtime layout of a verified tiled type (the verifier has checked
/// that its sizes fit).
rt::Layout layoutOf(TiledType type) {
  rt::Expected<rt::Layout> layout =
      rt::Layout::get({type.getRows(), type.getCols()},
                      {type.getSublanes(), type.getLanes(), type.getMxu()});
  return layout ? *layout : rt::Layout();
}

uint64_t elementBytes(TiledType type) {
  return type.getElementType().getIntOrFloatBitWidth() / 8;
}

struct SystileReportLayout
    : public systile::impl::SystileReportLayoutBase<SystileReportLayout> {
  void runOnOperation() override {
    func::FuncOp function = getOperation();
    rt::LayoutCost cost;
    function.walk([&](Operation *op) {
      if (auto pack = dyn_cast<PackOp>(op))
        cost.addPack(layoutOf(pack.getType()), elementBytes(pack.getType()));
      else if (auto unpack = dyn_cast<UnpackOp>(op))
        cost.addUnpack(layoutOf(unpack.getInput().getType()),
                       elementBytes(unpack.getInput().getType()));
    });
    ++numFunctionsReported;
    // At the function's location, without the op attached (MLIR would
    // print the whole function).
    emitRemark(function.getLoc()) << cost.format();
  }
};

} // namespace
