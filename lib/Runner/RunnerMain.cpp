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

#include "systile/Runner/RunnerMain.h"

#include "systile/Dialect/Systile/Analysis/ReportJson.h"
#include "systile/Interpreter/Interpreter.h"
#include "systile/Runner/Comparison.h"
#include "systile/Runner/Compiled.h"
#include "systile/Runner/Npy.h"
#include "systile/Runner/OpDump.h"
#include "systile/Runner/RunnerSupport.h"
#include "systile/Runtime/Cpu.h"
#include "systile/Runtime/Matmul.h"
#include "systile/Runtime/RunnerUtils.h"
#include "systile/Support/InputFile.h"
#include "systile/Support/OutputFile.h"
#include "systile/Support/VerifyInput.h"

#include "systile/Dialect/Systile/IR/SystileOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringExtras.h"
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
using namespace systile::runner;
namespace cl = llvm::cl;
namespace rt = systile::rt;

namespace {

cl::OptionCategory category("systile-run options");

// The makers of the options below, so each option is one call.
cl::opt<bool> flag(StringRef name, const char *desc, bool init = false) {
  return cl::opt<bool>(name, cl::desc(desc), cl::init(init), cl::cat(category));
}
template <typename T>
cl::opt<T> value(StringRef name, const char *desc, T init) {
  return cl::opt<T>(name, cl::desc(desc), cl::init(init), cl::cat(category));
}
cl::opt<std::string> text(StringRef name, const char *desc,
                          const char *valueDesc) {
  return cl::opt<std::string>(name, cl::desc(desc), cl::value_desc(valueDesc),
                              cl::cat(category));
}
cl::list<std::string> files(StringRef name, const char *desc) {
  return cl::list<std::string>(name, cl::desc(desc), cl::value_desc("file.npy"),
                               cl::cat(category));
}

struct Options {
  cl::opt<std::string> inputFile{cl::Positional, cl::desc("<input .mlir file>"),
                                 cl::Required, cl::cat(category)};
  cl::opt<std::string> entryName = value<std::string>(
      "entry", "Function to execute (default: main)", "main");
  cl::list<std::string> inputs = files(
      "input", "A .npy file for the next argument of the entry function "
               "(C order, little-endian: '<f4' f32, '<f8' f64, '<f2' f16, "
               "'<u2' bf16 bit patterns, '|b1' i1, '|i1' i8, '<i2' i16, "
               "'<i4' i32, '<i8' i64 and index; '|u1', '<u2', '<u4', '<u8' for "
               "ui8 to ui64)");
  cl::list<std::string> outputs = files(
      "output", "A .npy file for the next result, written only when the whole "
                "run succeeds");
  cl::list<std::string> expects = files(
      "expect", "A .npy file the next result must equal (within --max-ulp, or "
                "--atol/--rtol when given); a mismatch is an error");
  cl::opt<unsigned long long> maxUlp = value<unsigned long long>(
      "max-ulp",
      "Tolerance in units in the last place (integers: absolute "
      "difference); default 0 for --expect; --compare-after gates on it "
      "only when it is given",
      0);
  cl::opt<double> atol =
      value("atol",
            "Absolute tolerance (numpy.allclose) of --expect and "
            "--compare-after",
            0.0);
  cl::opt<double> rtol =
      value("rtol",
            "Relative tolerance (numpy.allclose: |a - e| <= atol + rtol * "
            "|e|)",
            0.0);
  cl::opt<bool> stats = flag(
      "stats", "Print RFC 8's utilisation figures (a line per executed matmul "
               "and a total) and layout cost");
  cl::opt<std::string> statsJson = value<std::string>(
      "stats-json",
      "Also write --stats' figures as JSON to this file (- for stdout): per "
      "executed matmul its op, location and name and figures, the total "
      "and the layout cost; written only when the whole run succeeds",
      "");
  cl::opt<bool> skipZeroBlocks =
      flag("skip-zero-blocks",
           "Skip all-zero weight blocks at run time and count them as "
           "skipped_loads (RFC 7). Default off: exact unskipped numerics");
  cl::opt<std::string> compareAfter = text(
      "compare-after",
      "Translation validation: also run the entry function after this pass "
      "pipeline (e.g. \"systile-pipeline{mxu=4}\") and report per result the "
      "elements that differ, max abs error, max error relative to max "
      "|reference| and max ulp",
      "pipeline");
  cl::opt<int> threads =
      value("threads", "Matmul simulator threads (0: all hardware threads)", 0);
  cl::opt<std::string> matmulKernel = text(
      "matmul-kernel",
      "The matmul simulator's kernel path: auto (default), portable, avx2, "
      "avx512 or avx512-vnni, if this machine has it (every path gives the "
      "same bits)",
      "path");
  cl::opt<std::string> maxMemory =
      text("max-memory",
           "Memory budget of the values alive at once, e.g. 512M, 8G (default: "
           "3/4 of physical memory; 0: no limit)",
           "size");
  cl::opt<uint64_t> maxSteps = value<uint64_t>(
      "max-steps",
      "Loop iterations (scf.for, scf.while, scf.forall) the run may execute, "
      "so an endless loop is an error naming it (default 10000000; 0: no "
      "limit)",
      10'000'000);
  cl::opt<long long> printLimit = value(
      "print-limit",
      "Print results with at most this many elements in full (0: no limit); "
      "larger ones print a note",
      10000LL);
  cl::opt<bool> quiet = flag("quiet", "Do not print results");
  cl::opt<bool> timing =
      flag("timing", "Print the time of each phase to stderr");
  cl::opt<unsigned> repeat = value<unsigned>(
      "repeat",
      "Execute the entry function this many times in one process, each run "
      "from a fresh interpreter (constants are packed again) on the same "
      "inputs; results, --stats, --stats-json and --dump-op come from the "
      "last run, and --timing adds each run's time (a later run reuses the "
      "memory earlier runs freed, as a framework timed after warm-up does)",
      1u);
  cl::opt<bool> allowUnregistered = flag(
      "allow-unregistered-dialect",
      "Parse ops of unregistered dialects (they cannot run, but a function "
      "that does not reach them can)");
  cl::list<std::string> dumpOps{
      "dump-op",
      cl::desc("Write the operands and results of every execution of the ops "
               "of this name (e.g. systile.mxu_matmul; repeat it or separate "
               "names by commas) into --dump-dir as .npy files, with one "
               "line of DIR/manifest.jsonl per execution (docs/Interpreter.md)"),
      cl::value_desc("op name"), cl::CommaSeparated, cl::cat(category)};
  cl::opt<std::string> dumpDir =
      text("dump-dir",
           "Directory of --dump-op's files (created when missing; an earlier "
           "dump's files in it are replaced)",
           "dir");
  cl::opt<bool> compile = flag(
      "compile",
      "Compile the program (systile-lower-to-llvm, then MLIR's "
      "ExecutionEngine) and run it compiled instead of interpreting it: the "
      "same inputs, outputs, --expect, --stats and --repeat; the JIT's time "
      "is printed by --timing as compile=");
  cl::opt<bool> fuseChains = flag(
      "fuse-mxu-chains",
      "Run a complete mxu_matmul chain as one simulateMatmul call "
      "(bit-identical; off: one simulateMxuBlock call per op, so --dump-op "
      "sees every op's result)",
      true);
};

LogicalResult error(const llvm::Twine &message) { return reportError(message); }

/// The most runs --repeat takes (each run's time is kept for --timing).
constexpr unsigned kMaxRepeat = 100000;

using Clock = std::chrono::steady_clock;
double ms(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

} // namespace

namespace {

/// One run of systile-run: the phases of run(), in order.
class Runner {
public:
  Runner(Options &opts, DialectRegistry &registry, const RunnerConfig &config)
      : opts(opts), config(config),
        context(registry, MLIRContext::Threading::DISABLED) {
    // Diagnostics point at the source line; the generic op dump adds noise.
    context.printOpOnDiagnostic(false);
  }

