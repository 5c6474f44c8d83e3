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
#include "FuzzRun.h"

#include "systile/Dialect/Systile/IR/SystileTypes.h"
#include "systile/Interpreter/Interpreter.h"

#include "systile/Pipelines/Pipelines.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/ADT/DenseMap.h"

#include <cstring>
#include <memory>

using namespace systile::fuzz;
using namespace systile::interp;

namespace {

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
  // One pass manager per option combination (512), built on first use: a
  // pass manager initializes its passes on its first run, which is most of
  // a small input's time.
  int64_t mxu = 1 + (seed >> 8) % 8, sublanes = 1 + (seed >> 16) % 4,
          lanes = 1 + (seed >> 24) % 8;
  bool foldZeroTiles = (seed >> 32) & 1;
  static llvm::DenseMap<unsigned, std::unique_ptr<mlir::PassManager>> cache;
  static bool registered =
      (onContextRenewal([] { cache.clear(); }), true);
  (void)registered;
  std::unique_ptr<mlir::PassManager> &pm =
      cache[((mxu * 4 + sublanes) * 8 + lanes) * 2 + foldZeroTiles];
  if (!pm) {
    systile::SystilePipelineOptions pipeline;
    pipeline.sublanes = sublanes;
    pipeline.lanes = lanes;
    pipeline.mxu = mxu;
    pipeline.foldZeroTiles = foldZeroTiles;
    pm = std::make_unique<mlir::PassManager>(&context());
    systile::buildSystilePipeline(*pm, pipeline);
  }
  if (mlir::failed(pm->run(*copy)))
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
  nextInput();
  mlir::OwningOpRef<mlir::ModuleOp> module = parse(data, size);
  if (!module || !allSmall(*module))
    return 0;
  uint64_t seed = seedOf(data, size);
  Random rng{seed};

  InterpreterOptions options;
  options.threads = 1;
  options.skipZeroBlocks = seed & 1;
  options.fuseMxuChains = seed & 2;
  options.maxCallDepth = 32;
  options.maxSteps = kMaxInterpreterSteps;
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
