/// A rectangle of whole pixels, half-open: `x0 ..< x1` by `y0 ..< y1`, within ±`limit` so that pixman's 32-bit
/// arithmetic never overflows whatever a caller passed in points.
struct PixelBox: Equatable {
    var x0: Int
    var y0: Int
    var x1: Int
    var y1: Int

    /// 2^28 pixels: beyond any surface, below `Int32.max` even after adding two.
    static let limit = 1 << 28

    static let empty = PixelBox(x0: 0, y0: 0, x1: 0, y1: 0)

    var width: Int { x1 - x0 }
    var height: Int { y1 - y0 }
    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    func intersection(_ other: PixelBox) -> PixelBox {
        PixelBox(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
    }

    /// The nearest pixel edge to a pixel coordinate, ties moving right/down. Snapping each edge separately keeps
    /// adjacent rectangles gap-free and whole-pixel translations size-preserving.
    static func snap(_ v: Double) -> Int {
        clamp((v + 0.5).rounded(.down))
    }

    /// Clamps a finite pixel coordinate into ±`limit`.
    static func clamp(_ v: Double) -> Int {
        Int(min(max(v, -Double(limit)), Double(limit)))
    }
}
