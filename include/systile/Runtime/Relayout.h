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
// AxisSwap is the one statement of the index rule; the compiler's constant
// folds use it too.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_RELAYOUT_H
#define SYSTILE_RUNTIME_RELAYOUT_H

#include "systile/Runtime/TiledBatch.h"

#include <cstdint>

namespace systile::rt {

/// A dense row-major tensor viewed as `[outer, x, y, inner]` becomes
/// `[outer, y, x, inner]`: element (p, j, i, z) of the result is element
/// (p, i, j, z) of the input.
struct AxisSwap {
  int64_t outer = 1, x = 1, y = 1, inner = 1;

  /// The row-major index in the input of element `index` of the result.
  int64_t sourceIndex(int64_t index) const {
    const int64_t z = index % inner;
    index /= inner;
    const int64_t i = index % x;
    index /= x;
    const int64_t j = index % y;
    const int64_t p = index / y;
    return ((p * x + i) * y + j) * inner + z;
  }

  /// The minor transpose of `matrices` R x C matrices.
  static AxisSwap transpose(int64_t matrices, int64_t rows, int64_t cols) {
    return {matrices, rows, cols, 1};
  }
  /// [P, S, H*D] -> [P, H, S, D] (split_heads).
  static AxisSwap splitHeads(int64_t outer, int64_t seq, int64_t heads,
                             int64_t headDim) {
    return {outer, seq, heads, headDim};
  }
  /// [P, H, S, D] -> [P, S, H*D] (merge_heads).
  static AxisSwap mergeHeads(int64_t outer, int64_t heads, int64_t seq,
                             int64_t headDim) {
    return {outer, heads, seq, headDim};
  }
};

/// Whether moving between `groups` matrices of `rows` rows (the innermost
/// batch dimension) and one matrix of `groups * rows` rows keeps every
/// storage bit: when `rows` is a multiple of the sublane count (each
/// matrix is whole tile rows, so the stacked matrix has the same tiles in
/// the same order) or there is one group.
inline bool isFreeRowRegroup(int64_t groups, int64_t rows, int64_t sublanes) {
  return groups == 1 || rows % sublanes == 0;
}

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

} // namespace systile::rt

#endif // SYSTILE_RUNTIME_RELAYOUT_H
