//===- Interpreter.cpp - Frames, calls, regions and dispatch --------------===//
//
// The interpreter core. It knows no op: every op runs through its
// ExecutableOpInterface model. What it does know is the structure of the
// program: one frame per call, regions run block by block (one block per
// region), terminators hand their operands back to the op that ran the
// region, and values are released after their last use so that memory
// stays bounded and a consumer may update a dead operand in place. An
// ExecutionListener (InterpreterOptions::listener) sees every op executed,
// with its operands and results.
//
//===----------------------------------------------------------------------===//

#include "systile/Interpreter/Interpreter.h"
#include "systile/Support/Stack.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/ScopeExit.h"

using namespace mlir;
using namespace systile::interp;

#include "systile/Interpreter/ExecutableOpInterface.cpp.inc"

//===----------------------------------------------------------------------===//
// ExecContext helpers
//===----------------------------------------------------------------------===//

ExecContext::~ExecContext() = default;
ExecutionListener::~ExecutionListener() = default;

FailureOr<DenseValue> ExecContext::allocate(Operation *op, ElementKind kind,
                                            ArrayRef<int64_t> shape,
                                            bool zero) {
  llvm::Expected<DenseValue> v =
      DenseValue::allocate(kind, shape, zero, options().memoryBudget);
  if (!v)
    return fail(op, v.takeError());
  return std::move(*v);
}

LogicalResult ExecContext::fail(Operation *op, llvm::Error error) {
  return ExecContext::opError(op) << ": " << llvm::toString(std::move(error));
}

FailureOr<ElementKind> ExecContext::kindOf(Operation *op, Type type) {
  Type element = getElementTypeOrSelf(type);
  if (std::optional<ElementKind> kind = getElementKind(element))
    return *kind;
  return ExecContext::opError(op)
         << " on element type " << element
         << " is not supported by systile-run (it computes "
            "with i1, i8, i16, i32, i64 (of any signedness), index, bf16, f16, "
            "f32 and f64)";
}


//===----------------------------------------------------------------------===//
// Liveness of a block
//===----------------------------------------------------------------------===//

namespace {
/// For one block: which values defined in it (arguments and results of its
/// ops) die after which of its ops. A value used inside a nested region is
/// used by the ancestor op in this block.
struct BlockPlan {
  llvm::DenseMap<Operation *, SmallVector<Value, 2>> releaseAfter;
  llvm::DenseMap<Value, Operation *> lastUser;

  explicit BlockPlan(Block &block) {
    auto note = [&](Value v, Operation *definer) {
      Operation *last = definer;
      for (Operation *user : v.getUsers()) {
        Operation *inBlock = block.findAncestorOpInBlock(*user);
        if (inBlock && (!last || last->isBeforeInBlock(inBlock)))
          last = inBlock;
      }
      if (!last)
        return; // An unused block argument: the caller keeps it.
      lastUser[v] = last;
      releaseAfter[last].push_back(v);
    };
    for (BlockArgument arg : block.getArguments())
      note(arg, nullptr);
    for (Operation &op : block)
      for (Value result : op.getResults())
        note(result, &op);
  }
};

using Frame = llvm::DenseMap<Value, RtValue>;

/// The shape of a value as its type would have it: dynamic dimensions
/// must match anything.
bool matchesType(const RtValue &value, Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    if (!value.isDense() || value.dense().rank() != tensor.getRank())
      return false;
    for (auto [have, want] : llvm::zip(value.dense().shape(), tensor.getShape()))
      if (!ShapedType::isDynamic(want) && have != want)
        return false;
    return getElementKind(tensor.getElementType()) == value.kind();
  }
  if (value.isTiled()) // A tiled type; its verifier fixed everything else.
    return !type.isIntOrIndexOrFloat() && !isa<FunctionType>(type);
  if (value.isFunction())
    return isa<FunctionType>(type);
  return value.isDense() && value.dense().rank() == 0 &&
         getElementKind(type) == value.kind();
}
} // namespace

//===----------------------------------------------------------------------===//
// The core
//===----------------------------------------------------------------------===//

class Interpreter::Impl final : public ExecContext {
public:
  Impl(ModuleOp module, InterpreterOptions options)
      : module(module), opts(options) {}

  FailureOr<SmallVector<RtValue>> callFunction(func::FuncOp function,
                                               ArrayRef<RtValue> args,
                                               Operation *caller) {
    SmallVector<RtValue> copy(args.begin(), args.end());
    return callFunctionConsuming(function, copy, caller);
  }
  /// Moves `args` into the callee's frame (the caller keeps whatever other
  /// references it holds).
  FailureOr<SmallVector<RtValue>>
  callFunctionConsuming(func::FuncOp function, MutableArrayRef<RtValue> args,
                        Operation *caller);

