// Counting allocator: see include/CAllocCounter.h.
//
// Why glibc's __libc_* entry points rather than dlsym(RTLD_NEXT, "malloc"): dlsym itself may allocate, which
// would need a bootstrap heap; __libc_malloc and friends are exported by glibc for exactly this kind of wrapper
// and are always resolved. Counters are relaxed atomics: only the totals matter, not their ordering.
#define _GNU_SOURCE
#include "CAllocCounter.h"

#include <dlfcn.h>
#include <malloc.h>
#include <errno.h>
#include <execinfo.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);

static uint64_t allocationCount;
static uint64_t allocationBytes;
static int traceRemaining;
/// Set while a backtrace is being printed, so that allocations made by the unwinder are not traced in turn.
static _Thread_local int insideTrace;

/// Writes a decimal number without stdio (stdio may allocate, which would recurse).
static void writeNumber(uint64_t value) {
    char digits[24];
    int index = (int)sizeof digits;
    do {
        digits[--index] = (char)('0' + value % 10);
        value /= 10;
    } while (value != 0 && index > 0);
    (void)!write(2, digits + index, sizeof digits - (size_t)index);
}

static void writeHex(uintptr_t value) {
    char digits[2 + 2 * sizeof value];
    int index = (int)sizeof digits;
    do {
        digits[--index] = "0123456789abcdef"[value & 15];
        value >>= 4;
    } while (value != 0 && index > 2);
    digits[--index] = 'x';
    digits[--index] = '0';
    (void)!write(2, digits + index, sizeof digits - (size_t)index);
}

static void writeText(const char *text) {
    size_t length = 0;
    while (text[length] != 0) length++;
    (void)!write(2, text, length);
}

static void traceIfAsked(const char *function, size_t size) {
    if (__atomic_load_n(&traceRemaining, __ATOMIC_RELAXED) <= 0 || insideTrace) return;
    if (__atomic_sub_fetch(&traceRemaining, 1, __ATOMIC_RELAXED) < 0) return;
    insideTrace = 1;
    void *frames[48];
    int depth = backtrace(frames, 48);
    writeText("--- allocation #");
    writeNumber(__atomic_load_n(&allocationCount, __ATOMIC_RELAXED));
    writeText(": ");
    writeText(function);
    writeText("(");
    writeNumber(size);
    writeText(" bytes)\n");
    // Skip this function and the interposed allocator itself.
    if (depth > 2) backtrace_symbols_fd(frames + 2, depth - 2, 2);
    // Inlined Toolkit code and internal symbols have no name above: list the executable's frames as offsets
    // for `llvm-symbolizer --obj=<executable> -i <offsets>`, which reads the debug info (file:line, inlining).
    Dl_info self;
    if (dladdr((void *)&bench_alloc_count, &self) != 0) {
        writeText("symbolize: llvm-symbolizer -i --obj=");
        writeText(self.dli_fname);
        for (int index = 2; index < depth; index++) {
            Dl_info frame;
            if (dladdr(frames[index], &frame) != 0 && frame.dli_fbase == self.dli_fbase) {
                writeText(" ");
                // Return addresses point after the call; one byte back lands inside it.
                writeHex((uintptr_t)frames[index] - (uintptr_t)self.dli_fbase - 1);
            }
        }
        writeText("\n");
    }
    insideTrace = 0;
}

static inline void count(const char *function, size_t size) {
    __atomic_add_fetch(&allocationCount, 1, __ATOMIC_RELAXED);
    __atomic_add_fetch(&allocationBytes, size, __ATOMIC_RELAXED);
    traceIfAsked(function, size);
}

uint64_t bench_alloc_count(void) { return __atomic_load_n(&allocationCount, __ATOMIC_RELAXED); }

uint64_t bench_alloc_bytes(void) { return __atomic_load_n(&allocationBytes, __ATOMIC_RELAXED); }

void bench_alloc_trace(int n) {
    if (n > 0) {
        // The first backtrace() loads the unwinder (dlopen, which allocates): do it now, not inside a trace.
        void *warm[2];
        insideTrace = 1;
        (void)backtrace(warm, 2);
        insideTrace = 0;
    }
    __atomic_store_n(&traceRemaining, n > 0 ? n : 0, __ATOMIC_RELAXED);
}

// A malloc the compiler cannot drop (the pointer goes through a volatile): if it is not counted, another
// malloc than ours is in use (static linking, a preloaded allocator).
int bench_alloc_counting_works(void) {
    uint64_t before = bench_alloc_count();
    void *volatile probe = malloc(1);
    free(probe);
    return bench_alloc_count() != before;
}

// MARK: - The interposed functions

// Each function counts, then forwards to the glibc entry point that does the same job, so that memory is
// always allocated and freed by the same allocator (glibc's), whichever library made the call.

void *malloc(size_t size) {
    count("malloc", size);
    return __libc_malloc(size);
}

void *calloc(size_t n, size_t size) {
    count("calloc", n * size);
    return __libc_calloc(n, size);
}

void *realloc(void *pointer, size_t size) {
    count("realloc", size);
    return __libc_realloc(pointer, size);
}

// glibc's own reallocarray calls its internal realloc (not through the PLT): defined here so it is counted.
void *reallocarray(void *pointer, size_t n, size_t size) {
    size_t total;
    if (__builtin_mul_overflow(n, size, &total)) {
        errno = ENOMEM;
        return NULL;
    }
    count("reallocarray", total);
    return __libc_realloc(pointer, total);
}

// Not counted: the budget is about allocations, and every free pairs with one of them.
void free(void *pointer) {
    __libc_free(pointer);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    // Alignment must be a power of two multiple of sizeof(void *).
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    count("posix_memalign", size);
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

// The Swift runtime allocates over-aligned objects through these (swift_slowAlloc).
void *aligned_alloc(size_t alignment, size_t size) {
    count("aligned_alloc", size);
    return __libc_memalign(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
    count("memalign", size);
    return __libc_memalign(alignment, size);
}

uint64_t bench_heap_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return (uint64_t)info.uordblks + (uint64_t)info.hblkhd;
}
