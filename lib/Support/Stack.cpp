//===- Stack.cpp - A known stack for the tools' recursion -----------------===//

#include "systile/Support/Stack.h"

#include "llvm/Support/thread.h"

#include <cstdint>
#include <optional>
#include <pthread.h>

int systile::runOnToolStack(llvm::function_ref<int()> work) {
  int result = 1;
  llvm::thread worker(std::optional<unsigned>(kToolStackBytes),
                      [&] { result = work(); });
  worker.join();
  return result;
}

size_t systile::remainingStackBytes() {
#if defined(__linux__)
  // The lowest address of this thread's stack, looked up once per thread.
  thread_local uintptr_t low = [] {
    pthread_attr_t attr;
    void *addr = nullptr;
    size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &attr) != 0)
      return uintptr_t(0);
    pthread_attr_getstack(&attr, &addr, &size);
    pthread_attr_destroy(&attr);
    return reinterpret_cast<uintptr_t>(addr);
  }();
  // The frame address, not a local's: sanitizers may move locals off the
  // stack, never the frame.
  auto here = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
  if (low == 0 || here < low)
    return SIZE_MAX;
  return here - low;
#else
  return SIZE_MAX;
#endif
}
