/// What produced a scroll (axis) event, as `wl_pointer.axis_source` says.
public enum AxisSource: Sendable, Hashable {
    /// A wheel with detents; values in 1/120 of a detent.
    case wheel
    /// Fingers on a touchpad: values in points; an axis stop ends the motion (kinetic scrolling).
    case finger
    /// A continuous device without a stop (a trackpoint): values in points.
    case continuous
}

/// One scroll step from a pointer over one `wl_pointer.frame`; positive values increase `contentOffset`.
public struct AxisEvent: Sendable, Equatable {
    /// The device kind.
    public var source: AxisSource
    /// Horizontal amount: 1/120 detents for `.wheel`, points otherwise.
    public var dx: Double
    /// Vertical amount: 1/120 detents for `.wheel`, points otherwise.
    public var dy: Double
    /// The fingers left the touchpad on this axis (`axis_stop`).
    public var stopHorizontal: Bool
    /// The fingers left the touchpad on this axis (`axis_stop`).
    public var stopVertical: Bool
    /// When the event happened, on the window's clock.
    public var timestamp: Duration

    /// A scroll step.
    public init(
        source: AxisSource, dx: Double, dy: Double, stopHorizontal: Bool = false,
        stopVertical: Bool = false, timestamp: Duration
    ) {
        self.source = source
        self.dx = dx
        self.dy = dy
        self.stopHorizontal = stopHorizontal
        self.stopVertical = stopVertical
        self.timestamp = timestamp
    }
}
