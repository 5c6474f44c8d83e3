//===- ScfModels.cpp - Execution models of the scf dialect ----------------===//
//
// Structured control flow runs its regions through
// ExecContext::runRegionConsuming. Loop-carried values are handed from one
// iteration to the next without a copy, and the frame's references to them
// are dropped after each run of the body, so a body that updates its
// iter_arg in place (tensor.insert, tensor.insert_slice) does so without
// copying the tensor.
//
// scf.for computes its trip count up front in 128-bit arithmetic (signed,
// or unsigned with `unsignedCmp`); a step that is not positive is an error,
// never a hang. scf.forall runs its iterations one after another in
// lexicographic order of the induction variables; every iteration sees the
// shared outputs as they were on entry, and its
// tensor.parallel_insert_slice ops are applied to the results in that
// order. For race-free programs (each iteration writes its own slice, the
// only programs with a defined meaning) this is upstream's result.
//
//===----------------------------------------------------------------------===//

#include "systile/Interpreter/ExecContext.h"

#include "TensorScfSupport.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <type_traits>

using namespace mlir;
using namespace systile::interp;

namespace {

/// An integer or index scalar of `kind` holding `v` (truncated to the
/// kind's width).
DenseValue intScalar(ElementKind kind, int64_t v) {
  return visitKind(kind, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_integral_v<T>) {
      if (kind == ElementKind::I1)
        return DenseValue::scalar<T>(kind, static_cast<T>(v & 1));
      return DenseValue::scalar<T>(kind, static_cast<T>(v));
    } else {
      return indexScalar(v); // Not reached: loop variables are integers.
    }
  });
}

/// Binds `op`'s results to `values`; succeeds.
LogicalResult bindResults(Operation *op, ExecContext &ctx,
                          SmallVector<RtValue> &values) {
  for (auto [result, value] : llvm::zip(op->getResults(), values))
    ctx.bind(result, std::move(value));
  return success();
}

/// Runs `region` with `values` as its arguments (moved in), replaces them
/// by the values it yields, and drops the frame's references to what it
/// left behind.
LogicalResult runAndRelease(ExecContext &ctx, Region &region,
                            SmallVector<RtValue> &values) {
  FailureOr<SmallVector<RtValue>> results =
      ctx.runRegionConsuming(region, values);
  if (failed(results))
    return failure();
  releaseRegionValues(ctx, region);
  values = std::move(*results);
  return success();
}

/// Runs `region` (no arguments) and binds `op`'s results to what it yields.
LogicalResult runRegionOp(Operation *op, ExecContext &ctx, Region &region) {
  SmallVector<RtValue> values;
  if (failed(runAndRelease(ctx, region, values)))
    return failure();
  return bindResults(op, ctx, values);
}

/// The bound `v` of an scf.for as a 128-bit integer: sign-extended, or
/// zero-extended from its width with `isUnsigned`.
__int128 loopBound(ExecContext &ctx, Value v, ElementKind kind,
                   bool isUnsigned) {
  int64_t x = scalarInt(ctx, v);
  unsigned width = bitWidth(kind);
  if (kind == ElementKind::I1)
    x = -x; // i1 true is -1 when signed.
  if (!isUnsigned)
    return x;
  uint64_t mask = width >= 64 ? ~0ull : (1ull << width) - 1;
  return static_cast<__int128>(static_cast<uint64_t>(x) & mask);
}

/// Trip count of [lb, ub) by `step`; an error for a step that is not
/// positive.
FailureOr<uint64_t> tripCount(Operation *op, __int128 lb, __int128 ub,
                              __int128 step) {
  if (step <= 0)
    return ExecContext::opError(op) << ": step " << static_cast<int64_t>(step)
                                    << " is not positive; the loop would not "
                                       "terminate";
  if (lb >= ub)
    return 0;
  __int128 n = (ub - lb + step - 1) / step; // ub - lb < 2^64: no overflow.
  if (n > static_cast<__int128>(INT64_MAX))
    return ExecContext::opError(op)
           << ": the loop has more than 2^63 iterations";
  return static_cast<uint64_t>(n);
}

