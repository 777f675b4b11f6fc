import Glibc

/// The monotonic clock, read directly: `clock_gettime` never allocates and costs a few tens of nanoseconds,
/// negligible next to the runs it brackets (each run is at least thousands of events or several frames).
enum Stopwatch {
    /// Nanoseconds on `CLOCK_MONOTONIC` (an arbitrary origin; only differences mean something).
    static func nanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }
}