  // ExecContext.
  const RtValue &lookup(Value v) const override {
    return frames.back().find(v)->second;
  }
  void bind(Value v, RtValue value) override {
    frames.back()[v] = std::move(value);
  }
  bool isLastUse(OpOperand &operand) const override;
  RtValue take(OpOperand &operand) override;
  FailureOr<SmallVector<RtValue>>
  runRegionConsuming(Region &region, MutableArrayRef<RtValue> args) override;
  FailureOr<SmallVector<RtValue>> call(func::FuncOp callee,
                                       ArrayRef<RtValue> args,
                                       Operation *caller) override {
    return callFunction(callee, args, caller);
  }
  LogicalResult countIteration(Operation *loop, uint64_t iteration) override;
  const InterpreterOptions &options() const override { return opts; }
  void recordMatmul(MatmulRecord record) override {
    records.push_back(std::move(record));
  }
  LayoutStats &layoutStats() override { return layout; }
  void resetNotes() { callNotes = 0; }

  ModuleOp module;
  InterpreterOptions opts;
  SmallVector<MatmulRecord> records;
  LayoutStats layout;

protected:
  std::shared_ptr<void> &cacheSlot(Operation *op, const void *key) override {
    return cache[{op, key}];
  }

private:
  LogicalResult execute(Operation &op, const BlockPlan &plan);
  /// The values of `values` in the current frame (null: not bound).
  SmallVector<const RtValue *, 4> boundValues(ValueRange values) const;
  FailureOr<SmallVector<RtValue>> enterFunction(func::FuncOp function,
                                                MutableArrayRef<RtValue> args,
                                                Operation *caller);
  const BlockPlan &planOf(Block &block) {
    std::unique_ptr<BlockPlan> &plan = plans[&block];
    if (!plan)
      plan = std::make_unique<BlockPlan>(block);
    return *plan;
  }

  SmallVector<Frame, 8> frames;
  llvm::DenseMap<Block *, std::unique_ptr<BlockPlan>> plans;
  llvm::DenseMap<std::pair<Operation *, const void *>, std::shared_ptr<void>>
      cache;
  /// "called from here" notes attached to the current failure.
  unsigned callNotes = 0;
  /// Loop iterations executed in this run (InterpreterOptions::maxSteps).
  uint64_t steps = 0;
  /// Regions being executed, innermost last (for the stack check's message).
  unsigned regionDepth = 0;
};

/// The stack a region's execution may use before the core checks again:
/// the deepest an op's model goes without entering a region (kernels,
/// copies, diagnostics), with a wide margin.
constexpr size_t kMinStackBytes = size_t(1) << 20;

LogicalResult Interpreter::Impl::countIteration(Operation *loop,
                                                uint64_t iteration) {
  if (opts.maxSteps == 0 || ++steps <= opts.maxSteps)
    return success();
  return loop->emitError()
         << "'" << loop->getName() << "' ran out of steps in its iteration "
         << iteration << ": the run has executed " << opts.maxSteps
         << " loop iterations, its limit (systile-run --max-steps; 0 for "
            "none)";
}

bool Interpreter::Impl::isLastUse(OpOperand &operand) const {
  Operation *owner = operand.getOwner();
  Value v = operand.get();
  Block *block = owner->getBlock();
  if (v.getParentBlock() != block)
    return false;
  auto planIt = plans.find(block);
  if (planIt == plans.end() || planIt->second->lastUser.lookup(v) != owner)
    return false;
  // Used once by the owner itself (not twice, not in its regions).
  unsigned uses = 0;
  for (OpOperand &use : v.getUses())
    if (use.getOwner() == owner)
      ++uses;
    else if (owner->isAncestor(use.getOwner()))
      return false;
  return uses == 1;
}

RtValue Interpreter::Impl::take(OpOperand &operand) {
  Frame &frame = frames.back();
  auto it = frame.find(operand.get());
  if (!isLastUse(operand))
    return it->second;
  RtValue v = std::move(it->second);
  frame.erase(it);
  return v;
}

SmallVector<const RtValue *, 4>
Interpreter::Impl::boundValues(ValueRange values) const {
  SmallVector<const RtValue *, 4> bound;
  const Frame &frame = frames.back();
  for (Value v : values) {
    auto it = frame.find(v);
    bool present = it != frame.end() &&
                   (it->second.isDense() || it->second.isTiled() ||
                    it->second.isFunction());
    bound.push_back(present ? &it->second : nullptr);
  }
  return bound;
}

