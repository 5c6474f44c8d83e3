//===- SparseTileMap.h - Which tiles and mxu blocks are zero ---*- C++ -*-===//
//
// Sparsity at tile granularity (RFC section 7). Two grids over one matrix:
// the storage tiles (sublanes x lanes) and, for a KxN weight operand, the
// mxu x mxu weight blocks (kb, nb). A tile or block is all-zero when every
// *logical* element in it is +0 or -0 (integer 0); padding is never looked
// at, since it may be undef. Every tile and block holds at least one
// logical element, so an all-zero answer is never vacuous.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_SPARSETILEMAP_H
#define SYSTILE_RUNTIME_SPARSETILEMAP_H

#include "systile/Runtime/TiledMatrix.h"

#include <cstdint>
#include <vector>

namespace systile::rt {

class SparseTileMap {
public:
  template <typename T> static SparseTileMap compute(const TiledMatrix<T> &m);

  /// Storage-tile grid: layout().tileRows() x layout().tileCols().
  int64_t tileRows() const { return tileRows_; }
  int64_t tileCols() const { return tileCols_; }
  /// Precondition: indices inside the grid.
  bool isZeroTile(int64_t tileRow, int64_t tileCol) const {
    return zeroTiles_[tileRow * tileCols_ + tileCol] != 0;
  }
  int64_t numZeroTiles() const;

  /// mxu-block grid: ceil(rows / mxu) x ceil(cols / mxu).
  int64_t blockRows() const { return blockRows_; }
  int64_t blockCols() const { return blockCols_; }
  /// Precondition: indices inside the grid.
  bool isZeroBlock(int64_t kb, int64_t nb) const {
    return zeroBlocks_[kb * blockCols_ + nb] != 0;
  }
  int64_t numZeroBlocks() const;

private:
  int64_t tileRows_ = 0, tileCols_ = 0, blockRows_ = 0, blockCols_ = 0;
  std::vector<uint8_t> zeroTiles_, zeroBlocks_;
};

/// +0 / -0 / integer 0.
template <typename T> bool isZeroValue(T v);

} // namespace systile::rt

#endif // SYSTILE_RUNTIME_SPARSETILEMAP_H
