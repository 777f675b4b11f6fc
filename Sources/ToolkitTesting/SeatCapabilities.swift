/// What a test compositor's seat offers its clients (`wl_seat.capabilities`).
public struct SeatCapabilities: OptionSet, Sendable, Hashable {
    /// The `wl_seat.capability` bits.
    public let rawValue: UInt32
    /// A set from its bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// `WL_SEAT_CAPABILITY_POINTER`.
    public static let pointer = SeatCapabilities(rawValue: 1)
    /// `WL_SEAT_CAPABILITY_KEYBOARD`.
    public static let keyboard = SeatCapabilities(rawValue: 2)
    /// `WL_SEAT_CAPABILITY_TOUCH`.
    public static let touch = SeatCapabilities(rawValue: 4)
}
