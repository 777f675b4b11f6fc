/// One finger on the screen, as delivered to views; `location` in window coordinates.
public struct Touch: Sendable, Equatable {
    /// The id the pointer's primary button has as a touch: 2^31, outside the Int32 range of Wayland touch ids.
    public static let pointerID = Int(Int32.max) + 1

    /// The seat's touch id: stable from down to up (or cancel), reused afterwards.
    public var id: Int
    /// Where the finger is, in window coordinates (points).
    public var location: Point
    /// When this position was sampled, on the window clock.
    public var timestamp: Duration

    /// A touch sample: `location` in window points, `timestamp` on the window clock.
    public init(id: Int, location: Point, timestamp: Duration) {
        self.id = id
        self.location = location
        self.timestamp = timestamp
    }
}
