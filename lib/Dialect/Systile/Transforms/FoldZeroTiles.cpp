//===- FoldZeroTiles.cpp - erase all-zero weight loads --------------------===//
//
// systile-fold-zero-tiles (RFC section 7, static): weight loads whose rhs
// block is provably all +-0 are erased; a matmul whose whole rhs is zero
// becomes its accumulator. Each constant rhs is scanned once, in place (no
// copy of its data), into a bitmap of non-zero blocks.
//
//===----------------------------------------------------------------------===//

#include "systile/Dialect/Systile/IR/SystileOps.h"
#include "systile/Dialect/Systile/Transforms/Passes.h"
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

PassCounter numBlocksFolded("systile-fold-zero-tiles", "blocks-folded",
                            "systile.mxu_matmul ops erased (all-zero rhs block)");
PassCounter numMatmulsFolded("systile-fold-zero-tiles", "matmuls-folded",
                             "systile.matmul ops replaced by their accumulator");

/// Per mxu block (kb, nb) of a K x N operand (or per column block kb of an
/// M x K lhs, with one block row), whether some logical element in it
/// fails a predicate: is non-zero, or is not finite.
struct BlockMap {
  int64_t rowBlocks = 0, colBlocks = 0;
  /// A splat: every block is flagged or none is (no per-block storage, so
  /// the block count of a splat may be anything up to 2^63).
  std::optional<bool> uniform;
  /// Otherwise one flag per block; there are at most as many blocks as
  /// elements in the constant's data.
  std::vector<bool> flagged;
  bool any(int64_t rb, int64_t cb) const {
    return uniform ? *uniform : flagged[rb * colBlocks + cb];
  }
  bool anyBlock() const {
    return uniform ? *uniform : llvm::is_contained(flagged, true);
  }
};

enum class Property { NonZero, NonFinite };

/// Reads element `index` of `raw` (little-endian storage of a dense
/// attribute) and says whether it has `property`. Zero means +0 or -0 for
/// floats (all bits but the sign clear) and 0 for integers.
bool hasProperty(Type element, const char *raw, int64_t index,
                 Property property) {
  if (element.isF32() || element.isBF16()) {
    bool f32 = element.isF32();
    uint32_t bits = 0;
    if (f32)
      std::memcpy(&bits, raw + index * 4, 4);
    else {
      uint16_t half;
      std::memcpy(&half, raw + index * 2, 2);
      bits = uint32_t(half) << 16;
    }
    uint32_t magnitude = bits & 0x7fffffffu;
    if (property == Property::NonZero)
      return magnitude != 0;
    return magnitude >= 0x7f800000u; // inf or NaN
  }
  if (property == Property::NonFinite)
    return false;
  if (element.isSignlessInteger(8))
    return raw[index] != 0;
  int32_t v;
  std::memcpy(&v, raw + index * 4, 4);
  return v != 0;
}

/// The constant data behind a tiled value: a systile.constant (storage
/// order) or a systile.pack of a constant (row-major).
struct ConstantData {
  DenseElementsAttr attr;
  bool storageOrder = false;
};

std::optional<ConstantData> getConstantData(Value tiled) {
  if (auto constant = tiled.getDefiningOp<ConstantOp>())
    return ConstantData{constant.getValue(), true};
  // A transposing pack's input is not in the tiled shape's row-major order.
  if (auto pack = tiled.getDefiningOp<PackOp>(); pack && !pack.getTranspose()) {
    DenseElementsAttr dense;
    if (matchPattern(pack.getInput(), m_Constant(&dense)))
      return ConstantData{dense, false};
  }
  return std::nullopt;
}

