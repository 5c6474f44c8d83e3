//===- LinalgExec.cpp - Running linalg structured ops ---------------------===//
//
// See LinalgExec.h. The order argument for lanes: a batch enumerates
// points that differ only in the lane loops, which are parallel and appear
// (as plain dimensions) in every output's indexing map. Two points that
// update the same output element therefore have the same lane index, so
// each output element still sees its points in increasing lexicographic
// order when the lane loops move innermost, and no two lanes of a batch
// touch the same element: running the batch at once is bit-identical to
// running its points one by one.
//
//===----------------------------------------------------------------------===//

#include "LinalgExec.h"
#include "LinalgContraction.h"

#include "systile/Runtime/StridedCopy.h"

#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/ScopeExit.h"

#include <algorithm>
#include <cstring>
#include <optional>

using namespace mlir;
using namespace systile::interp;
using namespace systile::interp::linalg_exec;
namespace dense = systile::rt::dense;

//===----------------------------------------------------------------------===//
// The iteration space
//===----------------------------------------------------------------------===//

namespace {
/// An affine expression as c + sum coef[l] * d_l; nullopt if it is not
/// linear in the loop dimensions (mod, floordiv, symbols, ...).
struct Linear {
  int64_t constant = 0;
  SmallVector<int64_t, 6> coef;
};

std::optional<Linear> linearize(AffineExpr expr, unsigned numDims) {
  Linear result;
  result.coef.assign(numDims, 0);
  if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
    result.coef[dim.getPosition()] = 1;
    return result;
  }
  if (auto cst = dyn_cast<AffineConstantExpr>(expr)) {
    result.constant = cst.getValue();
    return result;
  }
  auto bin = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!bin || (expr.getKind() != AffineExprKind::Add &&
               expr.getKind() != AffineExprKind::Mul))
    return std::nullopt;
  std::optional<Linear> lhs = linearize(bin.getLHS(), numDims);
  std::optional<Linear> rhs = linearize(bin.getRHS(), numDims);
  if (!lhs || !rhs)
    return std::nullopt;
  if (expr.getKind() == AffineExprKind::Add) {
    result.constant = lhs->constant + rhs->constant;
    for (unsigned l = 0; l < numDims; ++l)
      result.coef[l] = lhs->coef[l] + rhs->coef[l];
    return result;
  }
  // A product is linear when one side is a constant.
  auto isConstant = [](const Linear &v) {
    return llvm::all_of(v.coef, [](int64_t c) { return c == 0; });
  };
  if (!isConstant(*lhs) && !isConstant(*rhs))
    return std::nullopt;
  const Linear &scaled = isConstant(*lhs) ? *rhs : *lhs;
  int64_t factor = isConstant(*lhs) ? lhs->constant : rhs->constant;
  result.constant = scaled.constant * factor;
  for (unsigned l = 0; l < numDims; ++l)
    result.coef[l] = scaled.coef[l] * factor;
  return result;
}

/// Whether an output indexed by `map` has every element written when the
/// op has any point: each result is a distinct loop dimension (the loop
/// ranges are the output's dimensions then).
bool writesEveryElement(AffineMap map) {
  return map.isProjectedPermutation(/*allowZeroInResults=*/false);
}

/// The operand values: inputs shared, inits taken (or copied) to become the
/// result buffers.
LogicalResult collectValues(linalg::LinalgOp op, ExecContext &ctx,
                            IterationSpace &space) {
  Operation *raw = op.getOperation();
  for (OpOperand &operand : raw->getOpOperands()) {
    bool init = op.isDpsInit(&operand);
    RtValue value = init ? ctx.take(operand) : ctx.lookup(operand.get());
    if (!value.isDense())
      return ExecContext::opError(raw)
             << " operand #" << operand.getOperandNumber()
             << " is a tiled value; linalg ops take dense "
                "tensors";
    DenseValue dense = value.dense();
    value = RtValue();
    if (init)
      space.uncopiedInits.emplace_back();
    if (init && !dense.isUnique()) {
      // A buffer the op overwrites whole needs none of the shared contents
      // (the usual `outs(%empty)`).
      if (!op.payloadUsesValueFromOperand(&operand) &&
          writesEveryElement(op.getMatchingIndexingMap(&operand))) {
        FailureOr<DenseValue> fresh =
            ctx.allocate(raw, dense.kind(), dense.shape());
        if (failed(fresh))
          return failure();
        space.uncopiedInits.back() = std::move(dense);
        dense = std::move(*fresh);
      } else {
        llvm::Expected<DenseValue> copy =
            dense.clone(ctx.options().memoryBudget);
        if (!copy)
          return ExecContext::fail(raw, copy.takeError());
        dense = std::move(*copy);
      }
    }
    space.values.push_back(std::move(dense));
  }
  space.numInputs = op.getNumDpsInputs();
  return success();
}

