//===- systile-attach-blob.cpp - Raw files as dense_resource blobs --------===//
//
// systile-attach-blob IN.mlir --blob NAME=FILE [--blob ...] [--align N]
//                     -o OUT.mlirbc
//
// Gives each `dense_resource<NAME>` of IN the bytes of FILE as its blob and
// writes the module as bytecode, so weights of any size get into a file
// without a 2x hex text form: FILE is mapped, not read, and the bytecode
// writer streams it to OUT. IN names the resources and leaves them without
// data (no `dialect_resources` entry); the module is verified once the
// blobs are attached (a systile.constant checks its blob's size and
// padding). Blobs are written with alignment N (default 64, at most
// 4096), so systile-run, which maps OUT, executes them in place.
//
// A blob FILE must be a regular file (its size is what the blob holds; a
// device or pipe has none), each NAME is given once, and OUT is written
// through systile::OutputFile: staged and renamed, so an interrupted or
// failed run leaves an existing OUT as it was.
//
//===----------------------------------------------------------------------===//

#include "systile/InitAll.h"
#include "systile/Support/InputFile.h"
#include "systile/Support/OutputFile.h"
#include "systile/Support/VerifyInput.h"
#include "systile/Support/Stack.h"

#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
namespace cl = llvm::cl;

static cl::opt<std::string> inputFile(cl::Positional,
                                      cl::desc("<input .mlir or .mlirbc>"),
                                      cl::Required);
static cl::opt<std::string> outputFile("o", cl::desc("Output bytecode file"),
                                       cl::value_desc("file"), cl::Required);
static cl::list<std::string>
    blobs("blob", cl::desc("NAME=FILE: the raw bytes of FILE become the blob "
                           "of dense_resource<NAME>"),
          cl::value_desc("NAME=FILE"));
static cl::opt<unsigned> alignment("align",
                                   cl::desc("Blob alignment in bytes (a "
                                            "power of two, at most 4096; "
                                            "default 64)"),
                                   cl::init(64));

/// The largest --align: a page, which covers every use of a mapped blob.
constexpr unsigned kMaxAlignment = 4096;

static LogicalResult error(const llvm::Twine &message) {
  llvm::errs() << "systile-attach-blob: error: " << message << "\n";
  return failure();
}

/// Maps each --blob FILE and attaches it to its resource; `mapped` keeps
/// the files mapped until the module is written.
static LogicalResult
attachBlobs(MLIRContext &context,
            SmallVectorImpl<std::unique_ptr<llvm::MemoryBuffer>> &mapped) {
  DialectResourceBlobManager &manager =
      DenseResourceElementsHandle::getManagerInterface(&context)
          .getBlobManager();
  llvm::StringSet<> seen;
  for (StringRef spec : blobs) {
    auto [name, path] = spec.split('=');
    if (name.empty() || path.empty())
      return error("--blob '" + spec + "' is not NAME=FILE");
    if (!seen.insert(name).second)
      return error("--blob " + name + " is given twice");
    DialectResourceBlobManager::BlobEntry *entry = manager.lookup(name);
    if (!entry)
      return error("--blob " + name + ": '" + inputFile +
                   "' has no dense_resource<" + name + ">");
    llvm::sys::fs::file_status status;
    if (std::error_code ec = llvm::sys::fs::status(path, status))
      return error("--blob " + name + ": cannot read '" + path +
                   "': " + ec.message());
    if (status.type() != llvm::sys::fs::file_type::regular_file)
      return error("--blob " + name + ": '" + path +
                   "' is not a regular file (a blob is a file's bytes, so "
                   "its size must be known)");
    auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
    if (!file)
      return error("--blob " + name + ": cannot read '" + path +
                   "': " + file.getError().message());
    StringRef bytes = (*file)->getBuffer();
    entry->setBlob(UnmanagedAsmResourceBlob::allocateWithAlign(
        ArrayRef<char>(bytes.data(), bytes.size()), alignment));
    mapped.push_back(std::move(*file));
  }
  return success();
}

static LogicalResult run() {
  if (!llvm::isPowerOf2_32(alignment) || alignment > kMaxAlignment)
    return error("--align=" + llvm::Twine(alignment) +
                 " is not a power of two from 1 to " +
                 llvm::Twine(kMaxAlignment));
  DialectRegistry registry;
  systile::registerAllDialects(registry);
  MLIRContext context(registry);
  std::string message;
  std::unique_ptr<llvm::MemoryBuffer> input =
      systile::openBoundedInputFile(inputFile, &message);
  if (!input)
    return error(message);
  auto sourceMgr = std::make_shared<llvm::SourceMgr>();
  sourceMgr->AddNewSourceBuffer(std::move(input), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnostics(*sourceMgr, &context);
  context.printOpOnDiagnostic(false);
  // Verified below, once the blobs are there.
  ParserConfig config(&context, /*verifyAfterParse=*/false);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, config);
  if (!module)
    return error("cannot parse '" + inputFile + "'");
  SmallVector<std::unique_ptr<llvm::MemoryBuffer>> mapped;
  if (failed(attachBlobs(context, mapped)) ||
      failed(systile::verifyInput(*module)))
    return failure();
  llvm::Expected<std::unique_ptr<systile::OutputFile>> out =
      systile::OutputFile::open(outputFile);
  if (!out)
    return error(llvm::toString(out.takeError()));
  if (failed(writeBytecodeToFile(*module, (*out)->os())))
    return error("cannot write bytecode to '" + outputFile + "'");
  if (llvm::Error err = (*out)->commit())
    return error(llvm::toString(std::move(err)));
  return success();
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  cl::ParseCommandLineOptions(argc, argv,
                              "systile-attach-blob: raw files as "
                              "dense_resource blobs, written as bytecode\n");
  return systile::runOnToolStack([] { return failed(run()) ? 1 : 0; });
}
