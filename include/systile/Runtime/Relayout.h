//===- Relayout.h - Layout changes of batched tiled values ------*- C++ -*-===//
//
// The relayout ops (RFC 5) on TiledBatch. On the logical (dense, row-major)
// elements each is a reshape, possibly with two adjacent axes swapped: the
// batch reshape and the row merge/split move no dense element, the head
// split/merge and the minor transpose swap two axes (AxisSwap). On the
// tiled storage a relayout is either free, when the result's storage bits
// are the input's (the rvalue forms below then move the storage and copy
// nothing), or one copy of every logical element to its new slot, with
// zero padding.
//
// The index rule (AxisSwap) and the rule of when a row regroup is free are
// in RelayoutMap.h, which the compiler's verifiers and folds share.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_RELAYOUT_H
#define SYSTILE_RUNTIME_RELAYOUT_H

#include "systile/Runtime/ConvWindow.h"
#include "systile/Runtime/RelayoutMap.h"
#include "systile/Runtime/TiledBatch.h"

#include <cstdint>
#include <vector>

namespace systile::rt {

/// The batch dimensions reshaped to `batch` (the same number of matrices;
/// the matrices themselves unchanged). Always free.
template <typename T>
Expected<TiledBatch<T>> reshapeBatch(const TiledBatch<T> &x, BatchShape batch);
template <typename T>
Expected<TiledBatch<T>> reshapeBatch(TiledBatch<T> &&x, BatchShape batch);

/// [.., B, R, C] -> [.., B*R, C]: the innermost batch dimension merged into
/// the rows. Free when isFreeRowRegroup(B, R, sublanes), a copy otherwise.
template <typename T> Expected<TiledBatch<T>> mergeRows(const TiledBatch<T> &x);
template <typename T> Expected<TiledBatch<T>> mergeRows(TiledBatch<T> &&x);

/// [.., B*R, C] -> [.., B, R, C] for `rows` = R: the inverse of mergeRows,
/// free under the same rule.
template <typename T>
Expected<TiledBatch<T>> splitRows(const TiledBatch<T> &x, int64_t rows);
template <typename T>
Expected<TiledBatch<T>> splitRows(TiledBatch<T> &&x, int64_t rows);

/// [.., S, H*D] -> [.., H, S, D] for `heads` = H: element (.., s, h*D + d)
/// goes to (.., h, s, d). A copy.
template <typename T>
Expected<TiledBatch<T>> splitHeads(const TiledBatch<T> &x, int64_t heads);

/// [.., H, S, D] -> [.., S, H*D], the inverse of splitHeads. A copy.
template <typename T> Expected<TiledBatch<T>> mergeHeads(const TiledBatch<T> &x);

/// [.., R, C] -> [.., C, R]: every matrix transposed. A copy.
template <typename T>
Expected<TiledBatch<T>> transposeMinor(const TiledBatch<T> &x);

/// Any reshape to `batch` x `shape` that keeps the row-major order of the
/// logical elements (the same element count): dense element k of the
/// result is dense element k of `x`. Free (the storage moved or shared)
/// when the matrices keep their shape, a copy otherwise.
template <typename T>
Expected<TiledBatch<T>> reshape(const TiledBatch<T> &x, BatchShape batch,
                                Shape shape);
template <typename T>
Expected<TiledBatch<T>> reshape(TiledBatch<T> &&x, BatchShape batch,
                                Shape shape);
/// The box of `x` at `offsets` (one per dimension: the batch dimensions,
/// then rows and columns) of `batch` x `shape` elements: element
/// (i_1, .., i_n) of the result is element (i_1 + o_1, .., i_n + o_n) of
/// `x`. The box must lie inside `x`. Always a copy, padding zero.
template <typename T>
Expected<TiledBatch<T>> slice(const TiledBatch<T> &x,
                              const std::vector<int64_t> &offsets,
                              BatchShape batch, Shape shape);

/// The im2col matrix of `x` under `window` (ConvWindow.h): every matrix of
/// `x` is one `N*H*W x C` image (channels on the lanes); each result
/// matrix has `N*OH*OW` rows and `KH*KW*C` columns, and column
/// `(kh*KW + kw)*C + c` of row `r` is channel `c` of input row
/// `window.sourceRow(r, kh, kw)` of the same matrix, or `padValue` for a
/// halo read. The batch dimensions are kept. Padding slots are zero.
/// Always a copy.
template <typename T>
Expected<TiledBatch<T>> im2col(const TiledBatch<T> &x,
                               const ConvWindow &window, T padValue);

/// The window of tap `(kh, kw)`: per matrix of `x`, the `N*OH*OW x C`
/// matrix whose row `r` is input row `window.sourceRow(r, kh, kw)`, or
/// `padValue` in every channel for a halo read; the batch dimensions are
/// kept. A copy (the input itself when window.isIdentity()).
template <typename T>
Expected<TiledBatch<T>> convTap(const TiledBatch<T> &x,
                                const ConvWindow &window, int64_t kh,
                                int64_t kw, T padValue);

} // namespace systile::rt

#endif // SYSTILE_RUNTIME_RELAYOUT_H
