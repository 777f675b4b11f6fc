/// Distances inset from each edge of a rectangle, in points.
public struct EdgeInsets: Hashable, Sendable {
    /// Inset from the top edge, in points.
    public var top: Double
    /// Inset from the left edge, in points.
    public var left: Double
    /// Inset from the bottom edge, in points.
    public var bottom: Double
    /// Inset from the right edge, in points.
    public var right: Double

    /// Insets from each edge, in points.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No inset.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// The inset at the start of `axis` (left or top), in points.
    public func leading(_ axis: Axis) -> Double { axis == .horizontal ? left : top }
    /// The inset at the end of `axis` (right or bottom), in points.
    public func trailing(_ axis: Axis) -> Double { axis == .horizontal ? right : bottom }

    /// The insets with `transform` applied to each side (a property cleaning its input the same way on all four).
    func mapSides(_ transform: (Double) -> Double) -> EdgeInsets {
        EdgeInsets(top: transform(top), left: transform(left), bottom: transform(bottom), right: transform(right))
    }
}
