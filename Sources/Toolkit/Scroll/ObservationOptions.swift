/// Options for a key-path observation started with `ScrollContainer.observe(_:options:_:)`.
///
/// The default (`[]`) reports changes only.
public struct ObservationOptions: OptionSet, Sendable {
    /// The bits of the set; one bit per option.
    public let rawValue: UInt

    /// Creates a set from its raw bits; unknown bits are kept but mean nothing.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Call the handler once at registration (or right after the running handler, when registering from one), with
    /// `oldValue == nil` and the current value as `newValue`.
    public static let initial = ObservationOptions(rawValue: 1 << 0)
}
