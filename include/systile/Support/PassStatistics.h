//===- PassStatistics.h - counters of the systile passes --------*- C++ -*-===//
//
// Process-wide counters of the systile passes ("matmuls lowered", "blocks
// emitted", "blocks folded", ...).
//
// Why not ODS `let statistics`: MLIR's Pass::Statistic is llvm::Statistic,
// which LLVM compiles to a no-op in builds with NDEBUG and without
// LLVM_FORCE_ENABLE_STATS -- Debian's LLVM/MLIR 22 is such a build, so
// `--mlir-pass-statistics` shows nothing for any pass, upstream's included.
// These counters always count (atomically, so parallel pass instances can
// share them), and systile-opt prints them after MLIR's own report when
// `--mlir-pass-statistics` is given. Embedders call printPassStatistics.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_SUPPORT_PASSSTATISTICS_H
#define SYSTILE_SUPPORT_PASSSTATISTICS_H

#include <atomic>
#include <cstdint>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace systile {

/// A named counter of one pass; define it as a static in the pass's file.
class PassCounter {
public:
  /// `pass` is the pass argument (its flag), `name` the counter's kebab-case
  /// name. The strings must outlive the counter (use literals).
  PassCounter(const char *pass, const char *name, const char *description);

  PassCounter &operator+=(uint64_t amount) {
    value.fetch_add(amount, std::memory_order_relaxed);
    return *this;
  }
  PassCounter &operator++() { return *this += 1; }
  uint64_t get() const { return value.load(std::memory_order_relaxed); }

  const char *const pass;
  const char *const name;
  const char *const description;

private:
  std::atomic<uint64_t> value{0};
};

/// Prints every counter, grouped by pass, in MLIR's statistics style:
///   convert-linalg-to-systile
///     (S) 2 matmuls-lowered - Number of linalg.matmul ops lowered
void printPassStatistics(llvm::raw_ostream &os);

} // namespace systile

#endif // SYSTILE_SUPPORT_PASSSTATISTICS_H
