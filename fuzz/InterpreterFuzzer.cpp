//===- InterpreterFuzzer.cpp - Fuzz the interpreter on small programs -----===//
//
// The input is a module. If it parses and verifies, and every value in it
// is small (static shapes, at most kMaxElements elements per tensor or
// tiled storage), every function whose arguments are tensors of supported
// element types runs once on arguments filled from a generator seeded by
// the input: special values (zeros of both signs, infinities, NaNs,
// subnormals, extremes) mixed with ordinary ones. The interpreter must
// return results or a diagnostic, never crash; its per-input time budget is
// libFuzzer's -timeout.
//
// Translation validation on integer programs: when every result of a
// function that ran is an integer tensor, the function runs again after
// systile-pipeline (a small geometry picked by the seed) on the same
// arguments and must give the same bits. Integer matmuls are exact in any
// accumulation order, so any difference is a miscompile (float results may
// legitimately differ, RFC 6, and are not compared).
//
// Uses only the public API of systile/Interpreter/Interpreter.h; kept in
// one file so that API changes touch nothing else here.
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"

#include "systile/Dialect/Systile/IR/SystileTypes.h"
#include "systile/Interpreter/Interpreter.h"

#include "systile/Pipelines/Pipelines.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Pass/PassManager.h"

#include <cstring>

using namespace systile::fuzz;
using namespace systile::interp;

/// Largest tensor (or tiled storage) a fuzz program may hold.
static constexpr int64_t kMaxElements = 1 << 16;

namespace {

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

bool isSmall(mlir::Type type) {
  if (auto tiled = mlir::dyn_cast<systile::TiledType>(type))
    return tiled.getNumStorageElements() <= kMaxElements;
  if (auto shaped = mlir::dyn_cast<mlir::ShapedType>(type))
    return shaped.hasStaticShape() &&
           shaped.getNumElements() <= kMaxElements;
  return true;
}

/// True when every result and block argument type in `module` is small.
bool allSmall(mlir::ModuleOp module) {
  bool small = true;
  module->walk([&](mlir::Operation *op) {
    for (mlir::Type t : op->getResultTypes())
      small &= isSmall(t);
    for (mlir::Region &region : op->getRegions())
      for (mlir::Block &block : region)
        for (mlir::Type t : block.getArgumentTypes())
          small &= isSmall(t);
    return small ? mlir::WalkResult::advance() : mlir::WalkResult::interrupt();
  });
  return small;
}

/// Fills `bytes` bytes of `kind` elements: 1 in 4 a special value.
void fill(Random &rng, ElementKind kind, char *out, int64_t n) {
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
std::optional<llvm::SmallVector<RtValue>> makeArgs(mlir::func::FuncOp fn,
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

bool allInteger(mlir::TypeRange types) {
  return llvm::all_of(types, [](mlir::Type t) {
    auto shaped = mlir::dyn_cast<mlir::ShapedType>(t);
    std::optional<ElementKind> kind =
        getElementKind(shaped ? shaped.getElementType() : t);
    return kind && (*kind == ElementKind::I8 || *kind == ElementKind::I32);
  });
}

bool sameBits(llvm::ArrayRef<RtValue> a, llvm::ArrayRef<RtValue> b) {
  if (a.size() != b.size())
    return false;
  for (size_t i = 0; i < a.size(); ++i) {
    llvm::Expected<DenseValue> x = asDense(a[i]), y = asDense(b[i]);
    if (!x || !y) {
      if (!x)
        llvm::consumeError(x.takeError());
      if (!y)
        llvm::consumeError(y.takeError());
      return false;
    }
    if (x->kind() != y->kind() || x->shape() != y->shape() ||
        std::memcmp(x->rawData(), y->rawData(), x->sizeInBytes()) != 0)
      return false;
  }
  return true;
}

/// Runs `name` again after systile-pipeline and compares with `expected`.
void checkAfterPipeline(mlir::ModuleOp module, llvm::StringRef name,
                        llvm::ArrayRef<RtValue> args,
                        llvm::ArrayRef<RtValue> expected,
                        const InterpreterOptions &options, uint64_t seed) {
  mlir::OwningOpRef<mlir::ModuleOp> copy = module.clone();
  systile::SystilePipelineOptions pipeline;
  int64_t mxu = 1 + (seed >> 8) % 8;
  pipeline.sublanes = 1 + (seed >> 16) % 4;
  pipeline.lanes = 1 + (seed >> 24) % 8;
  pipeline.mxu = mxu;
  pipeline.foldZeroTiles = (seed >> 32) & 1;
  mlir::PassManager pm(&context());
  systile::buildSystilePipeline(pm, pipeline);
  if (mlir::failed(pm.run(*copy)))
    return; // Rejected (e.g. too many blocks): nothing to compare.
  auto fn = copy->lookupSymbol<mlir::func::FuncOp>(name);
  if (!fn)
    fail("systile-pipeline removed a function");
  Interpreter interpreter(*copy, options);
  mlir::FailureOr<llvm::SmallVector<RtValue>> after =
      interpreter.run(fn, args);
  if (mlir::failed(after))
    fail("an integer function that ran fails after systile-pipeline");
  if (!sameBits(*after, expected))
    fail("systile-pipeline changed the result of an integer function");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  mlir::OwningOpRef<mlir::ModuleOp> module = parse(data, size);
  if (!module || mlir::failed(mlir::verify(*module)) || !allSmall(*module))
    return 0;
  uint64_t seed = 1469598103934665603ull; // FNV-1a of the input.
  for (size_t i = 0; i < size; ++i)
    seed = (seed ^ data[i]) * 1099511628211ull;
  Random rng{seed};

  InterpreterOptions options;
  options.threads = 1;
  options.skipZeroBlocks = seed & 1;
  options.fuseMxuChains = seed & 2;
  options.maxCallDepth = 32;
  for (auto fn : module->getOps<mlir::func::FuncOp>()) {
    if (fn.isExternal())
      continue;
    std::optional<llvm::SmallVector<RtValue>> args = makeArgs(fn, rng);
    if (!args)
      continue;
    Interpreter interpreter(*module, options);
    mlir::FailureOr<llvm::SmallVector<RtValue>> results =
        interpreter.run(fn, *args);
    if (mlir::succeeded(results) && !results->empty() &&
        allInteger(fn.getResultTypes()))
      checkAfterPipeline(*module, fn.getSymName(), *args, *results, options,
                         seed);
  }
  return 0;
}
