//===- SystileFolds.cpp - systile folders ---------------------------------===//
//
// Folds: unpack(pack(t)) -> t, pack(unpack(x)) -> x, pack(constant) ->
// systile.constant in storage order, unpack(systile.constant) -> constant.
//
//===----------------------------------------------------------------------===//

#include "systile/Dialect/Systile/IR/SystileOps.h"

#include <cstring>

using namespace mlir;
using namespace systile;

static size_t elementBytes(TiledType type) {
  return type.getElementType().getIntOrFloatBitWidth() / 8;
}

DenseElementsAttr systile::packDenseConstant(DenseElementsAttr dense,
                                             TiledType type) {
  auto storageType = RankedTensorType::get({type.getNumStorageElements()},
                                           type.getElementType());
  size_t bytes = elementBytes(type);
  ArrayRef<char> raw = dense.getRawData();
  bool noPadding = type.getNumStorageElements() == type.getNumLogicalElements();
  if (dense.isSplat() &&
      (noPadding || llvm::all_of(raw, [](char c) { return c == 0; })))
    return DenseElementsAttr::getFromRawBuffer(storageType, raw);
  std::vector<char> out(type.getNumStorageElements() * bytes, 0);
  type.getTileGrid().forEachLogicalRun(
      [&](int64_t to, int64_t from, int64_t count) {
        if (dense.isSplat()) {
          for (int64_t i = 0; i < count; ++i)
            std::memcpy(&out[(to + i) * bytes], raw.data(), bytes);
          return;
        }
        std::memcpy(&out[to * bytes], raw.data() + from * bytes, count * bytes);
      });
  return DenseElementsAttr::getFromRawBuffer(storageType, out);
}

DenseElementsAttr systile::unpackDenseConstant(DenseElementsAttr storage,
                                               TiledType type) {
  RankedTensorType denseType = type.getLogicalTensorType();
  ArrayRef<char> raw = storage.getRawData();
  if (storage.isSplat())
    return DenseElementsAttr::getFromRawBuffer(denseType, raw);
  size_t bytes = elementBytes(type);
  std::vector<char> out(type.getNumLogicalElements() * bytes);
  type.getTileGrid().forEachLogicalRun(
      [&](int64_t from, int64_t to, int64_t count) {
        std::memcpy(&out[to * bytes], raw.data() + from * bytes, count * bytes);
      });
  return DenseElementsAttr::getFromRawBuffer(denseType, out);
}

/// Tiled storage above this size is not materialised by folding: a tiny
/// constant on a huge geometry could otherwise ask for gigabytes.
static constexpr int64_t kMaxFoldedStorageBytes = int64_t(256) << 20;

OpFoldResult PackOp::fold(FoldAdaptor adaptor) {
  // pack(unpack(x)) -> x when the pad kinds agree (the types are equal).
  if (auto unpack = getInput().getDefiningOp<UnpackOp>())
    if (unpack.getInput().getType() == getType())
      return unpack.getInput();
  auto dense = dyn_cast_if_present<DenseElementsAttr>(adaptor.getInput());
  // The verifier guarantees the byte count fits in int64.
  if (dense &&
      getType().getNumStorageElements() * int64_t(elementBytes(getType())) <=
          kMaxFoldedStorageBytes)
    return packDenseConstant(dense, getType());
  return {};
}

OpFoldResult UnpackOp::fold(FoldAdaptor adaptor) {
  if (auto pack = getInput().getDefiningOp<PackOp>())
    if (pack.getInput().getType() == getType())
      return pack.getInput();
  if (auto storage = dyn_cast_if_present<DenseElementsAttr>(adaptor.getInput()))
    return unpackDenseConstant(storage, getInput().getType());
  return {};
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValueAttr(); }
