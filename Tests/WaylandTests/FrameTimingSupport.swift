import Glibc

@testable import Toolkit
@testable import ToolkitCore

/// What the frame timing tests share (<doc:ScrollBehaviour> §12): running a window in real time, measuring the gaps
/// between its commits while something moves, and replaying the same input in a `HeadlessWindow` for the place where
/// the motion has to end.
@MainActor
enum FrameTiming {
    /// The longest gap <doc:ScrollBehaviour> §12 allows between two commits while a motion runs at 60 Hz is 1.5 refresh
    /// intervals (25 ms); the tests allow 50 ms, which a compositor that completes frame callbacks at once (a
    /// client drawing flat out) or every refresh passes, and a stalled motion fails.
    static let allowedGap: Duration = .milliseconds(50)

    /// CLOCK_MONOTONIC now (the clock of `TestCompositor.bufferCommitTimes`).
    nonisolated static var monotonicNow: Duration {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return .seconds(Int64(ts.tv_sec)) + .nanoseconds(Int64(ts.tv_nsec))
    }

    /// Runs `window`'s loop for `duration` of real time.
    static func run(_ window: WaylandWindow, for duration: Duration) throws {
        let end = monotonicNow + duration
        while monotonicNow < end {
            _ = try window.dispatchOnce(timeout: max(.zero, min(.milliseconds(2), end - monotonicNow)))
        }
    }

    /// Runs `window`'s loop until `condition` holds, at most `limit`; returns whether it held.
    @discardableResult
    static func run(
        _ window: WaylandWindow, limit: Duration = .seconds(10),
        until condition: () -> Bool
    ) throws -> Bool {
        try window.dispatch(limit: limit, step: .milliseconds(2), until: condition)
    }

    /// Whether `container` is moving by itself: a fling, a bounce, a page snap, a programmatic or wheel
    /// animation.
    static func isMoving(_ container: ScrollContainer) -> Bool {
        container.arbitration.isMovingWithoutFingers
    }

    /// The longest time without a commit between `start` and `end`: the gaps between consecutive `commits`
    /// inside that span, and from `start` to the first of them. `end` is when the motion was seen to be over,
    /// just after its last frame. Nil when no commit falls in the span.
    nonisolated static func longestGap(_ commits: [Duration], from start: Duration, to end: Duration) -> Duration? {
        let inside = commits.filter { $0 >= start && $0 <= end }
        guard let first = inside.first else { return nil }
        var longest = first - start
        for (earlier, later) in zip(inside, inside.dropFirst()) { longest = max(longest, later - earlier) }
        return longest
    }

    /// `duration` in milliseconds, for messages.
    nonisolated static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }

    /// `event` with its time moved to `time`, for the kinds the tests record (touch, pointer, axis); nil for
    /// others. (Matched one kind at a time rather than by an exhaustive switch, which every new kind of event
    /// would break.)
    static func restamped(_ event: InputEvent, at time: Duration) -> InputEvent? {
        if case .touchDown(let id, let location, _) = event {
            return .touchDown(id: id, location: location, timestamp: time)
        }
        if case .touchMotion(let id, let location, _) = event {
            return .touchMotion(id: id, location: location, timestamp: time)
        }
        if case .touchUp(let id, _) = event { return .touchUp(id: id, timestamp: time) }
        if case .touchFrame = event { return .touchFrame(timestamp: time) }
        if case .pointerEnter(let location, _) = event { return .pointerEnter(location: location, timestamp: time) }
        if case .pointerMotion(let location, _) = event { return .pointerMotion(location: location, timestamp: time) }
        if case .axis(var axis) = event {
            axis.timestamp = time
            return .axis(axis)
        }
        return nil
    }

    /// Plays `events` (as a window's core received them, times on its clock) into `headless` with the same
    /// spacing, the first one at `headless.now`, then lets every motion finish. Kinds `restamped` does not know
    /// are left out.
    static func replay(_ events: [InputEvent], in headless: HeadlessWindow) {
        let origin = headless.now
        let base = events.compactMap(\.timestamp).first ?? .zero
        for event in events {
            if let time = event.timestamp {
                let target = origin + (time - base)
                if target > headless.now { headless.advance(by: target - headless.now) }
                if let replayed = restamped(event, at: target) { headless.core.handle(replayed) }
            }
        }
        headless.advance(by: .seconds(10))
    }
}
