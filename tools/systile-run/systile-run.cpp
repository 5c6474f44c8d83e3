//===- systile-run.cpp - Executes systile IR with the runtime -------------===//
//
// systile-run FILE.mlir [--entry NAME] [--input X.npy]... [--output Y.npy]...
//             [--stats] [--expect Y.npy]... [--max-ulp N]
//             [--compare-after PIPELINE] [--skip-zero-blocks] ...
//
// Interprets the entry function (default @main) of FILE ("-": stdin) with
// the systile runtime library. The k-th --input (numbered from 1 in
// messages) binds argument k-1; a tiled argument is packed from its dense
// logical matrix. Results print as
//
//   result #0: tensor<2x3xf32> = [[1, 2, 3], [4, 5, 6]]
//
// with floats in their shortest round-trip decimal form (std::to_chars:
// "1", "0.1", "-0", "1e+10", "inf", "nan"; bf16 prints its exact f32
// value that way), and are written to the --output files in order, only
// once everything succeeded (through a temporary file and a rename, so no
// output is ever half-written).
//
// --stats prints one RFC 8 `utilization:` line per executed matmul (a
// systile.matmul, or a chain of systile.mxu_matmul ops on the same operands,
// the rule systile-report-utilization uses; loads of the matmul that are
// not in the IR count as skipped, as that pass counts them) and a `total:`
// line, in rt::MatmulStats::format's form. linalg.matmul runs on the host
// reference path and has no systolic figures. --skip-zero-blocks (off by
// default, so results are the exact unskipped numerics) lets the simulator
// skip all-zero weight blocks and count them as skipped_loads.
//
// Exit status: 0 on success, 1 on any error, with a message on stderr.
//
//===----------------------------------------------------------------------===//

#include "systile/Dialect/Systile/IR/SystileOps.h"
#include "systile/InitAll.h"
#include "systile/Interpreter/Interpreter.h"
#include "systile/Interpreter/Npy.h"
#include "systile/Interpreter/Value.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstdio>
#include <unistd.h>

using namespace mlir;
using namespace systile::interp;
namespace cl = llvm::cl;
namespace rt = systile::rt;

