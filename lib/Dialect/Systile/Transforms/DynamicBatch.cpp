//===- DynamicBatch.cpp - a dynamic batch as a loop of static chunks ------===//
//
// systile-dynamic-batch: !systile.tiled needs static shapes, and frontends
// export models with a dynamic batch (ONNX's symbolic `N`, torch.export's
// dynamic_shapes, jax.export's symbolic shapes): `tensor<?x784xf32>` in,
// `tensor<?x10xf32>` out. When every op of a function treats the rows of
// the batch independently (a parallel batch loop that indexes every batch
// operand by its leading dimension, and nothing else: a row's result is
// the same whichever rows share its chunk), the function is rewritten as a
// loop over chunks of `rows` rows: each chunk is sliced out of the
// arguments, padded to `rows` rows with copies of its first row when the
// batch is smaller (else the last
// chunk overlaps the one before it, so no padding row is computed), run
// through a copy of the body that canonicalisation makes static, and its
// logical rows are inserted into the results. The lowered file then runs
// at any batch size.
//
//===----------------------------------------------------------------------===//

#include "systile/Dialect/Systile/Transforms/Passes.h"
#include "systile/Support/PassStatistics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/EquivalenceClasses.h"

namespace systile {
#define GEN_PASS_DEF_SYSTILEDYNAMICBATCH
#include "systile/Dialect/Systile/Transforms/Passes.h.inc"
} // namespace systile

using namespace mlir;
using namespace systile;

namespace {

/// A ranked tensor whose leading dimension is dynamic and every other one
/// static: a value of the batch.
bool isBatchType(Type type) {
  auto t = dyn_cast<RankedTensorType>(type);
  if (!t || t.getRank() == 0 || !t.isDynamicDim(0) || t.getEncoding() ||
      !t.getElementType().isIntOrIndexOrFloat())
    return false;
  return llvm::all_of(t.getShape().drop_front(),
                      [](int64_t d) { return !ShapedType::isDynamic(d); });
}

bool hasDynamicDim(Type type) {
  auto t = dyn_cast<ShapedType>(type);
  return t && t.hasRank() && !t.hasStaticShape();
}

/// Why a function is left as it is: the op and the reason.
struct Refusal {
  Operation *op;
  std::string why;
};

/// The batch structure of a function, or why it has none that chunks.
class BatchAnalysis {
public:
  explicit BatchAnalysis(func::FuncOp f) : function(f) {}

  /// Checks every op; on success `batchArgs` and the equivalence of every
  /// batch value with the first argument's are known.
  std::optional<Refusal> run();

  SmallVector<unsigned> batchArgs;

private:
  std::optional<Refusal> checkLinalg(linalg::LinalgOp op);
  std::optional<Refusal> checkOp(Operation *op);
  bool isBatchSize(Value v) const { return batchSizes.contains(v); }