LogicalResult executeFor(scf::ForOp op, ExecContext &ctx) {
  FailureOr<ElementKind> kind = ctx.kindOf(op, op.getInductionVar().getType());
  if (failed(kind))
    return failure();
  bool isUnsigned = op.getUnsignedCmp();
  __int128 lb = loopBound(ctx, op.getLowerBound(), *kind, isUnsigned);
  __int128 ub = loopBound(ctx, op.getUpperBound(), *kind, isUnsigned);
  __int128 step = loopBound(ctx, op.getStep(), *kind, isUnsigned);
  FailureOr<uint64_t> trips = tripCount(op, lb, ub, step);
  if (failed(trips))
    return failure();
  SmallVector<RtValue> iters;
  for (OpOperand &init : op.getInitsMutable())
    iters.push_back(ctx.take(init));
  for (uint64_t i = 0; i < *trips; ++i) {
    if (failed(ctx.countIteration(op, i)))
      return failure();
    __int128 iv = lb + static_cast<__int128>(i) * step;
    // The body's arguments: the induction variable, then the iter_args.
    iters.insert(iters.begin(), intScalar(*kind, static_cast<int64_t>(iv)));
    if (failed(runAndRelease(ctx, op.getRegion(), iters)))
      return failure();
  }
  return bindResults(op, ctx, iters);
}

LogicalResult executeIf(scf::IfOp op, ExecContext &ctx) {
  bool cond = scalarInt(ctx, op.getCondition()) != 0;
  Region &region = cond ? op.getThenRegion() : op.getElseRegion();
  if (region.empty())
    return success(); // No else region: no results either.
  return runRegionOp(op, ctx, region);
}

LogicalResult executeWhile(scf::WhileOp op, ExecContext &ctx) {
  SmallVector<RtValue> values;
  for (OpOperand &init : op->getOpOperands())
    values.push_back(ctx.take(init));
  for (uint64_t i = 0;; ++i) {
    if (failed(ctx.countIteration(op, i)) ||
        failed(runAndRelease(ctx, op.getBefore(), values)))
      return failure();
    // scf.condition's operands: the condition, then the forwarded values.
    bool cond = loadAsInt(values.front().dense(), 0) != 0;
    values.erase(values.begin());
    if (!cond)
      break;
    if (failed(runAndRelease(ctx, op.getAfter(), values)))
      return failure();
  }
  return bindResults(op, ctx, values);
}

LogicalResult executeIndexSwitch(scf::IndexSwitchOp op, ExecContext &ctx) {
  int64_t value = scalarInt(ctx, op.getArg());
  Region *region = &op.getDefaultRegion();
  for (auto [i, c] : llvm::enumerate(op.getCases()))
    if (c == value) {
      region = &op.getCaseRegions()[i];
      break;
    }
  return runRegionOp(op, ctx, *region);
}

LogicalResult executeExecuteRegion(scf::ExecuteRegionOp op, ExecContext &ctx) {
  return runRegionOp(op, ctx, op.getRegion());
}

//===----------------------------------------------------------------------===//
// scf.forall
//===----------------------------------------------------------------------===//

/// The iteration space of an scf.forall.
struct ForallSpace {
  SmallVector<int64_t> lbs, steps;
  SmallVector<uint64_t> trips;
  uint64_t total = 1;
};

FailureOr<ForallSpace> forallSpace(scf::ForallOp op, ExecContext &ctx) {
  ForallSpace space;
  space.lbs = resolveMixed(ctx, op.getMixedLowerBound());
  space.steps = resolveMixed(ctx, op.getMixedStep());
  SmallVector<int64_t> ubs = resolveMixed(ctx, op.getMixedUpperBound());
  for (auto [lb, ub, step] : llvm::zip(space.lbs, ubs, space.steps)) {
    FailureOr<uint64_t> n = tripCount(op, lb, ub, step);
    if (failed(n))
      return failure();
    space.trips.push_back(*n);
    if (__builtin_mul_overflow(space.total, *n, &space.total))
      return ExecContext::opError(op)
             << ": the iteration space has more than 2^64 points";
  }
  return space;
}

