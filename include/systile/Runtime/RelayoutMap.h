//===- RelayoutMap.h - Index rules of the relayout ops ----------*- C++ -*-===//
//
// What the relayout ops (RFC 5) do to the dense (row-major logical)
// elements, and when their tiled storage is left as it is: the rules the
// runtime kernels (Relayout.h) and the compiler's verifiers and constant
// folds share. Standard library only, header only.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_RELAYOUTMAP_H
#define SYSTILE_RUNTIME_RELAYOUTMAP_H

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

} // namespace systile::rt

#endif // SYSTILE_RUNTIME_RELAYOUTMAP_H
