//===- BytecodeFuzzer.cpp - Fuzz the tools on mutated bytecode files ------===//
//
// The input is an MLIR bytecode file (the seeds are `systile-opt
// --emit-bytecode` of the test programs), read as the tools read one: a
// copy aligned for its blobs, parsed through a SourceMgr that owns it (so
// dense_resource blobs are used in place, as systile-run does), after the
// structural check the tools run first (systile::findBytecodeHazard). A
// module that parses and verifies then goes down each tool's path: printed
// as text and as bytecode, and the bytecode, which the check must accept,
// read back (systile-opt --emit-bytecode); systile-pipeline on a copy,
// verified after a successful run (systile-opt --systile-pipeline); and,
// when small, every function with tensor arguments run by the interpreter
// (systile-run). None of it may crash or hang.
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"
#include "FuzzRun.h"

#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/Pass/PassManager.h"
#include "systile/Pipelines/Pipelines.h"
#include "systile/Support/BytecodeHazard.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

using namespace systile::fuzz;

namespace {

/// Largest tensor the interpreter runs here. The interpreter target covers
/// sizes up to kMaxElements; on this path most of a large run's time went
/// to allocating and filling its values rather than to the reader.
constexpr int64_t kMaxInterpretedElements = 4096;

/// `bytes` in a page-aligned buffer owned by a SourceMgr, parsed unless
/// the tools refuse it before parsing (systile::findBytecodeHazard).
mlir::OwningOpRef<mlir::ModuleOp> parseBytecode(llvm::StringRef bytes) {
  std::unique_ptr<llvm::WritableMemoryBuffer> buffer =
      llvm::WritableMemoryBuffer::getNewUninitMemBuffer(
          bytes.size(), "fuzz.mlirbc", llvm::Align(4096));
  if (!buffer)
    return nullptr;
  std::copy(bytes.begin(), bytes.end(), buffer->getBufferStart());
  llvm::StringRef copy(buffer->getBufferStart(), buffer->getBufferSize());
  if (!systile::findBytecodeHazard(copy, "fuzz").empty())
    return nullptr;
  auto sourceMgr = std::make_shared<llvm::SourceMgr>();
  sourceMgr->AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  mlir::ParserConfig config(&context(), /*verifyAfterParse=*/false);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, config);
  if (module && mlir::failed(systile::verifyInput(*module)))
    return nullptr;
  return module;
}

/// systile-opt's output paths: text (custom and generic form) and
/// bytecode, which must read back.
void printBothWays(mlir::ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module.print(os);
  module.print(os, mlir::OpPrintingFlags().printGenericOpForm());
  std::string bytecode;
  llvm::raw_string_ostream bos(bytecode);
  if (mlir::failed(mlir::writeBytecodeToFile(module, bos)))
    return;
  if (!parseBytecode(bytecode))
    fail("bytecode written for a verified module does not read back");
}

/// systile-opt --systile-pipeline in a small geometry. The pass manager is
/// built once per context: building it (the canonicalizer's pattern set above all) costs
/// more than running it on a fuzz input, and a run leaves no state behind.
mlir::PassManager &pipeline() {
  static std::unique_ptr<mlir::PassManager> pm;
  static bool registered =
      (onContextRenewal([] { pm.reset(); }), true);
  (void)registered;
  if (!pm) {
    pm = std::make_unique<mlir::PassManager>(&context());
    pm->enableVerifier(false);
    systile::SystilePipelineOptions options;
    options.sublanes = 2;
    options.lanes = 4;
    options.mxu = 4;
    systile::buildSystilePipeline(*pm, options);
  }
  return *pm;
}

/// systile-opt --systile-pipeline, on a copy. Invalid IR that upstream's
/// canonicalizer alone leaves is upstream's, as in the pipeline target.
void runPipeline(mlir::ModuleOp module) {
  mlir::OwningOpRef<mlir::ModuleOp> copy = module.clone();
  if (mlir::succeeded(pipeline().run(*copy)) &&
      mlir::failed(mlir::verify(*copy))) {
    mlir::OwningOpRef<mlir::ModuleOp> input = module.clone();
    if (!canonicalizerBreaks(*input))
      fail("systile-pipeline succeeded but left invalid IR");
  }
}

/// systile-run on every function with tensor arguments.
void interpret(mlir::ModuleOp module, uint64_t seed) {
  Random rng{seed};
  InterpreterOptions options;
  options.threads = 1;
  options.maxCallDepth = 32;
  options.maxSteps = kMaxInterpreterSteps;
  for (auto fn : module.getOps<mlir::func::FuncOp>()) {
    if (fn.isExternal())
      continue;
    std::optional<llvm::SmallVector<RtValue>> args = makeArgs(fn, rng);
    if (!args)
      continue;
    Interpreter interpreter(module, options);
    (void)interpreter.run(fn, *args);
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  nextInput();
  llvm::StringRef bytes(reinterpret_cast<const char *>(data), size);
  if (!bytes.starts_with(llvm::StringRef("ML\xefR", 4)))
    return 0; // Text is the other targets' input.
  mlir::OwningOpRef<mlir::ModuleOp> module = parseBytecode(bytes);
  if (!module)
    return 0;
  printBothWays(*module);
  runPipeline(*module);
  if (allSmall(*module, kMaxInterpretedElements))
    interpret(*module, seedOf(data, size));
  return 0;
}
