/// Distances inset from each edge of a rectangle, in points.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// The inset at the start of `axis` (left or top), in points.
    public func leading(_ axis: Axis) -> Double { axis == .horizontal ? left : top }
    /// The inset at the end of `axis` (right or bottom), in points.
    public func trailing(_ axis: Axis) -> Double { axis == .horizontal ? right : bottom }
}
