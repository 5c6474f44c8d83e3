//===- FoldZeroTiles.cpp - erase all-zero weight loads --------------------===//
//
// systile-fold-zero-tiles (RFC section 7, static): weight loads whose rhs
// block is provably all +-0 are erased; a matmul whose whole rhs is zero
// becomes its accumulator. On a batch, a block is all zero only when it is
// in every weight matrix (or in the one shared rhs). Each constant rhs is
// scanned once, in place (no copy of its data), into a bitmap of non-zero
// blocks; a splat is one test, so no work here grows with a shape that the
// data does not hold.
//
//===----------------------------------------------------------------------===//

#include "systile/Dialect/Systile/IR/SystileOps.h"
#include "systile/Dialect/Systile/Transforms/Passes.h"
#include "systile/Runtime/ElementBits.h"
#include "systile/Support/PassStatistics.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"

#include <cstring>

namespace systile {
#define GEN_PASS_DEF_SYSTILEFOLDZEROTILES
#include "systile/Dialect/Systile/Transforms/Passes.h.inc"
} // namespace systile

using namespace mlir;
using namespace systile;

namespace {

/// Per mxu block (kb, nb) of a K x N operand (or per column block kb of an
/// M x K lhs, with one block row), whether some logical element in it has
/// a property (is non-zero, or is not finite) in some matrix of the batch.
struct BlockMap {
  int64_t rowBlocks = 0, colBlocks = 0;
  /// A splat: every block has the property or none has (no per-block
  /// storage, so the block count of a splat may be anything up to 2^63).
  std::optional<bool> uniform;
  /// Otherwise one flag per block; there are at most as many blocks as
  /// elements in the constant's data.
  std::vector<bool> flagged;

  /// Whether block (rb, cb) holds an element with the property.
  bool isFlagged(int64_t rb, int64_t cb) const {
    return uniform ? *uniform : flagged[rb * colBlocks + cb];
  }
  /// Whether any block does. Bounded by the constant's data, never by the
  /// shape: a splat answers once.
  bool anyFlagged() const {
    return uniform ? *uniform : llvm::is_contained(flagged, true);
  }
};

enum class Property { NonZero, NonFinite };

/// Reads element `index` of `raw` (little-endian storage of a dense
/// attribute) and says whether it has `property`, by the bit rules of
/// ElementBits.h (zero: +0 or -0 for floats, 0 for integers).
bool hasProperty(Type element, const char *raw, int64_t index,
                 Property property) {
  if (element.isF32()) {
    uint32_t bits;
    std::memcpy(&bits, raw + index * 4, 4);
    return property == Property::NonZero ? !rt::bits::isZeroF32(bits)
                                         : !rt::bits::isFiniteF32(bits);
  }
  if (element.isBF16()) {
    uint16_t bits;
    std::memcpy(&bits, raw + index * 2, 2);
    return property == Property::NonZero ? !rt::bits::isZeroBF16(bits)
                                         : !rt::bits::isFiniteBF16(bits);
  }
  if (property == Property::NonFinite)
    return false;
  if (element.isSignlessInteger(8))
    return raw[index] != 0;
  int32_t v;
  std::memcpy(&v, raw + index * 4, 4);
  return v != 0;
}

/// The constant data behind a tiled value, read in place: a
/// systile.constant (storage order; a dense attribute or a blob) or a
/// systile.pack of a dense constant (row-major).
struct ConstantData {
  ArrayRef<char> raw;
  bool splat = false;
  bool storageOrder = false;
};

std::optional<ConstantData> getConstantData(Value tiled) {
  if (auto constant = tiled.getDefiningOp<ConstantOp>()) {
    // A dense_resource without a blob holds nothing to prove.
    if (std::optional<StorageBytes> bytes = constant.getStorageBytes())
      return ConstantData{bytes->data, bytes->splat, true};
    return std::nullopt;
  }
  // A transposing pack's input is not in the tiled shape's row-major order.
  if (auto pack = tiled.getDefiningOp<PackOp>(); pack && !pack.getTranspose()) {
    DenseElementsAttr dense;
    if (matchPattern(pack.getInput(), m_Constant(&dense)))
      return ConstantData{dense.getRawData(), dense.isSplat(), false};
  }
  return std::nullopt;
}

/// Flags, in `map`, the blocks of row `r` of matrix `matrix` (of block row
/// `rowBlock`) that hold an element with `property`, reading the row in
/// runs contiguous in the attribute's order and skipping the rest of a
/// block once flagged.
void scanRow(BlockMap &map, TiledType type, const ConstantData &data,
             int64_t matrix, int64_t r, int64_t rowBlock, Property property) {
  int64_t cols = type.getCols(), m = type.getMxu();
  Type element = type.getElementType();
  const char *raw = data.raw.data();
  auto scanRun = [&](int64_t base, int64_t c0, int64_t count) {
    for (int64_t i = 0; i < count; ++i) {
      int64_t colBlock = (c0 + i) / m;
      std::vector<bool>::reference flag =
          map.flagged[rowBlock * map.colBlocks + colBlock];
      if (flag) {
        // This block is decided: go on at the next block boundary.
        i = std::max(i, (colBlock + 1) * m - c0 - 1);
        continue;
      }
      if (hasProperty(element, raw, base + i, property))
        flag = true;
    }
  };
  if (!data.storageOrder)
    return scanRun((matrix * type.getRows() + r) * cols, 0, cols);
  rt::TileGrid::forEachLaneRun(
      0, cols, type.getLanes(), [&](int64_t c0, int64_t count) {
        scanRun(type.getStorageOffset(matrix, r, c0), c0, count);
      });
}

/// Scans the logical elements of a constant tiled value once and flags the
/// mxu blocks (blockRows x mxu, mxu columns wide) holding an element with
/// `property` in any matrix of the batch. A splat is one test, whatever
/// its shape.
BlockMap scanBlocks(TiledType type, const ConstantData &data, int64_t blockRows,
                    Property property) {
  BlockMap map;
  int64_t rows = type.getRows();
  map.rowBlocks = rt::ceilDiv(rows, blockRows);
  map.colBlocks = type.getColBlocks();
  if (data.splat) {
    map.uniform =
        hasProperty(type.getElementType(), data.raw.data(), 0, property);
    return map;
  }
  // Not a splat: the attribute holds every element, so the block grid and
  // the scan are bounded by its data.
  map.flagged.assign(map.rowBlocks * map.colBlocks, false);
  for (int64_t b = 0, e = type.getNumMatrices(); b < e; ++b)
    for (int64_t r = 0; r < rows; ++r)
      scanRow(map, type, data, b, r, r / blockRows, property);
  return map;
}

/// What the pass knows about the constant operands of the matmuls of one
/// function: the non-zero blocks of each constant rhs and the non-finite
/// column blocks of each constant lhs, each scanned once per value.
class ConstantBlocks {
public:
  /// The non-zero blocks of `rhs`, or null when it is not a constant.
  const BlockMap *nonZero(Value rhs) {
    return get(
        nonZero_, rhs, [](TiledType type) { return type.getMxu(); },
        Property::NonZero);
  }
  /// True when lhs column block `kb` (every column block when nullopt) is
  /// provably all finite: integers always are, floats when constant.
  bool isFinite(Value lhs, std::optional<int64_t> kb) {
    if (cast<TiledType>(lhs.getType()).getElementType().isInteger())
      return true;
    const BlockMap *map = get(
        nonFinite_, lhs, [](TiledType type) { return type.getRows(); },
        Property::NonFinite);
    return map && !(kb ? map->isFlagged(0, *kb) : map->anyFlagged());
  }

private:
  using Cache = llvm::DenseMap<Value, std::optional<BlockMap>>;
  template <typename BlockRows>
  const BlockMap *get(Cache &cache, Value value, BlockRows blockRows,
                      Property property) {
    auto [it, inserted] = cache.try_emplace(value);
    if (inserted)
      if (std::optional<ConstantData> data = getConstantData(value)) {
        auto type = cast<TiledType>(value.getType());
        it->second = scanBlocks(type, *data, blockRows(type), property);
      }
    return it->second ? &*it->second : nullptr;
  }

