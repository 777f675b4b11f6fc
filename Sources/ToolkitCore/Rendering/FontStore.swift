#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The lock around the process-wide `FontState` (FreeType handles are not thread-safe).
///
/// A plain pthread mutex rather than `Synchronization.Mutex`: the state hands out glyphs (classes holding pixman
/// pointers) that a canvas uses while the lock is held, and `Mutex.withLock`'s `inout sending` parameter rejects
/// any such mixing with a non-`Sendable` canvas even though nothing escapes the lock.
///
/// `@unchecked Sendable`: `state` is only read or written inside `withState`, under `mutex`.
final class FontStore: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var state = FontState()

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the font state. `body` must not call back into `Font` or text
    /// drawing (the mutex is not recursive), and must not keep glyphs beyond its return.
    func withState<Result>(_ body: (inout FontState) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
