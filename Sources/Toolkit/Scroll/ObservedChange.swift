/// One change of an observed property, handed to an observation handler.
///
/// Changes reach a handler as a chain: the `oldValue` of each change is the `newValue` of the change delivered
/// to the same handler just before it, and the two are never equal. Only the change delivered for
/// `ObservationOptions.initial` has no old value.
public struct ObservedChange<Value> {
    /// The value before the change; `nil` only for the call made because of `ObservationOptions.initial`.
    public let oldValue: Value?
    /// The value after the change.
    public let newValue: Value

    /// Creates a change record. The toolkit makes these; the initializer is public so that code which forwards
    /// or replays changes (and tests) can build them too.
    public init(oldValue: Value?, newValue: Value) {
        self.oldValue = oldValue
        self.newValue = newValue
    }
}

extension ObservedChange: Sendable where Value: Sendable {}

extension ObservedChange: Equatable where Value: Equatable {}

extension ObservedChange where Value == Point {
    /// The direction the point moved in, per axis (for `\.contentOffset`: the direction the content scrolled).
    ///
    /// With no old value (the `.initial` call) both axes are `.none`. See `ScrollDirection.init(old:new:)` for
    /// the rule per axis.
    public var direction: ScrollDirection {
        guard let oldValue else { return ScrollDirection(horizontal: .none, vertical: .none) }
        return ScrollDirection(old: oldValue, new: newValue)
    }
}