/// Loop ranges: the shapes-to-loops map applied to the run-time shapes.
LogicalResult computeRanges(linalg::LinalgOp op, IterationSpace &space) {
  SmallVector<int64_t> dims;
  for (const DenseValue &v : space.values)
    llvm::append_range(dims, v.shape());
  AffineMap shapesToLoops = op.getShapesToLoopsMap();
  if (!shapesToLoops || shapesToLoops.getNumDims() != dims.size() ||
      shapesToLoops.getNumSymbols() != 0)
    return ExecContext::opError(op)
           << ": cannot derive its loop ranges from the "
              "operand shapes (indexing maps not invertible)";
  for (int64_t r : shapesToLoops.compose(dims)) {
    if (r < 0)
      return ExecContext::opError(op) << ": negative loop range " << r;
    space.ranges.push_back(r);
  }
  space.iterators = op.getIteratorTypesArray();
  return success();
}

/// The smallest and largest value of `lin` over the iteration space.
std::pair<__int128, __int128> bounds(const Linear &lin,
                                     ArrayRef<int64_t> ranges) {
  __int128 lo = lin.constant, hi = lin.constant;
  for (auto [c, r] : llvm::zip_equal(lin.coef, ranges)) {
    __int128 span = static_cast<__int128>(c) * (r - 1);
    (span < 0 ? lo : hi) += span;
  }
  return {lo, hi};
}

LogicalResult computeAccess(linalg::LinalgOp op, IterationSpace &space) {
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  unsigned numLoops = space.numLoops();
  for (auto [index, map] : llvm::enumerate(maps)) {
    const DenseValue &value = space.values[index];
    if (map.getNumResults() != value.rank() || map.getNumDims() != numLoops)
      return ExecContext::opError(op)
             << ": indexing map #" << index << " does not match operand rank "
             << value.rank();
    // Every dimension's index first: in bounds, or an error before any
    // stride is computed (an operand may be an empty tensor of huge
    // dimensions, e.g. 1x0x5371386980569448320x3, whose row-major strides
    // overflow int64).
    SmallVector<Linear> lins(value.rank());
    for (int64_t r = value.rank() - 1; r >= 0; --r) {
      std::optional<Linear> lin = linearize(map.getResult(r), numLoops);
      if (!lin)
        return ExecContext::opError(op)
               << ": indexing map " << AffineMapAttr::get(map)
               << " is not linear in the loop indices; systile-run executes "
                  "linear indexing maps";
      auto [lo, hi] = bounds(*lin, space.ranges);
      if (!space.isEmpty() && (lo < 0 || hi >= value.shape()[r]))
        return ExecContext::opError(op)
               << ": operand #" << index
               << " is indexed out of bounds: dimension " << r << " has size "
               << value.shape()[r] << " but map " << AffineMapAttr::get(map)
               << " reaches " << static_cast<int64_t>(lo < 0 ? lo : hi);
      lins[r] = std::move(*lin);
    }
    Access access;
    access.coef.assign(numLoops, 0);
    // Nothing is reached in an empty space. Otherwise every dimension of
    // the operand is at least 1 (indexed in bounds), so its strides are at
    // most its (allocated) size; a loop of one iteration adds nothing
    // whatever its coefficient, which the bounds leave unchecked.
    if (!space.isEmpty()) {
      int64_t stride = 1;
      for (int64_t r = value.rank() - 1; r >= 0; --r) {
        access.base += lins[r].constant * stride;
        for (unsigned l = 0; l < numLoops; ++l)
          if (space.ranges[l] > 1)
            access.coef[l] += lins[r].coef[l] * stride;
        stride *= value.shape()[r];
      }
    }
    space.access.push_back(std::move(access));
  }
  return success();
}