  func::FuncOp function;
  llvm::EquivalenceClasses<Value> classes; // values of one batch size
  llvm::DenseMap<Value, Value> batchSizes; // tensor.dim result -> its tensor
};

std::optional<Refusal> BatchAnalysis::checkLinalg(linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics())
    return Refusal{op, "it is not on tensors"};
  std::optional<unsigned> batchLoop;
  Value first;
  for (OpOperand &operand : op->getOpOperands()) {
    Type type = operand.get().getType();
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (!isBatchType(type)) {
      if (hasDynamicDim(type))
        return Refusal{op, "an operand has a dynamic dimension other than "
                           "the leading one"};
      continue;
    }
    AffineDimExpr dim = map.getNumResults()
                            ? dyn_cast<AffineDimExpr>(map.getResult(0))
                            : AffineDimExpr(nullptr);
    if (!dim)
      return Refusal{op, "a batch operand's leading dimension is not read by "
                         "one loop"};
    if (batchLoop && *batchLoop != dim.getPosition())
      return Refusal{op, "its batch operands read the batch by different "
                         "loops"};
    batchLoop = dim.getPosition();
    if (map.dropResult(0).isFunctionOfDim(*batchLoop))
      return Refusal{op, "a batch operand reads the batch loop in another "
                         "dimension too"};
    if (first)
      classes.unionSets(first, operand.get());
    first = operand.get();
  }
  if (!batchLoop) {
    for (Value r : op->getResults())
      if (hasDynamicDim(r.getType()))
        return Refusal{op, "a dynamic result without a batch operand"};
    return std::nullopt;
  }
  if (op.getIteratorTypesArray()[*batchLoop] != utils::IteratorType::parallel)
    return Refusal{op, "it reduces over the batch: rows are not independent"};
  for (OpOperand &operand : op->getOpOperands()) {
    if (isBatchType(operand.get().getType()))
      continue;
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (map.isFunctionOfDim(*batchLoop))
      return Refusal{op, "an operand of static shape is indexed by the "
                         "batch loop"};
  }
  // Every output is of the batch, rows written by the batch loop (a static
  // output would accumulate over the rows of one chunk only).
  for (OpOperand &init : op.getDpsInitsMutable())
    if (!isBatchType(init.get().getType()) ||
        !op.getMatchingIndexingMap(&init).getResult(0).isFunctionOfDim(
            *batchLoop) ||
        op.getMatchingIndexingMap(&init).getResult(0) !=
            getAffineDimExpr(*batchLoop, op.getContext()))
      return Refusal{op, "an output is not written row by row of the batch"};
  for (auto [init, result] : llvm::zip(op.getDpsInits(), op->getResults())) {
    if (!isBatchType(result.getType()) && hasDynamicDim(result.getType()))
      return Refusal{op, "a result has a dynamic dimension other than the "
                         "leading one"};
    if (isBatchType(result.getType()))
      classes.unionSets(first, result);
  }
  // The body may read only its block arguments and values of static
  // shape from above (a batch tensor read there would be the chunk's).
  llvm::SetVector<Value> above;
  getUsedValuesDefinedAbove(op->getRegions(), above);
  for (Value v : above)
    if (hasDynamicDim(v.getType()) || isBatchSize(v))
      return Refusal{op, "its body reads a batch value from above"};
  bool readsBatchIndex = false;
  op->walk([&](linalg::IndexOp index) {
    readsBatchIndex |= index.getDim() == *batchLoop;
  });
  if (readsBatchIndex)
    return Refusal{op, "its body reads the batch loop's index"};
  return std::nullopt;
}

std::optional<Refusal> BatchAnalysis::checkOp(Operation *op) {
  if (isa<func::ReturnOp>(op))
    return std::nullopt;
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
    return checkLinalg(linalgOp);
  if (auto dim = dyn_cast<tensor::DimOp>(op)) {
    std::optional<int64_t> index = dim.getConstantIndex();
    if (!index && hasDynamicDim(dim.getSource().getType()))
      return Refusal{op, "it reads a dimension chosen at run time"};
    if (!isBatchType(dim.getSource().getType()) || *index != 0)
      return std::nullopt; // a static size: a constant once folded
    batchSizes[dim.getResult()] = dim.getSource();
    for (Operation *user : dim->getUsers())
      if (!isa<tensor::EmptyOp, tensor::ExpandShapeOp>(user))
        return Refusal{user, "it uses the batch size as a value"};
    return std::nullopt;
  }
  if (auto empty = dyn_cast<tensor::EmptyOp>(op)) {
    if (!hasDynamicDim(empty.getType()))
      return std::nullopt;
    if (!isBatchType(empty.getType()) || !isBatchSize(empty.getDynamicSizes()[0]))
      return Refusal{op, "a dynamic size that is not the batch's"};
    classes.unionSets(batchSizes.lookup(empty.getDynamicSizes()[0]),
                      empty.getResult());
    return std::nullopt;
  }
  // Reshapes that keep the batch dimension a group of its own.
  auto keepsBatch = [](ArrayRef<ReassociationIndices> groups) {
    return !groups.empty() && groups.front().size() == 1;
  };
  if (auto expand = dyn_cast<tensor::ExpandShapeOp>(op)) {
    if (!isBatchType(expand.getSrcType()) && !hasDynamicDim(expand.getSrcType()))
      return std::nullopt;
    if (!isBatchType(expand.getSrcType()) ||
        !isBatchType(expand.getResultType()) ||
        !keepsBatch(expand.getReassociationIndices()) ||
        expand.getOutputShape().size() != 1 ||
        !isBatchSize(expand.getOutputShape()[0]))
      return Refusal{op, "it reshapes the batch dimension"};
    classes.unionSets(expand.getSrc(), expand.getResult());
    return std::nullopt;
  }
  if (auto collapse = dyn_cast<tensor::CollapseShapeOp>(op)) {
    if (!hasDynamicDim(collapse.getSrcType()))
      return std::nullopt;
    if (!isBatchType(collapse.getSrcType()) ||
        !isBatchType(collapse.getResultType()) ||
        !keepsBatch(collapse.getReassociationIndices()))
      return Refusal{op, "it reshapes the batch dimension"};
    classes.unionSets(collapse.getSrc(), collapse.getResult());
    return std::nullopt;
  }
  if (auto cast = dyn_cast<tensor::CastOp>(op)) {
    if (!hasDynamicDim(cast.getSource().getType()) &&
        !hasDynamicDim(cast.getType()))
      return std::nullopt;
    if (!isBatchType(cast.getSource().getType()) ||
        !isBatchType(cast.getType()))
      return Refusal{op, "it casts to or from a batch value"};
    classes.unionSets(cast.getSource(), cast.getResult());
    return std::nullopt;
  }
  // Anything else may not see a batch value, here or in its regions, and
  // is copied into every chunk: it must be free of side effects.
  if (!isMemoryEffectFree(op))
    return Refusal{op, "it has side effects, which would repeat per chunk"};
  std::optional<Refusal> refusal;
  op->walk([&](Operation *inner) {
    for (Value v : inner->getOperands())
      if (hasDynamicDim(v.getType()) || batchSizes.contains(v))
        refusal = Refusal{inner, "the op is not known to keep batch rows "
                                 "independent"};
    for (Value v : inner->getResults())
      if (hasDynamicDim(v.getType()))
        refusal = Refusal{inner, "a dynamic result"};
  });
  return refusal;
}

