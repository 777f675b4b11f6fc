/// An axis-aligned rectangle: an origin (top-left corner) and a size, in points. A negative width or height
/// counts as empty; it is never normalized behind the caller's back.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner, in points.
    public var origin: Point
    /// The extent, in points.
    public var size: Size

    /// A rectangle with its top-left corner at `origin`, in points.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// A rectangle with its top-left corner at (`x`, `y`), in points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// Left edge, in points.
    public var minX: Double { origin.x }
    /// Top edge, in points.
    public var minY: Double { origin.y }
    /// Right edge (exclusive), in points.
    public var maxX: Double { origin.x + size.width }
    /// Bottom edge (exclusive), in points.
    public var maxY: Double { origin.y + size.height }
    /// Horizontal middle, in points.
    public var midX: Double { origin.x + size.width / 2 }
    /// Vertical middle, in points.
    public var midY: Double { origin.y + size.height / 2 }
    /// `size.width`, in points.
    public var width: Double { size.width }
    /// `size.height`, in points.
    public var height: Double { size.height }
    /// The middle point.
    public var center: Point { Point(x: midX, y: midY) }

    /// True when the rectangle covers no area (zero, negative or non-finite size).
    public var isEmpty: Bool { !(size.width > 0 && size.height > 0) }

    /// Whether `point` lies inside: the top and left edges are inside, the bottom and right edges are not.
    public func contains(_ point: Point) -> Bool {
        !isEmpty && point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The overlap of two rectangles, or `Rect.zero`-sized at the clamped origin when they do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX)
        let y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// Whether the two rectangles share some area.
    public func intersects(_ other: Rect) -> Bool { !intersection(other).isEmpty }

    /// The smallest rectangle containing both; an empty rectangle contributes nothing.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(minX, other.minX)
        let y0 = min(minY, other.minY)
        let x1 = max(maxX, other.maxX)
        let y1 = max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rectangle moved by `delta`.
    public func offsetBy(_ delta: Point) -> Rect { Rect(origin: origin + delta, size: size) }

    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom (grown when negative).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// `(x, y, width, height)`.
    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
