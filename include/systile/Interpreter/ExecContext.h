//===- ExecContext.h - What an execution model sees -------------*- C++ -*-===//
//
// The interface between the interpreter core (frames, calls, regions) and
// the per-op execution models (ExecutableOpInterface external models, one
// file per dialect under lib/Interpreter/Models). A model reads its
// operands' values, computes, and binds its results; it reports failure by
// emitting a diagnostic on its op and returning failure().
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_INTERPRETER_EXECCONTEXT_H
#define SYSTILE_INTERPRETER_EXECCONTEXT_H

#include "systile/Interpreter/Value.h"
#include "systile/Runtime/LayoutCost.h"
#include "systile/Runtime/Matmul.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Region.h"
#include "mlir/Support/LLVM.h"

#include <cstdint>
#include <string>
#include <type_traits>

namespace mlir::func {
class FuncOp;
} // namespace mlir::func

namespace systile::interp {

class ExecutionListener;

struct InterpreterOptions {
  /// Skip all-zero weight blocks at run time (rt::MatmulOptions::
  /// skipZeroBlocks, RFC 7). Off by default: the results are then exactly
  /// the unskipped numerics, also for inf/NaN inputs and signed zeros.
  bool skipZeroBlocks = false;
  /// Worker threads of the matmul simulator; 0 = all hardware threads.
  int threads = 0;
  /// The matmul simulator's kernel path (rt::MatmulOptions::path): Auto,
  /// or one the machine has, so tests run every path (same bits).
  rt::KernelPath matmulKernel = rt::KernelPath::Auto;
  /// Run a whole chain of mxu_matmul ops as one simulateMatmul call when
  /// that is bit-identical. Off: one simulateMxuBlock call per op.
  bool fuseMxuChains = true;
  /// func.call nesting limit, so runaway recursion is an error, not a
  /// stack overflow.
  unsigned maxCallDepth = 256;
  /// Loop iterations (scf.for, scf.while, scf.forall) one run may execute,
  /// so an endless loop is an error naming the loop, not a hang; 0: no
  /// limit. Whatever the depth of calls and regions, the core also checks
  /// the stack left at every region it enters (kMinStackBytes).
  uint64_t maxSteps = 10'000'000;
  /// Lanes evaluated at once when a payload region runs over many
  /// iteration points (see ExecutableOpInterface::supportsLanes).
  int64_t maxLanes = 4096;
  /// Sees every op executed (e.g. OpDump, systile-run --dump-op); not
  /// owned, must outlive the runs. Null: none.
  ExecutionListener *listener = nullptr;
  /// What the values allocated by the runs reserve against (shared with
  /// them, so results may outlive the interpreter). Null: no limit.
  MemoryBudgetRef memoryBudget;
};

/// Observes the interpreter core: it is called around every op the core
/// executes through its execution model. Terminators are not executed as
/// ops (they hand their operands back to the op that ran their region), so
/// a listener never sees them. A value is given as null when it is not
/// materialised: a model may leave a result unbound when its only use is an
/// op that does not need it, as a fused systile.mxu_matmul chain does for
/// all but its last op. `frame` is the call depth of the op; an mlir::Value
/// in one frame names one run-time value until it is defined again there.
class ExecutionListener {
public:
  virtual ~ExecutionListener();
  /// Before `op` executes, with its operands' values. A failure fails the
  /// op (the listener has emitted a diagnostic).
  virtual mlir::LogicalResult
  beforeExecute(mlir::Operation *op, llvm::ArrayRef<const RtValue *> operands,
                unsigned frame) = 0;
  /// After `op` executed successfully, with its results' values.
  virtual mlir::LogicalResult
  afterExecute(mlir::Operation *op, llvm::ArrayRef<const RtValue *> results,
               unsigned frame) = 0;
  /// After `op`'s execution model failed (it has emitted the diagnostic).
  virtual void executeFailed(mlir::Operation *op) {}
};

/// The RFC 8 figures of one executed matmul.
struct MatmulRecord {
  /// The systile.matmul, or the first systile.mxu_matmul of a chain.
  mlir::Location loc;
  std::string opName;
  rt::MatmulStats stats;
};

/// RFC 8 layout cost, counted as ops execute (the one definition of the
/// figures and their line is the runtime's).
using LayoutStats = rt::LayoutCost;

class ExecContext {
public:
  virtual ~ExecContext();

