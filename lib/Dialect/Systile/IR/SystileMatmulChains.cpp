//===- SystileMatmulChains.cpp - what counts as one matmul ----------------===//
//
// After systile-block-matmul a matmul is a chain of systile.mxu_matmul ops.
// The one rule that recovers the chain, shared by every reader of blocked
// IR (systile-report-utilization, and the interpreter that runs a chain as
// one simulated matmul), so that they cannot disagree about what one matmul
// is.
//
//===----------------------------------------------------------------------===//

#include "systile/Dialect/Systile/IR/SystileOps.h"

using namespace mlir;
using namespace systile;

MxuMatmulOp systile::nextLoadOfMatmul(MxuMatmulOp load) {
  if (!load.getResult().hasOneUse())
    return {};
  auto next = dyn_cast<MxuMatmulOp>(*load.getResult().getUsers().begin());
  if (!next || next->getBlock() != load->getBlock() ||
      next.getAcc() != load.getResult() || next.getLhs() != load.getLhs() ||
      next.getRhs() != load.getRhs() ||
      next.getPrecision() != load.getPrecision())
    return {};
  // A load at or before `load` in the blocked order (nb outer, kb inner)
  // starts another matmul accumulating into this one (e.g. after CSE of
  // `A x B + (A x B + C)`).
  auto order = [](MxuMatmulOp op) {
    return std::make_pair(op.getNbAttr().getInt(), op.getKbAttr().getInt());
  };
  return order(load) < order(next) ? next : MxuMatmulOp();
}

bool systile::startsMatmul(MxuMatmulOp load) {
  auto previous = load.getAcc().getDefiningOp<MxuMatmulOp>();
  return !previous || nextLoadOfMatmul(previous) != load;
}
