//===- RunnerMain.cpp - The library behind systile-run --------------------===//
//
// systile-run FILE.mlir [--entry NAME] [--input X.npy]... [--output Y.npy]...
//             [--stats] [--expect Y.npy]... [--max-ulp N] [--atol A]
//             [--rtol R] [--compare-after PIPELINE] [--max-memory SIZE]
//             [--max-steps N]
//             [--dump-op NAME]... [--dump-dir DIR] ...
//
// Interprets the entry function (default @main) of FILE ("-": stdin). The
// k-th --input (numbered from 1 in messages) binds argument k-1; a tiled
// argument is packed from its dense logical matrix; a dynamic dimension
// takes the file's size. Results print as
//
//   result #0: tensor<2x3xf32> = [[1, 2, 3], [4, 5, 6]]
//
// with floats in their shortest round-trip decimal form. --output files are
// written only when the whole run succeeded, stdout included: each goes to
// a temporary file in its directory first, and all are renamed at the end
// (on failure the temporaries are removed and every path is left as it
// was).
//
// --stats prints one RFC 8 `utilization:` line per executed matmul (the
// rule of MatmulChains.h, shared with systile-report-utilization), a
// `total:` line and a `layout:` line (packs and unpacks executed).
//
// --dump-op NAME --dump-dir DIR writes the operands and results of every
// execution of the ops named NAME into DIR (OpDump.h), and prints a `dump:`
// line.
//
//===----------------------------------------------------------------------===//

#include "systile/Interpreter/RunnerMain.h"

#include "RunnerSupport.h"

#include "systile/Dialect/Systile/IR/SystileOps.h"
#include "systile/InitAll.h"
#include "systile/Interpreter/Interpreter.h"
#include "systile/Interpreter/Npy.h"
#include "systile/Interpreter/OpDump.h"
#include "systile/Runtime/Matmul.h"
#include "systile/Support/InputFile.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <unistd.h>

using namespace mlir;
using namespace systile::interp;
namespace cl = llvm::cl;
namespace rt = systile::rt;

