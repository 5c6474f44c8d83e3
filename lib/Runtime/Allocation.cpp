//===- Allocation.cpp - Fallible aligned allocation for the runtime -------===//

#include "systile/Runtime/Allocation.h"

#include <cstdio>
#include <cstdlib>
#include <new>

namespace systile::rt {

std::string formatBytes(size_t bytes) {
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
  std::snprintf(text, sizeof(text), "%.3g %s", v, units[unit]);
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
  void *p = nullptr;
  // posix_memalign, unlike operator new, never calls the new-handler.
  if (posix_memalign(&p, kBufferAlignment, bytes == 0 ? 1 : bytes) != 0 ||
      !p)
    return Error(std::string("cannot allocate ") + what + " of " +
                 std::to_string(bytes) + " bytes (" + formatBytes(bytes) +
                 "): out of memory");
  return p;
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

void deallocate(void *p) { std::free(p); }

} // namespace systile::rt