namespace {

cl::OptionCategory category("systile-run options");

/// The command line. Built in main() once the LLVM options whose names it
/// reuses (-stats, -threads) have been unregistered.
struct Options {
  cl::opt<std::string> inputFile{cl::Positional, cl::desc("<input .mlir file>"),
                                 cl::Required, cl::cat(category)};
  cl::opt<std::string> entryName{
      "entry", cl::desc("Function to execute (default: main)"),
      cl::init("main"), cl::cat(category)};
  cl::list<std::string> inputs{
      "input",
      cl::desc("A .npy file for the next argument of the entry "
               "function (f32 '<f4', bf16 '<u2' bit patterns, i8 "
               "'|i1', i32 '<i4'; C order, little-endian)"),
      cl::value_desc("file.npy"), cl::cat(category)};
  cl::list<std::string> outputs{
      "output",
      cl::desc("A .npy file for the next result, written only when "
               "the whole run succeeds"),
      cl::value_desc("file.npy"), cl::cat(category)};
  cl::list<std::string> expects{
      "expect",
      cl::desc("A .npy file the next result must equal (within "
               "--max-ulp); a mismatch is an error"),
      cl::value_desc("file.npy"), cl::cat(category)};
  cl::opt<unsigned long long> maxUlp{
      "max-ulp",
      cl::desc("Tolerance of --expect and --compare-after, in units in "
               "the last place (integers: absolute difference); "
               "default 0 for --expect; --compare-after only fails when "
               "it is given"),
      cl::init(0), cl::cat(category)};
  cl::opt<bool> stats{
      "stats",
      cl::desc("Print RFC 8's utilisation figures: one line per "
               "executed matmul and a total"),
      cl::cat(category)};
  cl::opt<bool> skipZeroBlocks{
      "skip-zero-blocks",
      cl::desc(
          "Skip all-zero weight blocks at run time and count them as "
          "skipped_loads (RFC 7; changes at most the sign of a zero result "
          "for finite inputs). Default off: exact unskipped numerics"),
      cl::init(false), cl::cat(category)};
  cl::opt<std::string> compareAfter{
      "compare-after",
      cl::desc("Translation validation: also run the entry function after this "
               "pass pipeline (e.g. \"systile-pipeline{mxu=4}\") and report, "
               "per result, how many elements differ and the largest ULP "
               "distance; the printed results are those after the pipeline"),
      cl::value_desc("pipeline"), cl::cat(category)};
  cl::opt<int> threads{"threads",
                       cl::desc("Matmul simulator threads (0: all hardware "
                                "threads)"),
                       cl::init(0), cl::cat(category)};
  cl::opt<long long> printLimit{
      "print-limit",
      cl::desc("Print results with at most this many elements in "
               "full (0: no limit); larger ones print a note"),
      cl::init(10000), cl::cat(category)};
  cl::opt<bool> quiet{"quiet", cl::desc("Do not print results"),
                      cl::cat(category)};
  cl::opt<bool> timing{"timing",
                       cl::desc("Print the time of each phase to stderr"),
                       cl::cat(category)};
  cl::opt<bool> fuseChains{
      "fuse-mxu-chains",
      cl::desc("Run a complete mxu_matmul chain as one simulateMatmul call "
               "(bit-identical; off: one simulateMxuBlock call per op)"),
      cl::init(true), cl::Hidden, cl::cat(category)};
};
Options *opts = nullptr;

int errorExit(const llvm::Twine &message) {
  llvm::outs().flush();
  llvm::errs() << "systile-run: error: " << message << "\n";
  return 1;
}

std::string typeStr(Type type) {
  std::string s;
  llvm::raw_string_ostream os(s);
  type.print(os);
  return s;
}

/// What a value of `type` looks like in a .npy file.
struct NpyExpectation {
  ElementKind kind;
  SmallVector<int64_t, 2> shape;
  bool tiled = false;
  rt::Geometry geometry;
};

std::optional<NpyExpectation> npyExpectation(Type type) {
  NpyExpectation e;
  if (auto tiledType = dyn_cast<systile::TiledType>(type)) {
    e.kind = *getElementKind(tiledType.getElementType());
    e.shape = {tiledType.getRows(), tiledType.getCols()};
    e.tiled = true;
    e.geometry = {tiledType.getSublanes(), tiledType.getLanes(),
                  tiledType.getMxu()};
    return e;
  }
  Type element = type;
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    if (!tensor.hasStaticShape())
      return std::nullopt;
    e.shape.assign(tensor.getShape().begin(), tensor.getShape().end());
    element = tensor.getElementType();
  } else if (isa<ShapedType>(type)) {
    return std::nullopt;
  }
  std::optional<ElementKind> kind = getElementKind(element);
  if (!kind)
    return std::nullopt;
  e.kind = *kind;
  return e;
}

std::string dtypeStr(ElementKind kind) {
  return std::string("'") + npyDescr(toNpyElement(kind)) + "' (" +
         toString(kind) + ")";
}

/// Checks a parsed .npy against what `type` needs; the message names the
/// flag, the file and the argument/result.
std::optional<std::string> mismatch(const NpyArray &npy,
                                    const NpyExpectation &e,
                                    const std::string &what) {
  if (fromNpyElement(npy.element) != e.kind)
    return "expected dtype " + dtypeStr(e.kind) + " for " + what + ", got '" +
           npy.descr + "'";
  if (ArrayRef<int64_t>(npy.shape) != ArrayRef<int64_t>(e.shape))
    return "expected shape " + formatNpyShape(e.shape) + " for " + what +
           ", got " + npy.shapeStr();
  return std::nullopt;
}

std::string indexStr(ArrayRef<int64_t> shape, int64_t flat) {
  SmallVector<int64_t> idx(shape.size());
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    idx[d] = flat % shape[d];
    flat /= shape[d];
  }
  std::string s = "[";
  for (size_t i = 0; i < idx.size(); ++i)
    s += (i ? ", " : "") + std::to_string(idx[i]);
  return s + "]";
}

std::string describeWorst(const Comparison &c, const DenseValue &actual,
                          const DenseValue &expected, const char *gotName,
                          const char *expectedName) {
  if (c.worstIndex < 0)
    return "";
  return "; worst at " + indexStr(actual.shape(), c.worstIndex) + ": " +
         gotName + " " + formatElementAt(actual, c.worstIndex) + " (" +
         formatBits(actual, c.worstIndex) + "), " + expectedName + " " +
         formatElementAt(expected, c.worstIndex) + " (" +
         formatBits(expected, c.worstIndex) + ")";
}

