//===- Allocation.cpp - Fallible aligned allocation for the runtime -------===//

#include "systile/Runtime/Allocation.h"

#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <malloc.h>
#include <new>
#include <sys/mman.h>

namespace systile::rt {

std::string formatBytes(size_t bytes, int decimals) {
  static const char *units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  if (bytes < 1024)
    return std::to_string(bytes) + " bytes";
  double v = static_cast<double>(bytes);
  int unit = -1;
  while (v >= 1024.0 && unit < 5) {
    v /= 1024.0;
    ++unit;
  }
  char text[32];
  if (decimals < 0)
    std::snprintf(text, sizeof(text), "%.3g %s", v, units[unit]);
  else
    std::snprintf(text, sizeof(text), "%.*f %s", decimals, v, units[unit]);
  return text;
}

Expected<void *> tryAllocate(size_t count, size_t elementSize,
                             const char *what) {
  size_t bytes;
  if (__builtin_mul_overflow(count, elementSize, &bytes))
    return Error(std::string("cannot allocate ") + what + " of " +
                 std::to_string(count) + " elements of " +
                 std::to_string(elementSize) +
                 " bytes: the size does not fit in memory addresses");
  // malloc, unlike operator new, never calls the new-handler. The block
  // is aligned here rather than by posix_memalign: glibc's memalign asks
  // for size + alignment more than it hands out, so a freed block never
  // fits the next request of the same size and every buffer would take
  // fresh pages from the top of the heap (on these VMs ~0.7 ms/MiB, ~3 with
  // cold huge pages). The original pointer sits just below the aligned one.
  size_t total;
  if (__builtin_add_overflow(bytes, kBufferAlignment, &total))
    return Error(std::string("cannot allocate ") + what + " of " +
                 std::to_string(bytes) +
                 " bytes: the size does not fit in memory addresses");
  void *raw = std::malloc(total);
  if (!raw)
    return Error(std::string("cannot allocate ") + what + " of " +
                 std::to_string(bytes) + " bytes (" + formatBytes(bytes) +
                 "): out of memory");
  // malloc's blocks are at least 16-aligned, so there are >= 16 bytes below
  // the aligned address for the original pointer.
  uintptr_t aligned = (reinterpret_cast<uintptr_t>(raw) + kBufferAlignment) &
                      ~(uintptr_t(kBufferAlignment) - 1);
  reinterpret_cast<void **>(aligned)[-1] = raw;
  return reinterpret_cast<void *>(aligned);
}

void *allocate(size_t count, size_t elementSize, const char *what) {
  while (true) {
    Expected<void *> p = tryAllocate(count, elementSize, what);
    if (p)
      return *p;
    std::new_handler handler = std::get_new_handler();
    if (!handler) {
      std::fprintf(stderr, "systile runtime: %s\n", p.error().c_str());
      std::abort();
    }
    handler(); // Frees memory and returns, or does not return.
  }
}

void deallocate(void *p) {
  if (p)
    std::free(static_cast<void **>(p)[-1]);
}

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define SYSTILE_SANITIZED_HEAP 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define SYSTILE_SANITIZED_HEAP 1
#endif

Expected<std::shared_ptr<const void>> mapZeros(size_t bytes) {
  const size_t length = bytes ? bytes : 1;
#if defined(MAP_ANONYMOUS)
  // Aligned to a huge page inside a mapping one huge page longer, so that
  // a read fault can map the huge zero page.
  constexpr size_t kHuge = size_t(2) << 20;
  if (length > SIZE_MAX - kHuge)
    return Error("cannot map " + formatBytes(length) + " of zeros");
  const size_t mapped = length + kHuge;
  void *base = mmap(nullptr, mapped, PROT_READ,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (base == MAP_FAILED)
    return Error("cannot map " + formatBytes(length) + " of zeros");
  uintptr_t begin =
      (reinterpret_cast<uintptr_t>(base) + kHuge - 1) & ~(kHuge - 1);
  if (length >= kHuge)
    madvise(reinterpret_cast<void *>(begin), length & ~(kHuge - 1),
            MADV_HUGEPAGE);
  return std::shared_ptr<const void>(
      reinterpret_cast<const void *>(begin),
      [base, mapped](const void *) { munmap(base, mapped); });
#else
  void *p = std::calloc(length, 1);
  if (!p)
    return Error("cannot allocate " + formatBytes(length) + " of zeros");
  return std::shared_ptr<const void>(p, [](const void *q) {
    std::free(const_cast<void *>(q));
  });
#endif
}

void configureRunOnceHeap() {
#ifdef SYSTILE_SANITIZED_HEAP
  // The sanitizer's allocator owns the heap; a 1 GiB reservation would only
  // cost its shadow memory.
  return;
#endif
  // Everything from the main heap (brk), never trimmed, from every thread:
  // without M_ARENA_MAX = 1 a thread other than the main one (systile-run
  // runs on a thread of its own, for its stack) allocates from an arena
  // of 64 MiB mmap'd heaps, which neither this reservation nor huge pages
  // reach (measured: 14906 page faults in a ResNet block's run, 2429 with
  // one arena).
  mallopt(M_ARENA_MAX, 1);
  mallopt(M_MMAP_MAX, 0);
  mallopt(M_TRIM_THRESHOLD, INT_MAX);
  // Reserve the heap's first GiB (address space only: nothing is touched
  // but the chunk headers) and mark it for huge pages; freed, it stays the
  // heap's top chunk, from which later allocations are carved. Without
  // room for it, nothing changes.
  if (const char *thp = std::getenv("SYSTILE_HEAP_THP"); thp && *thp == '0')
    return;
  constexpr size_t kReserve = size_t(1) << 30, kHuge = size_t(2) << 20;
  void *p = std::malloc(kReserve);
  if (!p)
    return;
  uintptr_t begin = (reinterpret_cast<uintptr_t>(p) + kHuge - 1) & ~(kHuge - 1);
  uintptr_t end = (reinterpret_cast<uintptr_t>(p) + kReserve) & ~(kHuge - 1);
  if (end > begin)
    madvise(reinterpret_cast<void *>(begin), end - begin, MADV_HUGEPAGE);
  std::free(p);
}

} // namespace systile::rt
