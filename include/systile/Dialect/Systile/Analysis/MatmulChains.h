//===- MatmulChains.h - What one matmul is, for every tool ------*- C++ -*-===//
//
// RFC 8 reports figures per matmul. After systile-block-matmul a matmul is a
// chain of systile.mxu_matmul ops (one per weight load) accumulating into
// each other on the same operands; after systile-fold-zero-tiles some loads
// are gone. This analysis is the one rule that decides which ops form one
// matmul, shared by systile-report-utilization and systile-run --stats so
// that both print the same lines for the same IR.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_DIALECT_SYSTILE_ANALYSIS_MATMULCHAINS_H
#define SYSTILE_DIALECT_SYSTILE_ANALYSIS_MATMULCHAINS_H

#include "systile/Dialect/Systile/IR/SystileOps.h"

#include "systile/Runtime/Utilization.h"
#include "llvm/ADT/SmallVector.h"

namespace systile {

/// The next weight load of the same matmul: the one user of `op`'s result,
/// in the same block, that is an mxu_matmul on the same operands (read
/// the same way: rhs_transposed or not), precision and flushing accumulating
/// into it, with a later (nb, kb) in the blocked order (nb outer, kb inner). A
/// load at or before `op` in that order starts another matmul accumulating into
/// this one (e.g. after CSE of `A x B + (A x B + C)`).
MxuMatmulOp nextInChain(MxuMatmulOp op);

/// Whether `op` starts a matmul (no previous load of the same chain).
bool isChainHead(MxuMatmulOp op);

/// A matmul as RFC 8 counts it: a systile.matmul, or a chain head.
bool isMatmulHead(mlir::Operation *op);

/// The loads of the matmul headed by `head`, in chain order.
llvm::SmallVector<MxuMatmulOp> collectChain(MxuMatmulOp head);

/// Whether the chain is in the order of RFC 6 (for every nb, kb strictly
/// increasing) and in one block, so that one whole-matmul simulation
/// reproduces it bit for bit.
bool isInMatmulOrder(llvm::ArrayRef<MxuMatmulOp> chain);

/// Sets `stats`' halo figures (RFC 8) when `lhs` is read through a
/// convolution window (the result of a systile.im2col or systile.window):
/// the halo MACs of the weight loads `loads` ((kb, nb) pairs, blocks of
/// `mxu`) of a matmul with K = `depth` and N = `width`, or of every load
/// when `loads` is std::nullopt (none when it is empty: every load was
/// folded away), summed over every image of a batched window (each matrix
/// of the batch is one image with its own halo). Leaves `stats` as it is
/// for any other lhs; false when the figure exceeds 2^63-1.
[[nodiscard]] bool
addHaloMacs(rt::MatmulStats &stats, mlir::Value lhs, int64_t depth,
            int64_t width, int64_t mxu,
            std::optional<llvm::ArrayRef<std::pair<int64_t, int64_t>>> loads =
                std::nullopt);

} // namespace systile

#endif // SYSTILE_DIALECT_SYSTILE_ANALYSIS_MATMULCHAINS_H
