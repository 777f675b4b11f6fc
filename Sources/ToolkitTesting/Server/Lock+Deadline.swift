import Glibc
import ToolkitCore

// The test compositor's state lives under one `Lock` (ToolkitCore's mutex with a condition variable): the
// dispatch thread holds it while libwayland dispatches client requests; the public methods hold it while they
// send events; waiters sleep on its condition, which the dispatch thread broadcasts after every batch.

extension Lock {
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
