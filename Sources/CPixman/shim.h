#include <pixman.h>
/* wmemset: 32-bit fills of pixel rows (Canvas.fillPixels). */
#include <wchar.h>
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Copies `bytes` bytes with stores that bypass the cache where the CPU has them (SSE2 non-temporal stores, for a
   16-byte aligned destination): for writing a ring buffer's mirror rows (RingFrameBuffer.mirror), which nothing
   reads until a wrap much later. An ordinary store first reads each cache line it writes from memory; these
   rows are never in the cache, so that read is most of the copy's cost. Call toolkit_store_fence() after the
   last copy of a batch, so that the copies are ordered before later stores. Falls back to memcpy elsewhere. */
static inline void toolkit_copy_streaming(void *destination, const void *source, size_t bytes) {
#if defined(__SSE2__)
    if (((uintptr_t)destination & 15) == 0 && bytes >= 256) {
        char *d = (char *)destination;
        const char *s = (const char *)source;
        size_t whole = bytes & ~(size_t)63;
        for (size_t i = 0; i < whole; i += 64) {
            __m128i a = _mm_loadu_si128((const __m128i *)(s + i));
            __m128i b = _mm_loadu_si128((const __m128i *)(s + i + 16));
            __m128i c = _mm_loadu_si128((const __m128i *)(s + i + 32));
            __m128i e = _mm_loadu_si128((const __m128i *)(s + i + 48));
            _mm_stream_si128((__m128i *)(d + i), a);
            _mm_stream_si128((__m128i *)(d + i + 16), b);
            _mm_stream_si128((__m128i *)(d + i + 32), c);
            _mm_stream_si128((__m128i *)(d + i + 48), e);
        }
        memcpy(d + whole, s + whole, bytes - whole);
        return;
    }
#endif
    memcpy(destination, source, bytes);
}

/* Orders the streaming stores of toolkit_copy_streaming before the stores that follow. */
static inline void toolkit_store_fence(void) {
#if defined(__SSE2__)
    _mm_sfence();
#endif
}
