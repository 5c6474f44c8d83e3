//===- Compiled.cpp - systile-run --compile -------------------------------===//
//
// The entry is called through its C interface (`_mlir_ciface_<entry>`, the
// llvm.emit_c_interface wrapper): a memref argument is a pointer to its
// descriptor, a scalar is passed by value, and the results come back in a
// struct of descriptors whose address is the first argument.
//
//===----------------------------------------------------------------------===//

#include "systile/Runner/Compiled.h"
#include "systile/Runner/RunnerSupport.h"
#include "systile/Runtime/Allocation.h"
#include "systile/Runtime/RunnerUtils.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/TargetSelect.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <mutex>
#include <utility>
#include <vector>

using namespace mlir;
using namespace systile;
using namespace systile::runner;
using namespace systile::interp;

#ifndef SYSTILE_MLIR_C_RUNNER_UTILS
#define SYSTILE_MLIR_C_RUNNER_UTILS ""
#endif
#ifndef SYSTILE_MLIR_RUNNER_UTILS
#define SYSTILE_MLIR_RUNNER_UTILS ""
#endif

namespace {

/// The runtime errors of the current run (the C interface's handler).
struct RunErrors {
  std::mutex mutex;
  std::string first;
  static void handle(const char *message, void *context) {
    auto *self = static_cast<RunErrors *>(context);
    std::lock_guard<std::mutex> lock(self->mutex);
    if (self->first.empty())
      self->first = message;
  }
};

/// A failed run-time check of the compiled code (a poison result, a failed
/// cf.assert): the generated code cannot go on, so the run ends here with
/// the check's message, exit status 1. Nothing has been written yet (the
/// outputs are written after the call); _Exit, since the JIT's frames
/// cannot be unwound and the heap holds the run's buffers.
void checkFailed(const char *message, void *) {
  (void)systile::runner::reportError(llvm::Twine("--compile: ") + message);
  llvm::errs().flush();
  std::fflush(nullptr);
  std::_Exit(1);
}

/// The compiled program's heap: memref.alloc lowers to malloc and its
/// deallocation to free, which the JIT binds to these two, so that the
/// program's buffers are reserved against the run's --max-memory budget as
/// the interpreter's values are. A refused or failed allocation ends the
/// run like a failed check (the generated code cannot go on without its
/// buffer), naming the site the generated code gave (systile_alloc_site).
struct CompiledHeap {
  std::mutex mutex;
  /// The run's budget (null: outside a run, or no budget).
  MemoryBudget *budget = nullptr;
  /// The bytes reserved for each live buffer of the program.
  llvm::DenseMap<void *, uint64_t> reserved;
};

CompiledHeap &compiledHeap() {
  static CompiledHeap heap;
  return heap;
}

std::string allocationSite() {
  const char *site = systile_alloc_site();
  return site && *site ? site : "a buffer of the compiled program";
}

void *compiledMalloc(size_t bytes) {
  CompiledHeap &heap = compiledHeap();
  std::unique_lock<std::mutex> lock(heap.mutex);
  if (heap.budget)
    if (llvm::Error e = heap.budget->reserve(bytes, allocationSite())) {
      lock.unlock();
      checkFailed(llvm::toString(std::move(e)).c_str(), nullptr);
    }
  void *p = std::malloc(bytes);
  if (!p && bytes) {
    if (heap.budget)
      heap.budget->release(bytes);
    lock.unlock();
    checkFailed((allocationSite() + " needs " + formatBytes(bytes) +
                 ", which this machine cannot allocate")
                    .c_str(),
                nullptr);
  }
  if (heap.budget && p)
    heap.reserved[p] = bytes;
  return p;
}

/// LLVM may turn a malloc whose memory is then zeroed into calloc.
void *compiledCalloc(size_t count, size_t size) {
  size_t bytes;
  if (__builtin_mul_overflow(count, size, &bytes))
    checkFailed((allocationSite() + " needs " + std::to_string(count) +
                 " elements of " + std::to_string(size) +
                 " bytes, more than the address space")
                    .c_str(),
                nullptr);
  void *p = compiledMalloc(bytes);
  if (p)
    std::memset(p, 0, bytes);
  return p;
}

void compiledFree(void *p) {
  if (!p)
    return;
  CompiledHeap &heap = compiledHeap();
  {
    std::lock_guard<std::mutex> lock(heap.mutex);
    auto it = heap.reserved.find(p);
    if (it != heap.reserved.end()) {
      if (heap.budget)
        heap.budget->release(it->second);
      heap.reserved.erase(it);
    }
  }
  std::free(p);
}

using RuntimeBindings = std::vector<std::pair<const char *, const void *>>;

/// The C interface's entry points, each with its address, bound by name in
/// the JIT.
RuntimeBindings makeRuntimeBindings() {
  RuntimeBindings list;
  auto bind = [&](const char *name, auto *fn) {
    list.emplace_back(name, reinterpret_cast<const void *>(fn));
  };
#define SYSTILE_BIND(name) bind(#name, &name);
#define SYSTILE_BIND_TYPES(prefix)                                             \
  SYSTILE_BIND(prefix##f32)                                                    \
  SYSTILE_BIND(prefix##bf16)                                                   \
  SYSTILE_BIND(prefix##f64) SYSTILE_BIND(prefix##i8) SYSTILE_BIND(prefix##i32)
  SYSTILE_BIND_TYPES(_mlir_ciface_systile_pack_)
  SYSTILE_BIND_TYPES(_mlir_ciface_systile_unpack_)
  SYSTILE_BIND_TYPES(_mlir_ciface_systile_broadcast_)
  SYSTILE_BIND_TYPES(_mlir_ciface_systile_splat_)
  SYSTILE_BIND_TYPES(_mlir_ciface_systile_fill_padding_)
  SYSTILE_BIND_TYPES(_mlir_ciface_systile_relayout_)
  SYSTILE_BIND(_mlir_ciface_systile_matmul_f32_f32)
  SYSTILE_BIND(_mlir_ciface_systile_matmul_f32_bf16)
  SYSTILE_BIND(_mlir_ciface_systile_matmul_bf16_f32)
  SYSTILE_BIND(_mlir_ciface_systile_matmul_bf16_bf16)
  SYSTILE_BIND(_mlir_ciface_systile_matmul_i8_i8)
  SYSTILE_BIND(_mlir_ciface_systile_check_failed)
  SYSTILE_BIND(_mlir_ciface_systile_loop_step)
  SYSTILE_BIND(_mlir_ciface_systile_call_enter)
  SYSTILE_BIND(_mlir_ciface_systile_call_leave)
  SYSTILE_BIND(_mlir_ciface_systile_tanh_f32)
  SYSTILE_BIND(_mlir_ciface_systile_truncf)
  SYSTILE_BIND(systile_truncf_f64_f32)
  SYSTILE_BIND(systile_truncf_f64_bf16)
  SYSTILE_BIND(systile_truncf_f64_f16)
  SYSTILE_BIND(systile_truncf_f32_bf16)
  SYSTILE_BIND(systile_truncf_f32_f16)
  SYSTILE_BIND(_mlir_ciface_systile_extf)
  SYSTILE_BIND(_mlir_ciface_systile_quantize)
  SYSTILE_BIND(_mlir_ciface_systile_dequantize)
  SYSTILE_BIND(_mlir_ciface_systile_reduce_f32)
  SYSTILE_BIND(_mlir_ciface_systile_reduce_f64)
  SYSTILE_BIND(_mlir_ciface_systile_reduce_i32)
  SYSTILE_BIND(_mlir_ciface_systile_alloc_site)
  SYSTILE_BIND(systile_print_stats)
  SYSTILE_BIND(systile_format_stats)
  SYSTILE_BIND(systile_reset_stats)
#undef SYSTILE_BIND_TYPES
#undef SYSTILE_BIND
  bind("malloc", &compiledMalloc);
  bind("calloc", &compiledCalloc);
  bind("free", &compiledFree);
  return list;
}

const RuntimeBindings &runtimeBindings() {
  static const RuntimeBindings bindings = makeRuntimeBindings();
  return bindings;
}

llvm::orc::SymbolMap runtimeSymbols(llvm::orc::MangleAndInterner interner) {
  llvm::orc::SymbolMap map;
  for (const auto &[name, address] : runtimeBindings())
    map[interner(name)] = {llvm::orc::ExecutorAddr::fromPtr(address),
                           llvm::JITSymbolFlags::Exported};
  return map;
}

/// Whether `type` is or holds bf16 or f16.
bool holdsHalf(Type type) {
  bool found = false;
  type.walk([&](Type t) { found |= isa<BFloat16Type, Float16Type>(t); });
  return found;
}

/// Whether the lowered module may need libmlir_c_runner_utils or
/// libmlir_runner_utils: it calls a function that neither the runtime's
/// C interface nor the process (the C library, libm, libgcc) defines, one
/// of the helpers upstream's lowering may call (memrefCopy,
/// printMemrefF32, ...), or it computes with bf16 or f16 values, for
/// which LLVM's code generator may call conversion helpers
/// (__truncsfbf2, __truncdfhf2, ...) that only libmlir_float16_utils,
/// which those libraries load, defines here. Debian builds them against
/// libMLIR.so and libLLVM.so, so loading them costs about 30 ms and 80 MB
/// and a second copy of LLVM in the process: they are loaded only for a
/// program that may need them.
bool needsUpstreamRunnerUtils(ModuleOp module) {
  bool half = false;
  module.walk([&](Operation *op) {
    half = llvm::any_of(op->getResultTypes(), holdsHalf) ||
           llvm::any_of(op->getRegions(), [](Region &region) {
             return llvm::any_of(region.getArgumentTypes(), holdsHalf);
           });
    return half ? WalkResult::interrupt() : WalkResult::advance();
  });
  if (half)
    return true;
  llvm::StringSet<> bound;
  for (const auto &binding : runtimeBindings())
    bound.insert(binding.first);
  std::string error;
  llvm::sys::DynamicLibrary process =
      llvm::sys::DynamicLibrary::getPermanentLibrary(nullptr, &error);
  for (auto fn : module.getOps<LLVM::LLVMFuncOp>()) {
    if (!fn.isExternal() || fn.getName().starts_with("llvm.") ||
        bound.contains(fn.getName()))
      continue;
    if (!process.isValid() ||
        !process.getAddressOfSymbol(fn.getName().str().c_str()))
      return true;
  }
  return false;
}

/// Constant globals of at least this many bytes are bound to memory of
/// the process instead of being compiled.
constexpr size_t kBoundConstantBytes = 64 * 1024;

/// What bindLargeConstants made external: each name with its bytes (null:
/// the zeros), and the size of the largest zero constant.
struct Bindings {
  std::vector<std::pair<std::string, const void *>> names;
  size_t zeroBytes = 0;
  /// Aligned copies of bytes that were not (and the zero pages).
  std::vector<std::shared_ptr<const void>> memory;
  CompiledEntry::BoundConstants counts;
};

/// The large constant globals of `module` (LLVM dialect) become external
/// declarations, renamed apart, bound when the JIT links: one whose value
/// is dense data the MLIRContext holds (a weight, a packed
/// `systile.constant`) to those bytes (to a 64-byte aligned copy of them
/// when they are not so aligned), and an all-zero splat (a matmul's zero
/// accumulator) to a read-only mapping of zero pages. LLVM then
/// neither translates their data nor emits it into the object, the
/// process holds one copy of each weight instead of several, and zeros
/// cost no memory; the compiled code reads the same values. Other splats
/// stay globals.
Bindings bindLargeConstants(ModuleOp module, const MemoryBudgetRef &budget) {
  Bindings bound;
  unsigned next = 0;
  for (auto global : module.getOps<LLVM::GlobalOp>()) {
    if (!global.getConstant())
      continue;
    auto dense =
        dyn_cast_if_present<DenseIntOrFPElementsAttr>(global.getValueAttr());
    if (!dense)
      continue;
    // Elements of 1, 2, 4 or 8 bytes, which MLIR and LLVM both store
    // packed (an i24 takes 3 bytes in the attribute and 4 in LLVM's array;
    // an i1 a bit or a byte).
    Type element = dense.getElementType();
    unsigned bits = element.isIntOrFloat() ? element.getIntOrFloatBitWidth() : 0;
    if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
      continue;
    size_t elementBytes = bits / 8;
    size_t bytes = elementBytes * size_t(dense.getNumElements());
    ArrayRef<char> raw = dense.getRawData();
    if (bytes < kBoundConstantBytes)
      continue;
    const void *data = nullptr;
    bool copy = false;
    if (dense.isSplat()) {
      if (llvm::any_of(raw, [](char c) { return c != 0; }))
        continue;
    } else {
      if (raw.size() != bytes ||
          reinterpret_cast<uintptr_t>(raw.data()) % elementBytes != 0)
        continue;
      data = raw.data();
      // The matmul kernels read a weight's storage in place, and lines it
      // straddles cost them about a tenth of their speed: a copy, once,
      // where the attribute's bytes are not 64-byte aligned (the global's
      // were).
      copy = reinterpret_cast<uintptr_t>(data) % 64 != 0;
    }
    std::string name;
    do
      name = "__systile_bound_constant_" + std::to_string(next++);
    while (SymbolTable::lookupSymbolIn(module, name));
    if (failed(SymbolTable::replaceAllSymbolUses(
            global, StringAttr::get(module.getContext(), name), module)))
      continue;
    global.setSymName(name);
    global.setLinkage(LLVM::Linkage::External);
    global.removeValueAttr();
    // The copy is held to --max-memory; past it the bytes are bound as
    // they are.
    uint64_t rounded = (bytes + 63) / 64 * 64;
    if (copy && (!budget || !errorToBool(budget->reserve(
                                rounded, "an aligned copy of a constant")))) {
      if (void *aligned = std::aligned_alloc(64, rounded)) {
        std::memcpy(aligned, data, bytes);
        bound.memory.emplace_back(aligned, [budget, rounded](void *p) {
          std::free(p);
          if (budget)
            budget->release(rounded);
        });
        data = aligned;
        ++bound.counts.copies;
      } else if (budget) {
        budget->release(rounded);
      }
    }
    // Copies and zero pages keep the global's alignment; bytes bound as
    // they are are aligned to their element only.
    if (data && reinterpret_cast<uintptr_t>(data) % 64 != 0)
      global.removeAlignmentAttr();
    bound.names.push_back({name, data});
    if (!data) {
      bound.zeroBytes = std::max(bound.zeroBytes, bytes);
      ++bound.counts.zeros;
      bound.counts.zeroBytes += static_cast<int64_t>(bytes);
    } else {
      ++bound.counts.data;
      bound.counts.dataBytes += static_cast<int64_t>(bytes);
    }
  }
  return bound;
}

/// LLVM's default O2 pipeline for the host, without loop unrolling. The
/// element-wise loops are still vectorized; unrolling them in full made
/// Loop Strength Reduction, in code generation, the larger part of the
/// JIT's time (0.35 s of a GPT-2 block's 0.67 s in llc) for no measurable
/// gain in the run.
llvm::Error optimizeModule(llvm::Module *m, llvm::TargetMachine *target) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PipelineTuningOptions tuning;
  tuning.LoopUnrolling = false;
  tuning.LoopInterleaving = true;
  tuning.LoopVectorization = true;
  tuning.SLPVectorization = true;
  llvm::PassBuilder pb(target, tuning);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::ModulePassManager mpm =
      pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O2);
  mpm.run(*m, mam);
  return llvm::Error::success();
}

/// A ranked memref descriptor: allocated, aligned, offset, sizes, strides.
std::vector<int64_t> descriptor(const void *data, ArrayRef<int64_t> shape) {
  std::vector<int64_t> d(3 + 2 * shape.size());
  d[0] = d[1] = static_cast<int64_t>(reinterpret_cast<uintptr_t>(data));
  d[2] = 0;
  int64_t stride = 1;
  for (int64_t i = static_cast<int64_t>(shape.size()) - 1; i >= 0; --i) {
    d[3 + i] = shape[i];
    d[3 + shape.size() + i] = stride;
    stride *= shape[i];
  }
  return d;
}

} // namespace

CompiledEntry::~CompiledEntry() = default;

llvm::Expected<std::unique_ptr<CompiledEntry>>
CompiledEntry::compile(ModuleOp module, StringRef entry, FunctionType type,
                       const MemoryBudgetRef &budget) {
  for (Type t : type.getResults())
    if (isa<UnrankedTensorType>(t) ||
        !getElementKind(getElementTypeOrSelf(t)) ||
        (!isa<RankedTensorType>(t) && !t.isIntOrIndexOrFloat()))
      return llvm::createStringError(
          "--compile: the entry's results must be ranked tensors or scalars "
          "of a supported element type, got " +
          [&] {
            std::string s;
            llvm::raw_string_ostream os(s);
            os << t;
            return s;
          }());
  for (Type t : type.getInputs())
    if (!getElementKind(getElementTypeOrSelf(t)) ||
        (!isa<RankedTensorType>(t) && !t.isIntOrIndexOrFloat()))
      return llvm::createStringError(
          "--compile: the entry's arguments must be ranked tensors or "
          "scalars of a supported element type");
  static std::once_flag targets;
  std::call_once(targets, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
  DialectRegistry registry;
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  module->getContext()->appendDialectRegistry(registry);

  // The host's target machine, for the optimizer as for code generation:
  // without it LLVM's cost models know no vector registers and the
  // element-wise loops stay scalar. (Vectorizing them reorders nothing:
  // the lowered IR carries no fast-math flags.)
  auto host = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!host)
    return llvm::createStringError("--compile: " +
                                   llvm::toString(host.takeError()));
  auto optimizerTarget = host->createTargetMachine();
  if (!optimizerTarget)
    return llvm::createStringError(
        "--compile: " + llvm::toString(optimizerTarget.takeError()));
  ExecutionEngineOptions options;
  llvm::TargetMachine *target = optimizerTarget->get();
  std::function<llvm::Error(llvm::Module *)> optimize =
      [target](llvm::Module *m) { return optimizeModule(m, target); };
  options.transformer = optimize;
  options.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Default;
  SmallVector<StringRef, 2> libs;
  const bool upstreamUtils = needsUpstreamRunnerUtils(module);
  if (upstreamUtils)
    for (StringRef lib :
         {SYSTILE_MLIR_C_RUNNER_UTILS, SYSTILE_MLIR_RUNNER_UTILS})
      if (!lib.empty() && llvm::sys::fs::exists(lib))
        libs.push_back(lib);
  options.sharedLibPaths = libs;
  Bindings constants = bindLargeConstants(module, budget);
  // Zero pages, never written: reading them maps the kernel's zero page.
  const void *zeros = nullptr;
  if (constants.zeroBytes) {
    rt::Expected<std::shared_ptr<const void>> map =
        rt::mapZeros(constants.zeroBytes);
    if (!map)
      return llvm::createStringError(
          "--compile: the program's zero constants: " + map.error());
    zeros = map->get();
    constants.memory.push_back(std::move(*map));
  }
  auto engine = ExecutionEngine::create(module, options);
  if (!engine)
    return llvm::createStringError("--compile: " +
                                   llvm::toString(engine.takeError()));
  (*engine)->registerSymbols([&](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap map = runtimeSymbols(interner);
    for (const auto &[name, bytes] : constants.names)
      map[interner(name)] = {
          llvm::orc::ExecutorAddr::fromPtr(bytes ? bytes : zeros),
          llvm::JITSymbolFlags::Exported};
    return map;
  });
  std::unique_ptr<CompiledEntry> compiled(new CompiledEntry());
  compiled->engine = std::move(*engine);
  compiled->boundMemory = std::move(constants.memory);
  compiled->bound = constants.counts;
  compiled->bound.upstreamRunnerUtils = !libs.empty();
  compiled->name = ("_mlir_ciface_" + entry).str();
  compiled->type = type;
  if (auto fn = compiled->engine->lookupPacked(compiled->name); !fn)
    return llvm::createStringError("--compile: " +
                                   llvm::toString(fn.takeError()));
  return compiled;
}

/// The bytes of a scalar of `type` in an LLVM struct (i1 takes a byte,
/// index eight).
static size_t scalarBytes(Type type) {
  if (type.isIndex())
    return 8;
  return std::max<size_t>(1, (type.getIntOrFloatBitWidth() + 7) / 8);
}

llvm::Expected<SmallVector<DenseValue>>
CompiledEntry::run(ArrayRef<DenseValue> args, const MemoryBudgetRef &budget) {
  // Where each result lies in what the C interface returns: a struct of the
  // results (descriptors: 8-byte fields; scalars: naturally aligned) whose
  // address is the first argument; a single scalar result is returned by
  // value instead, into the slot after the arguments.
  ArrayRef<Type> resultTypes = type.getResults();
  const bool byValue =
      resultTypes.size() == 1 && !isa<RankedTensorType>(resultTypes[0]);
  SmallVector<size_t> offsets;
  size_t size = 0;
  for (Type t : resultTypes) {
    size_t bytes, align;
    if (auto tensor = dyn_cast<RankedTensorType>(t)) {
      bytes = 8 * (3 + 2 * tensor.getRank());
      align = 8;
    } else {
      bytes = align = scalarBytes(t);
    }
    size = (size + align - 1) / align * align;
    offsets.push_back(size);
    size += bytes;
  }
  std::vector<int64_t> results((size + 7) / 8 + 1);
  char *resultBytes = reinterpret_cast<char *>(results.data());
  void *resultAddress = resultBytes;
  std::vector<std::vector<int64_t>> descriptors;
  std::vector<void *> pointers; // what each packed slot points at
  std::vector<void *> packed;
  pointers.reserve(args.size() + 1);
  if (!resultTypes.empty() && !byValue)
    packed.push_back(&resultAddress);
  descriptors.reserve(args.size());
  for (auto [value, t] : llvm::zip_equal(args, type.getInputs())) {
    if (isa<RankedTensorType>(t)) {
      descriptors.push_back(descriptor(value.rawData(), value.shape()));
      pointers.push_back(descriptors.back().data());
      packed.push_back(&pointers.back());
    } else {
      // A scalar, by value: the slot points at its bytes.
      packed.push_back(const_cast<void *>(value.rawData()));
    }
  }
  if (byValue)
    packed.push_back(resultBytes);
  RunErrors errors;
  systile_set_error_handler(&RunErrors::handle, &errors);
  systile_set_check_handler(&checkFailed, nullptr);
  systile_reset_stats();
  {
    std::lock_guard<std::mutex> lock(compiledHeap().mutex);
    compiledHeap().budget = budget.get();
  }
  // Until the returned buffers are freed, below.
  llvm::scope_exit endHeap([&] {
    CompiledHeap &heap = compiledHeap();
    std::lock_guard<std::mutex> lock(heap.mutex);
    if (heap.budget)
      for (auto &[p, bytes] : heap.reserved)
        heap.budget->release(bytes);
    heap.reserved.clear();
    heap.budget = nullptr;
  });
  llvm::Error called = engine->invokePacked(name, packed);
  systile_set_error_handler(nullptr, nullptr);
  systile_set_check_handler(nullptr, nullptr);
  if (called)
    return llvm::createStringError("--compile: " +
                                   llvm::toString(std::move(called)));
  if (!errors.first.empty())
    return llvm::createStringError("--compile: the runtime failed: " +
                                   errors.first);
  // The returned buffers belong to the caller: each is freed once its
  // contents are copied out, so that --repeat does not keep every run's
  // results. Only what the compiled code allocated (memref.alloc lowers to
  // malloc): not a global's (MLIR's lowering of memref.get_global gives
  // the allocated pointer 0xdeadbeef), not an argument's (a result may be
  // an argument or a view of one), and once when two results share one.
  // Freed after every result is copied (two results may share a buffer).
  llvm::SmallPtrSet<void *, 8> released;
  auto releaseResult = [&](void *allocated) {
    if (!allocated ||
        allocated == reinterpret_cast<void *>(uintptr_t(0xdeadbeef)))
      return;
    for (const std::vector<int64_t> &arg : descriptors)
      if (reinterpret_cast<void *>(static_cast<uintptr_t>(arg[0])) ==
          allocated)
        return;
    released.insert(allocated);
  };
  llvm::scope_exit freeResults([&] {
    for (void *p : released)
      compiledFree(p);
  });
  SmallVector<DenseValue> out;
  for (auto [t, offset] : llvm::zip_equal(resultTypes, offsets)) {
    ElementKind kind = *getElementKind(getElementTypeOrSelf(t));
    auto tensor = dyn_cast<RankedTensorType>(t);
    if (!tensor) {
      auto value = DenseValue::allocate(kind, {}, /*zero=*/true, budget);
      if (!value)
        return value.takeError();
      std::memcpy(const_cast<void *>(value->rawData()), resultBytes + offset,
                  std::min(elementSize(kind), scalarBytes(t)));
      out.push_back(std::move(*value));
      continue;
    }
    const int64_t rank = tensor.getRank();
    int64_t d[3 + 2 * 16];
    if (rank > 16)
      return llvm::createStringError("--compile: a result of rank " +
                                     std::to_string(rank) +
                                     " (at most 16 are read back)");
    std::memcpy(d, resultBytes + offset, 8 * (3 + 2 * rank));
    SmallVector<int64_t> shape(d + 3, d + 3 + rank);
    auto value = DenseValue::allocate(kind, shape, /*zero=*/false, budget);
    if (!value)
      return value.takeError();
    // Copy along the strides (a result may be a view): whole rows of the
    // innermost dimension at a time when it is contiguous.
    const size_t bytes = elementSize(kind);
    const char *base = reinterpret_cast<const char *>(
                           static_cast<uintptr_t>(d[1])) +
                       d[2] * bytes;
    char *dst = static_cast<char *>(const_cast<void *>(value->rawData()));
    const int64_t n = value->numElements();
    const int64_t *strides = d + 3 + rank;
    const int64_t inner = rank == 0 ? 1 : shape[rank - 1];
    const bool rows = rank == 0 || inner <= 1 || strides[rank - 1] == 1;
    const int64_t step = rows ? std::max<int64_t>(inner, 1) : 1;
    for (int64_t i = 0; i < n; i += step) {
      int64_t rem = i, at = 0;
      for (int64_t k = rank - 1; k >= 0; --k) {
        at += (rem % shape[k]) * strides[k];
        rem /= shape[k];
      }
      std::memcpy(dst + i * bytes, base + at * bytes, step * bytes);
    }
    out.push_back(std::move(*value));
    releaseResult(reinterpret_cast<void *>(static_cast<uintptr_t>(d[0])));
  }
  return out;
}

std::string CompiledEntry::stats() const { return systile_format_stats(); }
