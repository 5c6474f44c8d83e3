//===- FuzzRun.h - Running fuzz programs in the interpreter -----*- C++ -*-===//
//
// What the targets that execute their input share: which modules are small
// enough to run (static shapes, at most kMaxElements elements per tensor or
// tiled storage), and arguments filled from a generator seeded by the
// input, 1 in 4 elements a special value (zeros of both signs, infinities,
// NaNs, subnormals, extremes). Uses only the public API of
// systile/Interpreter/Interpreter.h.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_FUZZ_FUZZRUN_H
#define SYSTILE_FUZZ_FUZZRUN_H

#include "systile/Dialect/Systile/IR/SystileTypes.h"
#include "systile/Interpreter/Interpreter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"

#include <algorithm>
#include <cstring>
#include <optional>

namespace systile::fuzz {

using namespace systile::interp;

/// Largest tensor (or tiled storage) a fuzz program may hold.
inline constexpr int64_t kMaxElements = 1 << 16;

/// splitmix64: small, fast, good enough to vary the argument values.
struct Random {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
};

inline bool isSmall(mlir::Type type, int64_t maxElements) {
  if (auto tiled = mlir::dyn_cast<systile::TiledType>(type))
    return tiled.getNumStorageElements() <= maxElements;
  if (auto shaped = mlir::dyn_cast<mlir::ShapedType>(type))
    return shaped.hasStaticShape() && shaped.getNumElements() <= maxElements;
  return true;
}

/// True when every result and block argument type in `module` holds at most
/// `maxElements` elements.
inline bool allSmall(mlir::ModuleOp module,
                     int64_t maxElements = kMaxElements) {
  bool small = true;
  module->walk([&](mlir::Operation *op) {
    for (mlir::Type t : op->getResultTypes())
      small &= isSmall(t, maxElements);
    for (mlir::Region &region : op->getRegions())
      for (mlir::Block &block : region)
        for (mlir::Type t : block.getArgumentTypes())
          small &= isSmall(t, maxElements);
    return small ? mlir::WalkResult::advance() : mlir::WalkResult::interrupt();
  });
  return small;
}

/// Fills `bytes` bytes of `kind` elements: 1 in 4 a special value.
inline void fill(Random &rng, ElementKind kind, char *out, int64_t n) {
  static const uint32_t f32Special[] = {
      0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000,
      0x00000001, 0x807fffff, 0x7f7fffff, 0x3f800000, 0xbf800000};
  for (int64_t i = 0; i < n; ++i) {
    uint64_t r = rng.next();
    bool special = (r & 3) == 0;
    uint32_t bits = special ? f32Special[(r >> 2) % 10]
                            : static_cast<uint32_t>(r >> 32);
    switch (kind) {
    case ElementKind::F32:
    case ElementKind::I32:
      std::memcpy(out + 4 * i, &bits, 4);
      break;
    case ElementKind::BF16: {
      uint16_t half = static_cast<uint16_t>(bits >> 16);
      std::memcpy(out + 2 * i, &half, 2);
      break;
    }
    case ElementKind::I8:
      out[i] = static_cast<char>(special ? (bits >> 24) : bits);
      break;
    default: { // Other kinds: raw random bytes.
      size_t size = elementSize(kind);
      uint64_t wide = (static_cast<uint64_t>(bits) << 32) | rng.next();
      std::memcpy(out + size * i, &wide, std::min<size_t>(size, 8));
      break;
    }
    }
  }
}

/// Arguments for `fn`, or nothing when an argument is not a tensor the
/// interpreter accepts as input.
inline std::optional<llvm::SmallVector<RtValue>> makeArgs(mlir::func::FuncOp fn,
                                                    Random &rng) {
  llvm::SmallVector<RtValue> args;
  for (mlir::Type t : fn.getArgumentTypes()) {
    auto tensor = mlir::dyn_cast<mlir::RankedTensorType>(t);
    if (!tensor)
      return std::nullopt;
    std::optional<ElementKind> kind = getElementKind(tensor.getElementType());
    if (!kind)
      return std::nullopt;
    llvm::Expected<DenseValue> v =
        DenseValue::allocate(*kind, tensor.getShape());
    if (!v) {
      llvm::consumeError(v.takeError());
      return std::nullopt;
    }
    fill(rng, *kind, v->mutableData<char>(), v->numElements());
    args.push_back(RtValue(std::move(*v)));
  }
  return args;
}

/// FNV-1a of the input: the seed of its arguments and knobs.
inline uint64_t seedOf(const uint8_t *data, size_t size) {
  uint64_t seed = 1469598103934665603ull;
  for (size_t i = 0; i < size; ++i)
    seed = (seed ^ data[i]) * 1099511628211ull;
  return seed;
}

} // namespace systile::fuzz

#endif // SYSTILE_FUZZ_FUZZRUN_H