/// Scans the logical elements of a constant tiled value once and flags the
/// mxu blocks (blockRows x mxu, mxu columns wide) holding an element with
/// `property`.
BlockMap scanBlocks(TiledType type, const ConstantData &data,
                    int64_t blockRows, Property property) {
  BlockMap map;
  int64_t rows = type.getRows(), cols = type.getCols(), m = type.getMxu();
  map.rowBlocks = rows / blockRows + (rows % blockRows != 0);
  map.colBlocks = type.getColBlocks();
  Type element = type.getElementType();
  const char *raw = data.attr.getRawData().data();
  if (data.attr.isSplat()) {
    map.uniform = hasProperty(element, raw, 0, property);
    return map;
  }
  map.flagged.assign(map.rowBlocks * map.colBlocks, false);
  int64_t lanes = type.getLanes();
  for (int64_t r = 0; r < rows; ++r) {
    int64_t rowBlock = r / blockRows;
    // Walk each row in segments contiguous in the attribute's order.
    int64_t step = data.storageOrder ? lanes : cols;
    for (int64_t c0 = 0; c0 < cols; c0 += step) {
      int64_t base = data.storageOrder ? type.getStorageOffset(r, c0)
                                       : r * cols + c0;
      int64_t count = std::min(step, cols - c0);
      for (int64_t i = 0; i < count; ++i) {
        int64_t colBlock = (c0 + i) / m;
        if (map.flagged[rowBlock * map.colBlocks + colBlock]) {
          // Skip to the next block boundary: this block is decided.
          int64_t next = (colBlock + 1) * m - c0;
          i = std::max(i, next - 1);
          continue;
        }
        if (hasProperty(element, raw, base + i, property))
          map.flagged[rowBlock * map.colBlocks + colBlock] = true;
      }
    }
  }
  return map;
}

struct SystileFoldZeroTiles
    : public systile::impl::SystileFoldZeroTilesBase<SystileFoldZeroTiles> {
  using Base::Base;

  void runOnOperation() override {
    // Non-zero blocks of each constant rhs, and non-finite column blocks of
    // each constant lhs, computed once per value.
    llvm::DenseMap<Value, std::optional<BlockMap>> nonZero, nonFinite;
    auto rhsMap = [&](Value rhs) -> const std::optional<BlockMap> & {
      auto [it, inserted] = nonZero.try_emplace(rhs);
      if (inserted)
        if (auto data = getConstantData(rhs)) {
          auto type = cast<TiledType>(rhs.getType());
          it->second = scanBlocks(type, *data, type.getMxu(),
                                  Property::NonZero);
        }
      return it->second;
    };
    // True when lhs column block kb is provably all finite (integers
    // always are).
    auto lhsFinite = [&](Value lhs, int64_t kb) {
      if (cast<TiledType>(lhs.getType()).getElementType().isInteger())
        return true;
      auto [it, inserted] = nonFinite.try_emplace(lhs);
      if (inserted)
        if (auto data = getConstantData(lhs)) {
          auto type = cast<TiledType>(lhs.getType());
          it->second = scanBlocks(type, *data, type.getRows(),
                                  Property::NonFinite);
        }
      return it->second && !it->second->any(0, kb);
    };

    SmallVector<Operation *> matmuls;
    getOperation().walk([&](Operation *op) {
      if (isa<MatmulOp, MxuMatmulOp>(op))
        matmuls.push_back(op);
    });
    for (Operation *op : matmuls) {
      if (auto block = dyn_cast<MxuMatmulOp>(op)) {
        const std::optional<BlockMap> &map = rhsMap(block.getRhs());
        int64_t kb = block.getKbAttr().getInt(),
                nb = block.getNbAttr().getInt();
        if (!map || map->any(kb, nb))
          continue;
        if (requireFiniteLhs && !lhsFinite(block.getLhs(), kb))
          continue;
        block.getResult().replaceAllUsesWith(block.getAcc());
        block.erase();
        ++numBlocksFolded;
        continue;
      }
      auto matmul = cast<MatmulOp>(op);
      const std::optional<BlockMap> &map = rhsMap(matmul.getRhs());
      if (!map || map->anyBlock())
        continue;
      if (requireFiniteLhs) {
        int64_t kBlocks = matmul.getRhs().getType().getRowBlocks();
        bool finite = true;
        for (int64_t kb = 0; kb < kBlocks && finite; ++kb)
          finite = lhsFinite(matmul.getLhs(), kb);
        if (!finite)
          continue;
      }
      matmul.getResult().replaceAllUsesWith(matmul.getAcc());
      matmul.erase();
      ++numMatmulsFolded;
    }
  }
};

} // namespace