/// Errors unless every operand dimension indexed by a plain loop dimension
/// d_l has the size of d_l's range, as upstream's verifier requires of
/// static shapes and its runtime verification of dynamic ones (an in-bounds
/// mismatch would otherwise read or write only part of an operand). The
/// range of d_l is the size of its first occurrence (getShapesToLoopsMap).
/// Checked on empty iteration spaces too, as the static verifier does.
LogicalResult checkLoopSizes(linalg::LinalgOp op,
                             const IterationSpace &space) {
  // Per loop: the operand that first indexes it by a plain dimension.
  SmallVector<int64_t, 6> definedBy(space.numLoops(), -1);
  for (auto [index, map] : llvm::enumerate(op.getIndexingMapsArray())) {
    ArrayRef<int64_t> shape = space.values[index].shape();
    for (auto [r, expr] : llvm::enumerate(map.getResults())) {
      auto dim = dyn_cast<AffineDimExpr>(expr);
      if (!dim)
        continue;
      unsigned l = dim.getPosition();
      if (definedBy[l] < 0)
        definedBy[l] = index;
      if (shape[r] != space.ranges[l])
        return ExecContext::opError(op)
               << ": dimension d" << l << " is " << space.ranges[l]
               << " in operand #" << definedBy[l] << " but " << shape[r]
               << " in operand #" << index;
    }
  }
  return success();
}

FailureOr<IterationSpace> buildSpace(linalg::LinalgOp op, ExecContext &ctx) {
  IterationSpace space;
  if (failed(collectValues(op, ctx, space)) ||
      failed(computeRanges(op, space)) || failed(computeAccess(op, space)) ||
      failed(checkLoopSizes(op, space)))
    return failure();
  return space;
}

//===----------------------------------------------------------------------===//
// Choosing the lane loops
//===----------------------------------------------------------------------===//

/// Whether every op of the payload can run on lanes. Constants (a scalar
/// broadcast against the lanes) can, whatever their model says.
bool bodySupportsLanes(Block &body) {
  for (Operation &op : body.without_terminator()) {
    if (isa<linalg::IndexOp>(op) || op.hasTrait<OpTrait::ConstantLike>())
      continue;
    auto model = dyn_cast<ExecutableOpInterface>(&op);
    if (!model || !model.supportsLanes() || op.getNumRegions() != 0)
      return false;
  }
  return true;
}

/// Whether each result of `map` is a constant or a loop dimension, each
/// dimension at most once: an output element then determines the values of
/// the loops in the map.
bool isPermutationWithConstants(AffineMap map) {
  llvm::SmallBitVector seen(map.getNumDims());
  for (AffineExpr e : map.getResults()) {
    if (isa<AffineConstantExpr>(e))
      continue;
    auto dim = dyn_cast<AffineDimExpr>(e);
    if (!dim || seen.test(dim.getPosition()))
      return false;
    seen.set(dim.getPosition());
  }
  return true;
}

/// Loops that may enumerate lanes: parallel and in every output's map.
SmallVector<unsigned> laneCandidates(linalg::LinalgOp op,
                                     const IterationSpace &space) {
  SmallVector<unsigned> result;
  for (OpOperand &init : op.getDpsInitsMutable())
    if (!isPermutationWithConstants(op.getMatchingIndexingMap(&init)))
      return result;
  for (unsigned l = 0; l < space.numLoops(); ++l) {
    if (space.iterators[l] != utils::IteratorType::parallel)
      continue;
    bool inAll = true;
    for (OpOperand &init : op.getDpsInitsMutable())
      inAll &= op.getMatchingIndexingMap(&init).isFunctionOfDim(l) &&
               space.access[init.getOperandNumber()].coef[l] != 0;
    if (inAll)
      result.push_back(l);
  }
  return result;
}

/// Starting from loop `start`, every candidate that continues it linearly
/// in all operands (so the fused lanes are one strided run in each
/// operand), innermost first.
SmallVector<unsigned> fuseLanes(unsigned start, ArrayRef<unsigned> candidates,
                                const IterationSpace &space, int64_t &extent) {
  SmallVector<unsigned> lanes = {start};
  extent = space.ranges[start];
  for (bool grown = true; grown;) {
    grown = false;
    for (unsigned l : candidates) {
      if (llvm::is_contained(lanes, l))
        continue;
      bool continues = llvm::all_of(space.access, [&](const Access &a) {
        return a.coef[l] == a.coef[start] * extent;
      });
      if (!continues)
        continue;
      lanes.push_back(l);
      extent *= space.ranges[l];
      grown = true;
    }
  }
  return lanes;
}

