//===- MatmulChains.cpp - What one matmul is, for every tool --------------===//

#include "systile/Dialect/Systile/Analysis/MatmulChains.h"

#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace systile;

MxuMatmulOp systile::nextInChain(MxuMatmulOp op) {
  if (!op.getResult().hasOneUse())
    return {};
  auto next = dyn_cast<MxuMatmulOp>(*op.getResult().getUsers().begin());
  if (!next || next->getBlock() != op->getBlock() ||
      next.getAcc() != op.getResult() || next.getLhs() != op.getLhs() ||
      next.getRhs() != op.getRhs() ||
      next.getRhsTransposed() != op.getRhsTransposed() ||
      next.getPrecision() != op.getPrecision() ||
      next.getFlushSubnormals() != op.getFlushSubnormals())
    return {};
  auto order = [](MxuMatmulOp o) {
    return std::make_pair(o.getNbAttr().getInt(), o.getKbAttr().getInt());
  };
  return order(op) < order(next) ? next : MxuMatmulOp();
}

bool systile::isChainHead(MxuMatmulOp op) {
  auto previous = op.getAcc().getDefiningOp<MxuMatmulOp>();
  return !previous || nextInChain(previous) != op;
}

bool systile::isMatmulHead(Operation *op) {
  if (isa<MatmulOp>(op))
    return true;
  auto mxu = dyn_cast<MxuMatmulOp>(op);
  return mxu && isChainHead(mxu);
}

SmallVector<MxuMatmulOp> systile::collectChain(MxuMatmulOp head) {
  SmallVector<MxuMatmulOp> chain;
  for (MxuMatmulOp it = head; it; it = nextInChain(it))
    chain.push_back(it);
  return chain;
}

bool systile::isInMatmulOrder(ArrayRef<MxuMatmulOp> chain) {
  llvm::DenseMap<int64_t, int64_t> lastKb;
  for (MxuMatmulOp op : chain) {
    if (op->getBlock() != chain.front()->getBlock())
      return false;
    int64_t kb = op.getKbAttr().getInt(), nb = op.getNbAttr().getInt();
    auto found = lastKb.find(nb);
    if (found != lastKb.end() && found->second >= kb)
      return false;
    lastKb[nb] = kb;
  }
  return true;
}
