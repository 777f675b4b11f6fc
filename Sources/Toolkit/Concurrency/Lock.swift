#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The package's one mutex, with a condition variable on the monotonic clock, in heap memory (pthread objects
/// must not move). Not `Synchronization.Mutex`: callers run closures on non-`Sendable` values under the lock,
/// which its `inout sending` state rejects, and the compositor's timed waits need a condition. Not recursive.
package final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        // Timeouts must not jump when someone sets the wall clock.
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Takes the lock, for a hold that spans calls.
    package func lock() { pthread_mutex_lock(mutex) }

    /// Releases the lock taken by `lock()`.
    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` with the lock held.
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Wakes every waiter; call with the lock held after changing what they wait for.
    package func broadcast() { pthread_cond_broadcast(condition) }

    /// With the lock held: sleeps until `done()` is true or the `CLOCK_MONOTONIC` time `deadline` passes,
    /// re-checking after every broadcast (and spurious wake-up). Returns the last value of `done()`.
    package func wait(until deadline: timespec, for done: () -> Bool) -> Bool {
        var limit = deadline
        while !done() {
            if pthread_cond_timedwait(condition, mutex, &limit) == ETIMEDOUT { return done() }
        }
        return true
    }
}
