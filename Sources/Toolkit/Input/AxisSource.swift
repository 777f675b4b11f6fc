/// What produced a scroll (axis) event, as `wl_pointer.axis_source` says.
public enum AxisSource: Sendable, Hashable {
    /// A wheel with detents. Values are in 1/120 of a detent (120 = one notch), as `axis_value120`.
    case wheel
    /// Fingers on a touchpad: values are in points, 1:1, and an axis stop ends the motion (kinetic scrolling).
    case finger
    /// A continuous device without a stop (e.g. a trackpoint): values are in points.
    case continuous
}

/// One scroll step from a pointer, gathered over one `wl_pointer.frame`.
///
/// Positive values increase `contentOffset` (down or right), as in `wl_pointer.axis`.
public struct AxisEvent: Sendable, Equatable {
    /// The device kind.
    public var source: AxisSource
    /// For `.wheel`: horizontal amount in 1/120 detents. Otherwise: horizontal distance in points.
    public var dx: Double
    /// For `.wheel`: vertical amount in 1/120 detents. Otherwise: vertical distance in points.
    public var dy: Double
    /// The fingers left the touchpad on the horizontal axis (`axis_stop`).
    public var stopHorizontal: Bool
    /// The fingers left the touchpad on the vertical axis (`axis_stop`).
    public var stopVertical: Bool
    /// When the event happened, on the window's clock.
    public var timestamp: Duration

    /// A scroll step; see the properties for units.
    public init(source: AxisSource, dx: Double, dy: Double, stopHorizontal: Bool = false,
                stopVertical: Bool = false, timestamp: Duration) {
        self.source = source
        self.dx = dx
        self.dy = dy
        self.stopHorizontal = stopHorizontal
        self.stopVertical = stopVertical
        self.timestamp = timestamp
    }
}
