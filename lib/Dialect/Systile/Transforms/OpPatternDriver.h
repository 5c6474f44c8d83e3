//===- OpPatternDriver.h - greedy driver of the systile passes --*- C++ -*-===//
//
// How the systile rewrite passes apply their patterns: greedily, without
// region simplification. The passes rewrite ops; block merging and dead
// block arguments are left to the user's own canonicalize (as the pipeline
// does), which also keeps them cheap on many small functions.
//
// The number of rewrites is bounded by the size of the input: a set of
// patterns that undo each other on some program ends the pass with an error
// naming the patterns that kept firing, never a hang.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_LIB_DIALECT_SYSTILE_TRANSFORMS_OPPATTERNDRIVER_H
#define SYSTILE_LIB_DIALECT_SYSTILE_TRANSFORMS_OPPATTERNDRIVER_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include <algorithm>
#include <string>

namespace systile {

/// Rewrites allowed per op of the input (and at least `kMinRewrites`): far
/// above what any converging pattern set of the systile passes needs.
inline constexpr int64_t kRewritesPerOp = 64;
inline constexpr int64_t kMinRewrites = 20000;

namespace detail {
/// Counts the successful applications of each pattern.
struct PatternCounter : public mlir::RewriterBase::Listener {
  llvm::StringMap<int64_t> applied;
  void notifyPatternEnd(const mlir::Pattern &pattern,
                        mlir::LogicalResult status) override {
    if (mlir::succeeded(status))
      ++applied[pattern.getDebugName().empty() ? "(unnamed pattern)"
                                               : pattern.getDebugName()];
  }
  /// The patterns applied most, as "name (N times)", at most `n` of them.
  std::string mostApplied(size_t n) const {
    std::vector<std::pair<int64_t, std::string>> order;
    for (const auto &entry : applied)
      order.emplace_back(entry.getValue(), entry.getKey().str());
    std::sort(order.begin(), order.end(), [](const auto &a, const auto &b) {
      return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    std::string text;
    for (size_t i = 0; i < order.size() && i < n; ++i)
      text += (i ? ", " : "") + order[i].second + " (" +
              std::to_string(order[i].first) + " times)";
    return text.empty() ? std::string("none") : text;
  }
};
} // namespace detail

/// Applies `patterns` greedily to the ops under `root`, without region
/// simplification. Failure, with an error on `root` that names `passName`
/// and the patterns applied most, when the driver does not converge.
inline mlir::LogicalResult applyOpPatterns(mlir::Operation *root,
                                           mlir::RewritePatternSet &&patterns,
                                           llvm::StringRef passName) {
  int64_t ops = 0;
  root->walk([&](mlir::Operation *) { ++ops; });
  int64_t limit = std::max(kMinRewrites, kRewritesPerOp * ops);
  detail::PatternCounter counter;
  mlir::GreedyRewriteConfig config;
  config.setRegionSimplificationLevel(
      mlir::GreedySimplifyRegionLevel::Disabled);
  config.setMaxNumRewrites(limit);
  config.setListener(&counter);
  if (mlir::succeeded(
          mlir::applyPatternsGreedily(root, std::move(patterns), config)))
    return mlir::success();
  // On the location only: the op itself may have grown by the rewrites.
  mlir::emitError(root->getLoc()) << passName << " did not converge (" << limit
                    << " rewrites for " << ops
                    << " ops); the patterns applied most: "
                    << counter.mostApplied(4);
  return mlir::failure();
}

} // namespace systile

#endif // SYSTILE_LIB_DIALECT_SYSTILE_TRANSFORMS_OPPATTERNDRIVER_H
