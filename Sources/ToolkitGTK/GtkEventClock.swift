internal import CGtk4

/// The one clock a `GtkViewHost` feeds its window core: `g_get_monotonic_time` (CLOCK_MONOTONIC, microseconds),
/// the clock of GTK's frame clock too, counted from the host's creation.
///
/// Event times are the compositor's (`gdk_event_get_time`: milliseconds, 32 bits, wrapping after 49 days). Most
/// compositors stamp with CLOCK_MONOTONIC, but nothing promises it (a test compositor may run its own clock), so
/// event times are mapped, not trusted: `offset` is the smallest (receipt time - event time) seen, i.e. the event
/// that arrived with the least delay defines the alignment, and no event lands later than it was received. An
/// offset that jumps by more than a second (a compositor clock with another base, or a wrap) is taken afresh.
struct GtkEventClock {
    /// When the host started, microseconds of g_get_monotonic_time.
    let originMicroseconds: Int
    /// Microseconds to add to an event's time (in microseconds) to get monotonic microseconds.
    private var offset: Int?

    init() {
        originMicroseconds = Int(g_get_monotonic_time())
    }

    /// Now, on the core's clock.
    var now: Duration { .microseconds(Int(g_get_monotonic_time()) - originMicroseconds) }

    /// A frame clock time (`gdk_frame_clock_get_frame_time`, monotonic microseconds) on the core's clock.
    func frameTime(_ microseconds: Int) -> Duration {
        .microseconds(microseconds - originMicroseconds)
    }

    /// An event's time (compositor milliseconds) on the core's clock; an event with no time (0) is stamped now.
    mutating func eventTime(_ milliseconds: UInt32) -> Duration {
        let received = Int(g_get_monotonic_time())
        guard milliseconds != 0 else { return .microseconds(received - originMicroseconds) }
        let eventMicroseconds = Int(milliseconds) * 1000
        let candidate = received - eventMicroseconds
        let current: Int
        if let previous = offset, abs(candidate - previous) < 1_000_000 {
            current = min(previous, candidate)
        } else {
            current = candidate
        }
        offset = current
        return .microseconds(eventMicroseconds + current - originMicroseconds)
    }
}
