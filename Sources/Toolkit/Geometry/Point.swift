/// A position or a displacement, in points; y grows downwards.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal coordinate, in points.
    public var x: Double
    /// Vertical coordinate, in points (down is positive).
    public var y: Double

    /// A point at (`x`, `y`), in points.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// True when both coordinates are finite (neither NaN nor infinite).
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The coordinate along `axis`.
    public subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? x : y }
        set { if axis == .horizontal { x = newValue } else { y = newValue } }
    }

    /// Euclidean length of the vector from the origin, in points.
    public var length: Double { (x * x + y * y).squareRoot() }

    /// Component-wise sum.
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// Component-wise difference.
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    /// Both components scaled by `s`.
    public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
    /// Both components negated.
    public static prefix func - (a: Point) -> Point { Point(x: -a.x, y: -a.y) }
    /// Adds `b` in place.
    public static func += (a: inout Point, b: Point) { a = a + b }
    /// Subtracts `b` in place.
    public static func -= (a: inout Point, b: Point) { a = a - b }

    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}
