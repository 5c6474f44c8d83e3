//===- Allocation.h - Fallible aligned allocation for the runtime -*- C++ -*-===//
//
// The runtime's large buffers (tiled storage) come from here, not from
// `new[]`. `tryAllocate` returns an error value when the memory cannot be
// had; it uses malloc, which never calls the C++ new-handler, so it
// fails cleanly also in a process whose new-handler aborts (LLVM's
// `InitLLVM` installs one: `std::nothrow` new does not help there).
//
// `allocate` is for the few places whose signature cannot fail (a copy
// constructor): it retries through the process's new-handler exactly like
// a failed `operator new` would, so a tool's own out-of-memory handling
// decides, and aborts with a message only when there is none.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTILE_RUNTIME_ALLOCATION_H
#define SYSTILE_RUNTIME_ALLOCATION_H

#include "systile/Runtime/Status.h"

#include <cstddef>
#include <memory>
#include <string>

namespace systile::rt {

/// Alignment of runtime buffers: one cache line, enough for any vector load.
inline constexpr size_t kBufferAlignment = 64;

/// `count` elements of `elementSize` bytes, 64-byte aligned and
/// uninitialised; an error naming the size (and `what`, e.g. "tiled
/// storage") when the product overflows or the memory is not available.
/// Free with `deallocate`. A zero-byte request yields a valid pointer.
Expected<void *> tryAllocate(size_t count, size_t elementSize,
                             const char *what = "buffer");

/// As tryAllocate, for callers that cannot return an error: on failure it
/// calls the new-handler and retries, like `operator new`; without a
/// new-handler it prints the error and aborts.
void *allocate(size_t count, size_t elementSize, const char *what = "buffer");

/// Frees memory from tryAllocate or allocate (null is fine).
void deallocate(void *p);

/// The heap policy of a run-once tool (systile-run, the benchmarks), to be
/// called first thing in main: freed memory stays in the heap for the next
/// allocation instead of going back to the kernel, and the heap is backed
/// by transparent huge pages where the kernel allows them (THP mode
/// "madvise"), one heap for every thread (M_ARENA_MAX = 1: a thread's own
/// arena would take mmap'd heaps that get neither). The first touch of
/// fresh 4 KiB pages costs about a
/// millisecond per MiB on these VMs (toolchain.md); with this a tool pays
/// for its peak once, in 2 MiB faults. The process keeps its peak, which a
/// tool that exits after one run can afford; a library embedded in a
/// long-running compiler should not call it. SYSTILE_HEAP_THP=0 in the
/// environment leaves out the huge pages (for comparing the two: on these
/// VMs a huge page costs ~0.1 ms/MiB when the host has it warm and ~3
/// ms/MiB when not, small pages ~0.7 ms/MiB either way).
void configureRunOnceHeap();

/// `bytes` of read-only zeros that cost no memory: anonymous pages that
/// are never written, so every read sees the kernel's zero page (its huge
/// zero page where transparent huge pages allow it), and no page is
/// cleared, as a fresh allocation's first touch is (about a millisecond
/// per MiB on these VMs, toolchain.md). For large all-zero constants that
/// are only read. Mapped while the returned owner lives; 64-byte aligned;
/// an error when the address space cannot be had. Where there is no mmap,
/// zeroed heap memory.
Expected<std::shared_ptr<const void>> mapZeros(size_t bytes);
/// "4 TiB", "1.5 GiB", "512 bytes": a byte count for messages, with three
/// significant digits, or `decimals` fixed decimals when given ("4.00
/// TiB").
std::string formatBytes(size_t bytes, int decimals = -1);

} // namespace systile::rt

#endif // SYSTILE_RUNTIME_ALLOCATION_H