namespace {

cl::OptionCategory category("systile-run options");

struct Options {
  cl::opt<std::string> inputFile{cl::Positional, cl::desc("<input .mlir file>"),
                                 cl::Required, cl::cat(category)};
  cl::opt<std::string> entryName{
      "entry", cl::desc("Function to execute (default: main)"),
      cl::init("main"), cl::cat(category)};
  cl::list<std::string> inputs{
      "input",
      cl::desc("A .npy file for the next argument of the entry function "
               "(C order, little-endian: '<f4' f32, '<f8' f64, '<f2' f16, "
               "'<u2' bf16 bit patterns, '|b1' i1, '|i1' i8, '<i2' i16, "
               "'<i4' i32, '<i8' i64 and index)"),
      cl::value_desc("file.npy"), cl::cat(category)};
  cl::list<std::string> outputs{
      "output",
      cl::desc("A .npy file for the next result, written only when the whole "
               "run succeeds"),
      cl::value_desc("file.npy"), cl::cat(category)};
  cl::list<std::string> expects{
      "expect",
      cl::desc("A .npy file the next result must equal (within --max-ulp, or "
               "--atol/--rtol when given); a mismatch is an error"),
      cl::value_desc("file.npy"), cl::cat(category)};
  cl::opt<unsigned long long> maxUlp{
      "max-ulp",
      cl::desc("Tolerance in units in the last place (integers: absolute "
               "difference); default 0 for --expect; --compare-after gates "
               "on it only when it is given"),
      cl::init(0), cl::cat(category)};
  cl::opt<double> atol{"atol",
                       cl::desc("Absolute tolerance (numpy.allclose) of "
                                "--expect and --compare-after"),
                       cl::init(0.0), cl::cat(category)};
  cl::opt<double> rtol{"rtol",
                       cl::desc("Relative tolerance (numpy.allclose: |a - e| "
                                "<= atol + rtol * |e|)"),
                       cl::init(0.0), cl::cat(category)};
  cl::opt<bool> stats{"stats",
                      cl::desc("Print RFC 8's utilisation figures (a line per "
                               "executed matmul and a total) and layout cost"),
                      cl::cat(category)};
  cl::opt<bool> skipZeroBlocks{
      "skip-zero-blocks",
      cl::desc("Skip all-zero weight blocks at run time and count them as "
               "skipped_loads (RFC 7). Default off: exact unskipped numerics"),
      cl::init(false), cl::cat(category)};
  cl::opt<std::string> compareAfter{
      "compare-after",
      cl::desc("Translation validation: also run the entry function after this "
               "pass pipeline (e.g. \"systile-pipeline{mxu=4}\") and report "
               "per result the elements that differ, max abs error, max error "
               "relative to max |reference| and max ulp"),
      cl::value_desc("pipeline"), cl::cat(category)};
  cl::opt<int> threads{"threads",
                       cl::desc("Matmul simulator threads (0: all hardware "
                                "threads)"),
                       cl::init(0), cl::cat(category)};
  cl::opt<std::string> maxMemory{
      "max-memory",
      cl::desc("Memory budget of the values alive at once, e.g. 512M, 8G "
               "(default: 3/4 of physical memory; 0: no limit)"),
      cl::value_desc("size"), cl::cat(category)};
  cl::opt<uint64_t> maxSteps{
      "max-steps",
      cl::desc("Loop iterations (scf.for, scf.while, scf.forall) the run may "
               "execute, so an endless loop is an error naming it (default "
               "10000000; 0: no limit)"),
      cl::init(10'000'000), cl::cat(category)};
  cl::opt<long long> printLimit{
      "print-limit",
      cl::desc("Print results with at most this many elements in full (0: no "
               "limit); larger ones print a note"),
      cl::init(10000), cl::cat(category)};
  cl::opt<bool> quiet{"quiet", cl::desc("Do not print results"),
                      cl::cat(category)};
  cl::opt<bool> timing{"timing",
                       cl::desc("Print the time of each phase to stderr"),
                       cl::cat(category)};
  cl::opt<bool> allowUnregistered{
      "allow-unregistered-dialect",
      cl::desc("Parse ops of unregistered dialects (they cannot run, but a "
               "function that does not reach them can)"),
      cl::init(false), cl::cat(category)};
  cl::list<std::string> dumpOps{
      "dump-op",
      cl::desc("Write the operands and results of every execution of the ops "
               "of this name (e.g. systile.mxu_matmul; repeat it or separate "
               "names by commas) into --dump-dir as .npy files, with one "
               "line of DIR/manifest.jsonl per execution (docs/Interpreter.md)"),
      cl::value_desc("op name"), cl::CommaSeparated, cl::cat(category)};
  cl::opt<std::string> dumpDir{
      "dump-dir",
      cl::desc("Directory of --dump-op's files (created when missing; an "
               "earlier dump's files in it are replaced)"),
      cl::value_desc("dir"), cl::cat(category)};
  cl::opt<bool> fuseChains{
      "fuse-mxu-chains",
      cl::desc("Run a complete mxu_matmul chain as one simulateMatmul call "
               "(bit-identical; off: one simulateMxuBlock call per op, so "
               "--dump-op sees every op's result)"),
      cl::init(true), cl::cat(category)};
};

LogicalResult error(const llvm::Twine &message) {
  llvm::outs().flush();
  llvm::errs() << "systile-run: error: " << message << "\n";
  return failure();
}

using Clock = std::chrono::steady_clock;
double ms(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

} // namespace

namespace {

/// One run of systile-run: the phases of run(), in order.
class Runner {
public:
  Runner(Options &opts, DialectRegistry &registry)
      : opts(opts), context(registry, MLIRContext::Threading::DISABLED) {
    // Diagnostics point at the source line; the generic op dump adds noise.
    context.printOpOnDiagnostic(false);
  }

  LogicalResult run();

private:
  LogicalResult configure();
  LogicalResult parse();
  LogicalResult bindInputs();
  LogicalResult readExpectations();
  LogicalResult checkDumpOps();
  LogicalResult execute();
  LogicalResult report();
  LogicalResult compareWithReference();
  LogicalResult checkExpectations();
  void printStats(const Interpreter &interpreter);

