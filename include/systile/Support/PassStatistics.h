//===- PassStatistics.h - counters of the systile passes --------*- C++ -*-===//
//
// Counters of the systile passes ("matmuls lowered", "blocks emitted",
// "blocks folded", ...): members of each pass instance, collected into a
// report that the caller owns.
//
// Why not ODS `let statistics`: MLIR's Pass::Statistic is llvm::Statistic,
// which LLVM compiles to a no-op in builds with NDEBUG and without
// LLVM_FORCE_ENABLE_STATS -- Debian's LLVM/MLIR 22 is such a build, so
// `--mlir-pass-statistics` shows nothing for any pass, upstream's included.
//
// How: a pass declares its counters as members, so every instance (MLIR
// clones a pass for each worker thread) counts its own runs from zero.
// When an instance is destroyed (with its pass manager), its counts are
// added to the PassCounterReport in scope, if any. systile-opt opens one
// for `--mlir-pass-statistics` and prints it after MLIR's own report;
// embedders do the same around their pass manager. Nothing is counted
// process-wide, and a report holds exactly the runs inside its scope.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_SUPPORT_PASSSTATISTICS_H
#define SYSTILE_SUPPORT_PASSSTATISTICS_H

#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace systile {

/// A named counter of one pass instance; declare it as a member of the
/// pass: `PassCounter numFolded{"my-pass", "blocks-folded", "..."};`.
class PassCounter {
public:
  /// `pass` is the pass argument (its flag), `name` the counter's kebab-case
  /// name. The strings must outlive the counter (use literals).
  PassCounter(const char *pass, const char *name, const char *description)
      : pass(pass), name(name), description(description) {}
  /// A clone of a pass counts its own runs, from zero.
  PassCounter(const PassCounter &other)
      : PassCounter(other.pass, other.name, other.description) {}
  PassCounter &operator=(const PassCounter &) = delete;
  /// Hands the count to the report in scope, if any.
  ~PassCounter();

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

/// The sums, by pass and counter, of the pass instances that end while it
/// is in scope (at most one report is in scope at a time; opening a second
/// one while the first is open is a programming error and is ignored).
class PassCounterReport {
public:
  PassCounterReport();
  ~PassCounterReport();
  PassCounterReport(const PassCounterReport &) = delete;
  PassCounterReport &operator=(const PassCounterReport &) = delete;

  /// Prints every counter, grouped by pass (in name order), in MLIR's
  /// statistics style:
  ///   convert-linalg-to-systile
  ///     (S) 2 matmuls-lowered - linalg.matmul ops lowered to systile
  void print(llvm::raw_ostream &os) const;

private:
  friend class PassCounter;
  void add(const PassCounter &counter, uint64_t value);

  struct Entry {
    std::string name, description;
    uint64_t value = 0;
  };
  mutable std::mutex mutex;
  std::map<std::string, std::vector<Entry>> passes;
  bool active = false;
};

} // namespace systile

#endif // SYSTILE_SUPPORT_PASSSTATISTICS_H