  LogicalResult run();

private:
  LogicalResult configure();
  LogicalResult configureMatmulKernel();
  LogicalResult parse();
  FailureOr<SmallVector<RtValue>> readFiles(StringRef flag,
                                            ArrayRef<std::string> paths,
                                            TypeRange types, StringRef noun,
                                            bool dense);
  LogicalResult bindInputs();
  LogicalResult readExpectations();
  LogicalResult checkDumpOps();
  LogicalResult execute();
  LogicalResult executeCompiled();
  LogicalResult transform();
  LogicalResult report();
  LogicalResult printStats(const Interpreter &interpreter);
  LogicalResult writeStatsJson(const Interpreter &interpreter);
  Tolerances tolerances() const;

  Options &opts;
  const RunnerConfig &config;
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
  /// The run's memory budget: the inputs, expectations and every value the
  /// interpreter allocates reserve against it.
  MemoryBudgetRef budget;
  SmallVector<RtValue> args;
  SmallVector<DenseValue> expected, reference, results;
  std::unique_ptr<Interpreter> interpreter;
  /// --compile: the JIT-compiled entry, and the time lowering and
  /// compiling it took.
  std::unique_ptr<CompiledEntry> compiledEntry;
  double compileMs = 0;
  std::unique_ptr<OpDump> dump;
  systile::OutputSet staged;
  Clock::time_point start = Clock::now(), parsed, bound, executed;
  /// Each --repeat run's time: interpreter, execution and results.
  SmallVector<double> runTimes;
  /// Compiled: each run's time inside the runtime's C interface, and the
  /// part in matmuls.
  SmallVector<std::pair<double, double>> runtimeTimes;
};

LogicalResult Runner::configureMatmulKernel() {
  if (opts.matmulKernel.empty() || opts.matmulKernel == "auto")
    return success();
  std::string available;
  for (rt::KernelPath path : rt::availableKernelPaths()) {
    if (opts.matmulKernel == rt::toString(path)) {
      interpOptions.matmulKernel = path;
      return success();
    }
    available += std::string(available.empty() ? "" : ", ") +
                 rt::toString(path);
  }
  return error("--matmul-kernel=" + opts.matmulKernel +
               " is not a kernel path of the matmul simulator on this "
               "machine; use auto or one of: " +
               available);
}

LogicalResult Runner::configure() {
  if (opts.threads < 0)
    return error("--threads must be >= 0");
  if (opts.repeat < 1 || opts.repeat > kMaxRepeat)
    return error("--repeat must be in [1, " + std::to_string(kMaxRepeat) +
                 "], got " + std::to_string(opts.repeat));
  if (opts.atol < 0 || opts.rtol < 0)
    return error("--atol and --rtol must be >= 0");
  std::optional<uint64_t> limit = parseMemorySize(opts.maxMemory);
  if (!limit)
    return error("--max-memory='" + opts.maxMemory +
                 "' is not a size (e.g. 512M, 8G, 1073741824, 0 for none)");
  budget = std::make_shared<MemoryBudget>(*limit);
  interpOptions.memoryBudget = budget;
  interpOptions.skipZeroBlocks = opts.skipZeroBlocks;
  interpOptions.threads = opts.threads;
  if (failed(configureMatmulKernel()))
    return failure();
  interpOptions.fuseMxuChains = opts.fuseChains;
  interpOptions.maxSteps = opts.maxSteps;
  if (opts.compile) {
    if (!opts.compareAfter.empty() || !opts.dumpDir.empty() ||
        !opts.statsJson.empty())
      return error("--compile runs the compiled program; --compare-after, "
                   "--dump-op/--dump-dir and --stats-json are interpreter "
                   "options");
    if (!config.lowerToLLVM)
      return error("--compile: this tool has no lowering to LLVM");
  }
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
  // Verified below: systile::verifyInput checks what upstream's verifiers
  // of nested ops trust before running them.
  module = parseSourceFile<ModuleOp>(
      sourceMgr, ParserConfig(&context, /*verifyAfterParse=*/false));
  if (module && failed(systile::verifyInput(*module)))
    module = nullptr;
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

/// Reads the files `paths` of `flag` (--input or --expect) as values of
/// `types`, dense ones when `dense`; `noun` + i names value i in messages.
FailureOr<SmallVector<RtValue>>
Runner::readFiles(StringRef flag, ArrayRef<std::string> paths, TypeRange types,
                  StringRef noun, bool dense) {
  SmallVector<RtValue> values;
  for (auto [i, path] : llvm::enumerate(paths)) {
    std::string where =
        (flag + " #" + llvm::Twine(i + 1) + " (" + path + "): ").str();
    std::string what = (noun + llvm::Twine(i) + " of " + fnName).str();
    llvm::Expected<RtValue> value = readValue(path, types[i], what, budget);
    if (!value)
      return error(where + llvm::toString(value.takeError()));
    if (dense) {
      llvm::Expected<DenseValue> converted = asDense(*value, budget);
      if (!converted)
        return error(where + llvm::toString(converted.takeError()));
      *value = std::move(*converted);
    }
    values.push_back(std::move(*value));
  }
  return values;
}

LogicalResult Runner::bindInputs() {
  auto values = readFiles("--input", opts.inputs,
                          entry.getFunctionType().getInputs(), "argument ",
                          /*dense=*/false);
  if (failed(values))
    return failure();
  args = std::move(*values);
  return success();
}

LogicalResult Runner::readExpectations() {
  auto values = readFiles("--expect", opts.expects,
                          entry.getFunctionType().getResults(), "result #",
                          /*dense=*/true);
  if (failed(values))
    return failure();
  for (const RtValue &value : *values)
    expected.push_back(value.dense());
  bound = Clock::now();
  return success();
}

/// Runs `function` and converts the results to dense values (reserved
/// against `budget`).
FailureOr<SmallVector<DenseValue>> runToDense(Interpreter &interpreter,
                                              func::FuncOp function,
                                              SmallVector<RtValue> args,
                                              const MemoryBudgetRef &budget) {
  auto results = interpreter.runConsuming(function, args);
  if (failed(results))
    return failure();
  SmallVector<DenseValue> dense;
  for (const RtValue &v : *results) {
    llvm::Expected<DenseValue> d = asDense(v, budget);
    if (!d) {
      (void)error("result: " + llvm::toString(d.takeError()));
      return failure();
    }
    dense.push_back(std::move(*d));
  }
  return dense;
}

/// The --compare-after pipeline applied to a clone of the module, with the
/// tool's passes registered first.
LogicalResult Runner::transform() {
  if (config.registerPasses)
    config.registerPasses();
  transformed = module->clone();
  std::string message;
  LogicalResult applied =
      config.transform
          ? config.transform(*transformed, opts.compareAfter, message)
          : runPassPipeline(*transformed, opts.compareAfter, message);
  return failed(applied) ? error(message) : success();
}

/// The function --compile calls for `fn` when it takes or returns tiled
/// values: a new public function of dense tensors of the tiled values'
/// logical shapes, which packs those arguments (as the interpreter packs a
/// tiled argument from its file), calls `fn` and unpacks those results
/// (as the interpreter prints and writes a tiled result). `fn` itself when
/// it has none.
static FailureOr<func::FuncOp> denseEntry(ModuleOp module, func::FuncOp fn,
                                          std::string &message) {
  auto dense = [](Type t) -> Type {
    if (auto tiled = dyn_cast<systile::TiledType>(t))
      return RankedTensorType::get(tiled.getShape(), tiled.getElementType());
    return t;
  };
  FunctionType type = fn.getFunctionType();
  if (llvm::none_of(type.getInputs(), llvm::IsaPred<systile::TiledType>) &&
      llvm::none_of(type.getResults(), llvm::IsaPred<systile::TiledType>))
    return fn;
  SmallVector<Type> inputs = llvm::map_to_vector(type.getInputs(), dense);
  SmallVector<Type> results = llvm::map_to_vector(type.getResults(), dense);
  OpBuilder b(module.getContext());
  Location loc = fn.getLoc();
  // Created detached, then inserted: renamed if the name is taken.
  auto wrapper = func::FuncOp::create(loc, "__systile_dense_entry",
                                      b.getFunctionType(inputs, results));
  SymbolTable(module).insert(wrapper);
  Block *body = wrapper.addEntryBlock();
  b.setInsertionPointToStart(body);
  SmallVector<Value> args;
  for (auto [arg, t] : llvm::zip_equal(body->getArguments(), type.getInputs()))
    args.push_back(isa<systile::TiledType>(t)
                       ? systile::PackOp::create(b, loc, t, arg).getResult()
                       : Value(arg));
  auto call = func::CallOp::create(b, loc, fn, args);
  SmallVector<Value> outs;
  for (auto [v, t] : llvm::zip_equal(call.getResults(), results))
    outs.push_back(isa<systile::TiledType>(v.getType())
                       ? Value(systile::UnpackOp::create(b, loc, t, v))
                       : Value(v));
  func::ReturnOp::create(b, loc, outs);
  fn.setPrivate();
  // A tiled type whose element type pack cannot take (none today) is an
  // error here, not a crash later.
  if (failed(mlir::verify(wrapper))) {
    message = "its tiled arguments or results cannot be packed";
    return failure();
  }
  return wrapper;
}

/// --compile: lowers a clone of the module, JIT-compiles it and runs the
/// entry --repeat times.
LogicalResult Runner::executeCompiled() {
  Clock::time_point compileStart = Clock::now();
  if (config.registerPasses)
    config.registerPasses();
  transformed = module->clone();
  // Only what the entry reaches is compiled, as only the entry is
  // interpreted: another function the lowering refuses (an elided
  // resource, an op with no path to LLVM) does not fail this one. Every
  // other function becomes private, and upstream's symbol-dce drops those
  // no public symbol uses.
  for (func::FuncOp other : transformed->getOps<func::FuncOp>())
    if (other.getSymName() != opts.entryName)
      other.setPrivate();
  PassManager dce(&context);
  dce.addPass(createSymbolDCEPass());
  if (failed(dce.run(*transformed)))
    return error("--compile: dropping the functions " + fnName +
                 " does not call failed");
  auto tiledFn = transformed->lookupSymbol<func::FuncOp>(opts.entryName);
  std::string wrapMessage;
  FailureOr<func::FuncOp> wrapped =
      denseEntry(*transformed, tiledFn, wrapMessage);
  if (failed(wrapped))
    return error("--compile: " + fnName + ": " + wrapMessage);
  func::FuncOp fn = *wrapped;
  // What the lowering is about to rewrite: the name and tensor-level
  // type of the function called.
  const std::string calledName = fn.getSymName().str();
  const FunctionType calledType = fn.getFunctionType();
  fn->setAttr("llvm.emit_c_interface", UnitAttr::get(&context));
  // The entry's tensor arguments are the run's inputs, which --repeat
  // passes again and which may be mapped read-only from their .npy files:
  // One-Shot Bufferize must not write into them (by default a function's
  // arguments are writable, and an op that updates its operand in place,
  // such as a matmul accumulating into its init, would write the input).
  for (unsigned i = 0, e = fn.getNumArguments(); i < e; ++i)
    if (isa<TensorType>(fn.getArgument(i).getType()))
      fn.setArgAttr(i, "bufferization.writable", BoolAttr::get(&context, false));
  std::string message;
  if (failed(config.lowerToLLVM(*transformed, message)))
    return error("--compile: lowering " + fnName + " of '" + opts.inputFile +
                 "' to LLVM failed" +
                 (message.empty() ? std::string() : ": " + message));
  auto compiled =
      CompiledEntry::compile(*transformed, calledName, calledType, budget);
  if (!compiled)
    return error(llvm::toString(compiled.takeError()));
  compiledEntry = std::move(*compiled);
  compileMs = ms(compileStart, Clock::now());
  // The runtime's matmuls run on --threads threads, as the interpreter's.
  systile_set_threads(opts.threads);
  systile_set_max_steps(opts.maxSteps);
  SmallVector<DenseValue> dense;
  for (const RtValue &arg : args) {
    llvm::Expected<DenseValue> d = asDense(arg, budget);
    if (!d)
      return error("--compile: argument: " + llvm::toString(d.takeError()));
    dense.push_back(std::move(*d));
  }
  for (unsigned run = 0; run < opts.repeat; ++run) {
    results.clear();
    Clock::time_point runStart = Clock::now();
    auto ran = compiledEntry->run(dense, budget);
    if (!ran)
      return error("executing " + fnName + " of '" + opts.inputFile +
                   "' compiled failed: " + llvm::toString(ran.takeError()));
    results = std::move(*ran);
    runTimes.push_back(ms(runStart, Clock::now()));
    double matmulMs = 0;
    double callMs = systile_runtime_ms(&matmulMs);
    runtimeTimes.push_back({callMs, matmulMs});
  }
  executed = Clock::now();
  return success();
}

LogicalResult Runner::execute() {
  if (opts.compile)
    return executeCompiled();
  func::FuncOp runEntry = entry;
  if (!opts.compareAfter.empty()) {
    Interpreter before(*module, interpOptions);
    auto results = runToDense(before, entry, args, budget);
    if (failed(results))
      return error("executing " + fnName + " of '" + opts.inputFile +
                   "' (before --compare-after) failed");
    reference = std::move(*results);
    if (failed(transform()))
      return failure();
    runEntry = transformed->lookupSymbol<func::FuncOp>(opts.entryName);
    if (!runEntry || runEntry.getFunctionType() != entry.getFunctionType())
      return error("after --compare-after, " + fnName +
                   " is missing or has a different signature");
  }
  for (unsigned run = 0; run < opts.repeat; ++run) {
    const bool last = run + 1 == opts.repeat;
    // The previous run's results and interpreter go before the next run
    // starts, so runs do not add up against the memory budget.
    results.clear();
    interpreter.reset();
    Clock::time_point runStart = Clock::now();
    // The dump observes the run whose results count: the last one, after
    // --compare-after.
    InterpreterOptions runOptions = interpOptions;
    runOptions.listener = last ? dump.get() : nullptr;
    interpreter = std::make_unique<Interpreter>(
        transformed ? *transformed : *module, runOptions);
    // The last run is handed the inputs: each is freed after its last use.
    // An earlier run shares them, so it never updates one in place.
    auto ran = last ? runToDense(*interpreter, runEntry, std::move(args),
                                 budget)
                    : runToDense(*interpreter, runEntry, args, budget);
    if (last && dump)
      if (llvm::Error e = dump->finish())
        return error("--dump-dir: " + llvm::toString(std::move(e)));
    if (failed(ran))
      return error("executing " + fnName + " of '" + opts.inputFile +
                   "' failed" +
                   (opts.compareAfter.empty() ? ""
                                              : " (after --compare-after)") +
                   (opts.repeat > 1 ? " (run " + std::to_string(run + 1) +
                                          " of --repeat)"
                                    : std::string()));
    results = std::move(*ran);
    runTimes.push_back(ms(runStart, Clock::now()));
  }
  executed = Clock::now();
  return success();
}

LogicalResult Runner::printStats(const Interpreter &interpreter) {
  llvm::raw_ostream &os = llvm::outs();
  rt::UtilizationTotals total;
  for (const MatmulRecord &r : interpreter.matmuls()) {
    os << r.stats.format("utilization") << "\n";
    total.add(r.stats);
  }
  rt::Expected<rt::MatmulStats> sum = total.stats();
  if (!sum)
    return error("--stats: " + sum.error());
  os << sum->format("total") << "\n";
  if (interpreter.layout().overflowed())
    return error("--stats: the layout figures exceed 2^64-1 bytes");
  os << interpreter.layout().format() << "\n";
  return success();
}

/// --stats-json: the figures --stats prints, as one JSON document, staged
/// with the --output files (committed only when the run succeeds).
LogicalResult Runner::writeStatsJson(const Interpreter &interpreter) {
  llvm::json::Array matmuls;
  rt::UtilizationTotals total;
  for (const MatmulRecord &r : interpreter.matmuls()) {
    llvm::json::Object o = systile::utilizationJson(r.stats);
    o["op"] = r.opName;
    systile::addLocationJson(o, r.loc);
    matmuls.push_back(std::move(o));
    total.add(r.stats);
  }
  rt::Expected<rt::MatmulStats> sum = total.stats();
  if (!sum)
    return error("--stats-json: " + sum.error());
  if (interpreter.layout().overflowed())
    return error("--stats-json: the layout figures exceed 2^64-1 bytes");
  llvm::json::Value doc = llvm::json::Object{
      {"matmuls", std::move(matmuls)},
      {"total", systile::utilizationJson(*sum)},
      {"layout", systile::layoutJson(interpreter.layout())}};
  llvm::Expected<systile::OutputFile &> file = staged.add(opts.statsJson);
  if (!file)
    return error(llvm::toString(file.takeError()));
  file->os() << llvm::formatv("{0:2}", doc) << "\n";
  return success();
}

Tolerances Runner::tolerances() const {
  Tolerances t;
  t.maxUlp = opts.maxUlp;
  t.maxUlpGiven = opts.maxUlp.getNumOccurrences() > 0;
  t.atol = opts.atol;
  t.rtol = opts.rtol;
  t.closeGiven = opts.atol.getNumOccurrences() || opts.rtol.getNumOccurrences();
  return t;
}

LogicalResult Runner::report() {
  llvm::raw_ostream &os = llvm::outs();
  FunctionType type = entry.getFunctionType();
  if (!opts.quiet)
    for (auto [i, v] : llvm::enumerate(results)) {
      os << "result #" << i << ": " << resultTypeStr(type.getResult(i), v)
         << " = ";
      printDense(os, v, opts.printLimit,
                 isUnsignedElement(type.getResult(i)));
      os << "\n";
    }
  bool ok = true;
  if (!opts.compareAfter.empty())
    ok &= succeeded(reportCompareAfter(os, results, reference,
                                       opts.compareAfter, tolerances()));
  if (opts.stats && compiledEntry)
    os << compiledEntry->stats();
  else if (opts.stats)
    ok &= succeeded(printStats(*interpreter));
  if (!opts.statsJson.empty())
    ok &= succeeded(writeStatsJson(*interpreter));
  if (dump)
    os << "dump: " << dump->numExecutions() << " execution(s) of "
       << llvm::join(opts.dumpOps, ", ") << " in " << dump->manifestPath()
       << " (" << dump->numFilesWritten() << " .npy files, "
       << formatBytes(dump->numBytesWritten()) << ")\n";
  ok &= succeeded(
      checkExpectations(os, results, expected, opts.expects, tolerances()));
  return success(ok);
}

LogicalResult Runner::run() {
  if (failed(configure()) || failed(parse()) || failed(bindInputs()) ||
      failed(readExpectations()) || failed(checkDumpOps()) ||
      failed(execute()))
    return failure();
  // Outputs are staged before anything is printed and committed only once
  // stdout has been written successfully.
  for (auto [i, path, value] : llvm::enumerate(opts.outputs, results)) {
    llvm::Expected<systile::OutputFile &> file = staged.add(path);
    if (!file)
      return error(llvm::toString(file.takeError()));
    writeNpy(file->os(), value.kind(), value.shape(), value.rawData(),
             isUnsignedElement(entry.getFunctionType().getResult(i)));
  }
  if (failed(report()))
    return failure();
  llvm::outs().flush();
  if (llvm::outs().has_error()) {
    llvm::outs().clear_error();
    return error("cannot write to stdout; no --output file was written");
  }
  if (llvm::Error err = staged.commit())
    return error(llvm::toString(std::move(err)));
  if (opts.timing) {
    auto end = Clock::now();
    // The paths that ran ("none" for a family that did not run).
    auto ran = [](rt::KernelFamily family) {
      rt::Isa isa = rt::lastKernelRun(family);
      return isa == rt::Isa::Auto ? "none" : rt::toString(isa);
    };
    llvm::errs() << llvm::format(
        "timing: parse=%.2fms inputs=%.2fms execute=%.2fms "
        "print+outputs=%.2fms total=%.2fms matmul-kernel=%s "
        "contraction-kernel=%s\n",
        ms(start, parsed), ms(parsed, bound), ms(bound, executed),
        ms(executed, end), ms(start, end),
        ran(rt::KernelFamily::MatmulSimulator),
        ran(rt::KernelFamily::DenseContraction));
    if (compiledEntry) {
      const CompiledEntry::BoundConstants &bound =
          compiledEntry->boundConstants();
      llvm::errs() << llvm::format(
          "timing: compile=%.2fms (lowering and JIT, part of execute) "
          "bound-constants=%lld (%.2f MiB, %lld copied to align them) "
          "zero-constants=%lld (%.2f MiB of zero pages) "
          "upstream-runner-utils=%s\n",
          compileMs, static_cast<long long>(bound.data),
          double(bound.dataBytes) / (1 << 20),
          static_cast<long long>(bound.copies),
          static_cast<long long>(bound.zeros),
          double(bound.zeroBytes) / (1 << 20),
          bound.upstreamRunnerUtils ? "loaded" : "not-needed");
      // Where each run's time went: the runtime's functions (the
      // interpreter's kernels; matmuls among them) and the rest, the
      // compiled code's own.
      llvm::errs() << "timing: runtime-calls=";
      llvm::interleave(
          runtimeTimes, llvm::errs(),
          [](auto t) { llvm::errs() << llvm::format("%.2f", t.first); }, ",");
      llvm::errs() << " matmul-calls=";
      llvm::interleave(
          runtimeTimes, llvm::errs(),
          [](auto t) { llvm::errs() << llvm::format("%.2f", t.second); }, ",");
      llvm::errs() << " (ms per run, inside libsystile_runner_utils)\n";
    }
    if (opts.repeat > 1) {
      llvm::errs() << "timing: runs=";
      llvm::interleave(
          runTimes, llvm::errs(),
          [](double t) { llvm::errs() << llvm::format("%.2f", t); }, ",");
      llvm::errs() << " (ms, --repeat)\n";
    }
  }
  return success();
}

} // namespace

LogicalResult systile::runner::systileRunnerMain(int argc, char **argv,
                                                 DialectRegistry &registry,
                                                 const RunnerConfig &config) {
  // Our -stats, -stats-json and -threads replace LLVM's options of those
  // names.
  auto &registered = cl::getRegisteredOptions();
  for (const char *name : {"stats", "stats-json", "threads"})
    if (auto it = registered.find(name); it != registered.end())
      it->second->removeArgument();
  Options options;
  cl::HideUnrelatedOptions(category);
  if (!cl::ParseCommandLineOptions(
          argc, argv, "systile-run: executes MLIR programs with the systile "
                      "runtime library\n",
          &llvm::errs()))
    return failure();
  Runner runner(options, registry, config);
  return runner.run();
}