LogicalResult Interpreter::Impl::execute(Operation &op, const BlockPlan &plan) {
  auto model = dyn_cast<ExecutableOpInterface>(&op);
  if (!model)
    return op.emitError() << "no execution model for '" << op.getName()
                          << "' (systile-run cannot execute it)";
  ExecutionListener *listener = opts.listener;
  unsigned depth = frames.size();
  if (listener && failed(listener->beforeExecute(
                      &op, boundValues(op.getOperands()), depth)))
    return failure();
  if (failed(model.execute(*this))) {
    if (listener)
      listener->executeFailed(&op);
    return failure();
  }
  if (listener && failed(listener->afterExecute(
                      &op, boundValues(op.getResults()), depth)))
    return failure();
  auto dead = plan.releaseAfter.find(&op);
  if (dead != plan.releaseAfter.end())
    for (Value v : dead->second)
      frames.back().erase(v);
  return success();
}

FailureOr<SmallVector<RtValue>>
Interpreter::Impl::runRegionConsuming(Region &region,
                                      MutableArrayRef<RtValue> args) {
  // Regions and calls recurse on the stack: refuse to go deeper where it
  // would overflow, whatever nesting reached this point.
  if (systile::remainingStackBytes() < kMinStackBytes)
    return region.getParentOp()->emitError()
           << "regions and calls nest too deeply for the interpreter's "
              "stack: "
           << regionDepth << " nested regions in " << frames.size()
           << " calls";
  ++regionDepth;
  auto leave = llvm::scope_exit([&] { --regionDepth; });
  if (!region.hasOneBlock())
    return ExecContext::opError(region.getParentOp())
           << " has a region with " << region.getBlocks().size()
           << " blocks; systile-run executes single-block regions";
  Block &block = region.front();
  if (block.getNumArguments() != args.size())
    return region.getParentOp()->emitError()
           << "region expects " << block.getNumArguments()
           << " arguments, got " << args.size();
  const BlockPlan &plan = planOf(block);
  for (auto [arg, value] : llvm::zip(block.getArguments(), args))
    bind(arg, std::move(value));
  for (Operation &op : block) {
    if (op.hasTrait<OpTrait::IsTerminator>()) {
      SmallVector<RtValue> results;
      results.reserve(op.getNumOperands());
      for (Value v : op.getOperands())
        results.push_back(lookup(v));
      return results;
    }
    if (failed(execute(op, plan)))
      return failure();
  }
  return region.getParentOp()->emitError()
         << "region of '" << region.getParentOp()->getName()
         << "' does not end in a terminator";
}

FailureOr<SmallVector<RtValue>>
Interpreter::Impl::callFunctionConsuming(func::FuncOp function,
                                         MutableArrayRef<RtValue> args,
                                         Operation *caller) {
  FailureOr<SmallVector<RtValue>> results = enterFunction(function, args,
                                                          caller);
  if (failed(results) && caller && callNotes++ < 3)
    caller->emitRemark() << "called from here";
  return results;
}

FailureOr<SmallVector<RtValue>>
Interpreter::Impl::enterFunction(func::FuncOp function,
                                 MutableArrayRef<RtValue> args,
                                 Operation *caller) {
  if (function.isExternal())
    return function.emitError() << "cannot execute @" << function.getSymName()
                                << ": it is a declaration without a body";
  if (frames.size() >= opts.maxCallDepth)
    return (caller ? caller : function.getOperation())->emitError()
           << "call depth exceeds " << opts.maxCallDepth
           << " (unbounded recursion?) calling @" << function.getSymName();
  frames.emplace_back();
  auto pop = llvm::scope_exit([&] { frames.pop_back(); });
  return runRegionConsuming(function.getBody(), args);
}

Interpreter::Interpreter(ModuleOp module, InterpreterOptions options)
    : impl(std::make_unique<Impl>(module, options)) {}
Interpreter::~Interpreter() = default;

ArrayRef<MatmulRecord> Interpreter::matmuls() const { return impl->records; }
const LayoutStats &Interpreter::layout() const { return impl->layout; }

FailureOr<SmallVector<RtValue>> Interpreter::run(func::FuncOp function,
                                                 ArrayRef<RtValue> args) {
  SmallVector<RtValue> copy(args.begin(), args.end());
  return runConsuming(function, copy);
}

FailureOr<SmallVector<RtValue>>
Interpreter::runConsuming(func::FuncOp function,
                          MutableArrayRef<RtValue> args) {
  FunctionType type = function.getFunctionType();
  if (args.size() != type.getNumInputs())
    return function.emitError() << "@" << function.getSymName() << " takes "
                                << type.getNumInputs() << " arguments, got "
                                << args.size();
  for (auto [i, arg] : llvm::enumerate(args))
    if (!matchesType(arg, type.getInput(i)))
      return function.emitError()
             << "argument #" << i << " does not match its type "
             << type.getInput(i);
  impl->resetNotes();
  return impl->callFunctionConsuming(function, args, nullptr);
}