using Clock = std::chrono::steady_clock;

struct PendingOutput {
  std::string path, tmpPath;
};

/// Writes every output to a temporary file next to it, then renames them all.
LogicalResult writeOutputs(ArrayRef<DenseValue> values, std::string &error) {
  SmallVector<PendingOutput> pending;
  auto cleanup = [&] {
    for (PendingOutput &p : pending)
      llvm::sys::fs::remove(p.tmpPath);
  };
  for (auto [path, value] : llvm::zip(opts->outputs, values)) {
    PendingOutput p;
    p.path = path;
    int fd;
    SmallString<256> tmp;
    if (std::error_code ec =
            llvm::sys::fs::createUniqueFile(path + ".tmp-%%%%%%", fd, tmp)) {
      cleanup();
      error = "cannot write '" + path + "': " + ec.message();
      return failure();
    }
    p.tmpPath = tmp.str().str();
    pending.push_back(p);
    {
      llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
      writeNpy(os, toNpyElement(value.kind()), value.shape(), value.rawData());
      os.close();
      if (os.has_error()) {
        error = "cannot write '" + path + "': " + os.error().message();
        os.clear_error();
        cleanup();
        return failure();
      }
    }
  }
  for (PendingOutput &p : pending) {
    if (std::error_code ec = llvm::sys::fs::rename(p.tmpPath, p.path)) {
      error = "cannot write '" + p.path + "': " + ec.message();
      cleanup();
      return failure();
    }
  }
  return success();
}

LogicalResult runPipeline(ModuleOp module, StringRef text, std::string &error) {
  StringRef inner = text.trim();
  if (inner.consume_front("builtin.module(")) {
    if (!inner.consume_back(")")) {
      error = "malformed pipeline '" + text.str() + "'";
      return failure();
    }
  }
  PassManager pm(module->getName());
  std::string parseErrors;
  llvm::raw_string_ostream es(parseErrors);
  if (failed(parsePassPipeline(inner, pm, es))) {
    error = "invalid --compare-after pipeline '" + text.str() +
            "': " + StringRef(parseErrors).trim().str();
    return failure();
  }
  if (failed(pm.run(module))) {
    error = "the --compare-after pipeline '" + text.str() + "' failed";
    return failure();
  }
  return success();
}