  Options &opts;
  MLIRContext context;
  /// Shared with the parser: a bytecode file's blobs (dense_resource
  /// constants) then point into the mapped file, which this and the blobs
  /// keep alive, instead of being copied.
  std::shared_ptr<llvm::SourceMgr> sourceMgr =
      std::make_shared<llvm::SourceMgr>();
  std::unique_ptr<SourceMgrDiagnosticHandler> diagnostics;
  OwningOpRef<ModuleOp> module, transformed;
  func::FuncOp entry;
  std::string fnName;
  InterpreterOptions interpOptions;
  SmallVector<RtValue> args;
  SmallVector<DenseValue> expected, reference, results;
  std::unique_ptr<Interpreter> interpreter;
  std::unique_ptr<OpDump> dump;
  StagedOutputs staged;
  Clock::time_point start = Clock::now(), parsed, bound, executed;
};

LogicalResult Runner::configure() {
  if (opts.threads < 0)
    return error("--threads must be >= 0");
  if (opts.atol < 0 || opts.rtol < 0)
    return error("--atol and --rtol must be >= 0");
  std::optional<uint64_t> budget = parseMemorySize(opts.maxMemory);
  if (!budget)
    return error("--max-memory='" + opts.maxMemory +
                 "' is not a size (e.g. 512M, 8G, 1073741824, 0 for none)");
  MemoryBudget::get().setLimit(*budget);
  interpOptions.skipZeroBlocks = opts.skipZeroBlocks;
  interpOptions.threads = opts.threads;
  interpOptions.fuseMxuChains = opts.fuseChains;
  interpOptions.maxSteps = opts.maxSteps;
  if (opts.dumpOps.empty() != opts.dumpDir.empty())
    return error(opts.dumpOps.empty()
                     ? "--dump-dir needs --dump-op (the ops to dump)"
                     : "--dump-op needs --dump-dir (where to write)");
  return success();
}

/// Every --dump-op names a registered op (a misspelt name would dump
/// nothing); then the dump directory is prepared.
LogicalResult Runner::checkDumpOps() {
  if (opts.dumpOps.empty())
    return success();
  for (const std::string &name : opts.dumpOps) {
    StringRef dialect = StringRef(name).split('.').first;
    if (!StringRef(name).contains('.') || !context.getOrLoadDialect(dialect) ||
        !RegisteredOperationName::lookup(name, &context))
      return error("--dump-op=" + name +
                   ": no such operation (expected a registered op name such "
                   "as systile.matmul)");
  }
  auto created = OpDump::create(opts.dumpDir, opts.dumpOps);
  if (!created)
    return error("--dump-dir: " + llvm::toString(created.takeError()));
  dump = std::move(*created);
  return success();
}

LogicalResult Runner::parse() {
  std::string openError;
  // Bounded: a pipe or device (e.g. /dev/zero) cannot make the read endless.
  std::unique_ptr<llvm::MemoryBuffer> file =
      systile::openBoundedInputFile(opts.inputFile, &openError);
  if (!file)
    return error("cannot read '" + opts.inputFile +
                 "': " + StringRef(openError).trim());
  sourceMgr->AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  context.allowUnregisteredDialects(opts.allowUnregistered);
  diagnostics =
      std::make_unique<SourceMgrDiagnosticHandler>(*sourceMgr, &context);
  module = parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
  if (!module)
    return error("cannot parse '" + opts.inputFile + "'");
  entry = module->lookupSymbol<func::FuncOp>(opts.entryName);
  fnName = "@" + opts.entryName;
  if (!entry)
    return error("no function " + fnName + " in '" + opts.inputFile +
                 "' (functions: " + listFunctions(*module) + ")");
  FunctionType type = entry.getFunctionType();
  if (opts.inputs.size() != type.getNumInputs())
    return error(fnName + " takes " + llvm::Twine(type.getNumInputs()) +
                 " argument(s) but " + llvm::Twine(opts.inputs.size()) +
                 " --input file(s) were given");
  for (auto [flag, list] : {std::pair{"--output", &opts.outputs},
                            std::pair{"--expect", &opts.expects}})
    if (list->size() > type.getNumResults())
      return error(llvm::Twine(list->size()) + " " + flag + " files for " +
                   fnName + ", which returns " +
                   llvm::Twine(type.getNumResults()) + " result(s)");
  for (auto [i, t] : llvm::enumerate(type.getResults()))
    if (!isExchangeable(t))
      return error("result " + llvm::Twine(i) + " of " + fnName +
                   " has type " + typeStr(t) +
                   ", which systile-run cannot return (supported: tensors "
                   "and tiled tensors, and scalars, of i1, i8, i16, i32, i64, "
                   "index, bf16, f16, f32 and f64 "
                   "scalars)");
  parsed = Clock::now();
  return success();
}

LogicalResult Runner::bindInputs() {
  FunctionType type = entry.getFunctionType();
  for (auto [i, path] : llvm::enumerate(opts.inputs)) {
    std::string flag = "--input #" + std::to_string(i + 1) + " (" + path + ")";
    std::string what = "argument " + std::to_string(i) + " of " + fnName;
    llvm::Expected<RtValue> value = readValue(path, type.getInput(i), what);
    if (!value)
      return error(flag + ": " + llvm::toString(value.takeError()));
    args.push_back(std::move(*value));
  }
  return success();
}

LogicalResult Runner::readExpectations() {
  FunctionType type = entry.getFunctionType();
  for (auto [i, path] : llvm::enumerate(opts.expects)) {
    std::string flag = "--expect #" + std::to_string(i + 1) + " (" + path + ")";
    std::string what = "result #" + std::to_string(i) + " of " + fnName;
    llvm::Expected<RtValue> value = readValue(path, type.getResult(i), what);
    if (!value)
      return error(flag + ": " + llvm::toString(value.takeError()));
    llvm::Expected<DenseValue> dense = asDense(*value);
    if (!dense)
      return error(flag + ": " + llvm::toString(dense.takeError()));
    expected.push_back(std::move(*dense));
  }
  bound = Clock::now();
  return success();
}

/// Runs `function` of `m` and converts the results to dense values.
FailureOr<SmallVector<DenseValue>> runToDense(Interpreter &interpreter,
                                              func::FuncOp function,
                                              SmallVector<RtValue> args) {
  auto results = interpreter.runConsuming(function, args);
  if (failed(results))
    return failure();
  SmallVector<DenseValue> dense;
  for (const RtValue &v : *results) {
    llvm::Expected<DenseValue> d = asDense(v);
    if (!d) {
      (void)error("result: " + llvm::toString(d.takeError()));
      return failure();
    }
    dense.push_back(std::move(*d));
  }
  return dense;
}

LogicalResult Runner::execute() {
  func::FuncOp runEntry = entry;
  if (!opts.compareAfter.empty()) {
    Interpreter before(*module, interpOptions);
    auto results = runToDense(before, entry, args);
    if (failed(results))
      return error("executing " + fnName + " of '" + opts.inputFile +
                   "' (before --compare-after) failed");
    reference = std::move(*results);
    transformed = module->clone();
    std::string message;
    if (failed(runPipeline(*transformed, opts.compareAfter, message)))
      return error(message);
    runEntry = transformed->lookupSymbol<func::FuncOp>(opts.entryName);
    if (!runEntry || runEntry.getFunctionType() != entry.getFunctionType())
      return error("after --compare-after, " + fnName +
                   " is missing or has a different signature");
  }
  // The dump observes the run whose results count (after --compare-after).
  InterpreterOptions runOptions = interpOptions;
  runOptions.listener = dump.get();
  interpreter = std::make_unique<Interpreter>(
      transformed ? *transformed : *module, runOptions);
  // The inputs are handed over: each is freed after its last use.
  auto ran = runToDense(*interpreter, runEntry, std::move(args));
  if (dump)
    if (llvm::Error e = dump->finish())
      return error("--dump-dir: " + llvm::toString(std::move(e)));
  if (failed(ran))
    return error("executing " + fnName + " of '" + opts.inputFile +
                 "' failed" +
                 (opts.compareAfter.empty() ? "" : " (after --compare-after)"));
  results = std::move(*ran);
  executed = Clock::now();
  return success();
}

void Runner::printStats(const Interpreter &interpreter) {
  llvm::raw_ostream &os = llvm::outs();
  rt::MatmulStats total;
  for (const MatmulRecord &r : interpreter.matmuls()) {
    os << r.stats.format("utilization") << "\n";
    total += r.stats;
  }
  os << total.format("total") << "\n";
  os << interpreter.layout().format() << "\n";
}

bool tolerancesGiven(const Options &opts) {
  return opts.atol.getNumOccurrences() || opts.rtol.getNumOccurrences();
}

LogicalResult Runner::compareWithReference() {
  bool ok = true;
  for (auto [i, pair] : llvm::enumerate(llvm::zip(results, reference))) {
    auto &[after, ref] = pair;
    Comparison c = compare(after, ref, opts.atol, opts.rtol);
    llvm::outs() << "compare: result #" << i << ": " << c.numDiffering
                 << " of " << c.numElements << " elements differ, max ulp "
                 << c.maxUlpStr() << ", max abs error "
                 << llvm::format("%g", c.maxAbsError) << ", max rel error "
                 << llvm::format("%g", c.maxRelError()) << "\n";
    std::string where = "result #" + std::to_string(i) + " differs after '" +
                        opts.compareAfter + "'";
    if (opts.maxUlp.getNumOccurrences() && c.exceeds(opts.maxUlp)) {
      (void)error(where + " by up to " + c.maxUlpStr() + " ulp (> --max-ulp " +
            llvm::Twine(opts.maxUlp) + ")" +
            describeWorst(c.worstIndex, after, ref, "after", "before"));
      ok = false;
    }
    if (tolerancesGiven(opts) && c.numNotClose) {
      (void)error(where + ": " + llvm::Twine(c.numNotClose) +
            " elements fail |after - before| <= atol + rtol * |before|" +
            describeWorst(c.worstCloseIndex, after, ref, "after", "before"));
      ok = false;
    }
  }
  return success(ok);
}

LogicalResult Runner::checkExpectations() {
  bool ok = true;
  for (auto [i, exp] : llvm::enumerate(expected)) {
    Comparison c = compare(results[i], exp, opts.atol, opts.rtol);
    std::string flag =
        "--expect #" + std::to_string(i + 1) + " (" + opts.expects[i] + ")";
    bool bad = tolerancesGiven(opts) ? c.numNotClose > 0
                                     : c.exceeds(opts.maxUlp);
    if (bad) {
      int64_t worst = tolerancesGiven(opts) ? c.worstCloseIndex : c.worstIndex;
      std::string gate =
          tolerancesGiven(opts)
              ? ", " + std::to_string(c.numNotClose) +
                    " fail |got - expected| <= atol + rtol * |expected|"
              : " > --max-ulp " + std::to_string(opts.maxUlp);
      (void)error("result #" + llvm::Twine(i) + " does not match " + flag +
                  ": " + llvm::Twine(c.numDiffering) + " of " +
                  llvm::Twine(c.numElements) + " elements differ, max ulp " +
                  c.maxUlpStr() + gate +
                  describeWorst(worst, results[i], exp, "got", "expected"));
      ok = false;
      continue;
    }
    llvm::outs() << "expect: result #" << i << " matches " << opts.expects[i]
                 << " (" << c.numDiffering << " of " << c.numElements
                 << " elements differ, max ulp " << c.maxUlpStr() << ")\n";
  }
  return success(ok);
}

LogicalResult Runner::report() {
  llvm::raw_ostream &os = llvm::outs();
  FunctionType type = entry.getFunctionType();
  if (!opts.quiet)
    for (auto [i, v] : llvm::enumerate(results)) {
      os << "result #" << i << ": " << resultTypeStr(type.getResult(i), v)
         << " = ";
      printDense(os, v, opts.printLimit);
      os << "\n";
    }
  bool ok = true;
  if (!opts.compareAfter.empty())
    ok &= succeeded(compareWithReference());
  if (opts.stats)
    printStats(*interpreter);
  if (dump)
    os << "dump: " << dump->numExecutions() << " execution(s) of "
       << llvm::join(opts.dumpOps, ", ") << " in " << dump->manifestPath()
       << " (" << dump->numFilesWritten() << " .npy files, "
       << formatBytes(dump->numBytesWritten()) << ")\n";
  ok &= succeeded(checkExpectations());
  return success(ok);
}

LogicalResult Runner::run() {
  if (failed(configure()) || failed(parse()) || failed(bindInputs()) ||
      failed(readExpectations()) || failed(checkDumpOps()) ||
      failed(execute()))
    return failure();
  // Outputs are staged before anything is printed and committed only once
  // stdout has been written successfully.
  std::string message;
  if (failed(staged.stage(opts.outputs,
                          ArrayRef<DenseValue>(results).take_front(
                              opts.outputs.size()),
                          message)))
    return error(message);
  if (failed(report()))
    return failure();
  llvm::outs().flush();
  if (llvm::outs().has_error()) {
    llvm::outs().clear_error();
    return error("cannot write to stdout; no --output file was written");
  }
  if (failed(staged.commit(message)))
    return error(message);
  if (opts.timing) {
    auto end = Clock::now();
    llvm::errs() << llvm::format(
        "timing: parse=%.2fms inputs=%.2fms execute=%.2fms "
        "print+outputs=%.2fms total=%.2fms matmul-kernel=%s\n",
        ms(start, parsed), ms(parsed, bound), ms(bound, executed),
        ms(executed, end), ms(start, end),
        rt::toString(rt::resolveKernelPath(rt::KernelPath::Auto)));
  }
  return success();
}

} // namespace

LogicalResult systile::interp::systileRunnerMain(int argc, char **argv,
                                                 DialectRegistry &registry) {
  // Our -stats and -threads replace LLVM's options of those names.
  auto &registered = cl::getRegisteredOptions();
  for (const char *name : {"stats", "threads"})
    if (auto it = registered.find(name); it != registered.end())
      it->second->removeArgument();
  Options options;
  cl::HideUnrelatedOptions(category);
  if (!cl::ParseCommandLineOptions(
          argc, argv, "systile-run: executes MLIR programs with the systile "
                      "runtime library\n",
          &llvm::errs()))
    return failure();
  systile::registerAllPasses();
  Runner runner(options, registry);
  return runner.run();
}