  //===--- Values --------------------------------------------------------===//
  /// The run-time value of `v` (bound earlier; the verifier guarantees
  /// dominance, the core guarantees it was executed).
  virtual const RtValue &lookup(mlir::Value v) const = 0;
  const DenseValue &dense(mlir::Value v) const { return lookup(v).dense(); }
  const TiledValue &tiled(mlir::Value v) const { return lookup(v).tiled(); }
  virtual void bind(mlir::Value v, RtValue value) = 0;
  /// Whether `operand`'s value has no use after its owner op, so the owner
  /// may update its storage in place when it holds the only reference.
  virtual bool isLastUse(mlir::OpOperand &operand) const = 0;
  /// Takes `operand`'s value out of the frame when it is its last use (the
  /// frame then holds no reference); otherwise returns a shared copy.
  virtual RtValue take(mlir::OpOperand &operand) = 0;

  //===--- Control -------------------------------------------------------===//
  /// Runs the single block of `region` with its arguments bound to `args`;
  /// returns the operands of its terminator.
  mlir::FailureOr<llvm::SmallVector<RtValue>>
  runRegion(mlir::Region &region, llvm::ArrayRef<RtValue> args) {
    llvm::SmallVector<RtValue> copy(args.begin(), args.end());
    return runRegionConsuming(region, copy);
  }
  /// As runRegion, but moves `args` into the block arguments (leaving them
  /// null), so a value the caller hands over (an scf.for iter_arg) can be
  /// uniquely owned inside the region and updated in place there.
  virtual mlir::FailureOr<llvm::SmallVector<RtValue>>
  runRegionConsuming(mlir::Region &region,
                     llvm::MutableArrayRef<RtValue> args) = 0;
  /// Counts iteration `iteration` (from 0) of `loop` against
  /// InterpreterOptions::maxSteps; an error on `loop` when the budget is
  /// spent. Loop models call it before running each iteration's body.
  virtual mlir::LogicalResult countIteration(mlir::Operation *loop,
                                             uint64_t iteration) = 0;
  /// Calls `callee`; `caller` is where a failure is attributed.
  virtual mlir::FailureOr<llvm::SmallVector<RtValue>>
  call(mlir::func::FuncOp callee, llvm::ArrayRef<RtValue> args,
       mlir::Operation *caller) = 0;

  //===--- Resources and records -----------------------------------------===//
  virtual const InterpreterOptions &options() const = 0;
  virtual void recordMatmul(MatmulRecord record) = 0;
  virtual LayoutStats &layoutStats() = 0;
  /// Per-op cached data (e.g. an analysis of a block), owned by the
  /// interpreter for its lifetime.
  template <typename T> T &cached(mlir::Operation *op) {
    std::shared_ptr<void> &slot = cacheSlot(op, typeId<T>());
    if (!slot)
      slot = std::make_shared<T>();
    return *static_cast<T *>(slot.get());
  }