/// The lane loops, innermost first: the fused run with the most points,
/// preferring one that starts at the first output's unit-stride loop.
SmallVector<unsigned> chooseLanes(linalg::LinalgOp op,
                                  const IterationSpace &space) {
  if (!bodySupportsLanes(*op.getBlock()))
    return {};
  SmallVector<unsigned> candidates = laneCandidates(op, space);
  const Access &out = space.access[space.numInputs];
  SmallVector<unsigned> best;
  int64_t bestExtent = 0;
  bool bestUnit = false;
  for (unsigned start : candidates) {
    int64_t extent = 0;
    SmallVector<unsigned> lanes = fuseLanes(start, candidates, space, extent);
    bool unit = out.coef[start] == 1;
    if (extent > bestExtent || (extent == bestExtent && unit && !bestUnit)) {
      best = std::move(lanes);
      bestExtent = extent;
      bestUnit = unit;
    }
  }
  return best;
}

//===----------------------------------------------------------------------===//
// Running the points
//===----------------------------------------------------------------------===//

/// Runs the payload over the iteration space, in batches along `laneDims`
/// (none: one point at a time).
class PointRunner {
public:
  PointRunner(linalg::LinalgOp op, IterationSpace &space,
              ArrayRef<unsigned> laneDims, ExecContext &ctx)
      : op(op), space(space), laneDims(laneDims), ctx(ctx),
        body(*op.getBlock()) {}

  LogicalResult run();

private:
  LogicalResult runBatch(int64_t start, int64_t count);
  FailureOr<RtValue> gather(unsigned operand, int64_t start, int64_t count);
  LogicalResult scatter(unsigned output, const RtValue &value, int64_t start,
                        int64_t count);
  bool advance();
  int64_t laneCoef(unsigned operand) const {
    return laneDims.empty() ? 0 : space.access[operand].coef[laneDims[0]];
  }

  linalg::LinalgOp op;
  IterationSpace &space;
  ArrayRef<unsigned> laneDims;
  ExecContext &ctx;
  Block &body;
  SmallVector<unsigned> outerDims;
  SmallVector<int64_t> point, offsets;
  /// For a payload that only yields block arguments: which one per output.
  SmallVector<unsigned> yieldedArgs;
  PointState state;
};

LogicalResult PointRunner::run() {
  for (unsigned l = 0; l < space.numLoops(); ++l)
    if (!llvm::is_contained(laneDims, l))
      outerDims.push_back(l);
  point.assign(space.numLoops(), 0);
  for (const Access &a : space.access)
    offsets.push_back(a.base);
  if (body.getNumArguments() != space.values.size() &&
      body.getNumArguments() != space.numInputs)
    return ExecContext::opError(op)
           << " payload has " << body.getNumArguments() << " arguments for "
           << space.values.size() << " operands";
  Operation *yield = body.getTerminator();
  if (&body.front() == yield)
    for (Value v : yield->getOperands())
      if (auto arg = dyn_cast<BlockArgument>(v); arg && arg.getOwner() == &body)
        yieldedArgs.push_back(arg.getArgNumber());
  if (yieldedArgs.size() != yield->getNumOperands())
    yieldedArgs.clear();

  int64_t laneExtent = 1;
  for (unsigned l : laneDims)
    laneExtent *= space.ranges[l];
  int64_t maxLanes = std::max<int64_t>(1, ctx.options().maxLanes);
  state.point = point;
  state.laneDims = laneDims;
  state.ranges = space.ranges;
  state.lanes = !laneDims.empty();
  IndexSlot &slot = ctx.cached<IndexSlot>(op);
  const PointState *saved = slot.current;
  slot.current = &state;
  llvm::scope_exit restore([&] { slot.current = saved; });
  do {
    for (int64_t start = 0; start < laneExtent; start += maxLanes)
      if (failed(runBatch(start, std::min(maxLanes, laneExtent - start))))
        return failure();
  } while (advance());
  return success();
}

