//===- Parallel.h - Contiguous shares of work over threads ------*- C++ -*-===//
//
// The one fork-join helper of the runtime and the interpreter: a range of
// work units cut into contiguous shares, one per thread, the caller's
// thread taking the first. Header-only, so the interpreter's kernel (also
// built alone into its unit test) uses it without linking the runtime.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_PARALLEL_H
#define SYSTILE_RUNTIME_PARALLEL_H

#include <algorithm>
#include <cstdint>
#include <thread>
#include <vector>

namespace systile::rt {

/// Runs f(u0, u1) on [0, units) cut into min(workers, units) contiguous
/// shares (at least one), each on its own thread; the caller's thread
/// runs the first share. Returns when all have finished.
template <typename F> void runShares(int64_t workers, int64_t units, F &&f) {
  workers = std::clamp<int64_t>(workers, 1, std::max<int64_t>(units, 1));
  std::vector<std::thread> pool;
  for (int64_t w = 1; w < workers; ++w)
    pool.emplace_back(f, units * w / workers, units * (w + 1) / workers);
  f(0, units / workers);
  for (std::thread &t : pool)
    t.join();
}

/// Threads to use for `threads` (0: all hardware threads).
inline int64_t resolveThreads(int threads) {
  return threads > 0 ? threads
                     : std::max(1u, std::thread::hardware_concurrency());
}

} // namespace systile::rt

#endif // SYSTILE_RUNTIME_PARALLEL_H