std::optional<Refusal> BatchAnalysis::run() {
  FunctionType type = function.getFunctionType();
  for (auto [i, arg] : llvm::enumerate(type.getInputs())) {
    if (isBatchType(arg))
      batchArgs.push_back(i);
    else if (hasDynamicDim(arg))
      return Refusal{function, "argument " + std::to_string(i) +
                                   " has a dynamic dimension other than the "
                                   "leading one"};
  }
  for (Type result : type.getResults())
    if (!isBatchType(result))
      return Refusal{function, "a result is not of the batch (dynamic "
                               "leading dimension, static others)"};
  Block &body = function.getBody().front();
  for (Operation &op : body)
    if (std::optional<Refusal> r = checkOp(&op))
      return r;
  // One batch: every argument and result of the batch's one size.
  Value leader = body.getArgument(batchArgs.front());
  for (unsigned i : batchArgs)
    if (!classes.isEquivalent(leader, body.getArgument(i)))
      return Refusal{function, "arguments " + std::to_string(batchArgs.front()) +
                                   " and " + std::to_string(i) +
                                   " are not rows of one batch"};
  for (Value r : body.getTerminator()->getOperands())
    if (!classes.isEquivalent(leader, r))
      return Refusal{function, "a result is not computed from the rows of "
                               "the batch"};
  return std::nullopt;
}

/// A RankedTensorType like `type` with leading dimension `rows`.
RankedTensorType withRows(Type type, int64_t rows) {
  auto t = cast<RankedTensorType>(type);
  SmallVector<int64_t> shape(t.getShape());
  shape[0] = rows;
  return t.clone(shape);
}

/// Offsets, sizes and strides of the rows [offset, offset + size) of `type`.
void rowSlice(OpBuilder &b, RankedTensorType type, OpFoldResult offset,
              OpFoldResult size, SmallVectorImpl<OpFoldResult> &offsets,
              SmallVectorImpl<OpFoldResult> &sizes,
              SmallVectorImpl<OpFoldResult> &strides) {
  offsets.assign({offset});
  sizes.assign({size});
  for (int64_t d : type.getShape().drop_front()) {
    offsets.push_back(b.getIndexAttr(0));
    sizes.push_back(b.getIndexAttr(d));
  }
  strides.assign(type.getRank(), b.getIndexAttr(1));
}

