//===- Parallel.h - Contiguous shares of work over threads ------*- C++ -*-===//
//
// The fork-join helpers of every runtime kernel (the simulator, the packs,
// the dense contraction): a range of work units cut into contiguous
// shares, one per thread (runShares), or handed out one at a time to
// whichever thread is free (parallelFor); the caller's thread always works
// too. Header-only.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_PARALLEL_H
#define SYSTILE_RUNTIME_PARALLEL_H

#include <algorithm>
#include <atomic>
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

/// Runs f(0..n-1) on up to `threads` threads, each taking the next unit
/// when it finishes one (units of uneven cost balance out).
template <typename F> void parallelFor(int threads, int64_t n, F &&f) {
  if (threads <= 1 || n <= 1) {
    for (int64_t i = 0; i < n; ++i)
      f(i);
    return;
  }
  std::atomic<int64_t> next{0};
  auto worker = [&] {
    for (int64_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < n;)
      f(i);
  };
  std::vector<std::thread> pool;
  const int64_t extra = std::min<int64_t>(threads, n) - 1;
  pool.reserve(static_cast<size_t>(extra));
  for (int64_t t = 0; t < extra; ++t)
    pool.emplace_back(worker);
  worker();
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