/// Applies the tensor.parallel_insert_slice ops of `op`'s terminator, after
/// one iteration, to `written` (the outputs, or copies of `outs` made on
/// first write when the body reads them).
LogicalResult
applyParallelInserts(scf::ForallOp op, ExecContext &ctx, ArrayRef<RtValue> outs,
                     SmallVector<std::optional<DenseValue>> &written) {
  unsigned numIvs = op.getRank();
  Region &body = op.getRegion();
  for (Operation &yielding : op.getTerminator().getYieldingOps()) {
    auto insert = dyn_cast<tensor::ParallelInsertSliceOp>(yielding);
    if (!insert)
      return ExecContext::opError(&yielding)
             << ": systile-run executes only "
                "tensor.parallel_insert_slice in "
                "scf.forall.in_parallel";
    auto dest = cast<BlockArgument>(insert.getDest());
    unsigned i = dest.getArgNumber() - numIvs;
    if (!written[i]) {
      llvm::Expected<DenseValue> copy =
          outs[i].dense().clone(ctx.options().memoryBudget);
      if (!copy)
        return ExecContext::fail(op, copy.takeError());
      written[i] = std::move(*copy);
    }
    Value source = insert.getSource();
    if (failed(insertSlice(insert, *written[i], ctx.dense(source),
                           sliceBox(ctx, insert))))
      return failure();
    if (body.isAncestor(source.getParentRegion()))
      ctx.bind(source, RtValue());
  }
  return success();
}

/// Whether the body uses the shared output `arg` only as the destination
/// of tensor.parallel_insert_slice ops.
bool onlyInsertedInto(BlockArgument arg) {
  return llvm::all_of(arg.getUses(), [&](OpOperand &use) {
    auto insert = dyn_cast<tensor::ParallelInsertSliceOp>(use.getOwner());
    return insert && insert.getDest() == arg &&
           use.getOperandNumber() == insert.getDestMutable().getOperandNumber();
  });
}

LogicalResult executeForall(scf::ForallOp op, ExecContext &ctx) {
  FailureOr<ForallSpace> space = forallSpace(op, ctx);
  if (failed(space))
    return failure();
  SmallVector<RtValue> outs;
  for (OpOperand &out : op.getOutputsMutable())
    outs.push_back(ctx.take(out));
  SmallVector<std::optional<DenseValue>> written(outs.size());
  for (auto [i, arg] : llvm::enumerate(op.getRegionIterArgs()))
    if (onlyInsertedInto(arg) && outs[i].isDense() &&
        outs[i].dense().isUnique()) {
      // Nothing reads the output in the body: write into it directly.
      written[i] = outs[i].dense();
      outs[i] = RtValue();
    }
  SmallVector<uint64_t> point(space->trips.size(), 0);
  for (uint64_t n = 0; n < space->total; ++n) {
    if (failed(ctx.countIteration(op, n)))
      return failure();
    SmallVector<RtValue> args;
    for (auto [p, lb, step] : llvm::zip(point, space->lbs, space->steps))
      args.push_back(indexScalar(lb + static_cast<int64_t>(p) * step));
    args.append(outs.begin(), outs.end());
    if (failed(ctx.runRegionConsuming(op.getRegion(), args)) ||
        failed(applyParallelInserts(op, ctx, outs, written)))
      return failure();
    releaseRegionValues(ctx, op.getRegion());
    for (int64_t d = static_cast<int64_t>(point.size()) - 1; d >= 0; --d) {
      if (++point[d] < space->trips[d])
        break;
      point[d] = 0;
    }
  }
  for (auto [i, w] : llvm::enumerate(written))
    if (w)
      outs[i] = RtValue(std::move(*w));
  return bindResults(op, ctx, outs);
}

} // namespace

void systile::interp::registerScfExecutionModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, scf::SCFDialect *) {
    attachModels<executeExecuteRegion, executeFor, executeForall, executeIf,
                 executeIndexSwitch, executeWhile>(*ctx);
  });
}