void rewrite(func::FuncOp function, ArrayRef<unsigned> batchArgs,
             int64_t rows) {
  Block &body = function.getBody().front();
  auto ret = cast<func::ReturnOp>(body.getTerminator());
  Location loc = function.getLoc();
  OpBuilder b(function.getContext());
  // The new body is built in a block of its own, then replaces the old.
  auto *newBody = new Block();
  for (BlockArgument arg : body.getArguments())
    newBody->addArgument(arg.getType(), arg.getLoc());
  b.setInsertionPointToStart(newBody);

  Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
  Value c1 = arith::ConstantIndexOp::create(b, loc, 1);
  Value chunk = arith::ConstantIndexOp::create(b, loc, rows);
  Value batch = tensor::DimOp::create(b, loc, newBody->getArgument(batchArgs[0]), 0);
  // Rows of one batch: a mismatch is the error the original would give.
  for (unsigned i : batchArgs.drop_front()) {
    Value n = tensor::DimOp::create(b, loc, newBody->getArgument(i), 0);
    Value same = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, n, batch);
    cf::AssertOp::create(
        b, loc, same,
        "the leading (batch) dimensions of arguments " +
            std::to_string(batchArgs[0]) + " and " + std::to_string(i) +
            " differ");
  }
  SmallVector<Value> inits;
  for (Value r : ret.getOperands())
    inits.push_back(tensor::EmptyOp::create(
        b, loc, cast<RankedTensorType>(r.getType()).getShape(),
        cast<RankedTensorType>(r.getType()).getElementType(), ValueRange{batch}));
  // ceil(batch / rows) chunks; chunk i starts at min(i*rows, max(batch -
  // rows, 0)) and has min(rows, batch) rows.
  Value chunks = arith::CeilDivUIOp::create(b, loc, batch, chunk);
  Value lastStart = arith::MaxSIOp::create(
      b, loc, arith::SubIOp::create(b, loc, batch, chunk), c0);
  Value size = arith::MinSIOp::create(b, loc, batch, chunk);
  Value padRows = arith::SubIOp::create(b, loc, chunk, size);
  auto loop = scf::ForOp::create(
      b, loc, c0, chunks, c1, inits,
      [&](OpBuilder &lb, Location l, Value iv, ValueRange acc) {
        Value start = arith::MinSIOp::create(
            lb, l, arith::MulIOp::create(lb, l, iv, chunk), lastStart);
        IRMapping map;
        for (unsigned i : batchArgs) {
          Value arg = newBody->getArgument(i);
          auto type = cast<RankedTensorType>(arg.getType());
          SmallVector<OpFoldResult> offsets, sizes, strides;
          rowSlice(lb, type, start, size, offsets, sizes, strides);
          Value slice = tensor::ExtractSliceOp::create(lb, l, arg, offsets,
                                                       sizes, strides);
          SmallVector<OpFoldResult> low(type.getRank(), lb.getIndexAttr(0));
          SmallVector<OpFoldResult> high(low);
          high[0] = padRows;
          // Padding rows (only when the whole batch is under one chunk)
          // repeat the chunk's first row: every row computed is a row of
          // the input, so the copy can fail nowhere the original cannot.
          auto pad = tensor::PadOp::create(lb, l, withRows(type, rows), slice,
                                           low, high, /*nofold=*/false);
          {
            OpBuilder::InsertionGuard guard(lb);
            SmallVector<Type> indexTypes(type.getRank(), lb.getIndexType());
            SmallVector<Location> locs(type.getRank(), l);
            Block *region =
                lb.createBlock(&pad.getRegion(), {}, indexTypes, locs);
            SmallVector<Value> at(region->getArguments());
            at[0] = c0;
            Value first = tensor::ExtractOp::create(lb, l, slice, at);
            tensor::YieldOp::create(lb, l, first);
          }
          Value padded = pad.getResult();
          map.map(body.getArgument(i),
                  tensor::CastOp::create(lb, l, type, padded).getResult());
        }
        for (unsigned i = 0; i < body.getNumArguments(); ++i)
          if (!map.contains(body.getArgument(i)))
            map.map(body.getArgument(i), newBody->getArgument(i));
        for (Operation &op : body.without_terminator())
          lb.clone(op, map);
        SmallVector<Value> next;
        for (auto [r, into] : llvm::zip(ret.getOperands(), acc)) {
          auto type = cast<RankedTensorType>(r.getType());
          SmallVector<OpFoldResult> offsets, sizes, strides;
          rowSlice(lb, type, lb.getIndexAttr(0), size, offsets, sizes,
                   strides);
          Value rowsOut = tensor::ExtractSliceOp::create(
              lb, l, map.lookup(r), offsets, sizes, strides);
          offsets[0] = start;
          next.push_back(tensor::InsertSliceOp::create(lb, l, rowsOut, into,
                                                       offsets, sizes, strides));
        }
        scf::YieldOp::create(lb, l, next);
      });
  func::ReturnOp::create(b, ret.getLoc(), loop.getResults());
  // Swap the bodies.
  Region &region = function.getBody();
  region.front().dropAllDefinedValueUses();
  region.front().erase();
  region.push_back(newBody);
}

