import Glibc

/// A mutex with one condition variable on the monotonic clock: the lock every piece of the test compositor's
/// state lives under.
///
/// The dispatch thread holds it while libwayland dispatches client requests; the public methods hold it while
/// they send events; waiters sleep on the condition, which the dispatch thread broadcasts after every batch of
/// requests. pthread primitives (not `Synchronization.Mutex`) because a condition variable with a timeout is
/// needed, and they live in heap memory because pthread objects must not move.
final class Monitor: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    init() {
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

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` with the lock held.
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Wakes every waiter; call with the lock held after changing what they wait for.
    func broadcast() { pthread_cond_broadcast(condition) }

    /// With the lock held: sleeps until `done()` is true or the monotonic `deadline` passes, re-checking after
    /// every broadcast (and spurious wake-up). Returns the last value of `done()`.
    func wait(until deadline: timespec, for done: () -> Bool) -> Bool {
        var limit = deadline
        while !done() {
            if pthread_cond_timedwait(condition, mutex, &limit) == ETIMEDOUT { return done() }
        }
        return true
    }

    /// The monotonic time `duration` from now, as the deadline `wait(until:for:)` takes. Negative durations
    /// count as zero; absurdly long ones are capped at a day so the arithmetic cannot overflow.
    static func deadline(after duration: Duration) -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let capped = min(max(duration, .zero), .seconds(86_400))
        let (seconds, attoseconds) = capped.components
        var nanoseconds = Int(now.tv_nsec) + Int(attoseconds / 1_000_000_000)
        var wholeSeconds = Int(now.tv_sec) + Int(seconds)
        if nanoseconds >= 1_000_000_000 {
            nanoseconds -= 1_000_000_000
            wholeSeconds += 1
        }
        return timespec(tv_sec: wholeSeconds, tv_nsec: nanoseconds)
    }
}
