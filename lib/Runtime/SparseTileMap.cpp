//===- SparseTileMap.cpp - All-zero storage tiles and weight blocks -------===//
//
// One pass over the storage in order; each logical element that is not zero
// clears its storage tile's and its mxu block's "all zero" flag.
//
//===----------------------------------------------------------------------===//

#include "systile/Runtime/SparseTileMap.h"

#include "TileAccess.h"

#include <algorithm>

namespace systile::rt {

template <typename T> bool isZeroValue(T v) { return detail::isZeroBits(v); }

template <typename T>
SparseTileMap SparseTileMap::compute(const TiledMatrix<T> &m) {
  const Layout &lay = m.layout();
  const int64_t s = lay.geometry().sublanes, l = lay.geometry().lanes;
  const int64_t mxu = lay.geometry().mxu;
  const int64_t rows = lay.logicalShape().rows, cols = lay.logicalShape().cols;
  SparseTileMap map;
  map.tileRows_ = lay.tileRows();
  map.tileCols_ = lay.tileCols();
  map.blockRows_ = lay.mxuRowBlocks();
  map.blockCols_ = lay.mxuColBlocks();
  map.zeroTiles_.assign(static_cast<size_t>(map.tileRows_ * map.tileCols_), 1);
  map.zeroBlocks_.assign(static_cast<size_t>(map.blockRows_ * map.blockCols_),
                         1);
  const T *data = m.data();
  for (int64_t tr = 0; tr < map.tileRows_; ++tr) {
    const int64_t rowsHere = std::min(s, rows - tr * s);
    for (int64_t tc = 0; tc < map.tileCols_; ++tc) {
      const int64_t n = std::min(l, cols - tc * l);
      const T *tile = data + (tr * map.tileCols_ + tc) * s * l;
      for (int64_t sr = 0; sr < rowsHere; ++sr)
        for (int64_t c = 0; c < n; ++c)
          if (!detail::isZeroBits(tile[sr * l + c])) {
            map.zeroTiles_[tr * map.tileCols_ + tc] = 0;
            const int64_t row = tr * s + sr, col = tc * l + c;
            map.zeroBlocks_[(row / mxu) * map.blockCols_ + col / mxu] = 0;
          }
    }
  }
  return map;
}

int64_t SparseTileMap::numZeroTiles() const {
  return std::count(zeroTiles_.begin(), zeroTiles_.end(), 1);
}

int64_t SparseTileMap::numZeroBlocks() const {
  return std::count(zeroBlocks_.begin(), zeroBlocks_.end(), 1);
}

template SparseTileMap SparseTileMap::compute(const TiledMatrix<float> &);
template SparseTileMap SparseTileMap::compute(const TiledMatrix<bf16> &);
template SparseTileMap SparseTileMap::compute(const TiledMatrix<int8_t> &);
template SparseTileMap SparseTileMap::compute(const TiledMatrix<int32_t> &);
template bool isZeroValue(float);
template bool isZeroValue(bf16);
template bool isZeroValue(int8_t);
template bool isZeroValue(int32_t);

} // namespace systile::rt
