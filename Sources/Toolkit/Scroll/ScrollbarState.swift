/// The hover and widening of one scroll bar. Times are on the window clock.
struct ScrollbarState: Equatable {
    /// Whether the pointer is within the hover zone (16 pt) of the bar's track.
    var hovered = false
    /// The widening when the current animation started: 0 thin, 1 full.
    var from = 0.0
    /// Where the widening goes: 1 while hovered or held, 0 otherwise.
    var target = 0.0
    /// When the current widening animation started, or nil when the bar rests at `target`.
    var start: Duration?

    /// The widening at `time`: a linear ramp from `from` to `target` over `duration` seconds.
    func widening(at time: Duration, duration: Double) -> Double {
        guard let start else { return target }
        let elapsed = ScrollbarState.seconds(time - start)
        guard duration > 0, elapsed < duration else { return target }
        return from + (target - from) * max(0, elapsed) / duration
    }

    /// Sets a new target at `time`, continuing from the widening shown then (no jump when the pointer leaves
    /// half-way).
    mutating func retarget(_ newTarget: Double, at time: Duration, duration: Double) {
        guard newTarget != target else { return }
        from = widening(at: time, duration: duration)
        target = newTarget
        start = time
    }

    /// Ends an animation whose duration has passed at `time`; returns whether it still runs.
    mutating func settle(at time: Duration, duration: Double) -> Bool {
        guard let start else { return false }
        if ScrollbarState.seconds(time - start) >= duration {
            self.start = nil
            from = target
            return false
        }
        return true
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }
}

/// A thumb held by the pointer's button or a scrubbing finger, and where the grab started.
struct ScrollbarGrab: Equatable {
    var axis: Axis
    /// The touch id holding it (`Touch.pointerID` for the pointer's button).
    var touchID: Int
    /// The pointer's or finger's position along the axis at the grab (or the last re-anchor), window points.
    var anchorPointer: Double
    /// The offset along the axis then, points.
    var anchorOffset: Double
}

/// A finger resting on a shown bar, waiting for the scrub delay (window points).
struct PendingScrub: Equatable {
    var id: Int
    var axis: Axis
    var down: Point
    var latest: Point
}
