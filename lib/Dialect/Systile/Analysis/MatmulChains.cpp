//===- MatmulChains.cpp - What one matmul is, for every tool --------------===//

#include "systile/Dialect/Systile/Analysis/MatmulChains.h"

#include "llvm/ADT/DenseMap.h"

#include <algorithm>

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

bool systile::addHaloMacs(rt::MatmulStats &stats, Value lhs, int64_t depth,
                          int64_t width, int64_t mxu,
                          std::optional<ArrayRef<std::pair<int64_t, int64_t>>>
                              loads) {
  rt::ConvWindow window;
  int64_t tap = -1, channels = 0, images = 1;
  if (auto im2col = lhs.getDefiningOp<Im2colOp>()) {
    window = im2col.getWindow();
    channels = im2col.getInput().getType().getCols();
    images = im2col.getInput().getType().getNumMatrices();
  } else if (auto win = lhs.getDefiningOp<WindowOp>()) {
    window = win.getWindow();
    channels = win.getInput().getType().getCols();
    images = win.getInput().getType().getNumMatrices();
    tap = win.getTap()[0] * window.kernelW + win.getTap()[1];
  } else {
    return true;
  }
  // Every matrix of a batched window (a group of a grouped convolution)
  // reads the same halo.
  int64_t total = 0;
  auto add = [&](int64_t k0, int64_t k1, int64_t cols) {
    std::optional<int64_t> halo =
        window.haloMacs(k0, k1, channels, tap, cols);
    int64_t all = 0;
    return halo && !__builtin_mul_overflow(*halo, images, &all) &&
           !__builtin_add_overflow(total, all, &total);
  };
  if (!loads) {
    if (!add(0, depth, width))
      return false;
  } else {
    for (auto [kb, nb] : *loads) {
      const int64_t k0 = kb * mxu, k1 = std::min(depth, k0 + mxu);
      const int64_t cols = std::min(mxu, width - nb * mxu);
      if (!add(k0, k1, cols))
        return false;
    }
  }
  stats.hasHalo = true;
  stats.haloMacs = total;
  return true;
}
