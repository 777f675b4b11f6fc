import Glibc

/// The test compositor's time arithmetic: the monotonic clock, protocol milliseconds and the output's refresh
/// ticks.
///
/// Automatic frame callbacks complete on ticks, as a real compositor completes them when it repaints the output:
/// ticks fall at `origin + k * interval` for whole k (a fixed grid, so that late wake-ups never make the
/// frames drift), and a callback committed at `t` is done at the first tick strictly after `t`. A client that
/// draws as soon as its callback is done therefore commits once per refresh interval.
enum FrameTicks {
    /// 60 Hz: 1/60 s rounded to the nanosecond.
    static let defaultInterval: Duration = .nanoseconds(16_666_667)
    /// The refresh rates a test may set, in Hz.
    static let rateRange: ClosedRange<Double> = 1...1000

    /// CLOCK_MONOTONIC as a `Duration` since its unspecified base.
    static func monotonicNow() -> Duration {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return .seconds(Int64(ts.tv_sec)) + .nanoseconds(Int64(ts.tv_nsec))
    }

    /// Whole nanoseconds of `duration` (rounded towards zero).
    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
    }

    /// `time` in protocol milliseconds: whole milliseconds, wrapping at 2^32 like the protocol's `uint`.
    static func milliseconds(_ time: Duration) -> UInt32 {
        let (seconds, attoseconds) = time.components
        return UInt32(truncatingIfNeeded: seconds &* 1000 &+ attoseconds / 1_000_000_000_000_000)
    }

    /// The first tick of the grid `origin + k * interval` strictly after `now`.
    static func next(after now: Duration, origin: Duration, interval: Duration) -> Duration {
        let step = max(1, nanoseconds(interval))
        let elapsed = nanoseconds(now - origin)
        // Floor division, also for a `now` before the origin.
        let index = elapsed >= 0 ? elapsed / step : -((-elapsed + step - 1) / step)
        return origin + .nanoseconds((index + 1) * step)
    }

    /// `rate` (Hz) clamped into `rateRange`; non-finite rates give 60.
    static func clampedRate(_ rate: Double) -> Double {
        rate.isFinite ? min(max(rate, rateRange.lowerBound), rateRange.upperBound) : 60
    }

    /// The refresh interval of `rate` Hz (clamped like `clampedRate`), to the nanosecond.
    static func interval(rate: Double) -> Duration {
        .nanoseconds(Int64((1e9 / clampedRate(rate)).rounded()))
    }

    /// The poll timeout that wakes up at `deadline` (monotonic) or just after: whole milliseconds rounded up,
    /// -1 for none, 0 when it is past.
    static func pollTimeout(until deadline: Duration?, now: Duration) -> Int32 {
        guard let deadline else { return -1 }
        let remaining = nanoseconds(deadline - now)
        guard remaining > 0 else { return 0 }
        return Int32(min((remaining + 999_999) / 1_000_000, Int64(Int32.max)))
    }

    /// The poll timeout that wakes up at `deadline` (monotonic), in nanoseconds: -1 for none, 0 when it is past.
    /// The dispatch thread waits with this one, so that a tick is not served up to a millisecond late.
    static func pollTimeoutNanoseconds(until deadline: Duration?, now: Duration) -> Int64 {
        guard let deadline else { return -1 }
        return max(0, nanoseconds(deadline - now))
    }
}
