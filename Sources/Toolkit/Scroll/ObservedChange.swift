/// One change of an observed property, handed to an observation handler.
///
/// Each change's `oldValue` is the `newValue` of the change delivered before it, and the two are never equal.
public struct ObservedChange<Value> {
    /// The value before the change; `nil` only for the call made because of `ObservationOptions.initial`.
    public let oldValue: Value?
    /// The value after the change.
    public let newValue: Value

    /// Creates a change record (public for code that forwards or replays changes, and tests).
    public init(oldValue: Value?, newValue: Value) {
        self.oldValue = oldValue
        self.newValue = newValue
    }
}

extension ObservedChange: Sendable where Value: Sendable {}

extension ObservedChange: Equatable where Value: Equatable {}

extension ObservedChange where Value == Point {
    /// The direction the point moved in, per axis (`ScrollDirection.init(old:new:)`); both `.none` for the `.initial`
    /// call.
    public var direction: ScrollDirection {
        guard let oldValue else { return ScrollDirection(horizontal: .none, vertical: .none) }
        return ScrollDirection(old: oldValue, new: newValue)
    }
}
