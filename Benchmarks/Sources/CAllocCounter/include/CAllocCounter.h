// Heap allocation counting for the benchmarks.
//
// The executable that links this target defines malloc, calloc, realloc, reallocarray, free, posix_memalign,
// aligned_alloc and memalign. Symbols of the executable come first in the dynamic linker's search order, so every
// call in the process (Swift runtime, Foundation, pixman, FreeType, libc itself through its PLT) lands here, is
// counted, and is forwarded to glibc's own allocator (__libc_malloc and friends). free is not counted.
#ifndef C_ALLOC_COUNTER_H
#define C_ALLOC_COUNTER_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Number of allocating calls (malloc, calloc, realloc, reallocarray, posix_memalign, aligned_alloc, memalign)
/// since the process started.
uint64_t bench_alloc_count(void);

/// Bytes requested by those calls since the process started.
uint64_t bench_alloc_bytes(void);

/// Prints a backtrace (to standard error) for each of the next `count` allocations; 0 stops. Symbol names need
/// the executable's symbols exported (SwiftPM does on Linux); pipe through `swift demangle` to read Swift names.
void bench_alloc_trace(int count);

/// Heap bytes in use now (glibc's `mallinfo2`: small blocks in use plus mmapped blocks).
uint64_t bench_heap_in_use(void);
/// Whether the interposed allocator is the one in use (an allocation made after startup was counted).
int bench_alloc_counting_works(void);

#ifdef __cplusplus
}
#endif

#endif
