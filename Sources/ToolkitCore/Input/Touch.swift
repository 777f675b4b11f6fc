/// One finger on the screen, as delivered to views.
///
/// `location` is in window coordinates; use `location(in:)` for a view's own coordinates.
public struct Touch: Sendable, Equatable {
    /// The seat's touch id: stable from down to up (or cancel), reused afterwards.
    public var id: Int
    /// Where the finger is, in window coordinates (points).
    public var location: Point
    /// When this position was sampled, on the window's clock (monotonic; `.zero` is the clock's origin).
    public var timestamp: Duration

    /// A touch sample: `location` in window coordinates (points), `timestamp` on the window clock.
    public init(id: Int, location: Point, timestamp: Duration) {
        self.id = id
        self.location = location
        self.timestamp = timestamp
    }
}