  //===--- Helpers for models --------------------------------------------===//
  /// Binds `value` to `op`'s result `i`; succeeds.
  mlir::LogicalResult bindResult(mlir::Operation *op, RtValue value,
                                 unsigned i = 0) {
    bind(op->getResult(i), std::move(value));
    return mlir::success();
  }
  /// An error on `op` that starts with "'op.name'" (as emitOpError does);
  /// the caller streams the rest, e.g. `opError(op) << ": " << why`.
  static mlir::InFlightDiagnostic opError(mlir::Operation *op) {
    mlir::InFlightDiagnostic diag = op->emitError();
    diag << "'" << op->getName() << "'";
    return diag;
  }
  /// Allocates a result; on failure emits "'op': <why>" and returns failure.
  mlir::FailureOr<DenseValue> allocate(mlir::Operation *op, ElementKind kind,
                                       llvm::ArrayRef<int64_t> shape,
                                       bool zero = false);
  /// Emits `error`'s message on `op` and returns failure.
  static mlir::LogicalResult fail(mlir::Operation *op, llvm::Error error);
  /// The element kind of `type` (or of its elements); on an unsupported
  /// type emits an error naming it and returns failure.
  static mlir::FailureOr<ElementKind> kindOf(mlir::Operation *op,
                                             mlir::Type type);

protected:
  virtual std::shared_ptr<void> &cacheSlot(mlir::Operation *op,
                                           const void *key) = 0;

private:
  template <typename T> static const void *typeId() {
    static const char id = 0;
    return &id;
  }
};

//===----------------------------------------------------------------------===//
// Registration of the execution models, one function per dialect.
//===----------------------------------------------------------------------===//

void registerArithExecutionModels(mlir::DialectRegistry &registry);
void registerMathExecutionModels(mlir::DialectRegistry &registry);
void registerFuncExecutionModels(mlir::DialectRegistry &registry);
/// cf.assert.
void registerCfExecutionModels(mlir::DialectRegistry &registry);
/// builtin.unrealized_conversion_cast between signednesses.
void registerBuiltinExecutionModels(mlir::DialectRegistry &registry);
void registerScfExecutionModels(mlir::DialectRegistry &registry);
void registerTensorExecutionModels(mlir::DialectRegistry &registry);
void registerLinalgExecutionModels(mlir::DialectRegistry &registry);
void registerSystileExecutionModels(mlir::DialectRegistry &registry);
/// systile.elementwise, systile.broadcast, systile.splat.
void registerSystileElementwiseExecutionModels(
    mlir::DialectRegistry &registry);
/// All of the above.
void registerAllExecutionModels(mlir::DialectRegistry &registry);

/// How the model executes a systile.elementwise `op` (the runtime program
/// it compiles the region to, a conversion kernel, or the region runner),
/// in one line for tools and benchmarks.
std::string describeElementwiseExecution(mlir::Operation *op);

} // namespace systile::interp

/// Generated interface declarations.
#include "systile/Interpreter/ExecutableOpInterface.h.inc"

namespace systile::interp {

/// The execution model of `OpT`: `Fn(op, ctx)` executes it (`Fn` takes
/// the op as `OpT` or as `mlir::Operation *`); `Lanes` is supportsLanes.
/// The one way to write a model (docs/Interpreter.md): a function, attached
/// with attachModel or attachLaneModel (attachModels for a list).
template <typename OpT, auto Fn, bool Lanes = false>
struct OpModel
    : public ExecutableOpInterface::ExternalModel<OpModel<OpT, Fn, Lanes>,
                                                  OpT> {
  mlir::LogicalResult execute(mlir::Operation *op, ExecContext &ctx) const {
    return Fn(mlir::cast<OpT>(op), ctx);
  }
  bool supportsLanes(mlir::Operation *) const { return Lanes; }
};

template <typename OpT, auto Fn> void attachModel(mlir::MLIRContext &ctx) {
  OpT::template attachInterface<OpModel<OpT, Fn>>(ctx);
}
/// As attachModel, for a lane-wise op (ExecutableOpInterface::supportsLanes).
template <typename OpT, auto Fn> void attachLaneModel(mlir::MLIRContext &ctx) {
  OpT::template attachInterface<OpModel<OpT, Fn, /*Lanes=*/true>>(ctx);
}

namespace detail {
/// The op class a model function takes as its first parameter.
template <typename F> struct ModelOp {
  static_assert(sizeof(F) == 0, "a model function is "
                                "LogicalResult(OpClass, ExecContext &)");
};
template <typename OpT>
struct ModelOp<mlir::LogicalResult (*)(OpT, ExecContext &)> {
  static_assert(!std::is_pointer_v<OpT>,
                "attachModels takes a model of its op class; attach a model "
                "of `Operation *` with attachModel<OpClass, Fn>");
  using type = OpT;
};
} // namespace detail

/// attachModel for each function of a dialect's list, on the op class its
/// first parameter names (so the list states each op once).
template <auto... Fns> void attachModels(mlir::MLIRContext &ctx) {
  (attachModel<typename detail::ModelOp<decltype(Fns)>::type, Fns>(ctx), ...);
}

} // namespace systile::interp

#endif // SYSTILE_INTERPRETER_EXECCONTEXT_H
