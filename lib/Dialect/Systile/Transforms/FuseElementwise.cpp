//===- FuseElementwise.cpp - fuse systile.elementwise chains ---------------===//
//
// systile-fuse-elementwise: merges a single-use systile.elementwise producer
// into its systile.elementwise consumer, so a chain (bias add, then ReLU)
// reads its inputs once and writes one result. The anchor is upstream's
// element-wise fusion of linalg.generic ops
// (mlir/lib/Dialect/Linalg/Transforms/ElementwiseOpFusion.cpp): the fused
// op's operands are the consumer's minus the fused one plus the producer's,
// and its body is the producer's body followed by the consumer's. Unlike
// upstream, a producer is fused only when the consumer is its only user and
// reads it at the consumer's own shape (not broadcast), so no scalar op is
// ever evaluated more often than before.
//
//===----------------------------------------------------------------------===//

#include "OpPatternDriver.h"

#include "systile/Dialect/Systile/IR/SystileOps.h"
#include "systile/Dialect/Systile/Transforms/Passes.h"
#include "systile/Support/PassStatistics.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace systile {
#define GEN_PASS_DEF_SYSTILEFUSEELEMENTWISE
#include "systile/Dialect/Systile/Transforms/Passes.h.inc"
} // namespace systile

using namespace mlir;
using namespace systile;

namespace {

/// A producer the consumer may absorb: an elementwise op of the consumer's
/// shape whose every use is an input of the consumer.
ElementwiseOp fusableProducer(ElementwiseOp consumer) {
  for (Value input : consumer.getInputs()) {
    auto producer = input.getDefiningOp<ElementwiseOp>();
    if (!producer || producer.getType().getShape() !=
                         consumer.getType().getShape())
      continue;
    bool onlyConsumer = llvm::all_of(producer->getUsers(), [&](Operation *u) {
      return u == consumer.getOperation();
    });
    if (onlyConsumer)
      return producer;
  }
  return {};
}

/// The fused op's inputs, as upstream orders a fused generic's operands:
/// the consumer's, with the producer's inputs in place of the producer's
/// result; each value once.
SmallVector<Value> fusedInputs(ElementwiseOp producer,
                               ElementwiseOp consumer) {
  SmallVector<Value> inputs;
  auto add = [&](Value v) {
    if (!llvm::is_contained(inputs, v))
      inputs.push_back(v);
  };
  for (Value v : consumer.getInputs()) {
    if (v == producer.getResult())
      llvm::for_each(producer.getInputs(), add);
    else
      add(v);
  }
  return inputs;
}

struct FuseElementwiseProducer : public OpRewritePattern<ElementwiseOp> {
  FuseElementwiseProducer(MLIRContext *ctx, PassCounter *fused)
      : OpRewritePattern(ctx), fused(fused) {}
  PassCounter *fused;

  LogicalResult matchAndRewrite(ElementwiseOp consumer,
                                PatternRewriter &rewriter) const override {
    ElementwiseOp producer = fusableProducer(consumer);
    if (!producer)
      return rewriter.notifyMatchFailure(consumer, "no single-use producer");
    SmallVector<Value> inputs = fusedInputs(producer, consumer);
    auto fusedOp = ElementwiseOp::create(rewriter, consumer.getLoc(),
                                         consumer.getType(), inputs);
    SmallVector<Type> types;
    SmallVector<Location> locs;
    for (Value v : inputs) {
      types.push_back(cast<TiledType>(v.getType()).getElementType());
      locs.push_back(v.getLoc());
    }
    OpBuilder::InsertionGuard guard(rewriter);
    Block *block =
        rewriter.createBlock(&fusedOp.getBody(), {}, types, locs);
    auto argOf = [&](Value input) {
      return block->getArgument(llvm::find(inputs, input) - inputs.begin());
    };
    // The producer's body, on the fused op's arguments.
    IRMapping map;
    Block &pBody = producer.getBody().front();
    for (auto [arg, input] : llvm::zip(pBody.getArguments(),
                                       producer.getInputs()))
      map.map(arg, argOf(input));
    for (Operation &op : pBody.without_terminator())
      rewriter.clone(op, map);
    Value produced = map.lookupOrDefault(
        cast<YieldOp>(pBody.getTerminator()).getValue());
    // Then the consumer's, reading the produced value in place of the
    // producer's result.
    Block &cBody = consumer.getBody().front();
    for (auto [arg, input] : llvm::zip(cBody.getArguments(),
                                       consumer.getInputs()))
      map.map(arg, input == producer.getResult() ? produced : argOf(input));
    for (Operation &op : cBody.without_terminator())
      rewriter.clone(op, map);
    YieldOp::create(rewriter, consumer.getLoc(),
                    map.lookupOrDefault(
                        cast<YieldOp>(cBody.getTerminator()).getValue()));
    rewriter.replaceOp(consumer, fusedOp.getResult());
    rewriter.eraseOp(producer);
    if (fused)
      ++*fused;
    return success();
  }
};

struct SystileFuseElementwise
    : public systile::impl::SystileFuseElementwiseBase<
          SystileFuseElementwise> {
  using SystileFuseElementwiseBase::SystileFuseElementwiseBase;
  PassCounter opsFused{"systile-fuse-elementwise", "ops-fused",
                       "systile.elementwise producers fused into their "
                       "consumer"};

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateElementwiseFusionPatterns(patterns, &opsFused);
    if (failed(applyOpPatterns(getOperation(), std::move(patterns), getArgument())))
      signalPassFailure();
  }
};

} // namespace

void systile::populateElementwiseFusionPatterns(RewritePatternSet &patterns,
                                                PassCounter *fused) {
  patterns.add<FuseElementwiseProducer>(patterns.getContext(), fused);
  ElementwiseOp::getCanonicalizationPatterns(patterns, patterns.getContext());
}
