/// One of the two scrolling directions.
public enum Axis: Sendable, Hashable, CaseIterable {
    case horizontal
    case vertical

    /// The other axis.
    public var other: Axis { self == .horizontal ? .vertical : .horizontal }

    /// A set of axes.
    public struct Set: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The horizontal axis.
        public static let horizontal = Set(rawValue: 1)
        /// The vertical axis.
        public static let vertical = Set(rawValue: 2)

        /// Whether `axis` is in the set.
        public func contains(_ axis: Axis) -> Bool {
            contains(axis == .horizontal ? Set.horizontal : Set.vertical)
        }

        /// The set holding just `axis`.
        public init(_ axis: Axis) { self = axis == .horizontal ? .horizontal : .vertical }
    }
}