struct SystileDynamicBatch
    : public systile::impl::SystileDynamicBatchBase<SystileDynamicBatch> {
  using SystileDynamicBatchBase::SystileDynamicBatchBase;

  PassCounter numFunctions{"systile-dynamic-batch", "functions-chunked",
                           "functions rewritten as loops over row chunks"};

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    if (function.isExternal() || !function.getBody().hasOneBlock())
      return;
    if (!llvm::any_of(function.getFunctionType().getInputs(), hasDynamicDim) &&
        !llvm::any_of(function.getFunctionType().getResults(), hasDynamicDim))
      return;
    if (rows <= 0) {
      function.emitError() << "systile-dynamic-batch: rows must be positive, "
                              "not " << static_cast<int64_t>(rows);
      return signalPassFailure();
    }
    BatchAnalysis analysis(function);
    if (std::optional<Refusal> refusal = analysis.run()) {
      // Said only of a function that looks batched (a dynamic leading
      // dimension somewhere): other dynamic shapes are not a batch, and
      // the conversion's own remarks name what stays.
      if (!llvm::any_of(function.getFunctionType().getInputs(), isBatchType) &&
          !llvm::any_of(function.getFunctionType().getResults(), isBatchType))
        return;
      emitRemark(refusal->op->getLoc())
          << "dynamic shapes left as they are (systile-dynamic-batch): "
          << refusal->why;
      return;
    }
    // The original body, kept until the chunked one verifies: upstream's
    // verifiers skip checks that a dynamic dimension hides (a convolution
    // whose window does not fit its input), so a body that verifies
    // dynamic can fail static.
    Region original;
    IRMapping mapping;
    function.getBody().cloneInto(&original, mapping);
    rewrite(function, analysis.batchArgs, rows);
    // Make the chunk's copy of the body static: tensor.dim of the padded
    // chunk folds to `rows`, tensor.empty and the linalg ops take static
    // types through upstream's cast-folding canonicalisations.
    RewritePatternSet patterns(&getContext());
    for (Dialect *dialect : getContext().getLoadedDialects())
      dialect->getCanonicalizationPatterns(patterns);
    for (RegisteredOperationName op : getContext().getRegisteredOperations())
      op.getCanonicalizationPatterns(patterns, &getContext());
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    if (failed(applyPatternsGreedily(function, std::move(patterns), config))) {
      function.emitError()
          << "systile-dynamic-batch: canonicalisation of the chunked body "
             "did not converge";
      return signalPassFailure();
    }
    std::string why;
    Location where = function.getLoc();
    {
      ScopedDiagnosticHandler capture(&getContext(), [&](Diagnostic &d) {
        if (why.empty() && d.getSeverity() == DiagnosticSeverity::Error) {
          why = d.str();
          where = d.getLocation();
        }
        return success();
      });
      if (succeeded(verify(function))) {
        ++numFunctions;
        return;
      }
    }
    function.getBody().takeBody(original);
    emitRemark(where)
        << "dynamic shapes left as they are (systile-dynamic-batch): with a "
           "static batch of "
        << static_cast<int64_t>(rows) << " rows the function does not verify: "
        << why;
  }
};

} // namespace