/// Steps the outer loops (the last fastest); false after the last point.
bool PointRunner::advance() {
  for (unsigned l : llvm::reverse(outerDims)) {
    if (++point[l] < space.ranges[l]) {
      for (auto [offset, access] : llvm::zip_equal(offsets, space.access))
        offset += access.coef[l];
      return true;
    }
    for (auto [offset, access] : llvm::zip_equal(offsets, space.access))
      offset -= access.coef[l] * (space.ranges[l] - 1);
    point[l] = 0;
  }
  return false;
}

FailureOr<RtValue> PointRunner::gather(unsigned operand, int64_t start,
                                       int64_t count) {
  const DenseValue &src = space.values[operand];
  size_t size = elementSize(src.kind());
  int64_t stride = laneCoef(operand);
  const char *at = src.data<char>() + (offsets[operand] + stride * start) * size;
  if (laneDims.empty() || stride == 0) {
    return visitKind(src.kind(), [&](auto tag) -> RtValue {
      using T = typename decltype(tag)::type;
      T element;
      std::memcpy(&element, at, sizeof(T));
      return DenseValue::scalar(tag.kind, element);
    });
  }
  FailureOr<DenseValue> lanes = ctx.allocate(op, src.kind(), {count});
  if (failed(lanes))
    return failure();
  dense::stridedCopy(lanes->mutableData<void>(), 1, at, stride, count, size);
  return RtValue(std::move(*lanes));
}

LogicalResult PointRunner::scatter(unsigned output, const RtValue &value,
                                   int64_t start, int64_t count) {
  unsigned operand = space.numInputs + output;
  DenseValue &dst = space.values[operand];
  if (!value.isDense() || value.kind() != dst.kind() ||
      (value.dense().numElements() != 1 &&
       value.dense().numElements() != count))
    return ExecContext::opError(op) << " payload yielded #" << output
                                    << " a value of another kind or shape "
                                    << "than its output element";
  size_t size = elementSize(dst.kind());
  int64_t stride = laneCoef(operand);
  char *at = dst.mutableData<char>() + (offsets[operand] + stride * start) * size;
  const DenseValue &src = value.dense();
  dense::stridedCopy(at, stride, src.rawData(), src.numElements() == 1 ? 0 : 1,
                     count, size);
  return success();
}

LogicalResult PointRunner::runBatch(int64_t start, int64_t count) {
  SmallVector<RtValue, 6> args(body.getNumArguments());
  for (unsigned i = 0; i < body.getNumArguments(); ++i) {
    // A payload that only yields arguments needs just those.
    if (!yieldedArgs.empty() && !llvm::is_contained(yieldedArgs, i))
      continue;
    FailureOr<RtValue> arg = gather(i, start, count);
    if (failed(arg))
      return failure();
    args[i] = std::move(*arg);
  }
  SmallVector<RtValue> yielded;
  if (!yieldedArgs.empty()) {
    for (unsigned a : yieldedArgs)
      yielded.push_back(args[a]);
  } else {
    state.laneStart = start;
    state.numLanes = count;
    FailureOr<SmallVector<RtValue>> results =
        ctx.runRegionConsuming(*body.getParent(), args);
    if (failed(results))
      return failure();
    yielded = std::move(*results);
  }
  if (yielded.size() != space.values.size() - space.numInputs)
    return ExecContext::opError(op)
           << " payload yields " << yielded.size() << " values for "
           << space.values.size() - space.numInputs << " outputs";
  for (auto [i, value] : llvm::enumerate(yielded))
    if (failed(scatter(i, value, start, count)))
      return failure();
  return success();
}
/// An all-parallel op whose payload yields its one input into its one init,
/// which it covers in C order (linalg.transpose, linalg.copy, a broadcast,
/// a permuting generic): one gather, no payload runs.
bool tryCopy(linalg::LinalgOp op, IterationSpace &space) {
  Block &body = *op.getBlock();
  if (space.numInputs != 1 || space.values.size() != 2 ||
      &body.front() != body.getTerminator() ||
      body.getTerminator()->getNumOperands() != 1 ||
      body.getTerminator()->getOperand(0) != body.getArgument(0) ||
      space.values[0].kind() != space.values[1].kind() ||
      !llvm::all_of(space.iterators, [](utils::IteratorType t) {
        return t == utils::IteratorType::parallel;
      }))
    return false;
  const Access &out = space.access[1];
  int64_t stride = 1;
  for (int64_t l = space.numLoops() - 1; l >= 0; --l) {
    if (space.ranges[l] != 1 && out.coef[l] != stride)
      return false;
    stride *= space.ranges[l];
  }
  if (stride != space.values[1].numElements())
    return false;
  size_t size = elementSize(space.values[0].kind());
  dense::gather(space.values[1].mutableData<char>() + out.base * size,
                space.values[0].data<char>() + space.access[0].base * size,
                space.ranges.data(), space.access[0].coef.data(),
                space.numLoops(), size);
  return true;
}
} // namespace

