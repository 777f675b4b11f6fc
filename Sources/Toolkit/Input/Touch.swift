/// One finger on the screen, as delivered to views.
///
/// `location` is in window coordinates; use `location(in:)` for a view's own coordinates.
public struct Touch: Sendable, Equatable {
    /// The touch id a window gives the pointer's primary button when it reaches views as a touch: 2^31, just
    /// outside the Int32 range of Wayland touch ids, so that no finger a compositor reports (whatever its id)
    /// can be mistaken for the pointer.
    public static let pointerID = Int(Int32.max) + 1

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
