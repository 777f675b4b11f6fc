/// One rectangle of whole units, half-open: `x0 ..< x1` by `y0 ..< y1`.
struct RegionBox: Equatable, Sendable {
    var x0: Int32
    var y0: Int32
    var x1: Int32
    var y1: Int32

    /// The empty box at the origin (a literal, so that filling storage with it is a memset).
    static var zero: RegionBox { RegionBox(x0: 0, y0: 0, x1: 0, y1: 0) }

    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    init(x0: Int32, y0: Int32, x1: Int32, y1: Int32) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }

    init(_ box: PixelBox) {
        self.init(x0: Int32(box.x0), y0: Int32(box.y0), x1: Int32(box.x1), y1: Int32(box.y1))
    }

    func intersection(_ other: RegionBox) -> RegionBox {
        RegionBox(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
    }

    func contains(_ other: RegionBox) -> Bool {
        x0 <= other.x0 && y0 <= other.y0 && x1 >= other.x1 && y1 >= other.y1
    }

    /// `rect` times `factor` (non-finite or non-positive: 1), rounded outward and clamped; nil when empty.
    static func outward(_ rect: Rect, factor: Double) -> RegionBox? {
        let s = factor.isFinite && factor > 0 ? factor : 1
        let x0 = (rect.minX * s).rounded(.down)
        let y0 = (rect.minY * s).rounded(.down)
        let x1 = (rect.maxX * s).rounded(.up)
        let y1 = (rect.maxY * s).rounded(.up)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, !rect.isEmpty else { return nil }
        let box = RegionBox(
            x0: Int32(PixelBox.clamp(x0)), y0: Int32(PixelBox.clamp(y0)),
            x1: Int32(PixelBox.clamp(x1)), y1: Int32(PixelBox.clamp(y1)))
        return box.isEmpty ? nil : box
    }

    /// An integer rectangle clamped into ±`PixelBox.limit`; nil when empty.
    static func clamped(x: Int, y: Int, width: Int, height: Int) -> RegionBox? {
        guard width > 0, height > 0 else { return nil }
        let limit = PixelBox.limit
        let x0 = min(max(x, -limit), limit)
        let y0 = min(max(y, -limit), limit)
        let box = RegionBox(
            x0: Int32(x0), y0: Int32(y0), x1: Int32(min(x0 + min(width, limit), limit)),
            y1: Int32(min(y0 + min(height, limit), limit)))
        return box.isEmpty ? nil : box
    }
}