int runMain() {
  auto start = Clock::now();
  auto ms = [](Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
  };

  DialectRegistry registry;
  systile::registerAllDialects(registry);
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);
  // Diagnostics point at the source line; the generic op dump adds noise.
  context.printOpOnDiagnostic(false);

  std::string openError;
  std::unique_ptr<llvm::MemoryBuffer> file =
      openInputFile(opts->inputFile, &openError);
  if (!file)
    return errorExit("cannot read '" + opts->inputFile +
                     "': " + StringRef(openError).trim());
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return errorExit("cannot parse '" + opts->inputFile + "'");
  auto parsed = Clock::now();

  auto entry = module->lookupSymbol<func::FuncOp>(opts->entryName);
  if (!entry) {
    std::string available;
    module->walk([&](func::FuncOp f) {
      if (!f.isExternal())
        available += (available.empty() ? "@" : ", @") + f.getSymName().str();
    });
    return errorExit(
        "no function @" + opts->entryName + " in '" + opts->inputFile +
        "' (functions: " + (available.empty() ? "none" : available) + ")");
  }
  FunctionType fnType = entry.getFunctionType();
  std::string fnName = "@" + opts->entryName;
  if (opts->inputs.size() != fnType.getNumInputs())
    return errorExit(fnName + " takes " + llvm::Twine(fnType.getNumInputs()) +
                     " argument(s) but " + llvm::Twine(opts->inputs.size()) +
                     " --input file(s) were given");
  if (opts->outputs.size() > fnType.getNumResults())
    return errorExit(llvm::Twine(opts->outputs.size()) +
                     " --output files for " + fnName + ", which returns " +
                     llvm::Twine(fnType.getNumResults()) + " result(s)");
  if (opts->expects.size() > fnType.getNumResults())
    return errorExit(llvm::Twine(opts->expects.size()) +
                     " --expect files for " + fnName + ", which returns " +
                     llvm::Twine(fnType.getNumResults()) + " result(s)");
  for (auto [i, type] : llvm::enumerate(fnType.getResults()))
    if (!npyExpectation(type))
      return errorExit("result " + llvm::Twine(i) + " of " + fnName +
                       " has type " + typeStr(type) +
                       ", which systile-run cannot return (supported: "
                       "static tensors and tiled tensors of f32, bf16, i8, "
                       "i32, and such scalars)");

  // Bind the inputs.
  SmallVector<RtValue> args;
  for (auto [i, path] : llvm::enumerate(opts->inputs)) {
    std::string flag = "--input #" + std::to_string(i + 1) + " (" + path + ")";
    Type argType = fnType.getInput(i);
    std::optional<NpyExpectation> e = npyExpectation(argType);
    if (!e)
      return errorExit(flag + ": argument " + llvm::Twine(i) + " of " + fnName +
                       " has type " + typeStr(argType) +
                       ", which cannot be read from .npy (supported: static "
                       "tensors and tiled tensors of f32, bf16, i8, i32, and "
                       "such scalars)");
    llvm::Expected<NpyArray> npy = readNpy(path);
    if (!npy)
      return errorExit(flag + ": " + llvm::toString(npy.takeError()));
    std::string what = "argument " + std::to_string(i) + " of " + fnName;
    if (auto m = mismatch(*npy, *e, what))
      return errorExit(flag + ": " + *m);
    DenseValue dense = denseFromNpy(std::move(*npy));
    if (e->tiled) {
      llvm::Expected<TiledValue> packed = packDense(dense, e->geometry);
      if (!packed)
        return errorExit(flag + ": " + llvm::toString(packed.takeError()));
      args.push_back(RtValue(std::move(*packed)));
    } else {
      args.push_back(RtValue(std::move(dense)));
    }
  }
  // Read the expectations before running, so a bad file fails fast.
  SmallVector<DenseValue> expected;
  for (auto [i, path] : llvm::enumerate(opts->expects)) {
    std::string flag = "--expect #" + std::to_string(i + 1) + " (" + path + ")";
    llvm::Expected<NpyArray> npy = readNpy(path);
    if (!npy)
      return errorExit(flag + ": " + llvm::toString(npy.takeError()));
    std::string what = "result #" + std::to_string(i) + " of " + fnName;
    if (auto m = mismatch(*npy, *npyExpectation(fnType.getResult(i)), what))
      return errorExit(flag + ": " + *m);
    expected.push_back(denseFromNpy(std::move(*npy)));
  }
  auto bound = Clock::now();

  InterpreterOptions options;
  options.skipZeroBlocks = opts->skipZeroBlocks;
  options.threads = opts->threads;
  options.fuseMxuChains = opts->fuseChains;
  if (opts->threads < 0)
    return errorExit("--threads must be >= 0");

  // Translation validation: the reference run on the input as given.
  SmallVector<DenseValue> before;
  OwningOpRef<ModuleOp> transformed;
  func::FuncOp runEntry = entry;
  if (!opts->compareAfter.empty()) {
    Interpreter reference(*module, options);
    auto results = reference.run(entry, args);
    if (failed(results))
      return errorExit("executing " + fnName + " of '" + opts->inputFile +
                       "' (before --compare-after) failed");
    for (const RtValue &v : *results)
      before.push_back(asDense(v));
    systile::registerAllPasses();
    transformed = module->clone();
    std::string error;
    if (failed(runPipeline(*transformed, opts->compareAfter, error)))
      return errorExit(error);
    runEntry = transformed->lookupSymbol<func::FuncOp>(opts->entryName);
    if (!runEntry || runEntry.getFunctionType() != fnType)
      return errorExit("after --compare-after, " + fnName +
                       " is missing or has a different signature");
  }

  Interpreter interpreter(opts->compareAfter.empty() ? *module : *transformed,
                          options);
  auto results = interpreter.run(runEntry, args);
  if (failed(results))
    return errorExit(
        "executing " + fnName + " of '" + opts->inputFile + "' failed" +
        (opts->compareAfter.empty() ? "" : " (after --compare-after)"));
  SmallVector<DenseValue> dense;
  for (const RtValue &v : *results)
    dense.push_back(asDense(v));
  auto executed = Clock::now();

  llvm::raw_ostream &os = llvm::outs();
  if (!opts->quiet) {
    for (auto [i, v] : llvm::enumerate(dense)) {
      os << "result #" << i << ": " << typeStr(fnType.getResult(i)) << " = ";
      printDense(os, v, opts->printLimit);
      os << "\n";
    }
  }

  bool failedCheck = false;
  if (!opts->compareAfter.empty()) {
    for (auto [i, pair] : llvm::enumerate(llvm::zip(dense, before))) {
      auto &[after, ref] = pair;
      Comparison c = compare(after, ref);
      os << "compare: result #" << i << ": " << c.numDiffering << " of "
         << c.numElements << " elements differ, max ulp " << c.maxUlpStr()
         << "\n";
      if (opts->maxUlp.getNumOccurrences() && c.exceeds(opts->maxUlp)) {
        errorExit("result #" + llvm::Twine(i) + " differs after '" +
                  opts->compareAfter + "' by up to " + c.maxUlpStr() +
                  " ulp (> --max-ulp " + llvm::Twine(opts->maxUlp) + ")" +
                  describeWorst(c, after, ref, "after", "before"));
        failedCheck = true;
      }
    }
  }
  if (opts->stats) {
    rt::MatmulStats total;
    for (const MatmulRecord &r : interpreter.matmuls()) {
      os << r.stats.format("utilization") << "\n";
      total += r.stats;
    }
    os << total.format("total") << "\n";
  }
  for (auto [i, exp] : llvm::enumerate(expected)) {
    Comparison c = compare(dense[i], exp);
    std::string flag =
        "--expect #" + std::to_string(i + 1) + " (" + opts->expects[i] + ")";
    if (c.exceeds(opts->maxUlp)) {
      errorExit("result #" + llvm::Twine(i) + " does not match " + flag + ": " +
                llvm::Twine(c.numDiffering) + " of " +
                llvm::Twine(c.numElements) + " elements differ, max ulp " +
                c.maxUlpStr() + " > --max-ulp " + llvm::Twine(opts->maxUlp) +
                describeWorst(c, dense[i], exp, "got", "expected"));
      failedCheck = true;
    } else {
      os << "expect: result #" << i << " matches " << opts->expects[i] << " ("
         << c.numDiffering << " of " << c.numElements
         << " elements differ, max ulp " << c.maxUlpStr() << ")\n";
    }
  }
  if (failedCheck)
    return 1;

  std::string writeError;
  if (failed(writeOutputs(
          ArrayRef<DenseValue>(dense).take_front(opts->outputs.size()),
          writeError)))
    return errorExit(writeError);
  os.flush();
  if (opts->timing) {
    auto end = Clock::now();
    llvm::errs() << llvm::format(
        "timing: parse=%.2fms inputs=%.2fms execute=%.2fms "
        "print+outputs=%.2fms total=%.2fms\n",
        ms(start, parsed), ms(parsed, bound), ms(bound, executed),
        ms(executed, end), ms(start, end));
  }
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  // Internal fatal errors (e.g. out of memory) exit with status 1 and a
  // message, like every other error, rather than aborting.
  llvm::install_fatal_error_handler(
      [](void *, const char *reason, bool) {
        llvm::errs() << "systile-run: error: " << reason << "\n";
        llvm::errs().flush();
        _exit(1);
      },
      nullptr);
  // Our -stats and -threads replace LLVM's options of those names.
  auto &registered = cl::getRegisteredOptions();
  for (const char *name : {"stats", "threads"})
    if (auto it = registered.find(name); it != registered.end())
      it->second->removeArgument();
  Options options;
  opts = &options;
  cl::HideUnrelatedOptions(category);
  if (!cl::ParseCommandLineOptions(argc, argv,
                                   "systile-run: executes systile IR with the "
                                   "runtime library\n",
                                   &llvm::errs()))
    return 1;
  int rc = runMain();
  llvm::outs().flush();
  if (llvm::outs().has_error()) {
    llvm::outs().clear_error();
    llvm::errs() << "systile-run: error: cannot write to stdout\n";
    rc = 1;
  }
  llvm::errs().flush();
  // Everything is written and the values are freed; skip the static
  // destructors of libMLIR/libLLVM, which cost more than the interpretation
  // of small programs (as clang skips freeing its AST).
  std::fflush(nullptr);
  _exit(rc);
}