namespace {
/// An init allocated without its contents must be written whole: when the
/// run-time loop ranges do not cover it (no point at all, or dynamic
/// shapes that disagree), it gets the shared contents after all.
void restoreUncoveredInits(linalg::LinalgOp op, IterationSpace &space) {
  for (auto [i, original] : llvm::enumerate(space.uncopiedInits)) {
    if (original.isNull())
      continue;
    DenseValue &buffer = space.values[space.numInputs + i];
    AffineMap map = op.getIndexingMapsArray()[space.numInputs + i];
    bool covered = !space.isEmpty();
    for (auto [r, expr] : llvm::enumerate(map.getResults()))
      covered &= space.ranges[cast<AffineDimExpr>(expr).getPosition()] ==
                 buffer.shape()[r];
    if (!covered)
      std::memcpy(buffer.mutableData<char>(), original.rawData(),
                  buffer.sizeInBytes());
  }
}
} // namespace

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

LogicalResult linalg_exec::executeStructured(linalg::LinalgOp op,
                                             ExecContext &ctx) {
  if (!op.hasPureTensorSemantics())
    return ExecContext::opError(op)
           << " on buffers is not supported: systile-run "
              "executes linalg ops on tensors only";
  FailureOr<IterationSpace> space = buildSpace(op, ctx);
  if (failed(space))
    return failure();
  restoreUncoveredInits(op, *space);
  if (!space->isEmpty()) {
    FailureOr<bool> done = tryContraction(op, *space, ctx);
    if (failed(done))
      return failure();
    if (!*done)
      done = tryCopy(op, *space);
    if (!*done) {
      SmallVector<unsigned> lanes = chooseLanes(op, *space);
      if (failed(PointRunner(op, *space, lanes, ctx).run()))
        return failure();
    }
  }
  for (auto [result, value] :
       llvm::zip_equal(op->getResults(),
                       ArrayRef(space->values).drop_front(space->numInputs)))
    ctx.bind(result, RtValue(value));
  return success();
}

LogicalResult linalg_exec::executeIndex(linalg::IndexOp op, ExecContext &ctx) {
  auto parent = op->getParentOfType<linalg::LinalgOp>();
  const PointState *state =
      parent ? ctx.cached<IndexSlot>(parent).current : nullptr;
  if (!state)
    return op.emitError() << "'linalg.index' runs only in the payload of an "
                             "executing linalg op";
  uint64_t dim = op.getDim();
  if (dim >= state->ranges.size())
    return op.emitError() << "'linalg.index' dimension " << dim
                          << " exceeds the op's " << state->ranges.size()
                          << " loops";
  const auto *lane = llvm::find(state->laneDims, dim);
  if (!state->lanes || lane == state->laneDims.end()) {
    ctx.bind(op.getResult(),
             DenseValue::scalar(ElementKind::Index, state->point[dim]));
    return success();
  }
  FailureOr<DenseValue> lanes =
      ctx.allocate(op, ElementKind::Index, {state->numLanes});
  if (failed(lanes))
    return failure();
  // The fused lane index enumerates the lane loops innermost first.
  int64_t divisor = 1;
  for (const unsigned *l = state->laneDims.begin(); l != lane; ++l)
    divisor *= state->ranges[*l];
  int64_t range = state->ranges[dim];
  int64_t *out = lanes->mutableData<int64_t>();
  for (int64_t t = 0; t < state->numLanes; ++t)
    out[t] = ((state->laneStart + t) / divisor) % range;
  ctx.bind(op.getResult(), RtValue(std::move(*lanes)));
  return success();
}
