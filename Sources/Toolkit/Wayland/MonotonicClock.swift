import Glibc

/// The window clock of a Wayland window: CLOCK_MONOTONIC, counted from the moment the clock was made.
///
/// CLOCK_MONOTONIC does not jump with wall-clock changes and is the clock most compositors stamp events
/// with. Starting at the creation instant keeps window times small and readable in logs; `EventTimeMapper`
/// bridges to the compositor's own event times.
struct MonotonicClock: Sendable {
    private let origin: Duration

    init() {
        origin = MonotonicClock.readMonotonic()
    }

    /// Time elapsed since the clock was created.
    var now: Duration { MonotonicClock.readMonotonic() - origin }

    /// An instant of CLOCK_MONOTONIC (as `readMonotonic` gives it) on this clock.
    func time(monotonic: Duration) -> Duration { monotonic - origin }

    /// CLOCK_MONOTONIC as a `Duration` since its unspecified base.
    static func readMonotonic() -> Duration {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return .seconds(Int64(ts.tv_sec)) + .nanoseconds(Int64(ts.tv_nsec))
    }
}
