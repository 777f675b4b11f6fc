/// Options for a key-path observation started with `ScrollContainer.observe(_:options:_:)`.
///
/// The default (`[]`) reports changes only. Kept as an `OptionSet` so that later options (for example a "prior"
/// notification) can be added without breaking callers.
public struct ObservationOptions: OptionSet, Sendable {
    /// The bits of the set; one bit per option.
    public let rawValue: UInt

    /// Creates a set from its raw bits; unknown bits are kept but mean nothing.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Call the handler once at registration, before `observe` returns (or, when registering from inside
    /// another observer's handler, right after that handler returns), with `oldValue == nil` and the value
    /// the property had at registration as `newValue`.
    public static let initial = ObservationOptions(rawValue: 1 << 0)
}