  Cache nonZero_, nonFinite_;
};

struct SystileFoldZeroTiles
    : public systile::impl::SystileFoldZeroTilesBase<SystileFoldZeroTiles> {
  using Base::Base;

  PassCounter numBlocksFolded{
      "systile-fold-zero-tiles", "blocks-folded",
      "systile.mxu_matmul ops erased (all-zero rhs block)"};
  PassCounter numMatmulsFolded{
      "systile-fold-zero-tiles", "matmuls-folded",
      "systile.matmul ops replaced by their accumulator"};

  void runOnOperation() override {
    SmallVector<Operation *> matmuls;
    getOperation().walk([&](Operation *op) {
      if (isa<MatmulOp, MxuMatmulOp>(op))
        matmuls.push_back(op);
    });
    ConstantBlocks blocks;
    for (Operation *op : matmuls) {
      if (auto load = dyn_cast<MxuMatmulOp>(op))
        foldWeightLoad(load, blocks);
      else
        foldMatmul(cast<MatmulOp>(op), blocks);
    }
  }

  /// Erases a weight load whose rhs block is all zero (and, with
  /// require-finite-lhs, whose lhs column block is all finite). A
  /// transposed rhs holds weight block (kb, nb) as its block (nb, kb).
  void foldWeightLoad(MxuMatmulOp load, ConstantBlocks &blocks) {
    int64_t kb = load.getKbAttr().getInt(), nb = load.getNbAttr().getInt();
    const BlockMap *nonZero = blocks.nonZero(load.getRhs());
    if (!nonZero || (load.getRhsTransposed() ? nonZero->isFlagged(nb, kb)
                                             : nonZero->isFlagged(kb, nb)))
      return;
    if (requireFiniteLhs && !blocks.isFinite(load.getLhs(), kb))
      return;
    load.getResult().replaceAllUsesWith(load.getAcc());
    load.erase();
    ++numBlocksFolded;
  }

  /// Replaces a matmul whose whole rhs is zero (and, with
  /// require-finite-lhs, whose whole lhs is finite) by its accumulator.
  void foldMatmul(MatmulOp matmul, ConstantBlocks &blocks) {
    const BlockMap *nonZero = blocks.nonZero(matmul.getRhs());
    if (!nonZero || nonZero->anyFlagged())
      return;
    if (requireFiniteLhs && !blocks.isFinite(matmul.getLhs(), std::nullopt))
      return;
    matmul.getResult().replaceAllUsesWith(matmul.getAcc());
    matmul.erase();
    ++numMatmulsFolded;
  }
};

} // namespace
